package nest

import (
	"context"
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"testing"
)

// separable reports whether l can be cut out of region r by edge-to-edge
// cuts that touch none of parts. Every rectangle is grown by the kerf to
// the right and below, so that a cut is a line no grown rectangle
// crosses. Any such line inside r that l does not cross either is a first
// cut that keeps l separable if it was (a guillotine sequence restricted
// to a sub-rectangle is one), so the search takes the first it finds.
func separable(r, l rect, parts []rect) bool {
	for r != l {
		lines := []int{l.x, l.x + l.w, l.y, l.y + l.h}
		for _, p := range parts {
			lines = append(lines, p.x, p.x+p.w, p.y, p.y+p.h)
		}
		cut := false
		for i, c := range lines {
			vertical := i%4 < 2
			lo, hi := r.y, r.y+r.h
			if vertical {
				lo, hi = r.x, r.x+r.w
			}
			if c <= lo || c >= hi {
				continue
			}
			crosses := func(q rect) bool {
				if vertical {
					return q.x < c && c < q.x+q.w && q.y < r.y+r.h && r.y < q.y+q.h
				}
				return q.y < c && c < q.y+q.h && q.x < r.x+r.w && r.x < q.x+q.w
			}
			ok := !crosses(l)
			for _, p := range parts {
				ok = ok && !crosses(p)
			}
			if !ok {
				continue
			}
			switch {
			case vertical && l.x < c:
				r = rect{r.x, r.y, c - r.x, r.h}
			case vertical:
				r = rect{c, r.y, r.x + r.w - c, r.h}
			case l.y < c:
				r = rect{r.x, r.y, r.w, c - r.y}
			default:
				r = rect{r.x, c, r.w, r.y + r.h - c}
			}
			cut = true
			break
		}
		if !cut {
			return false
		}
	}
	return true
}

// checkLeftovers checks every leftover of res: on a page, free of parts
// with the kerf kept, within the trimmed sheet, at least minW x minH in
// either orientation, apart from the others, and separable: by the page's
// cutting sequence (up to the smallest of its pieces that holds it) and
// cuts within that piece where it has one, by edge-to-edge cuts touching
// no part otherwise. It returns their area in
// units.
func checkLeftovers(t *testing.T, req Request, res Result, lefts []Leftover, minW, minH int) int {
	t.Helper()
	k := exactUnits(req.Options.Kerf)
	trim := exactUnits(req.Options.Trim)
	area := 0
	byPage := map[int][]rect{}
	for _, l := range lefts {
		if l.Page < 0 || l.Page >= len(res.Pages) {
			t.Fatalf("leftover on page %d of %d", l.Page, len(res.Pages))
		}
		p := res.Pages[l.Page]
		grain := ""
		for _, s := range req.Stock {
			if s.ID == p.StockID {
				grain = s.Grain
			}
		}
		if l.StockID != p.StockID || l.Material != p.Material || l.Thickness != p.Thickness || l.Grain != grain {
			t.Fatalf("leftover %+v: not of its page's row", l)
		}
		sw, sh := p.Width, p.Height
		if sw == 0 {
			sw, sh = res.Sheet.Width, res.Sheet.Height
		}
		r := rect{exactUnits(l.X), exactUnits(l.Y), exactUnits(l.Width), exactUnits(l.Height)}
		if r.x < trim || r.y < trim || r.x+r.w > exactUnits(sw)-trim || r.y+r.h > exactUnits(sh)-trim {
			t.Fatalf("%s: leftover %+v outside the trimmed sheet %gx%g", p.ID, l, sw, sh)
		}
		if !(r.w >= minW && r.h >= minH || r.w >= minH && r.h >= minW) {
			t.Fatalf("%s: leftover %+v smaller than the rule", p.ID, l)
		}
		grown := rect{r.x, r.y, r.w + k, r.h + k}
		var parts []rect
		for _, pl := range p.Parts {
			q := rect{exactUnits(pl.X), exactUnits(pl.Y), exactUnits(pl.Width) + k, exactUnits(pl.Height) + k}
			if q.overlaps(grown) {
				t.Fatalf("%s: leftover %+v on part %s (kerf %d)", p.ID, l, pl.ID, k)
			}
			parts = append(parts, q)
		}
		for _, o := range byPage[l.Page] {
			if o.overlaps(grown) {
				t.Fatalf("%s: leftovers overlap: %+v", p.ID, l)
			}
		}
		byPage[l.Page] = append(byPage[l.Page], grown)
		region := rect{trim, trim, exactUnits(sw) - 2*trim + k, exactUnits(sh) - 2*trim + k}
		if len(p.Cuts) > 0 {
			// The piece of the sequence that holds it.
			work := leftoverWork
			tree, ok := replayCuts(p.Cuts, rect{trim, trim, exactUnits(sw) - 2*trim, exactUnits(sh) - 2*trim}, k, &work)
			found := false
			for _, n := range tree {
				pc := n.r
				if g := (rect{pc.x, pc.y, pc.w + k, pc.h + k}); ok && g.contains(grown) && (!found || region.contains(g)) {
					region, found = g, true // the smallest piece that holds it
				}
			}
			if !found {
				t.Fatalf("%s: leftover %+v in no piece of the cutting sequence", p.ID, l)
			}
		}
		if !separable(region, grown, parts) {
			t.Fatalf("%s: leftover %+v cannot be cut off", p.ID, l)
		}
		area += r.w * r.h
	}
	return area
}

// TestLeftoverProperties: the leftovers of random layouts, plain and with
// stock, guillotine and free, hold what the rack relies on.
func TestLeftoverProperties(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 60
	}
	total := 0
	for seed := 0; seed < n; seed++ {
		for _, stock := range []bool{false, true} {
			var req Request
			if stock {
				req = randomStockRequest(rand.New(rand.NewSource(int64(seed))))
			} else {
				req = randomRequest(randv2.New(randv2.NewPCG(uint64(seed), 7)))
				req.Options.Guillotine = seed%2 == 0
			}
			res, err := Layout(context.Background(), req, nil)
			if err != nil {
				continue
			}
			side := []float64{5, 10, 30}[seed%3]
			rules := []OffcutRule{{MinWidth: side, MinHeight: side * 1.5}}
			t.Run(fmt.Sprintf("%d/%v", seed, stock), func(t *testing.T) {
				total += checkLeftovers(t, req, res, Leftovers(req, res, rules), exactUnits(side), int(roundUnits(side*1.5, true)))
			})
		}
	}
	if total == 0 {
		t.Fatal("no leftover found")
	}
}

// TestLeftoverRules: the most specific rule of a page's material applies;
// a material without a rule and without a default gives none.
func TestLeftoverRules(t *testing.T) {
	req := Request{
		Stock: []Stock{{ID: "b", Material: "Beyaz", Thickness: 18, Width: 100, Height: 100}, {ID: "c", Material: "Ceviz", Thickness: 8, Width: 100, Height: 100}},
		Parts: []Part{{Width: 100, Height: 40, Quantity: 1, Material: "Beyaz", Thickness: 18}, {Width: 100, Height: 40, Quantity: 1, Material: "Ceviz", Thickness: 8}},
	}
	res, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	count := func(rules []OffcutRule) (b, c int) {
		for _, l := range Leftovers(req, res, rules) {
			if l.Material == "Beyaz" {
				b++
			} else {
				c++
			}
		}
		return
	}
	for _, tt := range []struct {
		rules []OffcutRule
		b, c  int
	}{
		{[]OffcutRule{{MinWidth: 30, MinHeight: 30}}, 1, 1},
		{[]OffcutRule{{MinWidth: 30, MinHeight: 30}, {Material: "beyaz", MinWidth: 70, MinHeight: 70}}, 0, 1},
		{[]OffcutRule{{Material: "BEYAZ", Thickness: 18, MinWidth: 10, MinHeight: 60}, {Material: "beyaz", MinWidth: 70, MinHeight: 70}}, 1, 0},
		{[]OffcutRule{{Material: "Ceviz", Thickness: 18, MinWidth: 1, MinHeight: 1}}, 0, 0},
		// A rule of a thickness and no material is every material's of
		// that thickness (it had matched no page), below a rule of the
		// material, above the default.
		{[]OffcutRule{{Thickness: 8, MinWidth: 20, MinHeight: 20}}, 0, 1},
		{[]OffcutRule{{Thickness: 8, MinWidth: 70, MinHeight: 70}, {MinWidth: 20, MinHeight: 20}}, 1, 0},
		{[]OffcutRule{{Thickness: 8, MinWidth: 20, MinHeight: 20}, {Material: "ceviz", MinWidth: 70, MinHeight: 70}}, 0, 0},
		{nil, 0, 0},
	} {
		if b, c := count(tt.rules); b != tt.b || c != tt.c {
			t.Errorf("%+v: %d and %d leftovers, want %d and %d", tt.rules, b, c, tt.b, tt.c)
		}
	}
	if err := ValidateOffcutRules([]OffcutRule{{MinWidth: -1}}); err == nil {
		t.Error("a negative rule is accepted")
	}
	if err := ValidateOffcutRules(make([]OffcutRule, MaxOffcutRules+1)); err == nil {
		t.Error("101 rules are accepted")
	}
}

// TestLeftoverExample: a 60 x 100 part on a 100 x 100 sheet with a 0,4 cm
// kerf leaves one 39,6 x 100 strip.
func TestLeftoverExample(t *testing.T) {
	req := Request{Sheet: Sheet{100, 100}, Parts: []Part{{Width: 60, Height: 100, Quantity: 1, Rotate: new(bool)}}, Options: Options{Kerf: 0.4}}
	res, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := Leftovers(req, res, []OffcutRule{{MinWidth: 30, MinHeight: 30}})
	want := Leftover{Page: 0, X: 60.4, Y: 0, Width: 39.6, Height: 100}
	if len(got) != 1 || got[0] != want {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

// xTouchingRows: on a free layout, rows whose parts
// touch (no kerf) or lie a kerf apart are cut apart, so that the room
// beside a short row is an offcut too. Two 100 x 50 parts side by side and
// a 60 x 50 part above them on a 200 x 200 sheet leave 200 x 100 above and
// 140 x 50 beside the short row; only the first had been found.
func TestLeftoverBetweenTouchingRows(t *testing.T) {
	for _, kerf := range []float64{0, 0.4} {
		req := Request{Sheet: Sheet{200, 200}, Options: Options{Kerf: kerf}}
		k := kerf
		spots := [][4]float64{{0, 0, 100, 50}, {100 + k, 0, 100 - k, 50}, {0, 50 + k, 60, 50}}
		page := Page{Width: 200, Height: 200}
		for i, s := range spots {
			page.Parts = append(page.Parts, Placed{ID: fmt.Sprintf("p%d", i), X: s[0], Y: s[1], Width: s[2], Height: s[3]})
			req.Parts = append(req.Parts, Part{Width: s[2], Height: s[3], Quantity: 1, Rotate: new(bool)})
		}
		res := Result{Pages: []Page{page}}
		got := Leftovers(req, res, []OffcutRule{{MinWidth: 30, MinHeight: 30}})
		var sizes []string
		for _, l := range got {
			sizes = append(sizes, fmt.Sprintf("%gx%g", l.Width, l.Height))
		}
		if len(got) != 2 || got[1].Height < 49 || got[1].Width < 139 {
			t.Errorf("kerf %g: leftovers %v, want 200 x 100-ish and 140 x 50-ish", kerf, sizes)
		}
	}
}

// No leftover lies on a part, even when parts reach into the trim and the
// cutting sequence does not replay (a broken result the cut list's fuzzing
// found): the piece beside the part was reported over it.
func TestLeftoversNeverOnAPart(t *testing.T) {
	req := Request{Sheet: Sheet{Width: 166, Height: 100}, Options: Options{Trim: 40}}
	pg := Page{
		Parts: []Placed{{ID: "a", X: 40, Y: 20, Width: 15, Height: 48}, {ID: "b", X: 20, Y: 40, Width: 48, Height: 15}},
		Cuts:  []Cut{{Length: 15}},
	}
	res := Result{Sheet: req.Sheet, Pages: []Page{pg}}
	for _, l := range Leftovers(req, res, []OffcutRule{{}}) {
		for _, p := range pg.Parts {
			if l.X < p.X+p.Width && p.X < l.X+l.Width && l.Y < p.Y+p.Height && p.Y < l.Y+l.Height {
				t.Errorf("leftover %+v lies on part %s %+v", l, p.ID, p)
			}
		}
	}
}

// TestLeftoversWorkBounded: a stored page that no cut splits in halves
// (4,000 parts along a diagonal, each strip cut taking one part off) made
// the search quadratic, seconds inside a cut's transaction. Its work is
// now bounded over the whole result, and the page still gives the
// sheet's margin beside its parts; so does every page after the bound is
// spent, and a page with a cutting sequence of 8,000 parts is searched in
// full within the bound.
func TestLeftoversWorkBounded(t *testing.T) {
	diagonal := func(n int) Page {
		var parts []Placed
		for i := range n {
			parts = append(parts, Placed{ID: itoa(i), X: float64(2 * i), Y: float64(2 * i), Width: 1, Height: 1})
		}
		return Page{Parts: parts}
	}
	req := Request{Sheet: Sheet{Width: 10000, Height: 10000}}
	res := Result{Sheet: req.Sheet, Pages: []Page{diagonal(4000), diagonal(4000)}}
	work := leftoverWork
	rules := []OffcutRule{{MinWidth: 30, MinHeight: 30}}
	for pi := range res.Pages {
		u := rect{0, 0, exactUnits(10000), exactUnits(10000)}
		before := work
		got := pageLeftovers(&res.Pages[pi], u, 0, exactUnits(30), exactUnits(30), &work)
		margin := false
		for _, r := range got {
			// The parts end at 7.999 cm: the margin beyond them is 2.001 cm wide.
			margin = margin || r.x >= exactUnits(7999) && r.w*r.h >= exactUnits(2000)*exactUnits(9000)
		}
		if !margin {
			t.Errorf("page %d: no margin among %v", pi, got)
		}
		// Once spent, a page costs at most its parts on each level down
		// to edgeShallow and the one below, which stops.
		if most := edgePartWork * 4000 * (edgeShallow + 2); before < 0 && before-work > most {
			t.Errorf("page %d after the bound: work %d, more than %d", pi, before-work, most)
		}
		if pi == 1 && before >= 0 {
			t.Fatal("the first diagonal page did not spend the work: the bound is not tested")
		}
	}
	if l := Leftovers(req, res, rules); len(l) == 0 {
		t.Error("no leftover")
	}

	// A page of 8,000 parts with its cutting sequence: searched in full.
	cut := Request{Sheet: Sheet{Width: 400, Height: 400}, Options: Options{Guillotine: true, TimeLimitMs: 1}}
	cut.Parts = []Part{{ID: "a", Width: 3, Height: 2, Quantity: 8000}}
	lay, err := Layout(context.Background(), cut, nil)
	if err != nil {
		t.Fatal(err)
	}
	work = leftoverWork
	u := rect{0, 0, exactUnits(400), exactUnits(400)}
	if got := pageLeftovers(&lay.Pages[0], u, 0, exactUnits(30), exactUnits(30), &work); len(got) == 0 || work < 0 {
		t.Errorf("the cut page: %d leftovers, work left %d", len(got), work)
	}
}
