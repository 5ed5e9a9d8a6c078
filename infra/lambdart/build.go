package lambdart

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/remat/remat/infra/samtpl"
)

// BuildParallelism is how many `go build` commands BuildAll runs at once.
const BuildParallelism = 2

// BuildError is a failed `go build`; Output holds the compiler's messages.
type BuildError struct {
	Function string
	Package  string
	Output   string
	Err      error
}

func (e *BuildError) Error() string {
	msg := fmt.Sprintf("build %s (%s): %v", e.Function, e.Package, e.Err)
	if out := strings.TrimSpace(e.Output); out != "" {
		msg += "\n" + out
	}
	return msg
}

func (e *BuildError) Unwrap() error { return e.Err }

// Build compiles the template function fn from its CodeURI package (relative
// to moduleRoot) into outDir/<LogicalID>/bootstrap for the host platform,
// like `sam build` does for provided runtimes but without cross-compiling,
// and returns the binary's path. It fails for runtimes other than
// provided.al2023 and provided.al2 (the only ones a Go binary runs on).
// Compiler failures are *BuildError.
func Build(ctx context.Context, moduleRoot string, fn samtpl.Function, outDir string) (string, error) {
	switch fn.Runtime {
	case "provided.al2023", "provided.al2":
	default:
		return "", fmt.Errorf("lambdart: build %s: runtime %q is not supported (want provided.al2023)", fn.LogicalID, fn.Runtime)
	}
	if fn.CodeURI == "" || !filepath.IsLocal(fn.CodeURI) {
		return "", fmt.Errorf("lambdart: build %s: CodeUri %q must be a directory inside the module", fn.LogicalID, fn.CodeURI)
	}
	out := filepath.Join(outDir, fn.LogicalID, "bootstrap")
	if err := BuildPackage(ctx, moduleRoot, "./"+filepath.ToSlash(fn.CodeURI), out); err != nil {
		var be *BuildError
		if errors.As(err, &be) {
			be.Function = fn.LogicalID
		}
		return "", fmt.Errorf("lambdart: %w", err)
	}
	return out, nil
}

// BuildAll builds every function with Build, BuildParallelism at a time,
// and returns the binaries by logical id. It builds all of them even when
// some fail, and then reports every failure.
func BuildAll(ctx context.Context, moduleRoot string, fns []samtpl.Function, outDir string) (map[string]string, error) {
	var (
		mu   sync.Mutex
		bins = make(map[string]string, len(fns))
		errs []error
		wg   sync.WaitGroup
		sem  = make(chan struct{}, BuildParallelism)
	)
	for _, fn := range fns {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			bin, err := Build(ctx, moduleRoot, fn, outDir)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				errs = append(errs, err)
				return
			}
			bins[fn.LogicalID] = bin
		})
	}
	wg.Wait()
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return bins, nil
}

// BuildPackage runs `go build -trimpath -o out pkg` in moduleRoot for the
// host platform with cgo disabled (as Lambda binaries are built). pkg is a
// package path as the go command takes it, e.g. "./functions/settings".
func BuildPackage(ctx context.Context, moduleRoot, pkg, out string) error {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return fmt.Errorf("build %s: the go command is not on PATH: %w", pkg, err)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o750); err != nil {
		return fmt.Errorf("build %s: %w", pkg, err)
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return fmt.Errorf("build %s: %w", pkg, err)
	}
	// -buildvcs=false: local binaries need no VCS stamp, and stamping fails
	// in a fresh repository without commits. nodynamic, as in the Makefile's
	// LAMBDA_GOFLAGS: the WebP encoder of the images function stays in
	// WebAssembly and the binary static, as deployed.
	cmd := exec.CommandContext(ctx, goBin, "build", "-trimpath", "-buildvcs=false", "-tags=nodynamic", "-o", abs, pkg) //nolint:gosec // G204: building the caller's package is the point
	cmd.Dir = moduleRoot
	cmd.Env = append(hostEnv(), "CGO_ENABLED=0")
	var output bytes.Buffer
	cmd.Stdout = &output
	cmd.Stderr = &output
	cmd.WaitDelay = 5 * time.Second
	if err := cmd.Run(); err != nil {
		return &BuildError{Package: pkg, Output: output.String(), Err: err}
	}
	return nil
}

// hostEnv is the environment without target overrides, so binaries run on
// this machine.
func hostEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "GOOS", "GOARCH", "CGO_ENABLED":
			continue
		}
		env = append(env, kv)
	}
	return env
}

// FromTemplate returns the Function to Add for the template function fn
// compiled to binary.
func FromTemplate(fn samtpl.Function, binary string) Function {
	return Function{
		Name:       fn.LogicalID,
		Binary:     binary,
		Handler:    fn.Handler,
		Timeout:    time.Duration(fn.Timeout) * time.Second,
		MemorySize: fn.MemorySize,
		Env:        fn.Env,
	}
}
