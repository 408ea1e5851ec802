//go:build race

package nest

const raceEnabled = true
