package pdf

import (
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

// patternLabel names the sheets of page's group with their count, such as
// "Sayfa 3-7 (× 5)" or "Sayfa 2, 5, 9 (× 3)".
func (d *doc) patternLabel(page int) string {
	return export.PatternLabel(d.group[page])
}
