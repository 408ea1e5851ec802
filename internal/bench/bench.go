// Package bench runs the engine over the standard 2D bin-packing instances
// (Berkey and Wang 1987, Martello and Vigo 1998: 500 instances in 10
// classes) and compares the sheets used with lower bounds and the best
// known results.
package bench

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"kesim/nest"
)

// Instance is one benchmark instance as stored in bwmv_500.json.
type Instance struct {
	ID    string   `json:"id"`
	Class int      `json:"class"`
	N     int      `json:"n"`
	BinW  float64  `json:"bin_w"`
	BinH  float64  `json:"bin_h"`
	Items [][2]int `json:"items"`
}

// Load reads instances from a JSON file in the bwmv_500.json format.
func Load(path string) ([]Instance, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var ins []Instance
	if err := json.Unmarshal(data, &ins); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ins, nil
}

// Class returns the instances of one class.
func Class(ins []Instance, class int) []Instance {
	var out []Instance
	for _, in := range ins {
		if in.Class == class {
			out = append(out, in)
		}
	}
	return out
}

// Match returns the instances whose id contains match (empty: all).
func Match(ins []Instance, match string) []Instance {
	if match == "" {
		return ins
	}
	var out []Instance
	for _, in := range ins {
		if strings.Contains(in.ID, match) {
			out = append(out, in)
		}
	}
	return out
}

// BestKnown maps an instance id to the best known sheet count of the
// variant, read from best_known/bwmv_500_bounds.csv beside the instance
// file. It returns nil when the file is not there.
func BestKnown(instancePath string, oriented, guillotine bool) (map[string]int, error) {
	path := filepath.Join(filepath.Dir(instancePath), "best_known", "bwmv_500_bounds.csv")
	f, err := os.Open(path)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) == 0 {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	col := map[[2]bool]string{
		{false, false}: "bk_RF_packingsolver", {true, false}: "bk_OF_packingsolver",
		{false, true}: "bk_3NHR_packingsolver", {true, true}: "bk_3NHO_packingsolver",
	}[[2]bool{oriented, guillotine}]
	ci := -1
	for i, h := range rows[0] {
		if h == col {
			ci = i
		}
	}
	if ci < 0 {
		return nil, fmt.Errorf("%s: %s sütunu yok", path, col)
	}
	bk := map[string]int{}
	for _, r := range rows[1:] {
		if v, err := strconv.Atoi(r[ci]); err == nil {
			bk[r[0]] = v
		}
	}
	return bk, nil
}

// Config says how to run the benchmark.
type Config struct {
	Options  nest.Options
	Oriented bool
	Workers  int // 0: all cores
}

// Outcome is the engine's result on one instance.
type Outcome struct {
	Instance   Instance
	Sheets     int
	LowerBound int
	Elapsed    time.Duration
	Err        error
}

// Request turns an instance into an engine request.
func (in Instance) Request(opt nest.Options, oriented bool) nest.Request {
	req := nest.Request{Sheet: nest.Sheet{Width: in.BinW, Height: in.BinH}, Options: opt}
	rotate := !oriented
	for i, it := range in.Items {
		req.Parts = append(req.Parts, nest.Part{
			ID: "i" + strconv.Itoa(i), Name: strconv.Itoa(i),
			Width: float64(it[0]), Height: float64(it[1]), Quantity: 1, Rotate: &rotate,
		})
	}
	return req
}

// Run lays out every instance, in parallel, and verifies every layout.
func Run(ctx context.Context, ins []Instance, cfg Config) []Outcome {
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	out := make([]Outcome, len(ins))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				req := ins[i].Request(cfg.Options, cfg.Oriented)
				start := time.Now()
				res, err := nest.Layout(ctx, req, nil)
				o := Outcome{Instance: ins[i], Elapsed: time.Since(start), Err: err}
				if err == nil {
					o.Err = nest.Verify(req, res)
					o.Sheets, o.LowerBound = res.Stats.Pages, res.Stats.LowerBound
				}
				out[i] = o
			}
		}()
	}
	for i := range ins {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// Report prints per class and in total: instances, sheets, lower bound,
// best known, the gap to the best known, instances proven optimal and time.
func Report(w io.Writer, outs []Outcome, bk map[string]int, wall time.Duration) error {
	type row struct {
		n, sheets, lb, bk, optimal, atBK int
		cpu                              time.Duration
		max                              time.Duration
	}
	byClass := map[int]*row{}
	var total row
	for _, o := range outs {
		if o.Err != nil {
			return fmt.Errorf("%s: %w", o.Instance.ID, o.Err)
		}
		r := byClass[o.Instance.Class]
		if r == nil {
			r = &row{}
			byClass[o.Instance.Class] = r
		}
		for _, r := range []*row{r, &total} {
			r.n++
			r.sheets += o.Sheets
			r.lb += o.LowerBound
			r.bk += bk[o.Instance.ID]
			if o.Sheets <= o.LowerBound {
				r.optimal++
			}
			if o.Sheets <= bk[o.Instance.ID] {
				r.atBK++
			}
			r.cpu += o.Elapsed
			r.max = max(r.max, o.Elapsed)
		}
	}
	classes := make([]int, 0, len(byClass))
	for c := range byClass {
		classes = append(classes, c)
	}
	sort.Ints(classes)
	fmt.Fprintf(w, "%-6s %5s %7s %7s %7s %6s %7s %8s %10s %10s\n",
		"sınıf", "örnek", "sayfa", "altsın", "en_iyi", "fark", "optimal", "en_iyide", "süre", "en_uzun")
	line := func(name string, r *row) {
		gap := "-"
		if bk != nil {
			gap = fmt.Sprintf("%+d", r.sheets-r.bk)
		}
		fmt.Fprintf(w, "%-6s %5d %7d %7d %7d %6s %7d %8d %10s %10s\n", name, r.n, r.sheets, r.lb, r.bk, gap,
			r.optimal, r.atBK, r.cpu.Round(time.Millisecond), r.max.Round(time.Millisecond))
	}
	for _, c := range classes {
		line(strconv.Itoa(c), byClass[c])
	}
	line("toplam", &total)
	fmt.Fprintf(w, "duvar saati: %s\n", wall.Round(time.Millisecond))
	return nil
}
