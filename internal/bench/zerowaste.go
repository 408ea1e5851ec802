package bench

import (
	"fmt"
	"io"
	"math/rand/v2"
	"sort"
	"strconv"
	"time"

	"kesim/export"
)

// Zero-waste instances for the variable-sized benchmark (issue 17,
// "Quality"): two to four limited stock types of common panel sizes, every
// sheet of them cut by guillotine cuts into pieces with no waste, and a
// larger unlimited type that costs more per area. Every type costs in
// proportion to its area, the limited ones all at the same, cheapest rate,
// so a plan's cost is at least the cheap rate times the sheet area it uses,
// which is at least the item area: the optimum is the item area at the
// cheap rate, which is the limited sheets' total cost (the cutting plan
// reaches it, and the area bound proves it). A tool that falls back on the
// big sheet, or leaves a limited sheet unused, pays visibly more.
//
// The pieces keep the orientation they were cut in, so the cutting plan is
// a valid layout with or without turns: the optimum holds under --oriented
// too. The instances allow turns (a plain chipboard job).

// zeroWastePanels are the limited types' sizes in cm: common chipboard and
// MDF panels (a few of them also in the perfect family).
var zeroWastePanels = [][2]int{
	{366, 183}, {280, 207}, {280, 210}, {244, 122}, {250, 125}, {305, 152}, {244, 183}, {300, 150},
}

// zeroWasteBig are the unlimited type's sizes in cm: large-format panels,
// each at least 366 x 210, so that every piece fits them.
var zeroWasteBig = [][2]int{{420, 210}, {430, 215}, {440, 220}}

// MaxZeroWaste is the most instances ZeroWaste generates.
const MaxZeroWaste = 10000

// zeroWasteSheet is one limited sheet of a generated instance: the stock
// row it is (an index into the instance's Stock) and the pieces it was cut
// into, in cm from its lower left corner.
type zeroWasteSheet struct {
	stock  int
	pieces []rect
}

// ZeroWaste returns n zero-waste instances for seed, in set "zerowaste":
// instance i (from 0) has 2 + i%3 limited types (group Z2, Z3, Z4), of one
// to three sheets each, every sheet cut into 6 to 30 pieces at least 4 cm
// a side; identical pieces are one part line. BestKnown and LowerBound are
// both the optimum. The same n and seed give the same instances.
func ZeroWaste(n int, seed uint64) []VSInstance {
	n = min(max(n, 0), MaxZeroWaste)
	out := make([]VSInstance, n)
	for i := range out {
		out[i], _ = zeroWasteInstance(seed, i)
	}
	return out
}

// zeroWasteInstance generates instance i for seed and returns its cutting
// plan too (the layout at the optimum).
func zeroWasteInstance(seed uint64, i int) (VSInstance, []zeroWasteSheet) {
	// A stream of its own, so that instance i is the same whatever n, and
	// unlike the perfect family's instance i of the same seed.
	rng := rand.New(rand.NewPCG(seed, uint64(i)|1<<40))
	types := 2 + i%3
	var stock []VSStock
	var sheets []zeroWasteSheet
	var optimum int64
	for k, p := range rng.Perm(len(zeroWastePanels))[:types] {
		w, h := zeroWastePanels[p][0], zeroWastePanels[p][1]
		if rng.IntN(2) == 1 {
			w, h = h, w // a panel listed either way round
		}
		// Cost = area: the cheap rate is one price unit per cm².
		s := VSStock{ID: "b" + strconv.Itoa(k), Width: int64(w), Height: int64(h), Cost: int64(w * h), Quantity: int64(1 + rng.IntN(3))}
		stock = append(stock, s)
		for range s.Quantity {
			sheets = append(sheets, zeroWasteSheet{stock: k, pieces: cutSheet(rng, w, h, 6+rng.IntN(25), false)})
			optimum += s.Cost
		}
	}
	big := zeroWasteBig[rng.IntN(len(zeroWasteBig))]
	// 15 % to 60 % dearer per cm² than the limited types, rounded up so it
	// is never cheaper.
	rate := int64(115 + rng.IntN(46))
	stock = append(stock, VSStock{ID: "b" + strconv.Itoa(types), Width: int64(big[0]), Height: int64(big[1]),
		Cost: (int64(big[0]*big[1])*rate + 99) / 100})

	var pieces []rect
	for _, s := range sheets {
		pieces = append(pieces, s.pieces...)
	}
	rng.Shuffle(len(pieces), func(a, b int) { pieces[a], pieces[b] = pieces[b], pieces[a] })
	line := map[[2]int]int{}
	var parts []VSPart
	for _, p := range pieces {
		k, ok := line[[2]int{p.w, p.h}]
		if !ok {
			k = len(parts)
			line[[2]int{p.w, p.h}] = k
			parts = append(parts, VSPart{ID: "i" + strconv.Itoa(k), Width: int64(p.w), Height: int64(p.h)})
		}
		parts[k].Quantity++
	}
	opt := float64(optimum)
	return VSInstance{
		ID:    fmt.Sprintf("zerowaste/Z%d_n%03d_%04d", types, len(pieces), i+1),
		Stock: stock, Parts: parts, Rotate: true, BestKnown: &opt, LowerBound: &opt,
	}, sheets
}

// zwRow sums the outcomes of one line of ReportZeroWaste.
type zwRow struct {
	name                    string
	n, failed, atOpt, proof int
	gap, worst, util        float64 // gaps in percent; gap and util summed
	worstID                 string
	cpu, max                time.Duration
}

func (r *zwRow) add(o VSOutcome) {
	r.n++
	if o.Unfit != nil || o.Err != nil || o.Instance.BestKnown == nil || *o.Instance.BestKnown <= 0 {
		r.failed++
		return
	}
	gap := 100 * (o.Cost / *o.Instance.BestKnown - 1)
	r.gap += gap
	if r.worstID == "" || gap > r.worst {
		r.worst, r.worstID = gap, o.Instance.ID
	}
	if o.AtBest() {
		r.atOpt++
	}
	if o.Optimal() {
		r.proof++
	}
	r.util += o.Utilisation()
	r.cpu += o.Elapsed
	r.max = max(r.max, o.Elapsed)
}

// ReportZeroWaste prints the zero-waste family's results, per group (Z2,
// Z3, Z4: the limited types) and in total: instances, failures, instances
// at the optimum, instances the engine proved optimal (cost = its cost
// bound), the mean and the worst gap to the optimum (cost / optimum - 1,
// in percent) with the worst instance, mean utilisation and time. Failed
// verifications, instances not run and engine cost bounds above the
// optimum are printed loudly first, as by ReportVS.
func ReportZeroWaste(w io.Writer, outs []VSOutcome, wall time.Duration) VSSummary {
	sum := reportVSProblems(w, outs)
	groups := map[string]*zwRow{}
	total := &zwRow{name: "toplam"}
	for _, o := range outs {
		g := o.Instance.Group()
		if groups[g] == nil {
			groups[g] = &zwRow{name: g}
		}
		groups[g].add(o)
		total.add(o)
	}
	names := make([]string, 0, len(groups))
	for g := range groups {
		names = append(names, g)
	}
	sort.Slice(names, func(i, j int) bool { return naturalLess(names[i], names[j]) })
	fmt.Fprintf(w, "%-7s %5s %5s %9s %7s %9s %9s %9s %10s %10s  %s\n",
		"grup", "örnek", "hata", "optimumda", "kanıtlı", "ort_fark", "en_kötü", "kullanım", "süre", "en_uzun", "en_kötü_örnek")
	line := func(r *zwRow) {
		mean, worst, util := "-", "-", "-"
		if ok := r.n - r.failed; ok > 0 {
			mean = "%" + export.Amount(r.gap/float64(ok), 2)
			worst = "%" + export.Amount(r.worst, 2)
			util = "%" + export.Amount(r.util/float64(ok), 2)
		}
		fmt.Fprintf(w, "%-7s %5d %5d %9d %7d %9s %9s %9s %10s %10s  %s\n", r.name, r.n, r.failed, r.atOpt, r.proof,
			mean, worst, util, r.cpu.Round(time.Millisecond), r.max.Round(time.Millisecond), r.worstID)
	}
	for _, g := range names {
		line(groups[g])
	}
	line(total)
	fmt.Fprintf(w, "duvar saati: %s\n", wall.Round(time.Millisecond))
	if sum.Failed+sum.Unfit+sum.WrongBound > 0 {
		fmt.Fprintf(w, "!!! %d doğrulama hatası, %d çalıştırılmayan örnek, %d yanlış alt sınır\n",
			sum.Failed, sum.Unfit, sum.WrongBound)
	}
	return sum
}
