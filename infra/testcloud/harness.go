package testcloud

import (
	"flag"
	"log/slog"
	"os"
	"sync"
	"testing"
	"time"
)

// Main runs the tests of a test binary that talks to the local cloud (call
// it from TestMain): no SDK client may fall back to the instance metadata
// service, and the default logger stays quiet unless the tests run with
// -v.
func Main(m *testing.M) {
	_ = os.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	flag.Parse()
	if !testing.Verbose() {
		slog.SetDefault(slog.New(slog.DiscardHandler))
	}
	os.Exit(m.Run())
}

// Clock is a test's clock: it stands still until the test moves it, so
// waiting periods, expiries and rate-limit windows pass in an instant.
// Hand its Now to the code under test where that takes a clock. Safe for
// concurrent use.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a clock standing at start.
func NewClock(start time.Time) *Clock { return &Clock{now: start} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock on by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
