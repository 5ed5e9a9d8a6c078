// Package codecheck holds the repository's checks on the Go source itself,
// run by `go test ./infra/...` like any test (so `make test` and CI run
// them): no Go file under shared/, functions/ or infra/ is longer than
// MaxLines (generated code and test fixtures under testdata/ excepted: a
// longer file is a sign of several responsibilities in one, to be split by
// responsibility), and every package has a doc comment that says what it
// owns ("Package x ..." or, for a command, "Command x ...").
package codecheck

// MaxLines is the most lines a hand-written Go source file may have.
const MaxLines = 600

// Roots are the folders, relative to the module root, whose Go files are
// checked.
var Roots = []string{"shared", "functions", "infra"}
