package cutlist

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"kesim/nest"
)

// The cut list's leftovers are the offcuts the rack gets when the job is
// marked cut (nest.Leftovers, as internal/store's NewOffcuts takes them):
// for the same layout, kerf, trim and rules, each sheet lists the same
// rectangles, the largest first (all of them, or at most MaxLeftovers
// when it is set: the list had 3 by default where the rack took 5), and none
// comes closer to a part than the kerf. The old cut list found its own
// (a grid over the parts' edges, kerf ignored), so a workshop read one
// set of leftovers on the list and found another on its rack.
func TestLeftoversAreTheRacksOffcuts(t *testing.T) {
	// The job of layout, with a trim, laid out free and as guillotine
	// cuts (the rack's pieces: edge-to-edge cuts, or the sequence's waste).
	req, _ := layout(t, 23)
	req.Options.Trim = 1
	for _, guillotine := range []bool{false, true} {
		req.Options.Guillotine = guillotine
		res, err := nest.Layout(context.Background(), req, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			name  string
			opt   Options
			rules []nest.OffcutRule
			max   int
		}{
			{"default: the rack's default rule", ForRequest(req), []nest.OffcutRule{{MinWidth: nest.DefaultOffcutCM, MinHeight: nest.DefaultOffcutCM}}, math.MaxInt},
			{"min side 10: every one", withLeftovers(ForRequest(req), nil, 10, 0), []nest.OffcutRule{{MinWidth: 10, MinHeight: 10}}, math.MaxInt},
			{"min side 25, 1 a sheet", withLeftovers(ForRequest(req), nil, 25, 1), []nest.OffcutRule{{MinWidth: 25, MinHeight: 25}}, 1},
			{"the user's rules", withLeftovers(ForRequest(req), []nest.OffcutRule{{MinWidth: 30, MinHeight: 30}, {Material: "Sunta", MinWidth: 50, MinHeight: 20}}, 99, 20),
				[]nest.OffcutRule{{MinWidth: 30, MinHeight: 30}, {Material: "Sunta", MinWidth: 50, MinHeight: 20}}, 20},
		} {
			rack := map[int][]Rect{}
			for _, l := range nest.Leftovers(req, res, c.rules) {
				if len(rack[l.Page]) < c.max {
					rack[l.Page] = append(rack[l.Page], Rect{X: l.X, Y: l.Y, Width: l.Width, Height: l.Height})
				}
			}
			_, sheets, err := Rows(res, c.opt)
			if err != nil {
				t.Fatal(err)
			}
			listed := 0
			for i, s := range sheets {
				if fmt.Sprint(s.Leftovers) != fmt.Sprint(rack[i]) {
					t.Errorf("guillotine %v, %s, sheet %d: the cut list lists %v, the rack gets %v", guillotine, c.name, i+1, s.Leftovers, rack[i])
				}
				listed += len(s.Leftovers)
				for _, l := range s.Leftovers {
					for _, p := range res.Pages[i].Parts {
						k := req.Options.Kerf - 1e-6
						if l.X < p.X+p.Width+k && p.X < l.X+l.Width+k && l.Y < p.Y+p.Height+k && p.Y < l.Y+l.Height+k {
							t.Errorf("guillotine %v, %s, sheet %d: leftover %+v is closer than the kerf (%v) to part %+v", guillotine, c.name, i+1, l, req.Options.Kerf, p)
						}
					}
					if l.X < req.Options.Trim || l.Y < req.Options.Trim || l.X+l.Width > res.Pages[i].Width-req.Options.Trim+1e-6 || l.Y+l.Height > res.Pages[i].Height-req.Options.Trim+1e-6 {
						t.Errorf("sheet %d: leftover %+v is not inside the trim", i+1, l)
					}
				}
			}
			if listed == 0 {
				t.Errorf("guillotine %v, %s: no sheet lists a leftover", guillotine, c.name)
			}
			if c.opt.MinLeftover == 10 && !slices.ContainsFunc(sheets, func(s SheetRow) bool { return len(s.Leftovers) > 3 }) {
				t.Errorf("guillotine %v, %s: no sheet has more than 3 leftovers, which the list once cut off", guillotine, c.name)
			}
		}
	}
}

func withLeftovers(o Options, rules []nest.OffcutRule, minSide float64, max int) Options {
	o.Rules, o.MinLeftover, o.MaxLeftovers = rules, minSide, max
	return o
}

// A 100 × 100 sheet cut with a 0,5 cm kerf, one 60 × 100 part on its left:
// the leftover is the 39,5 × 100 strip beyond the kerf, as the saw leaves
// it, not the 40 × 100 the part's edge bounds; written so in the
// "Levhalar" CSV.
func TestLeftoverLeavesTheKerf(t *testing.T) {
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{{
		Parts: []nest.Placed{{ID: "p1", Name: "Yan", Width: 60, Height: 100}},
	}}}
	var b bytes.Buffer
	if err := WriteSheetsCSV(&b, res, Options{Kerf: 0.5}); err != nil {
		t.Fatal(err)
	}
	rows := parseCSV(t, b.Bytes())
	if got := rows[1][len(rows[1])-2:]; got[0] != "39,5 × 100" || got[1] != "3950" {
		t.Fatalf("leftovers %q, want 39,5 × 100 (3950 cm²)", got)
	}
	// The same page with a rule of 40 cm: the strip is too narrow to keep.
	_, sheets, err := Rows(res, Options{Kerf: 0.5, Rules: []nest.OffcutRule{{MinWidth: 40, MinHeight: 40}}})
	if err != nil || len(sheets[0].Leftovers) != 0 {
		t.Fatalf("rule 40 × 40: %v %v", sheets[0].Leftovers, err)
	}
}

// Bad kerf and bad rules are refused with a Turkish message.
func TestLeftoverOptionsChecked(t *testing.T) {
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{{Parts: []nest.Placed{{ID: "a", Width: 10, Height: 10}}}}}
	for _, o := range []Options{{Kerf: -1}, {Kerf: 11}} {
		if _, _, err := Rows(res, o); !errors.Is(err, ErrBadOptions) {
			t.Errorf("%+v: %v", o, err)
		}
	}
	if _, _, err := Rows(res, Options{Rules: []nest.OffcutRule{{MinWidth: -3}}}); err == nil || err.Error() != nest.MsgOffcutRuleSize {
		t.Errorf("bad rule: %v", err)
	}
}

// The leftover search finds the leftovers among many parts: 20,000 parts
// in 1,000 staggered columns, 2,000 distinct edges each way (its time is
// logged; a benchmark, not this test, holds a speed).
func TestLeftoversWithinTheGridQuick(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	var parts []nest.Placed
	for i := 0; i < 1000; i++ {
		for j := 0; j < 20; j++ {
			parts = append(parts, nest.Placed{ID: strconv.Itoa(i*20 + j), X: float64(i), Y: float64(j*50) + float64(i%50)/2, Width: 0.5, Height: 0.4})
		}
	}
	res := nest.Result{Sheet: nest.Sheet{Width: 1100, Height: 1100}, Pages: []nest.Page{{Parts: parts}}}
	start := time.Now()
	_, sheets, err := Rows(res, Options{})
	el := time.Since(start)
	t.Logf("20,000 parts: %v, leftovers %v", el, sheets[0].Leftovers)
	if err != nil || len(sheets[0].Leftovers) == 0 {
		t.Fatalf("20,000 parts: %v in %v, leftovers %v", err, el, sheets[0].Leftovers)
	}
}

// A user who removed every offcut rule gets no offcut on the rack
// (nest.Leftovers under no rule gives none): an empty rule list lists no
// leftover either, where no list at all (nil) means the default rule.
func TestNoRulesListNoLeftovers(t *testing.T) {
	res := nest.Result{Sheet: nest.Sheet{Width: 100, Height: 100}, Pages: []nest.Page{{
		Parts: []nest.Placed{{ID: "p1", Name: "Yan", Width: 60, Height: 100}},
	}}}
	_, sheets, err := Rows(res, Options{Rules: []nest.OffcutRule{}})
	if err != nil {
		t.Fatal(err)
	}
	if len(sheets[0].Leftovers) != 0 {
		t.Errorf("no rules: leftovers %v, want none", sheets[0].Leftovers)
	}
	if got := nest.Leftovers(nest.Request{}, res, []nest.OffcutRule{}); len(got) != 0 {
		t.Errorf("the rack under no rules gets %v", got)
	}
	_, sheets, err = Rows(res, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(sheets[0].Leftovers) != 1 {
		t.Errorf("the default rule: leftovers %v, want the 40 × 100 strip", sheets[0].Leftovers)
	}
}

// A sheet's leftovers fit one spreadsheet cell (Excel holds 32,767
// characters): past it the text says how many more there are.
func TestLeftoverTextFitsACell(t *testing.T) {
	many := make([]Rect, 5000)
	for i := range many {
		many[i] = Rect{Width: 123.45, Height: 67.89, Code: "A-" + strconv.Itoa(1000+i)}
	}
	text := LeftoverText(many)
	if n := len([]rune(text)); n > MaxCellText {
		t.Fatalf("%d characters", n)
	}
	shown := strings.Count(text, "×")
	if shown == 0 || shown == len(many) || !strings.HasSuffix(text, "; … ve "+strconv.Itoa(len(many)-shown)+" artık daha") {
		t.Errorf("%d shown of %d, ending %q", shown, len(many), text[len(text)-40:])
	}
	if few := LeftoverText(many[:2]); few != "A-1000: 123,45 × 67,89; A-1001: 123,45 × 67,89" {
		t.Errorf("two leftovers: %q", few)
	}
}
