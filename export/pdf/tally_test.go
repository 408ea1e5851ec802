package pdf

import "testing"

// The PDF writes counts (pieces, sheets) with thousands dots, as Turkish
// does, and numbers that name a page or a part as plain digits.
func TestTally(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1.000", 1240: "1.240", 20000: "20.000", 1234567: "1.234.567"} {
		if got := tally(n); got != want {
			t.Errorf("tally(%d) = %q, want %q", n, got, want)
		}
	}
	if got := itoa(1240); got != "1240" {
		t.Errorf("itoa(1240) = %q", got)
	}
}
