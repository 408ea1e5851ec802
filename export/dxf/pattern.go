package dxf

import (
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
