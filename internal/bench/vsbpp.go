package bench

// The variable-sized benchmark (VSBPP): several stock sizes with costs, the
// objective the total cost of the sheets used. The instances are those of
// ../shared/bench/vsbpp (README.md there): one JSON array per set, one
// instance a line.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"kesim/export"
	"kesim/nest"
)

// VSStock is one stock sheet type of a VSBPP instance; Quantity 0 is
// unlimited.
type VSStock struct {
	ID       string `json:"id"`
	Width    int64  `json:"width"`
	Height   int64  `json:"height"`
	Cost     int64  `json:"cost"`
	Quantity int64  `json:"quantity"`
}

// VSPart is one part line of a VSBPP instance.
type VSPart struct {
	ID       string `json:"id"`
	Width    int64  `json:"width"`
	Height   int64  `json:"height"`
	Quantity int64  `json:"quantity"`
}

// VSInstance is one VSBPP instance. BestKnown and LowerBound are nil when
// the source has no value.
type VSInstance struct {
	ID         string    `json:"id"`
	Stock      []VSStock `json:"stock"`
	Parts      []VSPart  `json:"parts"`
	Rotate     bool      `json:"rotate"`
	BestKnown  *float64  `json:"best_known_cost"`
	LowerBound *float64  `json:"lower_bound_cost"`
}

// maxVSPrice is the engine's price limit (docs/engine.md, Limits).
const (
	maxVSPrice     = 1_000_000_000
	maxVSStockRows = 1000
)

// Source resolves path, a file or a folder of instances, to what kesim
// bench reads and reports whether that is VSBPP instances: a file, or a
// folder of set files. A folder whose one instance file holds 2BP
// instances stands for that file (kesim bench ../shared/bench/2bp/ read
// bwmv_500.json as a VSBPP set and refused all 500 instances for want of
// stock rows); a folder that mixes the two is an error that names the 2BP
// file.
func Source(path string) (string, bool, error) {
	st, err := os.Stat(path)
	if err != nil {
		return "", false, err
	}
	if !st.IsDir() {
		vs, err := fileIsVS(path)
		return path, vs, err
	}
	files, err := filepath.Glob(filepath.Join(path, "*.json"))
	if err != nil {
		return "", false, err
	}
	sort.Strings(files)
	var flat []string
	for _, f := range files {
		vs, err := fileIsVS(f)
		if err != nil {
			return "", false, err
		}
		if !vs {
			flat = append(flat, f)
		}
	}
	switch {
	case len(flat) == 0:
		return path, true, nil // LoadVS says when the folder has no set
	case len(files) == 1:
		return flat[0], false, nil
	default:
		return "", false, fmt.Errorf("%s: klasörde VSBPP kümesi olmayan bir dosya var (%s); 2BP örneklerini dosyayı vererek çalıştırın", path, filepath.Base(flat[0]))
	}
}

// fileIsVS reports whether the file at path is a JSON array whose first
// instance has stock rows.
func fileIsVS(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	dec := json.NewDecoder(f)
	if t, err := dec.Token(); err != nil || t != json.Delim('[') {
		return false, nil
	}
	if !dec.More() {
		return false, nil
	}
	var first map[string]json.RawMessage
	if err := dec.Decode(&first); err != nil {
		return false, nil
	}
	_, ok := first["stock"]
	return ok, nil
}

// LoadVS reads the instances of a VSBPP set file, or of every *.json set
// file of a folder in name order.
func LoadVS(path string) ([]VSInstance, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	files := []string{path}
	if st.IsDir() {
		files, err = filepath.Glob(filepath.Join(path, "*.json"))
		if err != nil {
			return nil, err
		}
		sort.Strings(files)
		if len(files) == 0 {
			return nil, fmt.Errorf("%s: klasörde .json örnek dosyası yok", path)
		}
	}
	var all []VSInstance
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		var ins []VSInstance
		if err := json.Unmarshal(data, &ins); err != nil {
			return nil, fmt.Errorf("%s: VSBPP örnekleri okunamadı: %w", file, err)
		}
		set := strings.TrimSuffix(filepath.Base(file), ".json")
		for i := range ins {
			if ins[i].ID == "" {
				ins[i].ID = set + "/" + strconv.Itoa(i+1)
			}
			if !strings.Contains(ins[i].ID, "/") {
				ins[i].ID = set + "/" + ins[i].ID
			}
		}
		all = append(all, ins...)
	}
	return all, nil
}

// Set is the set an instance belongs to: its id up to the slash.
func (in VSInstance) Set() string {
	set, _, _ := strings.Cut(in.ID, "/")
	return set
}

// Name is the instance's name within its set.
func (in VSInstance) Name() string {
	if _, name, ok := strings.Cut(in.ID, "/"); ok {
		return name
	}
	return in.ID
}

var (
	pisingerClass  = regexp.MustCompile(`^MB_C(\d+)_`)
	ortmannGroup   = regexp.MustCompile(`^(Nice|Path)(\d+)i`)
	hopperGroup    = regexp.MustCompile(`^(M\d+)[a-z]$`)
	zeroWasteGroup = regexp.MustCompile(`^(Z\d+)_`)
)

// Group is the row the report sums an instance into: the Pisinger class
// (C3), the Ortmann family and item count (Nice 100), the Hopper category
// (M2), the zero-waste family's limited types (Z3), else the instance
// itself (the Cintra plates).
func (in VSInstance) Group() string {
	name := in.Name()
	if m := pisingerClass.FindStringSubmatch(name); m != nil {
		return "C" + m[1]
	}
	if m := ortmannGroup.FindStringSubmatch(name); m != nil {
		return m[1] + " " + m[2]
	}
	if m := hopperGroup.FindStringSubmatch(name); m != nil {
		return m[1]
	}
	if m := zeroWasteGroup.FindStringSubmatch(name); m != nil {
		return m[1]
	}
	return name
}

// ItemArea is the total area of the instance's parts.
func (in VSInstance) ItemArea() float64 {
	var a float64
	for _, p := range in.Parts {
		a += float64(p.Width) * float64(p.Height) * float64(p.Quantity)
	}
	return a
}

// Request turns an instance into an engine request: the abstract integers
// are centimetres, each stock type a stock row priced at its cost, no
// default sheet and no material, the objective the cost. Parts turn as the
// instance says, never when oriented. An instance beyond the engine's
// limits (a side over 10,000, more than 100,000 pieces, a cost over
// 1,000,000,000, more than 1,000 stock types) is an error: the harness
// skips it and says so rather than scaling its numbers.
func (in VSInstance) Request(opt nest.Options, oriented bool) (nest.Request, error) {
	opt.Objective = nest.ObjectiveCost
	req := nest.Request{Options: opt}
	if len(in.Stock) == 0 || len(in.Stock) > maxVSStockRows {
		return req, fmt.Errorf("%d stok türü: 1 ile %d arasında olmalı", len(in.Stock), maxVSStockRows)
	}
	if len(in.Parts) == 0 {
		return req, errors.New("parça yok")
	}
	side := func(v int64) bool { return v >= 1 && v <= nest.MaxSheetCM }
	for _, s := range in.Stock {
		if !side(s.Width) || !side(s.Height) {
			return req, fmt.Errorf("stok %s %dx%d: kenarlar 1 ile %d arasında olmalı", s.ID, s.Width, s.Height, nest.MaxSheetCM)
		}
		if s.Cost < 0 || s.Cost > maxVSPrice {
			return req, fmt.Errorf("stok %s maliyeti %d: 0 ile %d arasında olmalı", s.ID, s.Cost, maxVSPrice)
		}
		if s.Quantity < 0 || s.Quantity > nest.MaxPieces {
			return req, fmt.Errorf("stok %s adedi %d: 0 ile %d arasında olmalı", s.ID, s.Quantity, nest.MaxPieces)
		}
		req.Stock = append(req.Stock, nest.Stock{
			ID: s.ID, Width: float64(s.Width), Height: float64(s.Height),
			Quantity: int(s.Quantity), Price: float64(s.Cost),
		})
	}
	rotate := in.Rotate && !oriented
	var pieces int64
	for i, p := range in.Parts {
		if !side(p.Width) || !side(p.Height) {
			return req, fmt.Errorf("parça %s %dx%d: kenarlar 1 ile %d arasında olmalı", p.ID, p.Width, p.Height, nest.MaxSheetCM)
		}
		if p.Quantity < 1 || p.Quantity > nest.MaxPieces {
			return req, fmt.Errorf("parça %s adedi %d: 1 ile %d arasında olmalı", p.ID, p.Quantity, nest.MaxPieces)
		}
		pieces += p.Quantity
		id := p.ID
		if id == "" {
			id = "i" + strconv.Itoa(i)
		}
		req.Parts = append(req.Parts, nest.Part{
			ID: id, Name: id, Width: float64(p.Width), Height: float64(p.Height),
			Quantity: int(p.Quantity), Rotate: &rotate,
		})
	}
	if pieces > nest.MaxPieces {
		return req, fmt.Errorf("%d parça: en fazla %d olabilir", pieces, nest.MaxPieces)
	}
	return req, nil
}

// VSOutcome is the engine's result on one VSBPP instance. Err is a failed
// layout or verification; Unfit says why the instance was not run (beyond
// the engine's limits).
type VSOutcome struct {
	Instance  VSInstance
	Pages     int
	Cost      float64 // the used sheets' costs, summed from the pages
	CostLB    float64 // the engine's stats.costLowerBound
	SheetArea float64 // the used sheets' area
	Elapsed   time.Duration
	Err       error
	Unfit     error
}

// Utilisation is the item area over the used sheet area, in percent.
func (o VSOutcome) Utilisation() float64 {
	if o.SheetArea <= 0 {
		return 0
	}
	return 100 * o.Instance.ItemArea() / o.SheetArea
}

// Optimal reports that the engine proved its cost optimal: cost meets its
// own cost bound.
func (o VSOutcome) Optimal() bool {
	return o.Err == nil && o.Unfit == nil && o.Cost > 0 && o.Cost <= o.CostLB+costEps
}

// AtBest reports that the cost is at most the best known.
func (o VSOutcome) AtBest() bool {
	bk := o.Instance.BestKnown
	return o.Err == nil && o.Unfit == nil && bk != nil && o.Cost <= *bk+costEps
}

// WrongBound reports that the engine's cost bound exceeds a best-known
// cost: the bound is wrong (a known layout is cheaper).
func (o VSOutcome) WrongBound() bool {
	bk := o.Instance.BestKnown
	return o.Err == nil && o.Unfit == nil && bk != nil && o.CostLB > *bk+costEps
}

const costEps = 1e-6

// CheckVS verifies a result of an instance beyond nest.Verify, on its own
// terms: every part placed (none skipped), every page cut from a stock row
// at that row's size, no row used more often than it has sheets, and the
// reported cost the sum of the pages' costs. It returns the cost and the
// used sheet area.
func CheckVS(in VSInstance, req nest.Request, res nest.Result) (cost, area float64, err error) {
	if len(res.Skipped) > 0 {
		s := res.Skipped[0]
		return 0, 0, fmt.Errorf("%d parça satırı yerleşmedi (ilki %s: %s)", len(res.Skipped), s.ID, s.Reason)
	}
	rows := map[string]nest.Stock{}
	for _, s := range req.Stock {
		rows[s.ID] = s
	}
	used := map[string]int{}
	for _, p := range res.Pages {
		s, ok := rows[p.StockID]
		if !ok {
			return 0, 0, fmt.Errorf("%s bir stok satırından kesilmemiş (stockId %q)", p.ID, p.StockID)
		}
		if p.Width != s.Width || p.Height != s.Height {
			return 0, 0, fmt.Errorf("%s %gx%g, stok %s %gx%g", p.ID, p.Width, p.Height, s.ID, s.Width, s.Height)
		}
		used[s.ID]++
		if s.Quantity > 0 && used[s.ID] > s.Quantity {
			return 0, 0, fmt.Errorf("%s stok satırından %d levha kullanılmış, yalnız %d var", s.ID, used[s.ID], s.Quantity)
		}
		cost += s.Price
		area += s.Width * s.Height
	}
	if math.Abs(cost-res.Stats.Cost) > 0.005*math.Max(1, cost/1e6) {
		return 0, 0, fmt.Errorf("stats.cost %g, sayfaların maliyeti %g", res.Stats.Cost, cost)
	}
	if err := nest.Verify(req, res); err != nil {
		return 0, 0, err
	}
	return cost, area, nil
}

// RunVS lays out every instance with cfg.Workers at a time and checks
// every result with CheckVS.
func RunVS(ctx context.Context, ins []VSInstance, cfg Config) []VSOutcome {
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	out := make([]VSOutcome, len(ins))
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i] = runVS(ctx, ins[i], cfg)
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

func runVS(ctx context.Context, in VSInstance, cfg Config) VSOutcome {
	o := VSOutcome{Instance: in}
	req, err := in.Request(cfg.Options, cfg.Oriented)
	if err != nil {
		o.Unfit = err
		return o
	}
	start := time.Now()
	res, err := nest.Layout(ctx, req, nil)
	o.Elapsed = time.Since(start)
	if err != nil {
		o.Err = err
		return o
	}
	o.Pages = len(res.Pages)
	o.CostLB = res.Stats.CostLowerBound
	o.Cost, o.SheetArea, o.Err = CheckVS(in, req, res)
	return o
}

// vsRow sums the outcomes of one report line.
type vsRow struct {
	set, group                  string
	n, failed, unfit            int
	cost, bk, lb, engineLB      float64
	withBK, withLB              int
	costWithBK                  float64
	atBest, optimal, wrongBound int
	util                        float64 // summed per instance
	cpu, max                    time.Duration
}

func (r *vsRow) add(o VSOutcome) {
	r.n++
	if o.Unfit != nil {
		r.unfit++
		return
	}
	if o.Err != nil {
		r.failed++
		return
	}
	r.cost += o.Cost
	r.engineLB += o.CostLB
	if bk := o.Instance.BestKnown; bk != nil {
		r.withBK++
		r.bk += *bk
		r.costWithBK += o.Cost
	}
	if lb := o.Instance.LowerBound; lb != nil {
		r.withLB++
		r.lb += *lb
	}
	if o.AtBest() {
		r.atBest++
	}
	if o.Optimal() {
		r.optimal++
	}
	if o.WrongBound() {
		r.wrongBound++
	}
	r.util += o.Utilisation()
	r.cpu += o.Elapsed
	r.max = max(r.max, o.Elapsed)
}

// VSSummary is what ReportVS found: instances whose result failed
// verification (or the layout), instances not run, and wrong cost bounds.
type VSSummary struct {
	Failed, Unfit, WrongBound int
}

// reportVSProblems prints every instance not run, every failed
// verification and every engine cost bound above a best known, loudly, and
// counts them.
func reportVSProblems(w io.Writer, outs []VSOutcome) VSSummary {
	var sum VSSummary
	for _, o := range outs {
		switch {
		case o.Unfit != nil:
			sum.Unfit++
			fmt.Fprintf(w, "!!! ÇALIŞTIRILMADI %s: motorun sınırlarını aşıyor: %v\n", o.Instance.ID, o.Unfit)
		case o.Err != nil:
			sum.Failed++
			fmt.Fprintf(w, "!!! DOĞRULAMA HATASI %s: %v\n", o.Instance.ID, o.Err)
		case o.WrongBound():
			sum.WrongBound++
			fmt.Fprintf(w, "!!! YANLIŞ ALT SINIR %s: motorun maliyet alt sınırı %s, bilinen en iyi %s\n",
				o.Instance.ID, export.Amount(o.CostLB, 0), export.Amount(*o.Instance.BestKnown, 0))
		}
	}
	return sum
}

// ReportVS prints, per set and group and per set in total: instances, total
// cost, total best known, their ratio, the sums of the sets' lower bounds
// and of the engine's cost bounds, instances at the best known and proven
// optimal, mean utilisation and time. Every failed verification, every
// instance not run and every engine cost bound above a best known is
// printed loudly first. Numbers are written the Turkish way.
func ReportVS(w io.Writer, outs []VSOutcome, wall time.Duration) VSSummary {
	sum := reportVSProblems(w, outs)
	var sets []string
	bySet := map[string]*vsRow{}
	byGroup := map[string]map[string]*vsRow{}
	for _, o := range outs {
		set, g := o.Instance.Set(), o.Instance.Group()
		if bySet[set] == nil {
			sets = append(sets, set)
			bySet[set] = &vsRow{set: set, group: "toplam"}
			byGroup[set] = map[string]*vsRow{}
		}
		if byGroup[set][g] == nil {
			byGroup[set][g] = &vsRow{set: set, group: g}
		}
		bySet[set].add(o)
		byGroup[set][g].add(o)
	}
	fmt.Fprintf(w, "%-18s %-10s %5s %5s %15s %15s %7s %15s %15s %8s %7s %8s %10s %10s\n",
		"küme", "grup", "örnek", "hata", "maliyet", "en_iyi", "oran", "altsın", "motor_alt",
		"en_iyide", "optimal", "kullanım", "süre", "en_uzun")
	line := func(r *vsRow) {
		ratio, bk, lb := "-", "-", "-"
		if r.withBK > 0 && r.bk > 0 {
			ratio = export.Amount(r.costWithBK/r.bk, 4)
			bk = export.Amount(r.bk, 0)
		}
		if r.withLB > 0 {
			lb = export.Amount(r.lb, 0)
		}
		util := "-"
		if ok := r.n - r.failed - r.unfit; ok > 0 {
			util = "%" + export.Amount(r.util/float64(ok), 2)
		}
		fmt.Fprintf(w, "%-18s %-10s %5d %5d %15s %15s %7s %15s %15s %8d %7d %8s %10s %10s\n",
			r.set, r.group, r.n, r.failed+r.unfit, export.Amount(r.cost, 0), bk, ratio, lb, export.Amount(r.engineLB, 0),
			r.atBest, r.optimal, util, r.cpu.Round(time.Millisecond), r.max.Round(time.Millisecond))
	}
	for _, set := range sets {
		groups := make([]string, 0, len(byGroup[set]))
		for g := range byGroup[set] {
			groups = append(groups, g)
		}
		sort.Slice(groups, func(i, j int) bool { return naturalLess(groups[i], groups[j]) })
		for _, g := range groups {
			line(byGroup[set][g])
		}
		line(bySet[set])
	}
	fmt.Fprintf(w, "duvar saati: %s\n", wall.Round(time.Millisecond))
	if sum.Failed+sum.Unfit+sum.WrongBound > 0 {
		fmt.Fprintf(w, "!!! %d doğrulama hatası, %d çalıştırılmayan örnek, %d yanlış alt sınır\n",
			sum.Failed, sum.Unfit, sum.WrongBound)
	}
	return sum
}

// naturalLess orders "C2" before "C10" and "Nice 25" before "Nice 100":
// the text before the first digit, then the number, then the rest.
func naturalLess(a, b string) bool {
	split := func(s string) (string, int, string) {
		i := strings.IndexAny(s, "0123456789")
		if i < 0 {
			return s, -1, ""
		}
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		n, _ := strconv.Atoi(s[i:j])
		return s[:i], n, s[j:]
	}
	pa, na, ra := split(a)
	pb, nb, rb := split(b)
	if pa != pb {
		return pa < pb
	}
	if na != nb {
		return na < nb
	}
	return ra < rb
}

// FilterVS keeps the instances of Pisinger class C<class> (0: all), whose
// id contains match (empty: all), and of those every every-th of each set
// (1: all), in order.
func FilterVS(ins []VSInstance, class int, match string, every int) []VSInstance {
	var out []VSInstance
	seen := map[string]int{}
	for _, in := range ins {
		if class != 0 && in.Group() != "C"+strconv.Itoa(class) {
			continue
		}
		if match != "" && !strings.Contains(in.ID, match) {
			continue
		}
		k := seen[in.Set()]
		seen[in.Set()]++
		if every > 1 && k%every != 0 {
			continue
		}
		out = append(out, in)
	}
	return out
}
