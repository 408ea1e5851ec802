package pdf

import (
	"fmt"
	"strings"

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
	g := d.group[page]
	return fmt.Sprintf("Sayfa %s (× %d)", pageList(g), len(g))
}

// pageList writes the sheet numbers of pages (indexes counted from 0, in
// order) the way people write them: runs of three or more as "3-7", the
// rest separated by commas: "2, 5, 9", "1-3, 8".
func pageList(pages []int) string {
	var b strings.Builder
	for i := 0; i < len(pages); {
		j := i
		for j+1 < len(pages) && pages[j+1] == pages[j]+1 {
			j++
		}
		if i > 0 {
			b.WriteString(", ")
		}
		switch {
		case j-i >= 2:
			fmt.Fprintf(&b, "%d-%d", pages[i]+1, pages[j]+1)
		case j == i+1:
			fmt.Fprintf(&b, "%d, %d", pages[i]+1, pages[j]+1)
		default:
			fmt.Fprintf(&b, "%d", pages[i]+1)
		}
		i = j + 1
	}
	return b.String()
}
