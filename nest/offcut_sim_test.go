package nest

import (
	"context"
	"fmt"
	"math/rand"
	"testing"
)

// The offcut rack over a sequence of kitchen jobs (issue 19's target):
// 20 generated kitchens, each cut in turn; with the rack, each job's
// leftovers of at least 30 x 30 cm (Leftovers) go on it as offcut rows
// and the offcuts a job uses leave it; without it, every job buys new
// sheets only. go test -run TestOffcutRack -v ./nest/ prints the totals.

// kitchenStock is the new sheets: 183 x 366 cm, unlimited, priced.
var kitchenStock = []Stock{
	{ID: "sunta18", Name: "Beyaz Sunta 18", Material: "Beyaz Sunta", Thickness: 18, Width: 183, Height: 366, Price: 1450},
	{ID: "ceviz18", Name: "Ceviz MDF 18", Material: "Ceviz MDF", Thickness: 18, Width: 183, Height: 366, Price: 2100, Grain: GrainVertical},
	{ID: "hdf8", Name: "Arkalık HDF 8", Material: "Arkalık HDF", Thickness: 8, Width: 183, Height: 366, Price: 600},
}

// kitchenJob generates the parts of a kitchen of 4 to 10 cabinets: base
// units (72 cm high, 56 deep) with a shelf, doors or three drawer
// fronts, and wall units (70 high, 32 deep) with one or two shelves.
func kitchenJob(rng *rand.Rand) []Part {
	widths := []float64{40, 45, 50, 60, 80, 90}
	lines := map[string]*Part{}
	var order []string
	add := func(name, material string, thickness, w, h float64, n int, grain string) {
		key := fmt.Sprintf("%s|%s|%g|%g", name, material, w, h)
		if p, ok := lines[key]; ok {
			p.Quantity += n
			return
		}
		lines[key] = &Part{ID: "p" + itoa(len(order)+1), Name: name, Material: material, Thickness: thickness, Width: w, Height: h, Quantity: n, Grain: grain}
		order = append(order, key)
	}
	for i, n := 0, 4+rng.Intn(7); i < n; i++ {
		w := widths[rng.Intn(len(widths))]
		h, d := 72.0, 56.0
		wall := rng.Intn(3) == 0
		if wall {
			h, d = 70, 32
		}
		in := w - 3.6
		add("Yan", "Beyaz Sunta", 18, d, h, 2, "")
		add("Alt", "Beyaz Sunta", 18, in, d, 1, "")
		if wall {
			add("Üst", "Beyaz Sunta", 18, in, d, 1, "")
			add("Raf", "Beyaz Sunta", 18, in, d-2, 1+rng.Intn(2), "")
		} else {
			add("Kuşak", "Beyaz Sunta", 18, in, 10, 2, "")
			add("Raf", "Beyaz Sunta", 18, in, d-2, 1, "")
		}
		add("Arkalık", "Arkalık HDF", 8, w-0.4, h-0.4, 1, "")
		switch {
		case !wall && rng.Intn(3) == 0:
			add("Çekmece önü", "Ceviz MDF", 18, w-0.4, h/3-0.4, 3, GrainHorizontal)
		case w <= 50:
			add("Kapak", "Ceviz MDF", 18, w-0.4, h-0.4, 1, GrainVertical)
		default:
			add("Kapak", "Ceviz MDF", 18, w/2-0.4, h-0.4, 2, GrainVertical)
		}
	}
	parts := make([]Part, 0, len(order))
	for _, k := range order {
		parts = append(parts, *lines[k])
	}
	return parts
}

// rackRun cuts the jobs in turn and returns the new sheets bought, their
// cost, and the offcuts (count and area in m²) on the rack at the end.
func rackRun(t *testing.T, jobs [][]Part, rack bool, opt Options) (sheets int, cost float64, left int, area float64) {
	t.Helper()
	var offcuts []Stock
	next := 0
	isNew := map[string]bool{}
	for _, s := range kitchenStock {
		isNew[s.ID] = true
	}
	for ji, parts := range jobs {
		req := Request{Parts: parts, Options: opt, Stock: append(append([]Stock(nil), kitchenStock...), offcuts...)}
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatalf("job %d: %v", ji+1, err)
		}
		if err := Verify(req, res); err != nil {
			t.Fatalf("job %d: %v", ji+1, err)
		}
		if len(res.Skipped) > 0 {
			t.Fatalf("job %d: skipped %+v", ji+1, res.Skipped)
		}
		used := map[string]bool{}
		for _, p := range res.Pages {
			used[p.StockID] = true
			if isNew[p.StockID] {
				sheets++
			}
		}
		cost += res.Stats.Cost
		if !rack {
			continue
		}
		kept := offcuts[:0]
		for _, o := range offcuts {
			if !used[o.ID] {
				kept = append(kept, o)
			}
		}
		offcuts = kept
		for _, l := range Leftovers(req, res, []OffcutRule{{MinWidth: 30, MinHeight: 30}}) {
			next++
			offcuts = append(offcuts, Stock{
				ID: "A-" + itoa(next), Material: l.Material, Thickness: l.Thickness, Width: l.Width, Height: l.Height,
				Quantity: 1, Offcut: true, Grain: l.Grain,
			})
		}
	}
	for _, o := range offcuts {
		area += o.Width * o.Height / 10000
	}
	return sheets, cost, len(offcuts), area
}

// TestOffcutRack: over 20 generated kitchens, the rack never makes the
// shop buy more new sheets than it would without one.
func TestOffcutRack(t *testing.T) {
	rng := rand.New(rand.NewSource(19))
	var jobs [][]Part
	pieces := 0
	for range 20 {
		j := kitchenJob(rng)
		for _, p := range j {
			pieces += p.Quantity
		}
		jobs = append(jobs, j)
	}
	minUses := []int{60, 0}
	if testing.Short() {
		minUses = minUses[:1]
	}
	for _, minUse := range minUses {
		for _, guillotine := range []bool{true, false} {
			for _, keep := range []bool{false, true} {
				opt := Options{Kerf: 0.4, Trim: 1, Guillotine: guillotine, OffcutMinUse: minUse, KeepLeftover: keep}
				without, costWithout, _, _ := rackRun(t, jobs, false, opt)
				with, costWith, n, area := rackRun(t, jobs, true, opt)
				t.Logf("offcutMinUse %d, guillotine %v, keepLeftover %v: %d pieces; new sheets %d without the rack (%.0f TL), %d with it (%.0f TL); %d offcuts left on the rack, %.2f m²",
					minUse, guillotine, keep, pieces, without, costWithout, with, costWith, n, area)
				if with > without {
					t.Errorf("%+v: %d new sheets with the rack, %d without", opt, with, without)
				}
			}
		}
	}
}
