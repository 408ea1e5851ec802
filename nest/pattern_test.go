package nest

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"testing"
)

// checkPatterns asserts the pattern numbers of res: 1-based in order of
// first appearance, equal exactly where two pages have the same stock row
// and the same placement of part lines, and counted by Stats.Patterns.
func checkPatterns(t *testing.T, res Result) {
	t.Helper()
	next := 1
	for i, p := range res.Pages {
		if p.Pattern < 1 || p.Pattern > next {
			t.Fatalf("page %d: pattern %d, want 1..%d", i, p.Pattern, next)
		}
		if p.Pattern == next {
			next++
		}
		for j := 0; j < i; j++ {
			same := samePlacement(res.Pages[j], p)
			if same != (res.Pages[j].Pattern == p.Pattern) {
				t.Fatalf("pages %d and %d: same placement %v, patterns %d and %d", j, i, same, res.Pages[j].Pattern, p.Pattern)
			}
		}
	}
	if res.Stats.Patterns != next-1 {
		t.Fatalf("stats.patterns %d, want %d", res.Stats.Patterns, next-1)
	}
}

// samePlacement compares two pages the slow way: every placement of a
// has one of b at the same place, of the same part line and size.
func samePlacement(a, b Page) bool {
	if a.StockID != b.StockID || a.Material != b.Material || a.Thickness != b.Thickness ||
		a.Width != b.Width || a.Height != b.Height || len(a.Parts) != len(b.Parts) || len(a.Cuts) != len(b.Cuts) {
		return false
	}
	for k := range a.Cuts {
		ca, cb := a.Cuts[k], b.Cuts[k]
		if ca.X != cb.X || ca.Y != cb.Y || ca.Length != cb.Length || ca.Direction != cb.Direction {
			return false
		}
	}
	used := make([]bool, len(b.Parts))
	for _, p := range a.Parts {
		found := false
		for k, q := range b.Parts {
			if !used[k] && p.OriginalIndex == q.OriginalIndex && p.X == q.X && p.Y == q.Y &&
				p.Width == q.Width && p.Height == q.Height && p.Rotated == q.Rotated {
				used[k], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// Ten copies of a part half the sheet wide: five identical sheets, one
// pattern.
func TestPatternsIdenticalSheets(t *testing.T) {
	for _, guillotine := range []bool{false, true} {
		req := Request{Sheet: Sheet{Width: 100, Height: 100}, Options: Options{Guillotine: guillotine},
			Parts: []Part{{ID: "a", Name: "Yan", Width: 50, Height: 100, Quantity: 10}}}
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Stats.Pages != 5 || res.Stats.Patterns != 1 {
			t.Fatalf("guillotine %v: %d pages, %d patterns, want 5 and 1", guillotine, res.Stats.Pages, res.Stats.Patterns)
		}
		for _, p := range res.Pages {
			if p.Pattern != 1 {
				t.Fatalf("page %s: pattern %d", p.ID, p.Pattern)
			}
		}
		checkPatterns(t, res)
	}
}

// A 2-part pattern (two part lines, five copies each) on five sheets.
func TestPatternsTwoPartLines(t *testing.T) {
	req := Request{Sheet: Sheet{Width: 100, Height: 100},
		Parts: []Part{{ID: "a", Name: "Sol", Width: 50, Height: 100, Quantity: 5}, {ID: "b", Name: "Sağ", Width: 40, Height: 100, Quantity: 5}}}
	res, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.Pages != 5 {
		t.Fatalf("%d pages, want 5", res.Stats.Pages)
	}
	checkPatterns(t, res)
	// Every sheet holds one of each line: the placements can only
	// differ by where the two sit.
	if res.Stats.Patterns < 1 || res.Stats.Patterns > 5 {
		t.Fatalf("%d patterns", res.Stats.Patterns)
	}
}

// Pages of different parts are all different patterns.
func TestPatternsAllDifferent(t *testing.T) {
	req := Request{Sheet: Sheet{Width: 100, Height: 100}}
	for i := 0; i < 4; i++ {
		req.Parts = append(req.Parts, Part{ID: string(rune('a' + i)), Width: 90 - float64(i), Height: 90, Quantity: 1})
	}
	res, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.Pages != 4 || res.Stats.Patterns != 4 {
		t.Fatalf("%d pages, %d patterns, want 4 and 4", res.Stats.Pages, res.Stats.Patterns)
	}
	checkPatterns(t, res)
	// No pages, no patterns.
	empty, err := Layout(context.Background(), Request{Sheet: Sheet{Width: 100, Height: 100}, Parts: []Part{{Width: 200, Height: 200, Quantity: 1}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(empty.Pages) != 0 || empty.Stats.Patterns != 0 {
		t.Fatalf("empty layout: %d pages, %d patterns", len(empty.Pages), empty.Stats.Patterns)
	}
}

// The same geometry from another stock row, or with other part lines, or
// cut in another order, is another pattern; copy ids and the order the
// parts are listed in do not matter.
func TestPatternsKey(t *testing.T) {
	pl := func(id string, line int, x float64) Placed {
		return Placed{ID: id, OriginalIndex: line, X: x, Width: 50, Height: 100}
	}
	base := Page{StockID: "s1", Material: "MDF", Thickness: 18, Width: 100, Height: 100, Parts: []Placed{pl("a#1", 0, 0), pl("b#1", 1, 50)}}
	swapped := base
	swapped.Parts = []Placed{pl("b#7", 1, 50), pl("a#9", 0, 0)}
	otherRow := base
	otherRow.StockID = "s2"
	otherLine := base
	otherLine.Parts = []Placed{pl("a#1", 0, 0), pl("c#1", 2, 50)}
	otherPlace := base
	otherPlace.Parts = []Placed{pl("a#1", 0, 50), pl("b#1", 1, 0)}
	cut := base
	cut.Cuts = []Cut{{Order: 1, X: 50, Length: 100, Direction: Vertical}}
	turned := base
	turned.Parts = []Placed{pl("a#1", 0, 0), pl("b#1", 1, 50)}
	turned.Parts[1].Rotated = true
	res := Result{Pages: []Page{base, swapped, otherRow, otherLine, otherPlace, base, cut, cut, turned}}
	numberPatterns(&res)
	want := []int{1, 1, 2, 3, 4, 1, 5, 5, 6}
	for i, p := range res.Pages {
		if p.Pattern != want[i] {
			t.Fatalf("page %d: pattern %d, want %d", i, p.Pattern, want[i])
		}
	}
	if res.Stats.Patterns != 6 {
		t.Fatalf("patterns %d, want 6", res.Stats.Patterns)
	}
	checkPatterns(t, res)
}

// With stock rows and materials: the same part line on two materials'
// sheets of the same size gives two patterns.
func TestPatternsStock(t *testing.T) {
	req := Request{
		Stock: []Stock{{ID: "m", Material: "MDF", Thickness: 18, Width: 100, Height: 100}, {ID: "c", Material: "Ceviz", Thickness: 18, Width: 100, Height: 100}},
		Parts: []Part{
			{ID: "a", Name: "Kapak", Material: "MDF", Thickness: 18, Width: 50, Height: 100, Quantity: 6},
			{ID: "b", Name: "Kapak", Material: "Ceviz", Thickness: 18, Width: 50, Height: 100, Quantity: 4},
		},
	}
	res, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Stats.Pages != 5 || res.Stats.Patterns != 2 {
		t.Fatalf("%d pages, %d patterns, want 5 and 2", res.Stats.Pages, res.Stats.Patterns)
	}
	checkPatterns(t, res)
}

// Random layouts: the pattern numbers agree with the slow comparison.
func TestPatternsRandom(t *testing.T) {
	for i := 0; i < 20; i++ {
		req := Request{Sheet: Sheet{Width: 100, Height: 80}, Options: Options{Guillotine: i%2 == 0, Seed: int64(i)}}
		for k := 0; k < 1+i%4; k++ {
			req.Parts = append(req.Parts, Part{Width: float64(10 + (i*7+k*13)%40), Height: float64(10 + (i*5+k*11)%30), Quantity: 3 + (i+k)%9})
		}
		res, err := Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := Verify(req, res); err != nil {
			t.Fatalf("job %d: %v", i, err)
		}
		checkPatterns(t, res)
	}
}

// Pages holding the same pieces elsewhere on the sheet are laid out
// alike, each keeping its own copies; pages whose cuts differ in total
// are left alone.
func TestUnifyPages(t *testing.T) {
	pl := func(id string, line int, x float64) Placed {
		return Placed{ID: id, Name: "P" + id, OriginalIndex: line, X: x, Width: 50, Height: 100}
	}
	a := Page{ID: "page-0", Width: 100, Height: 100, Parts: []Placed{pl("a-0", 0, 0), pl("b-0", 1, 50)}}
	b := Page{ID: "page-1", Width: 100, Height: 100, Parts: []Placed{pl("b-1", 1, 0), pl("a-1", 0, 50)}}
	c := Page{ID: "page-2", Width: 100, Height: 100, Parts: []Placed{pl("b-2", 1, 0), pl("a-2", 0, 50)},
		Cuts: []Cut{{Order: 1, X: 50, Length: 100, Direction: Vertical}}}
	res := Result{Pages: []Page{a, b, c}, Stats: Stats{Pages: 3}}
	setPatterns(&res)
	if res.Stats.Patterns != 2 || res.Pages[1].Pattern != 1 || res.Pages[2].Pattern != 2 {
		t.Fatalf("patterns %d, pages %+v", res.Stats.Patterns, res.Pages)
	}
	got := res.Pages[1].Parts
	if got[0].ID != "a-1" || got[0].X != 0 || got[1].ID != "b-1" || got[1].X != 50 {
		t.Fatalf("page 1 is %+v, want its own copies in page 0's places", got)
	}
	if c := res.Pages[2].Parts; c[0].ID != "b-2" || c[0].X != 0 {
		t.Fatalf("page 2 changed: %+v", c)
	}
	// An engine job whose sheets hold the same pieces: one pattern, and
	// a layout Verify accepts.
	req := Request{Sheet: Sheet{Width: 100, Height: 100}, Parts: []Part{
		{ID: "a", Width: 60, Height: 100, Quantity: 4}, {ID: "b", Width: 40, Height: 50, Quantity: 8}}}
	for _, g := range []bool{false, true} {
		req.Options.Guillotine = g
		res := mustLayout(t, req)
		if res.Stats.Pages != 4 || res.Stats.Patterns != 1 {
			t.Fatalf("guillotine %v: %d pages, %d patterns, want 4 and 1", g, res.Stats.Pages, res.Stats.Patterns)
		}
		checkPatterns(t, res)
	}
}

// PatternGroups joins pages of one pattern number only where they match,
// and leaves pages without a number alone.
func TestPatternGroups(t *testing.T) {
	req := Request{Sheet: Sheet{Width: 100, Height: 100}, Parts: []Part{
		{ID: "a", Width: 50, Height: 100, Quantity: 6}, {ID: "b", Width: 90, Height: 90, Quantity: 1}}}
	res, err := Layout(context.Background(), req, nil)
	if err != nil {
		t.Fatal(err)
	}
	all := make([]int, len(res.Pages))
	for i := range all {
		all[i] = i
	}
	groups := PatternGroups(&res, all)
	if len(groups) != res.Stats.Patterns || len(groups) != 2 {
		t.Fatalf("%d groups, %d patterns, want 2", len(groups), res.Stats.Patterns)
	}
	for _, g := range groups {
		for _, p := range g {
			if res.Pages[p].Pattern != res.Pages[g[0]].Pattern {
				t.Fatalf("group %v mixes patterns", g)
			}
		}
	}
	// A listed subset, backwards: groups in the order listed.
	var pairs []int // the sheets of two a's
	for i, pg := range res.Pages {
		if len(pg.Parts) == 2 {
			pairs = append(pairs, i)
		}
	}
	if len(pairs) != 3 {
		t.Fatalf("%d sheets of two parts, want 3", len(pairs))
	}
	if g := PatternGroups(&res, []int{pairs[2], pairs[0]}); len(g) != 1 || len(g[0]) != 2 || g[0][0] != pairs[2] {
		t.Fatalf("subset: %v", g)
	}
	// A forged number does not join different sheets; no number, no group.
	forged := res
	forged.Pages = append([]Page(nil), res.Pages...)
	for i := range forged.Pages {
		forged.Pages[i].Pattern = 1
	}
	if g := PatternGroups(&forged, all); len(g) != 2 {
		t.Fatalf("forged: %v", g)
	}
	for i := range forged.Pages {
		forged.Pages[i].Pattern = 0
	}
	if g := PatternGroups(&forged, append(all, -1, 99)); len(g) != len(all)+2 {
		t.Fatalf("without numbers: %v", g)
	}
}

// TestPatterns2BP measures the distinct sheet patterns of the 500 2BP
// instances (../shared/bench/2bp/bwmv_500.json) at --time 0, as `kesim
// bench --time 0` lays them out, when KESIM_2BP_PATTERNS is set (to the
// file, or to 1 for the default path): the total pages and patterns, and
// the patterns by size alone (every item of a 2BP instance is a part line
// of its own, so sheets repeat only when sizes are merged). It also
// checks every result's pattern numbers.
func TestPatterns2BP(t *testing.T) {
	path := os.Getenv("KESIM_2BP_PATTERNS")
	if path == "" {
		t.Skip("KESIM_2BP_PATTERNS is not set")
	}
	if path == "1" {
		path = "../../shared/bench/2bp/bwmv_500.json"
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var ins []struct {
		ID    string   `json:"id"`
		BinW  float64  `json:"bin_w"`
		BinH  float64  `json:"bin_h"`
		Items [][2]int `json:"items"`
	}
	if err := json.Unmarshal(data, &ins); err != nil {
		t.Fatal(err)
	}
	for _, guillotine := range []bool{false, true} {
		pages, patterns, bySize, repeated := 0, 0, 0, 0
		for _, in := range ins {
			rotate := true
			req := Request{Sheet: Sheet{Width: in.BinW, Height: in.BinH}, Options: Options{Seed: 1, Guillotine: guillotine}}
			for i, it := range in.Items {
				req.Parts = append(req.Parts, Part{ID: "i" + strconv.Itoa(i), Name: strconv.Itoa(i),
					Width: float64(it[0]), Height: float64(it[1]), Quantity: 1, Rotate: &rotate})
			}
			res, err := Layout(context.Background(), req, nil)
			if err != nil {
				t.Fatalf("%s: %v", in.ID, err)
			}
			checkPatterns(t, res)
			pages += res.Stats.Pages
			patterns += res.Stats.Patterns
			if res.Stats.Patterns < res.Stats.Pages {
				repeated++
			}
			// The same sheets with the part lines of one size merged.
			sized := res
			sized.Pages = make([]Page, len(res.Pages))
			size := map[[2]int]int{}
			for k, pg := range res.Pages {
				pg.Parts = append([]Placed(nil), pg.Parts...)
				for j := range pg.Parts {
					it := in.Items[pg.Parts[j].OriginalIndex]
					key := [2]int{min(it[0], it[1]), max(it[0], it[1])}
					if _, ok := size[key]; !ok {
						size[key] = len(size)
					}
					pg.Parts[j].OriginalIndex = size[key]
				}
				sized.Pages[k] = pg
			}
			setPatterns(&sized)
			bySize += sized.Stats.Patterns
		}
		t.Logf("guillotine %v: %d instances, %d pages, %d patterns (%d instances with a repeated sheet), %d patterns by size alone",
			guillotine, len(ins), pages, patterns, repeated, bySize)
	}
}
