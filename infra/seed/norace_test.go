//go:build !race

package seed

// raceEnabled: the tests run under the race detector.
const raceEnabled = false
