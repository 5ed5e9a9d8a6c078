package testcloud

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/remat/remat/infra/samtpl"
)

// EnvStripeMock names the variable holding a running stripe-mock's HTTP
// URL, shared by all test binaries of a run (the test command starts one).
const EnvStripeMock = "REMAT_TEST_STRIPE_MOCK"

// StripeMockBinary is the stripe-mock binary's name; `make tools` installs
// it into .tools/bin under the module root.
const StripeMockBinary = "stripe-mock"

var (
	stripeOnce sync.Once
	stripeURL  string
	stripeErr  error
)

// StripeMock returns the base URL ("http://127.0.0.1:<port>", no trailing
// slash) of a stripe-mock server for stripe-go's API backend. When
// REMAT_TEST_STRIPE_MOCK is set that server is used; otherwise the first
// call starts stripe-mock (.tools/bin under the module root, then PATH)
// for this test binary, which dies with the binary. A missing binary fails
// the test, never skips it. Skips under -short.
//
// stripe-mock is stateless: it validates requests against Stripe's OpenAPI
// spec and answers with fixtures, so a retrieve does not return what a
// create sent. Tests check the requests they make, not round trips.
func StripeMock(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("testcloud: integration test needs stripe-mock; skipped with -short")
	}
	stripeOnce.Do(func() {
		if u := os.Getenv(EnvStripeMock); u != "" {
			stripeURL = strings.TrimRight(u, "/")
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		stripeURL, stripeErr = startStripeMock(ctx)
	})
	if stripeErr != nil {
		t.Fatalf("testcloud: %v\n(or set %s to a running stripe-mock)", stripeErr, EnvStripeMock)
	}
	return stripeURL
}

// findStripeMock looks in .tools/bin under the module root, then on PATH.
func findStripeMock() (string, error) {
	if root, err := samtpl.ModuleRoot(""); err == nil {
		p := filepath.Join(root, ".tools", "bin", StripeMockBinary)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p, nil
		}
	}
	p, err := exec.LookPath(StripeMockBinary)
	if err != nil {
		return "", errors.New("stripe-mock not found in .tools/bin or on PATH: run `make tools`")
	}
	return p, nil
}

func startStripeMock(ctx context.Context) (string, error) {
	bin, err := findStripeMock()
	if err != nil {
		return "", err
	}
	// Both addresses are set: with -http-addr alone stripe-mock still opens
	// HTTPS on all interfaces at the fixed port 12112.
	httpPort, err := loopbackPort()
	if err != nil {
		return "", err
	}
	httpsPort, err := loopbackPort()
	if err != nil {
		return "", err
	}
	// Not exec.CommandContext: the server must outlive ctx (the start-up
	// deadline); Pdeathsig ends it with the test binary.
	cmd := exec.Command(bin, //nolint:gosec,noctx // G204: running the harness's own tool is the point; its lifetime is the binary's
		"-http-addr", "127.0.0.1:"+strconv.Itoa(httpPort),
		"-https-addr", "127.0.0.1:"+strconv.Itoa(httpsPort))
	cmd.SysProcAttr = sysProcAttr()
	out := &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		return "", fmt.Errorf("start %s: %w", bin, err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()

	url := "http://127.0.0.1:" + strconv.Itoa(httpPort)
	client := &http.Client{Timeout: time.Second}
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return "", fmt.Errorf("stripe-mock exited during start-up:\n%s", out.String())
		case <-ctx.Done():
			_ = cmd.Process.Kill()
			return "", fmt.Errorf("stripe-mock not ready: %w\n%s", ctx.Err(), out.String())
		case <-tick.C:
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url+"/v1/balance", nil)
			req.Header.Set("Authorization", "Bearer sk_test_123")
			if resp, err := client.Do(req); err == nil {
				_ = resp.Body.Close()
				return url, nil
			}
		}
	}
}

// loopbackPort returns a TCP port that was free on 127.0.0.1 a moment ago.
func loopbackPort() (int, error) {
	l, err := (&net.ListenConfig{}).Listen(context.Background(), "tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("free port: %w", err)
	}
	defer func() { _ = l.Close() }()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// lockedBuffer keeps the first 8 KiB of a child's output for error
// messages; the child writes from its own goroutines.
type lockedBuffer struct {
	mu  sync.Mutex
	buf []byte
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if room := 8<<10 - len(b.buf); room > 0 {
		b.buf = append(b.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}
