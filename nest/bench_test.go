package nest

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
	"time"
)

// ultraJob is the specification's "ultra" size: 3,000 pieces in 600 types
// of furniture-like sizes on a 183 x 366 cm sheet, or bigger when asked.
func ultraJob(pieces, types int) Request {
	rng := rand.New(rand.NewPCG(2026, 11))
	req := Request{Sheet: Sheet{183, 366}}
	per := pieces / types
	for i := 0; i < types; i++ {
		w := float64(5+rng.IntN(80)) + float64(rng.IntN(10))/10
		h := float64(5+rng.IntN(120)) + float64(rng.IntN(10))/10
		req.Parts = append(req.Parts, Part{ID: fmt.Sprintf("t%d", i), Name: fmt.Sprintf("Parça %d", i), Width: w, Height: h, Quantity: per})
	}
	return req
}

// benchLayout reports the time to the first complete layout and to the
// portfolio's best, per job.
func benchLayout(b *testing.B, req Request) {
	first, total, res := timeLayouts(b, req)
	b.ReportMetric(first, "ms-first")
	b.ReportMetric(total, "ms-best")
	b.ReportMetric(float64(res.Stats.Pages), "pages")
}

// timeLayouts lays req out b.N times and returns the mean time in ms to
// the first complete layout (the first progress with one) and to the end,
// and the last result.
func timeLayouts(b *testing.B, req Request) (first, total float64, res Result) {
	b.ReportAllocs()
	var firstSum, totalSum time.Duration
	for i := 0; i < b.N; i++ {
		start := time.Now()
		var firstAt time.Duration
		var err error
		res, err = Layout(context.Background(), req, func(p Progress) {
			if p.Best != nil && firstAt == 0 {
				firstAt = time.Since(start)
			}
		})
		if err != nil {
			b.Fatal(err)
		}
		firstSum += firstAt
		totalSum += time.Since(start)
	}
	n := float64(b.N)
	return float64(firstSum.Microseconds()) / 1000 / n, float64(totalSum.Microseconds()) / 1000 / n, res
}

func BenchmarkLayoutUltra3000(b *testing.B) { benchLayout(b, ultraJob(3000, 600)) }
func BenchmarkLayoutHuge20000(b *testing.B) { benchLayout(b, ultraJob(20000, 1000)) }

// BenchmarkResultJSON writes the 3,000-piece layout as JSON: the browser
// engine's writer against encoding/json.
func BenchmarkResultJSON(b *testing.B) {
	res, err := Layout(context.Background(), ultraJob(3000, 600), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("AppendJSON", func(b *testing.B) {
		var buf []byte
		for b.Loop() {
			buf, _ = res.AppendJSON(buf[:0])
		}
		b.SetBytes(int64(len(buf)))
	})
	b.Run("encoding/json", func(b *testing.B) {
		for b.Loop() {
			if _, err := json.Marshal(res); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// requests2BP reads the 2BP benchmark instances kept beside the
// repository as requests with the given rotation and options; keep, when
// not nil, chooses instances by id.
func requests2BP(b *testing.B, rotate bool, opts Options, keep func(id string) bool) []Request {
	data, err := os.ReadFile("../../shared/bench/2bp/bwmv_500.json")
	if err != nil {
		b.Skip("benchmark instances not found beside the repository:", err)
	}
	var ins []struct {
		ID    string   `json:"id"`
		BinW  float64  `json:"bin_w"`
		BinH  float64  `json:"bin_h"`
		Items [][2]int `json:"items"`
	}
	if err := json.Unmarshal(data, &ins); err != nil {
		b.Fatal(err)
	}
	var reqs []Request
	for _, in := range ins {
		if keep != nil && !keep(in.ID) {
			continue
		}
		req := Request{Sheet: Sheet{in.BinW, in.BinH}, Options: opts}
		for _, it := range in.Items {
			req.Parts = append(req.Parts, Part{Width: float64(it[0]), Height: float64(it[1]), Quantity: 1, Rotate: boolp(rotate)})
		}
		reqs = append(reqs, req)
	}
	return reqs
}

// layoutAll lays out reqs b.N times and reports their sheets.
func layoutAll(b *testing.B, reqs []Request) {
	sheets := 0
	for i := 0; i < b.N; i++ {
		sheets = 0
		for _, req := range reqs {
			res, err := Layout(context.Background(), req, nil)
			if err != nil {
				b.Fatal(err)
			}
			sheets += res.Stats.Pages
		}
	}
	b.ReportMetric(float64(sheets), "sheets")
}

// BenchmarkConstructive2BP runs the constructive phase over the 500
// standard instances, one core, rotation allowed and oriented, free and
// guillotine.
func BenchmarkConstructive2BP(b *testing.B) {
	for _, guillotine := range []bool{false, true} {
		for _, rotate := range []bool{true, false} {
			reqs := requests2BP(b, rotate, Options{Guillotine: guillotine}, nil)
			name := "rotation"
			if !rotate {
				name = "oriented"
			}
			if guillotine {
				name += "-guillotine"
			}
			b.Run(name, func(b *testing.B) { layoutAll(b, reqs) })
		}
	}
}

// hard2BP chooses four 2BP instances that need many steps to reach their
// best layout (classes 3, 5, 6 and 7).
func hard2BP(id string) bool {
	switch id {
	case "cl03_n100_02", "cl05_n100_09", "cl06_n040_09", "cl07_n080_04":
		return true
	}
	return false
}

// BenchmarkImproveGuillotine runs the improvement phase for a fixed number
// of steps on four 2BP instances that need many steps to reach their best
// guillotine layout without rotation: the time per step is what decides
// how many of them a time limit reaches.
func BenchmarkImproveGuillotine(b *testing.B) {
	reqs := requests2BP(b, false, Options{Guillotine: true, Iterations: 20000, Seed: 1}, hard2BP)
	b.ReportAllocs()
	layoutAll(b, reqs)
}

// BenchmarkImproveFree is BenchmarkImproveGuillotine for free layouts
// with rotation.
func BenchmarkImproveFree(b *testing.B) {
	reqs := requests2BP(b, true, Options{Iterations: 20000, Seed: 1}, hard2BP)
	b.ReportAllocs()
	layoutAll(b, reqs)
}

// BenchmarkLowerBound computes the sheet bound of the 3,000-piece job: it
// runs once per layout, after the first one is on screen.
func BenchmarkLowerBound(b *testing.B) {
	j, _, err := newJob(ultraJob(3000, 600))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	lb := 0
	for b.Loop() {
		lb = lowerBound(j, nil)
	}
	b.ReportMetric(float64(lb), "sheets")
}

// BenchmarkVerify checks the 3,000-piece layout (free and guillotine) and
// the 20,000-piece one: the cost Layout would pay to verify its own result.
func BenchmarkVerify(b *testing.B) {
	for _, c := range []struct {
		name       string
		req        Request
		guillotine bool
	}{
		{"Ultra3000", ultraJob(3000, 600), false},
		{"Ultra3000Guillotine", ultraJob(3000, 600), true},
		{"Huge20000", ultraJob(20000, 1000), false},
	} {
		c.req.Options.Guillotine = c.guillotine
		res, err := Layout(context.Background(), c.req, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := Verify(c.req, res); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMergeSearch runs the merge search for 20,000 nodes on parts
// that tile a 244 x 183 sheet, 70 of them, where it finds no layout: the
// speed of its nodes (pairs and pinwheels of up to 70 blocks).
func BenchmarkMergeSearch(b *testing.B) {
	req := tiling(rand.New(rand.NewPCG(3, 70)), 244, 183, 70, 1, 0, false)
	j := mustJob(b, req)
	for b.Loop() {
		if newExact(j, 1).mergeSearch(20000, nil) != nil {
			b.Fatal("found: the job no longer measures a full budget")
		}
	}
}

// BenchmarkMergeSearchOneSize runs the merge search for 2,000 nodes on
// 150 parts of one size that fill a 150 x 70 sheet, where it finds no
// layout: every block shares its sides with every other, so a cost per
// pair that grows with the blocks of a side would show here (rowReach
// over the blocks one by one, not grouped by size, made 20,000 nodes take
// 29 s instead of 2.3 s).
func BenchmarkMergeSearchOneSize(b *testing.B) {
	req := Request{Sheet: Sheet{150, 70}, Parts: []Part{{Name: "p", Width: 10, Height: 7, Quantity: 150}}}
	j := mustJob(b, req)
	for b.Loop() {
		if newExact(j, 1).mergeSearch(2000, nil) != nil {
			b.Fatal("found: the job no longer measures a full budget")
		}
	}
}

// BenchmarkMergeRepair runs the merge repair for 50,000 nodes on parts
// cut around pinwheels from a 244 x 183 sheet, 80 of them, where it tiles
// no layout in that budget: the speed of its dives (pairs, pinwheels and
// the line test of up to 80 blocks).
func BenchmarkMergeRepair(b *testing.B) {
	req := tiling(rand.New(rand.NewPCG(4, 80)), 244, 183, 80, 1, 0, true)
	j := mustJob(b, req)
	for b.Loop() {
		if newExact(j, 1).mergeRepair(nil, 50000, nil, 1) {
			b.Fatal("tiled: the job no longer measures a full budget")
		}
	}
}

// BenchmarkMergeRepairSeveralSizes runs the merge repair over several
// sheet sizes (the tiling of the cheapest stock rows, tileExactly) for
// 300,000 nodes on 130 parts cut by guillotine cuts from five sheets of
// three sizes, where it tiles no layout in that budget: the speed of its
// dives over many blocks and sizes (pairs with scorePartners, and the
// pinwheels of the repair that looks for them at every merge).
func BenchmarkMergeRepairSeveralSizes(b *testing.B) {
	rng := rand.New(rand.NewPCG(5, 130))
	var parts []Part
	var targets []mtarget
	for _, s := range []struct{ w, h, n, parts int }{{244, 183, 1, 22}, {305, 152, 2, 27}, {280, 210, 2, 27}} {
		targets = append(targets, mtarget{w: s.w, h: s.h, n: s.n})
		for range s.n {
			parts = append(parts, tiling(rng, s.w, s.h, s.parts, 1, 0, false).Parts...)
		}
	}
	j := mustJob(b, Request{Sheet: Sheet{305, 210}, Parts: parts})
	g := j.binW / 305 // scaled units per cm
	for b.Loop() {
		e := &exact{j: j, scale: g, w: 305, h: 210, left: len(j.items)}
		e.addShapes()
		if e.mergeRepair(targets, 300000, nil, 1) {
			b.Fatal("tiled: the job no longer measures a full budget")
		}
	}
}

// BenchmarkOverlapColumn checks a page whose 50,000 strips, 1,000 cm long,
// lie one above the other: every strip spans the sheet, so a sweep over x
// holds them all at once (a result a client may send the server).
func BenchmarkOverlapColumn(b *testing.B) {
	rs := make([]rect, 50000)
	for i := range rs {
		rs[i] = rect{0, i, 100000, 1}
	}
	for b.Loop() {
		if _, _, bad := overlapping(rs); bad {
			b.Fatal("overlap")
		}
	}
}
