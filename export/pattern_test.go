package export

import "testing"

func TestPageList(t *testing.T) {
	for _, c := range []struct {
		pages []int
		want  string
	}{
		{[]int{2, 3, 4, 5, 6}, "3-7"},
		{[]int{1, 4, 8}, "2, 5, 9"},
		{[]int{0, 1}, "1, 2"},
		{[]int{0, 1, 2, 7, 9, 10}, "1-3, 8, 10, 11"},
		{[]int{4}, "5"},
	} {
		if got := PageList(c.pages); got != c.want {
			t.Errorf("PageList(%v) = %q, want %q", c.pages, got, c.want)
		}
	}
}
