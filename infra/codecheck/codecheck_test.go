package codecheck

import (
	"bytes"
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// moduleRoot is the folder holding go.mod, above the test's working
// directory.
func moduleRoot(t *testing.T) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the working directory")
		}
		dir = parent
	}
}

// goFile is a Go source file of the checked roots.
type goFile struct {
	rel       string // slash path from the module root
	lines     int
	generated bool
	test      bool
	pkg       string
	doc       string // the package clause's doc comment
}

// goFiles reads every Go file under Roots, skipping testdata folders (test
// fixtures) and folders the go tool ignores (names starting with . or _).
func goFiles(t *testing.T) []goFile {
	t.Helper()
	root := moduleRoot(t)
	var out []goFile
	fset := token.NewFileSet()
	for _, r := range Roots {
		err := filepath.WalkDir(filepath.Join(root, r), func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			name := d.Name()
			if d.IsDir() {
				if name == "testdata" || name == "node_modules" || (path != filepath.Join(root, r) && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_"))) {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(name, ".go") {
				return nil
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			f, err := parser.ParseFile(fset, path, src, parser.PackageClauseOnly|parser.ParseComments)
			if err != nil {
				return err
			}
			rel, err := filepath.Rel(root, path)
			if err != nil {
				return err
			}
			out = append(out, goFile{
				rel: filepath.ToSlash(rel), lines: bytes.Count(src, []byte("\n")), generated: ast.IsGenerated(f),
				test: strings.HasSuffix(name, "_test.go"), pkg: f.Name.Name, doc: f.Doc.Text(),
			})
			return nil
		})
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
	if len(out) == 0 {
		t.Fatal("no Go files found under", Roots)
	}
	return out
}

// TestFileSizes: no hand-written Go file is longer than MaxLines. A file
// that grows past it holds more than one responsibility: split it by
// responsibility (see shared/catalog and shared/search for the pattern),
// do not raise the limit.
func TestFileSizes(t *testing.T) {
	var generated []string
	for _, f := range goFiles(t) {
		switch {
		case f.generated:
			generated = append(generated, f.rel)
		case f.lines > MaxLines:
			t.Errorf("%s: %d lines, want at most %d: split it by responsibility", f.rel, f.lines, MaxLines)
		}
	}
	t.Logf("generated, not checked: %s; test fixtures under testdata/ are not read", strings.Join(generated, ", "))
}

// TestPackageDocs: every package (a folder with Go files besides tests)
// has a doc comment saying what it owns, in the form go doc and revive
// expect: "Package <name> ..." or, for a main package, "Command <folder>
// ...".
func TestPackageDocs(t *testing.T) {
	type pkg struct {
		name string
		docs []string
	}
	pkgs := map[string]*pkg{}
	for _, f := range goFiles(t) {
		if f.test {
			continue
		}
		dir := filepath.ToSlash(filepath.Dir(f.rel))
		p := pkgs[dir]
		if p == nil {
			p = &pkg{name: f.pkg}
			pkgs[dir] = p
		}
		if f.doc != "" {
			p.docs = append(p.docs, f.rel)
		}
		if f.doc == "" {
			continue
		}
		want := "Package " + f.pkg + " "
		if f.pkg == "main" {
			want = "Command " + filepath.Base(dir) + " "
		}
		if !strings.HasPrefix(f.doc, want) {
			t.Errorf("%s: package doc starts %q, want %q", f.rel, firstWords(f.doc), want+"...")
		}
	}
	dirs := make([]string, 0, len(pkgs))
	for d := range pkgs {
		dirs = append(dirs, d)
	}
	slices.Sort(dirs)
	for _, d := range dirs {
		switch p := pkgs[d]; len(p.docs) {
		case 0:
			t.Errorf("%s: package %s has no doc comment: say what it owns (in doc.go or its main file)", d, p.name)
		case 1:
		default:
			t.Errorf("%s: package doc comments in %s, want one", d, strings.Join(p.docs, " and "))
		}
	}
}

func firstWords(s string) string {
	w := strings.Fields(s)
	return strings.Join(w[:min(len(w), 3)], " ")
}
