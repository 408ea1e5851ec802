package quote

import "testing"

// The quote PDF writes counts with thousands dots, as Turkish does.
func TestTally(t *testing.T) {
	for n, want := range map[int]string{0: "0", 1: "1", 12: "12", 999: "999", 1000: "1.000", 1240: "1.240",
		20000: "20.000", 100000: "100.000", 1234567: "1.234.567"} {
		if got := tally(n); got != want {
			t.Errorf("tally(%d) = %q, want %q", n, got, want)
		}
	}
}
