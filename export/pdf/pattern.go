package pdf

import (
	"fmt"
	"sort"
	"strings"

	"kesim/export"
	"kesim/nest"
)

// patterns groups the pages of res by their pattern (see
// nest.PatternGroups): group[i] is the group of page i, each listing its
// pages in order. A page of a group of several is drawn once, at its
// first page, titled with the group's sheet numbers and count.
func patterns(res *nest.Result) (group [][]int, repeated bool) {
	all := make([]int, len(res.Pages))
	for i := range all {
		all[i] = i
	}
	group = make([][]int, len(res.Pages))
	for _, g := range nest.PatternGroups(res, all) {
		for _, page := range g {
			group[page] = g
		}
		repeated = repeated || len(g) > 1
	}
	return group, repeated
}

// drawn reports whether page is drawn: it is the first page of its group.
func (d *doc) drawn(page int) bool { return d.group[page][0] == page }

// repeats returns the number of pages cut to page's pattern.
func (d *doc) repeats(page int) int { return len(d.group[page]) }

// patternText returns prefix, page's pattern label and suffix, at most
// width mm wide in the current font. The label names the sheets of page's
// group with their count, such as "Sayfa 3-7 (× 5)" or "Sayfa 2, 5, 9
// (× 3)" (export.PatternLabel); a group of many sheets that are not
// consecutive makes it thousands of characters long. When the whole is
// wider than width, the label keeps the sheet numbers that fit, then "…"
// and always the count, such as "Sayfa 1, 3, 5, … (× 800)", and prefix and
// suffix are printed whole; only when even "Sayfa … (× 800)" leaves no
// room is the whole shortened by fit. The numbers that fit are found by a
// binary search: the cost grows with the label's length, not its square.
func (d *doc) patternText(page int, prefix, suffix string, width float64) string {
	group := d.group[page]
	whole := prefix + export.PatternLabel(group) + suffix
	if d.fits(whole, width) {
		return whole
	}
	items := strings.Split(export.PageList(group), ", ")
	short := func(k int) string {
		list := strings.Join(items[:k], ", ")
		if k > 0 {
			list += ","
		}
		return fmt.Sprintf("%sSayfa %s … (× %d)%s", prefix, list, len(group), suffix)
	}
	// The label with every number does not fit: the most that do.
	k := sort.Search(len(items), func(k int) bool { return !d.fits(short(k+1), width) })
	return d.fit(short(k), width)
}
