//go:build !race

package nest

// raceEnabled reports whether the race detector is on; the heaviest
// property tests run a smaller share under it.
const raceEnabled = false
