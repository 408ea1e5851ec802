package nest

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// The merge repair: a large neighbourhood search over the merge search's
// blocks, for parts that tile one sheet or several (of one size or of
// several, within their numbers). A dive merges the best pair (with some
// noise) until every block is a sheet or nothing merges; a repair
// step then takes one to three blocks apart again, one to four levels down
// their merges, and dives from there, and the new blocks are kept unless
// they are more than one block worse. Most merges of a stuck dive are
// right: the repair keeps them and searches only around the wrong ones,
// where the merge search's backtracking must first undo everything merged
// after a wrong merge, and on more than about 50 parts never gets there.
//
// Two repairs share the work: one that takes a pinwheel at every merge where
// there is one and one that takes it one time in ten, since parts cut
// around pinwheels need the first and parts cut by guillotine cuts the
// second (a pinwheel among the latter is found by chance, and is wrong). On
// the perfect-packing family (kesim bench --perfect 100 at 1 s, seed 1) the
// merge search found 14 of the 50 guillotine instances and 11 of the 50
// pinwheel ones; the repair with pinwheels one time in ten 30 and 9, with
// pinwheels at every merge 17 and 26. The one that keeps fewer blocks
// takes most turns (turn).
//
// Over several sheet sizes (the tiling of the cheapest stock rows) only
// the repair with pinwheels one time in ten runs, with all the work: the
// other, which looks for pinwheels at every merge and so costs about twice
// as much a node, tiled none that it did not. At 1 s, two at a time, the
// zero-waste family (kesim bench --zero-waste 40, seeds 1 to 8) went from
// 211 to 214 instances at the optimum, mean gap 5.47 -> 5.33 %, no seed
// worse by an instance; ortmann2010 kept 94 proven optima at 242.77 M,
// pisinger2005_area (every third instance) 12,216,869 -> 12,216,973 (one
// instance), hopper2001b as it was.

// repairWorse is how many blocks more than the current ones a repair step
// may leave and still be kept: with 0 (only as few or fewer), the repair
// found 24 of the 50 guillotine instances above, with 1 30, with a second
// block more kept one time in ten 27.
const repairWorse = 1

// repairDrift is how many blocks more than the fewest it has had a repair
// keeps. Steps that leave one block more than before, each kept, let the
// blocks drift far from the fewest: on a job cut from six sheets of three
// sizes (116 parts), one repair had had 10 blocks and kept 17, with no
// sheet among them, after 10 s. Some drift helps: with at most 1, 2 or 3
// blocks more than the fewest, kesim bench --zero-waste 40 at 1 s had 15,
// 17 and 23 instances at the optimum instead of 26; with 6 or 8 (20,000
// iterations, no clock, seeds 1 to 4) 99 and 100 instead of 100. With 10,
// at 20,000 iterations on seeds 1 to 8, 203 instead of 198, mean gap
// 6,04 % instead of 6,44 %; --perfect 100 and --perfect-sheets 60 found
// as many layouts and ortmann2010 as many proven optima (94) at the same
// cost.
const repairDrift = 10

// repair is one merge repair.
type repair struct {
	m     *merger
	rng   *rand.Rand
	wheel float64 // how often a merge is a pinwheel, when there is one
	cur   []int32 // the blocks kept
	state uint64  // their hash (merger.state)
	// fewest is the fewest blocks kept so far.
	fewest int
}

// mergeRepair runs two merge repairs (turn says which steps), or over
// several sheet sizes the one with pinwheels one time in ten, over one
// sheet size started afresh now and then (repairRestart), with at most
// nodes nodes in all, and reports whether one tiled the targets (nil: the
// exact's one sheet); the layout is then in e.placed (and e.targetOf, with
// targets).
func (e *exact) mergeRepair(targets []mtarget, nodes int, stop func() bool, seed uint64) bool {
	if stop != nil && stop() {
		return false
	}
	_, pieces, _ := e.pool()
	var rs []*repair
	spent := 0 // the nodes of the runs before this one
	for run := 1; ; run++ {
		for _, r := range rs {
			spent += r.m.total
		}
		if spent >= nodes || run > 1 && stop != nil && stop() {
			return false
		}
		rs = []*repair{e.newRepair(targets, seed, 0.1, stop)}
		if len(targets) <= 1 {
			rs = append(rs, e.newRepair(targets, seed+1, 1, stop))
		}
		seed += 2
		for _, r := range rs {
			if r.m.dive(r.rng, 0, r.wheel) {
				r.m.emitAll()
				return true
			}
			r.keep()
		}
		steps := repairRestart * max(pieces, 1) * luby(run)
		if len(targets) > 1 {
			steps = math.MaxInt
		}
		for it := 0; it < steps; it++ {
			total := spent
			for _, r := range rs {
				total += r.m.total
			}
			if total >= nodes || it&15 == 0 && stop != nil && stop() {
				return false
			}
			if r := rs[turn(rs, it)]; r.step() {
				r.m.emitAll()
				return true
			}
		}
	}
}

// repairOnWorkers runs the merge repair of e (mergeRepair, with targets
// and nodes) on workers goroutines: worker 0 on e with seed, in this
// goroutine and with stop (which may report progress), each other one on
// an exact of its own (fresh), from a seed of its own and with others (which
// must be safe to call from any goroutine). Whether a run of the repair
// ends in the sheets is close to a coin toss (repairRestart), so w workers
// toss w times as often. It returns the exact that holds the layout, or
// nil.
//
// When timed (a time limit and no iteration budget: the layout depends on
// the clock anyway) the first layout found stops the others. Otherwise
// (each worker searches its nodes) a worker stops only once a worker
// before it has found one, and the first worker's layout of those found is
// taken, so that a seed, a budget (or none, the constructive phase's
// nodes) and a worker count give one layout.
func repairOnWorkers(e *exact, targets []mtarget, nodes int, seed uint64, workers int, timed bool, stop, others func() bool) *exact {
	n := min(max(workers, 1), repairMaxWorkers)
	if n == 1 {
		if e.mergeRepair(targets, nodes, stop, seed) {
			return e
		}
		return nil
	}
	var first atomic.Int32 // the lowest worker that found a layout, n for none
	first.Store(int32(n))
	es := make([]*exact, n)
	es[0] = e
	run := func(w int, stop func() bool) {
		halt := func() bool {
			f := int(first.Load())
			return f < w || timed && f < n || stop != nil && stop()
		}
		ws := seed
		if w > 0 {
			ws = mix(seed + uint64(w)*workerSeedStep)
		}
		if es[w].mergeRepair(targets, nodes, halt, ws) {
			for f := first.Load(); int(f) > w && !first.CompareAndSwap(f, int32(w)); f = first.Load() {
			}
		}
	}
	var wg sync.WaitGroup
	for w := 1; w < n; w++ {
		es[w] = e.fresh()
		wg.Add(1)
		go func() {
			defer wg.Done()
			run(w, others)
		}()
	}
	run(0, stop)
	wg.Wait()
	if f := int(first.Load()); f < n {
		return es[f]
	}
	return nil
}

// repairOnWorkers is the function of that name with the request's
// workers, ending at end (zero: no time limit) or when the request is
// cancelled.
func (s *search) repairOnWorkers(e *exact, targets []mtarget, nodes int, end time.Time, stop func() bool, seed uint64) *exact {
	o := s.req.Options
	return repairOnWorkers(e, targets, nodes, seed, o.Workers, o.TimeLimitMs > 0 && o.Iterations <= 0, stop, func() bool { return expired(s.ctx, end) })
}

// expired reports whether ctx (nil: none) is cancelled or time t (zero:
// none) has passed: the stop of the searches that end at a time of their
// own or with the request.
func expired(ctx context.Context, t time.Time) bool {
	return ctx != nil && ctx.Err() != nil || !t.IsZero() && time.Now().After(t)
}

// fresh returns a new exact-fit search over e's job, sheets and shapes.
func (e *exact) fresh() *exact {
	f := &exact{j: e.j, scale: e.scale, w: e.w, h: e.h, sheets: e.sheets, waste: e.waste, widthsOnly: e.widthsOnly}
	f.prepare()
	for _, sh := range f.shapes {
		f.left += sh.left
	}
	return f
}

// repairMaxWorkers bounds the goroutines of repairOnWorkers: each holds
// two repairs of up to 65,536 blocks (compact), 13 MB live at the most on
// 150 parts (mergeMaxParts; measured over 4 s), so that 64 workers would
// hold over 800 MB where 16 hold about 200 MB.
const repairMaxWorkers = 16

// workerSeedStep sets the workers' seeds of the merge repair apart (mixed):
// each run of a repair takes the next two seeds after its own.
const workerSeedStep = 0x9e3779b97f4a7c15

// repairRestart is the length unit of the repairs' runs, in steps per
// part: over one sheet size the repairs start afresh, with new seeds, after
// repairRestart x parts x the next term of the Luby sequence (1 1 2 1 1 2
// 4 ...) steps. A repair reaches its fewest blocks early and then mostly
// circles around them: on the perfect-packing family's guillotine
// instances of 73 to 90 parts it had 5 to 7 blocks after a fifth of a
// second and still as many after 5 s. Whether a run ends in the sheet is
// close to a coin toss, so fresh runs find what a long one misses: kesim
// bench --perfect 100 at 5 s, two at a time, 63 -> 66 (guillotine half
// 32 -> 35; in guillotine mode 34 -> 35), --perfect-sheets 60 at 20,000
// iterations 53 -> 55 and 51 -> 52 (seeds 1, 2); 100 steps per part, or
// 10,000 steps whatever the parts, did no better, nor did a first dive
// with noise in the runs after the first. Over several sheet sizes a run goes on to the end:
// the blocks come together slowly there, and restarts took the
// zero-waste family (--zero-waste 40, 20,000 iterations, seeds 1 to 4)
// from 104 to 101 instances at the optimum.
const repairRestart = 150

// otherTurn: the repair with more blocks kept gets one node in otherTurn
// of the work (merger.total, where a look for pinwheels counts as a node),
// the one with fewer the rest (as many: they take turns). Which repair
// suits a job shows in its blocks: on parts cut around pinwheels the one
// with pinwheels at every merge keeps fewer, on parts cut by guillotine
// cuts the other. Measured at 1 s, two at a time, against turns in turn:
// the zero-waste family (kesim bench --zero-waste 40) 13 -> 17 at the
// optimum on seed 1 (mean gap 14.0 -> 10.5 %), 13 -> 14 on seed 2, at 5 s
// 18 -> 20 (9.7 -> 8.3 %); --perfect-sheets 60 49 -> 51; ortmann2010 90 ->
// 91 proven optima (242.91 -> 242.81 M); --perfect 100 57 at 1 s and 63 at
// 5 s, as before. That was one turn in otherTurn; a step of the repair
// with pinwheels at every merge costs more, so its share of the time was
// larger. Shares of the work took the zero-waste family at 1 s, seeds 1 to
// 4, from 22, 19, 27, 23 at the optimum to 24, 20, 27, 24 (mean gap 8.0
// -> 7.4 %), with --perfect-sheets 60 (53 and 51 on seeds 1 and 2),
// --perfect 100 (57 and 59) and ortmann2010 (93 proven optima) as they
// were. The work follows from the blocks kept and the nodes, so a seed and
// a node budget still give one layout.
const otherTurn = 8

// turn returns the index of the repair (of one or two) that takes turn it.
func turn(rs []*repair, it int) int {
	if len(rs) == 1 {
		return 0
	}
	a, b := len(rs[0].cur), len(rs[1].cur)
	if a == b {
		return it & 1
	}
	best := 0
	if b < a {
		best = 1
	}
	if rs[1-best].m.total*otherTurn < rs[0].m.total+rs[1].m.total {
		return 1 - best
	}
	return best
}

// newRepair starts a merge repair over the exact's shapes.
func (e *exact) newRepair(targets []mtarget, seed uint64, wheel float64, stop func() bool) *repair {
	left, _, _ := e.pool()
	if e.j.guillotine {
		wheel = 0
	}
	return &repair{m: newMerger(e, targets, left, stop), rng: rand.New(rand.NewPCG(seed, 0x3e9a1)), wheel: wheel}
}

// keep makes the merger's blocks the repair's current ones.
func (r *repair) keep() {
	r.cur = append(r.cur[:0], r.m.alive...)
	r.state = r.m.state
	if r.fewest == 0 || len(r.cur) < r.fewest {
		r.fewest = len(r.cur)
	}
}

// step takes blocks apart, dives, and keeps the result unless it has more
// than repairWorse blocks more than before or repairDrift more than the
// fewest. It reports whether the sheet is whole.
func (r *repair) step() bool {
	m := r.m
	m.dissolve(r.rng)
	if m.dive(r.rng, 0.3, r.wheel) {
		return true
	}
	if n := len(m.alive); n <= len(r.cur)+repairWorse && n <= r.fewest+repairDrift {
		r.keep()
	} else {
		m.alive = append(m.alive[:0], r.cur...)
		m.state = r.state
	}
	if len(m.blocks) > 1<<16 {
		r.cur = m.compact(r.cur)
		m.alive = append(m.alive[:0], r.cur...)
	}
	return false
}

// done reports whether every block is a sheet, within the targets'
// numbers.
func (m *merger) done() bool {
	for _, b := range m.alive {
		if !m.sheetSized(b) {
			return false
		}
	}
	return m.withinLimits()
}

// dive merges blocks until one is the sheet (true) or none merges: with
// probability wheel a pinwheel when there is one, else a pair, the best
// in the merge search's order or, with probability noise each, the next.
//
// Unlike the merge search, it does not stop where lined finds a block that
// cannot lie in the sheet with the others: on one sheet that check took
// 29 % of the perfect family's time (kesim bench --perfect 100), and a dive
// that merges on leaves blocks the repair takes apart anyway. Without it,
// at 5 s, two at a time, seeds 1 to 3 found 68, 64 and 61 one-sheet
// layouts instead of 67, 62 and 61 (the guillotine half 36, 41 and 32
// instead of 35, 39 and 31); at 1 s 63, 60 and 57 instead of 62, 60 and
// 57. Over several sheets lined does not run.
func (m *merger) dive(rng *rand.Rand, noise, wheel float64) bool {
	for {
		if m.done() {
			return true
		}
		m.total += 1 + len(m.alive)*len(m.alive)/512
		if !m.withinLimits() {
			return false
		}
		pairs := m.pairs(m.pairBuf)
		m.pairBuf = pairs
		var wheels []mcand
		if wheel > 0 && (len(pairs) == 0 || rng.Float64() < wheel) {
			wheels = m.pinwheels()
			// A look for pinwheels costs about what a node does.
			m.total += 1 + len(m.alive)*len(m.alive)/512
		}
		var c mcand
		switch {
		case len(wheels) > 0:
			c = wheels[rng.IntN(len(wheels))]
		case len(pairs) > 0:
			k := 0
			for k+1 < len(pairs) && rng.Float64() < noise {
				k++
			}
			var i int32
			m.orderBuf, i = nthPair(pairs, k, m.orderBuf)
			c = pairs[i]
		default:
			return false
		}
		m.merge(c)
	}
}

// keepSheets is how often a dissolve over several sheets leaves the blocks
// that are whole sheets alone. On parts cut from several sheets the repair
// takes apart mostly what is not yet a sheet; a sheet with the wrong parts
// is still taken apart now and then. Against 0 (any merged block), at 1 s
// two at a time: the zero-waste family (kesim bench --zero-waste 40, seeds
// 1 to 4) 71 -> 79 at the optimum, mean gap 10.5 -> 9.5 % (0.5: 76, 0.75:
// 76, 0.95: 77, 1: 64); --perfect-sheets 60 51 -> 52; ortmann2010 92 -> 93
// proven optima, 242.82 -> 242.74 M.
const keepSheets = 0.9

// dissolve takes one to three merged blocks apart, each one to four
// levels down; over several sheets, the whole sheets mostly stay
// (keepSheets).
func (m *merger) dissolve(rng *rand.Rand) {
	for range 1 + rng.IntN(3) {
		keep := m.targets != nil && rng.Float64() < keepSheets
		var merged []int
		for i, b := range m.alive {
			if m.blocks[b].shape < 0 && !(keep && m.sheetSized(b)) {
				merged = append(merged, i)
			}
		}
		if len(merged) == 0 {
			return
		}
		i := merged[rng.IntN(len(merged))]
		b := m.alive[i]
		m.alive = slices.Delete(m.alive, i, i+1)
		m.state -= m.blocks[b].hash()
		m.open(b, 1+rng.IntN(4))
	}
}

// open puts block b's kids, depth levels down, among the alive blocks.
func (m *merger) open(b int32, depth int) {
	blk := &m.blocks[b]
	if depth == 0 || blk.shape >= 0 {
		m.alive = append(m.alive, b)
		m.state += blk.hash()
		return
	}
	for _, k := range m.kidsOf(blk) {
		m.open(k.block, depth-1)
	}
}

// compact drops the blocks no block of keep is made of, and returns keep
// renumbered: every dive adds blocks, and a long repair would otherwise
// keep millions. The blocks kept go back into the arrays they came from,
// which keep their size for the next 65,536 (arrays of their own, grown by
// append, took a tenth of the repair's time over several sheet sizes).
func (m *merger) compact(keep []int32) []int32 {
	var blocks []mblock
	var kids []mkid
	var copyBlock func(b int32) int32
	copyBlock = func(b int32) int32 {
		blk := m.blocks[b]
		ks := slices.Clone(m.kidsOf(&blk))
		for i := range ks {
			ks[i].block = copyBlock(ks[i].block)
		}
		blk.kids = kidSpan{int32(len(kids)), int32(len(ks))}
		kids = append(kids, ks...)
		blocks = append(blocks, blk)
		return int32(len(blocks) - 1)
	}
	out := make([]int32, len(keep))
	for i, b := range keep {
		out[i] = copyBlock(b)
	}
	m.blocks, m.kids = append(m.blocks[:0], blocks...), append(m.kids[:0], kids...)
	return out
}
