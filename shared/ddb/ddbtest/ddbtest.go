// Package ddbtest gives tests pagination cursors signed with a fixed key.
// Import it only from _test.go files: the key is written below, so it
// protects nothing.
package ddbtest

import (
	"testing"

	"github.com/remat/remat/shared/ddb"
)

// Key is the cursor signing key of the tests.
var Key = []byte("integration-cursor-key-0123456789abc")

// Cursors returns cursors signed with Key.
func Cursors(t testing.TB) *ddb.Cursors {
	t.Helper()
	c, err := ddb.NewCursors(Key)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
