package dxf

import (
	"fmt"
	"strings"

	"kesim/nest"
)

// drawnGroups returns the groups of the listed pages drawn by a file of
// them: with grouped, the pages of one pattern (see nest.PatternGroups)
// are one group, drawn once at its first page with its count; else every
// page is its own.
func drawnGroups(res *nest.Result, pages []int, grouped bool) [][]int {
	if grouped {
		return nest.PatternGroups(res, pages)
	}
	groups := make([][]int, len(pages))
	for i, page := range pages {
		groups[i] = []int{page}
	}
	return groups
}

// patternLabel names the sheets of a group of several with their count,
// such as "Sayfa 3-7 (× 5)" or "Sayfa 2, 5, 9 (× 3)".
func patternLabel(group []int) string {
	return fmt.Sprintf("Sayfa %s (× %d)", pageList(group), len(group))
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
