package nest

import (
	"math"
	"strings"
	"testing"
)

// TestVerifyCatchesBrokenLayouts proves that Verify is not a rubber stamp:
// each mutation of a correct layout must be reported.
func TestVerifyCatchesBrokenLayouts(t *testing.T) {
	req := Request{Sheet: Sheet{100, 148}, Parts: []Part{
		{Name: "Kapak", Width: 50, Height: 74, Quantity: 3},
		{Name: "Raf", Width: 20, Height: 10, Quantity: 2, Rotate: boolp(false)},
		{Name: "Dev", Width: 200, Height: 10, Quantity: 1},
	}, Options: Options{Kerf: 0.2}}
	good := mustLayout(t, req)
	clone := func() Result {
		r := good
		r.Pages = nil
		for _, p := range good.Pages {
			p.Parts = append([]Placed(nil), p.Parts...)
			r.Pages = append(r.Pages, p)
		}
		r.Skipped = append([]Skipped(nil), good.Skipped...)
		return r
	}
	find := func(r Result, name string) *Placed {
		for pi := range r.Pages {
			for i := range r.Pages[pi].Parts {
				if r.Pages[pi].Parts[i].Name == name {
					return &r.Pages[pi].Parts[i]
				}
			}
		}
		t.Fatalf("no %s placed", name)
		return nil
	}
	mutations := []struct {
		name   string
		mutate func(r *Result)
		want   string
	}{
		{"outside the sheet", func(r *Result) { find(*r, "Kapak").X = 60 }, "kullanılabilir tuvalin dışında"},
		{"overlap", func(r *Result) {
			p := r.Pages[0].Parts
			p[1].X, p[1].Y = p[0].X, p[0].Y
		}, "çakışıyor"},
		{"closer than the kerf", func(r *Result) {
			p := find(*r, "Raf")
			q := find(*r, "Kapak")
			// Put Raf right next to Kapak, touching: the kerf is missing.
			p.X, p.Y = q.X+q.Width, q.Y
			if p.X+p.Width > 100 {
				p.X = q.X - p.Width
			}
		}, "testere payından yakın"},
		{"wrong size", func(r *Result) { find(*r, "Kapak").Width = 49 }, "boyutu"},
		{"turned against the grain", func(r *Result) {
			p := find(*r, "Raf")
			p.Width, p.Height, p.Rotated = p.Height, p.Width, true
		}, "boyutu"},
		{"missing copy", func(r *Result) {
			r.Pages[0].Parts = r.Pages[0].Parts[1:]
			recount(r) // so that only the count of copies can tell
		}, "2 adet yerleştirilmiş, 3 istenmişti"},
		{"a copy numbered wrong", func(r *Result) { find(*r, "Kapak").ID = "p1-9" }, "kopyası yok"},
		{"duplicated copy", func(r *Result) { r.Pages[0].Parts = append(r.Pages[0].Parts, r.Pages[0].Parts[0]) }, "iki kez yerleştirilmiş"},
		{"skipped part lost", func(r *Result) { r.Skipped = nil }, "atlan"},
		{"wrong efficiency", func(r *Result) { r.Pages[0].Efficiency++ }, "verim"},
		{"wrong page id", func(r *Result) { r.Pages[0].ID = "page-7" }, "kimliği"},
		{"wrong stats", func(r *Result) { r.Stats.Placed++ }, "istatistik"},
		{"off the 0.1 mm grid", func(r *Result) { find(*r, "Kapak").X += 0.001 }, "katı"},
		{"another sheet", func(r *Result) { r.Sheet.Width = 101 }, "tuval"},
	}
	for _, m := range mutations {
		t.Run(m.name, func(t *testing.T) {
			r := clone()
			m.mutate(&r)
			err := Verify(req, r)
			if err == nil {
				t.Fatal("Verify accepted a broken layout")
			}
			if !strings.Contains(err.Error(), m.want) {
				t.Errorf("error %q does not mention %q", err, m.want)
			}
		})
	}
	if err := Verify(req, good); err != nil {
		t.Fatalf("a mutation changed the original: %v", err)
	}
}

// recount sets the pages' efficiencies and the statistics from the parts
// placed, as Layout would, so that a mutation is caught by the check it is
// meant for and not by the totals.
func recount(r *Result) {
	sheet := r.Sheet.Width * r.Sheet.Height
	total, placed := 0.0, 0
	for i := range r.Pages {
		area := 0.0
		for _, p := range r.Pages[i].Parts {
			area += p.Width * p.Height
		}
		r.Pages[i].Efficiency = int(math.Round(100 * area / sheet))
		total += area
		placed += len(r.Pages[i].Parts)
	}
	r.Stats.Placed = placed
	r.Stats.Efficiency = math.Round(1000*total/(sheet*float64(len(r.Pages)))) / 10
}

func TestVerifyCatchesBrokenCutSequences(t *testing.T) {
	req := Request{Sheet: Sheet{100, 148}, Parts: []Part{
		{Name: "Kapak", Width: 50, Height: 70, Quantity: 3},
		{Name: "Raf", Width: 20, Height: 10, Quantity: 4},
	}, Options: Options{Guillotine: true, Kerf: 0.3}}
	good := mustLayout(t, req)
	mutations := []struct {
		name   string
		mutate func(p *Page)
		want   string
	}{
		// The last cut frees the last part: without it that part and its
		// neighbour are still one piece.
		{"a cut missing", func(p *Page) { p.Cuts = p.Cuts[:len(p.Cuts)-1] }, "kesim sırasıyla tam boyutunda ayrılmıyor"},
		{"cuts out of order", func(p *Page) {
			p.Cuts[0], p.Cuts[1] = p.Cuts[1], p.Cuts[0]
			p.Cuts[0].Order, p.Cuts[1].Order = 1, 2 // numbered right, made wrong
		}, "baştan sona kesmiyor"},
		{"cuts numbered wrong", func(p *Page) { p.Cuts[0].Order, p.Cuts[1].Order = 2, 1 }, "geçersiz"},
		{"a cut that stops short", func(p *Page) { p.Cuts[0].Length -= 1 }, "baştan sona kesmiyor"},
		{"a cut moved into a part", func(p *Page) { p.Cuts[0].X += 0.1; p.Cuts[0].Y += 0.1 }, "baştan sona kesmiyor"},
		{"bad direction", func(p *Page) { p.Cuts[0].Direction = "diagonal" }, "geçersiz"},
	}
	for _, m := range mutations {
		t.Run(m.name, func(t *testing.T) {
			r := good
			r.Pages = append([]Page(nil), good.Pages...)
			r.Pages[0].Cuts = append([]Cut(nil), good.Pages[0].Cuts...)
			m.mutate(&r.Pages[0])
			err := Verify(req, r)
			if err == nil {
				t.Fatal("Verify accepted a broken cutting sequence")
			}
			if !strings.Contains(err.Error(), m.want) {
				t.Errorf("error %q does not mention %q", err, m.want)
			}
		})
	}
}

// Verify takes sizes as the engine does: a part's side rounded up to 0.01
// cm, the sheet rounded down. Two parts of 50.004 cm are two pages of
// 50.01 cm parts on a 100 cm sheet, never one page of 50 cm parts.
func TestVerifyUsesTheEngineRounding(t *testing.T) {
	req := Request{Sheet: Sheet{100.009, 100}, Parts: []Part{{ID: "y", Name: "Yarım", Width: 50.004, Height: 100, Quantity: 2, Rotate: boolp(false)}}}
	page := func(i int, parts ...Placed) Page { return Page{ID: pageID(i), Efficiency: 50, Parts: parts} }
	part := func(c int, x, w float64) Placed {
		return Placed{ID: "y-" + itoa(c), Name: "Yarım", X: x, Width: w, Height: 100}
	}
	good := Result{
		Sheet: Sheet{100, 100},
		Pages: []Page{page(0, part(0, 0, 50.01)), page(1, part(1, 0, 50.01))},
		Stats: Stats{Pages: 2, LowerBound: 2, Optimal: true, Efficiency: 50, Placed: 2},
	}
	good.Skipped = []Skipped{}
	if err := Verify(req, good); err != nil {
		t.Fatalf("the rounded-up layout: %v", err)
	}
	one := good
	one.Pages = []Page{{ID: "page-0", Efficiency: 100, Parts: []Placed{part(0, 0, 50), part(1, 50, 50)}}}
	one.Stats = Stats{Pages: 1, LowerBound: 1, Optimal: true, Efficiency: 100, Placed: 2}
	if err := Verify(req, one); err == nil {
		t.Error("Verify accepted two 50.004 cm parts on one 100 cm sheet")
	}
	raw := good
	raw.Sheet = req.Sheet
	if err := Verify(req, raw); err == nil {
		t.Error("Verify accepted the sheet echoed as 100.009 cm, more than is laid out")
	}
}
