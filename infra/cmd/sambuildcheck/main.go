// Command sambuildcheck runs after `sam build` (make sam-build does both) and
// fails unless the build output is complete and current: every
// AWS::Serverless::Function of the template has an executable
// <build-dir>/<LogicalId>/bootstrap that is a static ELF for the function's
// architecture and is byte for byte what a fresh `go build` of the function's
// package gives now. The last test catches a stale build, e.g. one from SAM's
// cache, which only watches a function's CodeUri and so misses changes under
// shared/. It prints, per function, the size of the zip `sam deploy` uploads
// and of the binary.
//
//	go run ./infra/cmd/sambuildcheck -goflags "$(LAMBDA_GOFLAGS)"
//
// It prints one line per problem on stderr and exits 1 when there is any, 2
// when it cannot run at all.
//
// Why a fresh build must equal SAM's: aws-lambda-builders' go1.x method runs
// `go build -o <build-dir>/<LogicalId>/bootstrap <abs CodeUri>` with the
// CodeUri folder as working directory and the caller's environment plus
// GOOS=linux and GOARCH=<arch>; it adds -trimpath only for the
// Metadata.BuildProperties.TrimGoPath option and -gcflags only for debug
// builds, neither of which the template uses. Everything else comes from
// GOFLAGS and CGO_ENABLED, so this command builds with the same -goflags.
// With -trimpath neither the working directory, the absolute package path
// nor the output path reaches the binary: a build from the module root is
// identical. VCS stamping is the exception: by default (-buildvcs=auto) Go
// records vcs.revision, vcs.time and vcs.modified, which change with any
// commit and with any edit anywhere in the work tree, so two builds of the
// same code differ. The Makefile therefore builds with -buildvcs=false, here
// as there; nothing reads the stamp (debug.ReadBuildInfo is unused). It has
// to be in the GOFLAGS the Makefile sets: GOFLAGS in the environment replaces
// a go env file's, so a -buildvcs=false there does not reach SAM's build.
package main

import (
	"archive/zip"
	"bytes"
	"cmp"
	"context"
	"debug/buildinfo"
	"debug/elf"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"os/signal"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/remat/remat/infra/samtpl"
)

// DefaultGoFlags is the GOFLAGS of the deployed binaries; keep it equal to
// LAMBDA_GOFLAGS in the Makefile (which passes it with -goflags).
const DefaultGoFlags = "-trimpath -ldflags=-s -tags=lambda.norpc,nodynamic -buildvcs=false"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// report is what the check found for one template function.
type report struct {
	id       string // logical id, the folder under the build dir
	pkg      string // Go package, relative to the template's folder: ./functions/x
	goarch   string
	binary   string // <build-dir>/<id>/bootstrap
	built    bool   // the binary exists and passed the ELF checks
	zipSize  int64
	binSize  int64
	problems []string
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fset := flag.NewFlagSet("sambuildcheck", flag.ContinueOnError)
	fset.SetOutput(stderr)
	templatePath := fset.String("template", "", "the SAM template (default: template.yaml at the module root)")
	buildDir := fset.String("build-dir", "", "sam build's output (default: .aws-sam/build beside the template)")
	goflags := fset.String("goflags", DefaultGoFlags, "GOFLAGS the functions were built with (CGO_ENABLED=0 is implied)")
	if err := fset.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	fail := func(err error) int {
		_, _ = fmt.Fprintln(stderr, "sambuildcheck:", err)
		return 2
	}
	if *templatePath == "" {
		root, err := samtpl.ModuleRoot("")
		if err != nil {
			return fail(fmt.Errorf("%w; pass -template", err))
		}
		*templatePath = filepath.Join(root, samtpl.TemplateFile)
	}
	moduleDir := filepath.Dir(*templatePath)
	if *buildDir == "" {
		*buildDir = filepath.Join(moduleDir, ".aws-sam", "build")
	}
	// The functions and their architectures do not depend on the stage.
	tpl, err := samtpl.Load(*templatePath, samtpl.Options{Parameters: map[string]string{"Stage": "dev"}})
	if err != nil {
		return fail(err)
	}
	if len(tpl.Functions) == 0 {
		return fail(fmt.Errorf("%s has no AWS::Serverless::Function", *templatePath))
	}
	tmp, err := os.MkdirTemp("", "sambuildcheck-")
	if err != nil {
		return fail(err)
	}
	defer func() { _ = os.RemoveAll(tmp) }()

	// Zipping is the slow part of inspect: one function per CPU.
	reports := make([]*report, len(tpl.Functions))
	var wg sync.WaitGroup
	slots := make(chan struct{}, runtime.NumCPU())
	for i, fn := range tpl.Functions {
		wg.Go(func() {
			slots <- struct{}{}
			defer func() { <-slots }()
			reports[i] = inspect(fn, *buildDir)
		})
	}
	wg.Wait()
	if err := compareFresh(ctx, reports, moduleDir, tmp, *goflags); err != nil {
		return fail(err)
	}

	printTable(stdout, reports)
	failed := false
	for _, r := range reports {
		for _, p := range r.problems {
			_, _ = fmt.Fprintf(stderr, "sambuildcheck: %s: %s\n", r.id, p)
			failed = true
		}
	}
	if failed {
		return 1
	}
	_, _ = fmt.Fprintf(stdout, "%d functions built, static, current (each identical to a fresh go build)\n", len(reports))
	return 0
}

// inspect checks a function's build folder without building anything.
func inspect(fn samtpl.Function, buildDir string) *report {
	r := &report{id: fn.LogicalID, binary: filepath.Join(buildDir, fn.LogicalID, "bootstrap")}
	problem := func(format string, a ...any) *report {
		r.problems = append(r.problems, fmt.Sprintf(format, a...))
		return r
	}
	goarch, machine, err := architecture(fn.Architectures)
	if err != nil {
		return problem("%v", err)
	}
	r.goarch = goarch
	pkg, err := goPackage(fn.CodeURI)
	if err != nil {
		return problem("%v", err)
	}
	r.pkg = pkg

	info, err := os.Stat(r.binary)
	if err != nil {
		return problem("not built: %s does not exist", r.binary)
	}
	r.binSize = info.Size()
	if r.zipSize, err = zipSize(filepath.Dir(r.binary)); err != nil {
		problem("%v", err)
	}
	if info.Mode()&0o111 == 0 {
		return problem("%s is not executable (mode %v)", r.binary, info.Mode().Perm())
	}
	if p := checkELF(r.binary, machine); p != "" {
		return problem("%s", p)
	}
	r.built = true
	return r
}

// architecture maps a function's Architectures to GOARCH and ELF machine;
// SAM's default is x86_64.
func architecture(archs []string) (string, elf.Machine, error) {
	arch := "x86_64"
	switch len(archs) {
	case 0:
	case 1:
		arch = archs[0]
	default:
		return "", 0, fmt.Errorf("architectures %v: Lambda takes exactly one", archs)
	}
	switch arch {
	case "arm64":
		return "arm64", elf.EM_AARCH64, nil
	case "x86_64":
		return "amd64", elf.EM_X86_64, nil
	default:
		return "", 0, fmt.Errorf("architecture %q: want arm64 or x86_64", arch)
	}
}

// goPackage turns a CodeUri (a folder relative to the template) into the
// package pattern go build takes from the template's folder.
func goPackage(codeURI string) (string, error) {
	if codeURI == "" || filepath.IsAbs(codeURI) || strings.Contains(codeURI, "://") {
		return "", fmt.Errorf("CodeUri %q: want a folder relative to the template", codeURI)
	}
	p := path.Clean(filepath.ToSlash(codeURI))
	if p == ".." || strings.HasPrefix(p, "../") {
		return "", fmt.Errorf("CodeUri %q: want a folder inside the module", codeURI)
	}
	return "./" + p, nil
}

// checkELF returns what is wrong with the binary at path as a Lambda
// bootstrap for machine, or "" when nothing is.
func checkELF(path string, machine elf.Machine) string {
	f, err := elf.Open(path)
	if err != nil {
		return fmt.Sprintf("%s is not an ELF executable: %v", path, err)
	}
	defer func() { _ = f.Close() }()
	if f.Machine != machine {
		return fmt.Sprintf("%s is built for %v, the template wants %v", path, f.Machine, machine)
	}
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			return fmt.Sprintf("%s is dynamically linked (it has an interpreter); build with CGO_ENABLED=0", path)
		}
	}
	return ""
}

// compareFresh builds the package of every function that passed inspect
// into tmp with goflags and records a problem for each whose bootstrap is not
// the same bytes. It fails only when go cannot be started at all.
func compareFresh(ctx context.Context, reports []*report, moduleDir, tmp, goflags string) error {
	// One go build per architecture rather than per function: go loads the
	// packages once and links in parallel. Binaries take their folder's
	// name, so packages with the same folder name go to separate builds.
	type batch struct {
		goarch string
		dir    string
		pkgs   []string
		output string // go's output when the build failed
	}
	var batches []*batch
	batchOf := map[string]*batch{} // by goarch + " " + pkg
	for _, r := range reports {
		k := r.goarch + " " + r.pkg
		if !r.built || batchOf[k] != nil {
			continue
		}
		var b *batch
		for _, c := range batches {
			if c.goarch == r.goarch && !slices.ContainsFunc(c.pkgs, func(p string) bool { return path.Base(p) == path.Base(r.pkg) }) {
				b = c
				break
			}
		}
		if b == nil {
			b = &batch{goarch: r.goarch, dir: filepath.Join(tmp, fmt.Sprintf("%d-%s", len(batches), r.goarch))}
			batches = append(batches, b)
		}
		b.pkgs = append(b.pkgs, r.pkg)
		batchOf[k] = b
	}
	for _, b := range batches {
		out, err := goBuild(ctx, moduleDir, b.goarch, goflags, b.dir+string(filepath.Separator), b.pkgs...)
		var exitErr *exec.ExitError
		if errors.As(err, &exitErr) {
			b.output = oneLine(string(out))
		} else if err != nil {
			return err
		}
	}
	for _, r := range reports {
		if !r.built {
			continue
		}
		b := batchOf[r.goarch+" "+r.pkg]
		fresh := filepath.Join(b.dir, path.Base(r.pkg))
		if _, err := os.Stat(fresh); err != nil {
			r.problems = append(r.problems, fmt.Sprintf("a fresh build of %s fails: %s", r.pkg, cmp.Or(b.output, "go build wrote no "+fresh)))
			continue
		}
		if p := compareBinaries(r.binary, fresh, r.pkg); p != "" {
			r.problems = append(r.problems, p)
		}
	}
	return nil
}

// goBuild builds pkgs for linux/goarch into out (a file, or with a trailing
// separator a folder) the way SAM's go1.x build method does, with exactly
// goflags (they replace the environment's GOFLAGS and a go env file's) and
// without cgo. It returns go's output.
func goBuild(ctx context.Context, moduleDir, goarch, goflags, out string, pkgs ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "go", append([]string{"build", "-o", out}, pkgs...)...) //nolint:gosec // G204: go with our own flags
	cmd.Dir = moduleDir
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH="+goarch, "CGO_ENABLED=0", "GOFLAGS="+goflags)
	b, err := cmd.CombinedOutput()
	if err != nil {
		return b, fmt.Errorf("go build %s: %w", strings.Join(pkgs, " "), err)
	}
	return b, nil
}

// compareBinaries returns "" when built and fresh are the same bytes, else
// why they differ: other build settings (flags, Go version, symbol table)
// when those differ, otherwise a stale build.
func compareBinaries(built, fresh, pkg string) string {
	a, err := os.ReadFile(built) //nolint:gosec // G304: the build folder is the caller's choice
	if err != nil {
		return err.Error()
	}
	b, err := os.ReadFile(fresh) //nolint:gosec // G304: our own temporary file
	if err != nil {
		return err.Error()
	}
	if bytes.Equal(a, b) {
		return ""
	}
	if diff := settingsDiff(a, b); diff != "" {
		return fmt.Sprintf("%s was built differently from a fresh build of %s (%s)", built, pkg, diff)
	}
	return fmt.Sprintf("stale: %s differs from a fresh build of %s", built, pkg)
}

// settingsDiff compares what the Go toolchain records about a build (Go
// version, build settings; -ldflags is not recorded under -trimpath, so
// the symbol table stands in for -s) and describes the differences.
func settingsDiff(built, fresh []byte) string {
	bi, err1 := buildinfo.Read(bytes.NewReader(built))
	fi, err2 := buildinfo.Read(bytes.NewReader(fresh))
	if err1 != nil || err2 != nil {
		return ""
	}
	var diffs []string
	if bi.GoVersion != fi.GoVersion {
		diffs = append(diffs, fmt.Sprintf("built with %s, the fresh build with %s", bi.GoVersion, fi.GoVersion))
	}
	settings := func(info *buildinfo.BuildInfo) []string {
		var s []string
		for _, kv := range info.Settings {
			s = append(s, kv.Key+"="+kv.Value)
		}
		return s
	}
	have, want := settings(bi), settings(fi)
	for _, s := range have {
		if !slices.Contains(want, s) {
			diffs = append(diffs, "has "+s)
		}
	}
	for _, s := range want {
		if !slices.Contains(have, s) {
			diffs = append(diffs, "lacks "+s)
		}
	}
	if bsym, fsym := hasSymtab(built), hasSymtab(fresh); bsym != fsym {
		if bsym {
			diffs = append(diffs, "has a symbol table (not built with -ldflags=-s)")
		} else {
			diffs = append(diffs, "has no symbol table")
		}
	}
	return strings.Join(diffs, ", ")
}

func hasSymtab(b []byte) bool {
	f, err := elf.NewFile(bytes.NewReader(b))
	if err != nil {
		return false
	}
	return f.Section(".symtab") != nil
}

// zipSize returns the size of the archive `sam deploy` uploads for a built
// function folder: every file under it, deflated, with its Unix mode.
func zipSize(dir string) (int64, error) {
	var n countingWriter
	if err := writeZip(&n, dir); err != nil {
		return 0, err
	}
	return int64(n), nil
}

// writeZip zips dir the way SAM's make_zip does (samcli/lib/package/utils.py):
// regular files only, paths relative to dir, ZIP_DEFLATED at the default
// level, Unix mode in the external attributes, no timestamps. Go's
// compress/flate compresses these binaries about 3% less than Python's zlib
// (even at level 9), so the sizes are a slight overestimate of SAM's.
func writeZip(w io.Writer, dir string) error {
	zw := zip.NewWriter(w)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		info, err := os.Stat(p) // follows symlinks, as SAM does
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		h := &zip.FileHeader{Name: filepath.ToSlash(rel), Method: zip.Deflate}
		h.SetMode(info.Mode())
		zf, err := zw.CreateHeader(h)
		if err != nil {
			return err
		}
		f, err := os.Open(p) //nolint:gosec // G304: a file of the build folder being zipped
		if err != nil {
			return err
		}
		defer func() { _ = f.Close() }()
		_, err = io.Copy(zf, f)
		return err
	})
	if err != nil {
		return fmt.Errorf("zip %s: %w", dir, err)
	}
	return zw.Close()
}

type countingWriter int64

func (c *countingWriter) Write(p []byte) (int, error) {
	*c += countingWriter(len(p))
	return len(p), nil
}

func printTable(w io.Writer, reports []*report) {
	width := len("function")
	for _, r := range reports {
		width = max(width, len(r.id))
	}
	row := func(name, zip, bin string) { _, _ = fmt.Fprintf(w, "%-*s  %10s  %10s\n", width, name, zip, bin) }
	row("function", "zip", "binary")
	var zipTotal, binTotal int64
	for _, r := range reports {
		if r.binSize == 0 {
			row(r.id, "-", "-")
			continue
		}
		zipTotal += r.zipSize
		binTotal += r.binSize
		row(r.id, mib(r.zipSize), mib(r.binSize))
	}
	row(fmt.Sprintf("total (%d)", len(reports)), mib(zipTotal), mib(binTotal))
}

func mib(n int64) string { return fmt.Sprintf("%.2f MiB", float64(n)/(1<<20)) }

// oneLine keeps a problem on one line: go's output lines joined with "; ".
func oneLine(s string) string {
	var lines []string
	for l := range strings.Lines(s) {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	return strings.Join(lines, "; ")
}
