package export

import (
	"fmt"
	"strings"
)

// PatternLabel names the sheets of a group of identical pages (indexes
// counted from 0, in order) with their count, as the PDF and the DXF title
// a pattern drawn once: "Sayfa 3-7 (× 5)", "Sayfa 2, 5, 9 (× 3)".
func PatternLabel(group []int) string {
	return fmt.Sprintf("Sayfa %s (× %d)", PageList(group), len(group))
}

// PageList writes the sheet numbers of pages (indexes counted from 0, in
// order) the way people write them: runs of three or more as "3-7", the
// rest separated by commas: "2, 5, 9", "1-3, 8".
func PageList(pages []int) string {
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
