package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/remat/remat/infra/lambdart"
	"github.com/remat/remat/infra/samtpl"
)

// binary is the localcloud command, built once by TestMain for the tests
// that run it as a developer would.
var (
	binary     string
	moduleRoot string
)

func TestMain(m *testing.M) {
	root, err := samtpl.ModuleRoot("")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	moduleRoot = root
	dir, err := os.MkdirTemp("", "localcloud-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "localcloud")
	if err := lambdart.BuildPackage(context.Background(), root, "./infra/cmd/localcloud", binary); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

func testLogger(t *testing.T) *slog.Logger {
	if testing.Verbose() {
		return slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	return slog.New(slog.DiscardHandler)
}

// runCLI runs the command in the module root and returns its exit status
// and output.
func runCLI(t *testing.T, env []string, args ...string) (int, string, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Dir = moduleRoot
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, stdout.String(), stderr.String()
	case errors.As(err, &exit):
		return exit.ExitCode(), stdout.String(), stderr.String()
	default:
		t.Fatalf("run localcloud: %v", err)
		return 0, "", ""
	}
}

// brokenModule writes a module whose only function does not compile, with
// a template that needs no DynamoDB table.
func brokenModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":     "module example.com/broken\n\ngo 1.22\n",
		"fn/main.go": "package main\n\nfunc main() { doesNotExist() }\n",
		"template.yaml": `Transform: AWS::Serverless-2016-10-31
Parameters:
  Stage:
    Type: String
    Default: dev
Resources:
  BrokenFunction:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: fn
      Handler: bootstrap
      Runtime: provided.al2023
  Headers:
    Type: AWS::CloudFront::ResponseHeadersPolicy
    Properties:
      ResponseHeadersPolicyConfig:
        Name: h
        SecurityHeadersConfig:
          ContentTypeOptions:
            Override: true
`,
	}
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestConfigErrors(t *testing.T) {
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = busy.Close() }()
	busyPort := strconv.Itoa(busy.Addr().(*net.TCPAddr).Port)

	notADir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notADir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	broken := brokenModule(t)
	emptyPath := t.TempDir() // a PATH without java (nor go)

	tests := []struct {
		name      string
		env       []string
		args      []string
		want      string
		multiline bool // progress logs come first, the compiler's output last
	}{
		{
			name: "port in use",
			args: []string{"-memory", "-addr", "127.0.0.1:" + busyPort},
			want: "localcloud: port " + busyPort + " is in use: stop the other process or pass -addr 127.0.0.1:PORT",
		},
		{
			name: "port in use, from the environment",
			env:  []string{"REMAT_ADDR=127.0.0.1:" + busyPort},
			args: []string{"-memory"},
			want: "localcloud: port " + busyPort + " is in use: stop the other process or pass -addr 127.0.0.1:PORT",
		},
		{
			name: "not loopback",
			args: []string{"-memory", "-addr", "0.0.0.0:0"},
			want: "localcloud: -addr 0.0.0.0:0 is not a loopback address",
		},
		{
			name: "data directory not writable",
			args: []string{"-addr", "127.0.0.1:0", "-data", filepath.Join(notADir, "data")},
			want: "localcloud: data directory " + filepath.Join(notADir, "data") + " is not writable (not a directory): pass -data DIR (or REMAT_DATA_DIR) or fix its permissions",
		},
		{
			name: "template unreadable",
			args: []string{"-memory", "-addr", "127.0.0.1:0", "-template", "no-such-template.yaml"},
			want: "localcloud: cannot read the template no-such-template.yaml: no such file or directory: run from the repository root or pass -template PATH",
		},
		{
			name: "DynamoDB Local missing",
			args: []string{"-memory", "-addr", "127.0.0.1:0", "-dynamodb-local", t.TempDir()},
			want: "is not installed in",
		},
		{
			name: "Java missing",
			env:  []string{"PATH=" + emptyPath},
			args: []string{"-memory", "-addr", "127.0.0.1:0"},
			want: "localcloud: Java 17+ is needed to run DynamoDB Local and was not found",
		},
		{
			name: "unknown flag",
			args: []string{"-bogus"},
			want: "localcloud: flag provided but not defined: -bogus (see -help)",
		},
		{
			name: "bad boolean in the environment",
			env:  []string{"REMAT_MEMORY=maybe"},
			want: `localcloud: REMAT_MEMORY="maybe" is not a boolean`,
		},
		{
			name: "seed data missing",
			args: []string{"-memory", "-addr", "127.0.0.1:0", "-seed", "-localities", "/nonexistent/ch-localities.csv"},
			want: "localcloud: localities CSV not found at /nonexistent/ch-localities.csv: pass -localities PATH or set REMAT_LOCALITIES_CSV",
		},
		{
			name: "template invalid",
			args: []string{"-memory", "-addr", "127.0.0.1:0", "-template", filepath.Join(moduleRoot, "go.mod")},
			want: "localcloud: the template " + filepath.Join(moduleRoot, "go.mod") + " is invalid: samtpl:",
		},
		{
			name:      "compile error",
			args:      []string{"-memory", "-addr", "127.0.0.1:0", "-template", filepath.Join(broken, "template.yaml"), "-dynamodb-endpoint", "http://127.0.0.1:1"},
			want:      "localcloud: building the functions failed:",
			multiline: true,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, tt.env, tt.args...)
			if code != 2 {
				t.Errorf("exit status: got %d, want 2; stderr:\n%s", code, stderr)
			}
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			if !tt.multiline {
				if len(lines) != 1 || !strings.Contains(lines[0], tt.want) {
					t.Errorf("stderr: got %q, want one line containing %q", stderr, tt.want)
				}
			} else if !strings.Contains(stderr, "\n"+tt.want) {
				t.Errorf("stderr: got %q, want a line starting %q", stderr, tt.want)
			}
			if tt.multiline && !strings.Contains(stderr, "undefined: doesNotExist") {
				t.Errorf("the compiler's output is missing:\n%s", stderr)
			}
			if strings.Contains(stderr, "goroutine ") || strings.Contains(stderr, "panic") {
				t.Errorf("stack trace on stderr:\n%s", stderr)
			}
			if stdout != "" {
				t.Errorf("stdout: got %q, want nothing", stdout)
			}
		})
	}
}

// startCloud starts the local cloud of the real template in memory on a
// free port.
func startCloud(t *testing.T, cfg Config) *Cloud {
	t.Helper()
	cfg.Addr = "127.0.0.1:0"
	if cfg.Template == "" {
		cfg.Template = filepath.Join(moduleRoot, "template.yaml")
	}
	cfg.WebDir = filepath.Join(moduleRoot, "frontend", "dist")
	cfg.DynamoDBLocalDir = filepath.Join(moduleRoot, ".tools", "dynamodb-local")
	if cfg.Logger == nil {
		cfg.Logger = testLogger(t)
	}
	cfg.FunctionOutput = io.Discard
	if testing.Verbose() {
		cfg.FunctionOutput = os.Stderr
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	c, err := Start(ctx, cfg)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	return c
}

func get(t *testing.T, url string) (int, []byte) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, body
}

// sendContactMessage posts the contact form, which runs the real
// contact-us binary against DynamoDB Local, SSM and SES.
func sendContactMessage(t *testing.T, c *Cloud, subject string) {
	t.Helper()
	body := fmt.Sprintf(`{"name":"Anna Muster","email":"anna@example.ch","subject":%q,"message":"Bonjour, je cherche des tuiles."}`, subject)
	resp, err := http.Post(c.URL+"/api/v1/contact-us", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	out, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("POST /api/v1/contact-us: got %d %s, want 201", resp.StatusCode, out)
	}
}

func mailSubjects(t *testing.T, c *Cloud) []string {
	t.Helper()
	status, body := get(t, c.URL+"/_dev/mailbox.json")
	if status != 200 {
		t.Fatalf("mailbox.json: got %d", status)
	}
	var mb struct {
		Messages []struct {
			Subject string `json:"subject"`
		} `json:"messages"`
	}
	if err := json.Unmarshal(body, &mb); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range mb.Messages {
		out = append(out, m.Subject)
	}
	return out
}

func TestStartStopInMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("starts DynamoDB Local and builds every function")
	}
	c := startCloud(t, Config{Memory: true})
	stopped := false
	defer func() {
		if !stopped {
			_ = c.Stop()
		}
	}()

	status, body := get(t, c.URL+"/api/v1/settings")
	if status != 200 || !strings.Contains(string(body), `"currency":"CHF"`) {
		t.Errorf("GET /api/v1/settings: got %d %s", status, body)
	}
	sendContactMessage(t, c, "Tuiles")
	if got := mailSubjects(t, c); len(got) != 1 || !strings.Contains(got[0], "Tuiles") {
		t.Errorf("mailbox subjects: got %q, want the contact message", got)
	}
	// What no route serves answers in the API's error envelope (the
	// template's $default route), a wrong method with 405 and Allow.
	if status, body, _ := request(t, http.MethodGet, c.URL+"/api/v1/nope", "", nil); status != 404 || !strings.Contains(string(body), `"code":"not_found"`) {
		t.Errorf("unknown API route: got %d %s, want 404 not_found", status, body)
	}
	status, body, h := request(t, http.MethodPut, c.URL+"/api/v1/auth/login", "{}", http.Header{"Content-Type": {"application/json"}})
	if status != 405 || !strings.Contains(string(body), `"code":"method_not_allowed"`) || h.Get("Allow") != "POST" {
		t.Errorf("PUT /api/v1/auth/login: got %d %s (Allow %q), want 405 method_not_allowed, Allow POST", status, body, h.Get("Allow"))
	}
	if status, _ := get(t, c.URL+"/fr/"); status != 200 && status != 503 {
		t.Errorf("GET /fr/: got %d, want the SPA (200) or the build hint (503)", status)
	}

	kids := childProcesses()
	if len(kids) < 2 { // DynamoDB Local and at least one function
		t.Errorf("child processes while running: got %v, want java and the functions", kids)
	}
	if err := c.Stop(); err != nil {
		t.Errorf("Stop: %v", err)
	}
	stopped = true
	if left := childProcesses(); len(left) > 0 {
		t.Errorf("child processes after Stop: %v", left)
	}
	if _, err := http.Get(c.URL + "/"); err == nil {
		t.Error("the gateway still answers after Stop")
	}
}

func TestRestartReusesData(t *testing.T) {
	if testing.Short() {
		t.Skip("starts DynamoDB Local twice")
	}
	data := t.TempDir()
	csvDir := t.TempDir()
	cantons := filepath.Join(csvDir, "cantons.csv")
	localities := filepath.Join(csvDir, "localities.csv")
	writeTestFile(t, cantons, "code,name_de,name_fr,name_it,name_en,lat,lon\nVD,Waadt,Vaud,Vaud,Vaud,46.6,6.6\n")
	writeTestFile(t, localities, "postal_code,locality,canton,lat,lon\n1003,Lausanne,VD,46.52,6.63\n")
	var logs syncBuffer
	// One locality: the demo, which needs its places, is left out.
	cfg := Config{DataDir: data, Seed: true, NoDemo: true, CantonsCSV: cantons, LocalitiesCSV: localities}
	c := startCloud(t, cfg)
	sendContactMessage(t, c, "Avant")
	if err := c.Stop(); err != nil {
		t.Fatal(err)
	}
	secrets1, err := os.ReadFile(filepath.Join(data, "secrets.json"))
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(data, "secrets.json"))
	if err != nil {
		t.Fatal(err)
	}
	if perm := st.Mode().Perm(); perm != 0o600 {
		t.Errorf("secrets.json mode: got %o, want 600", perm)
	}

	cfg.Logger = slog.New(slog.NewTextHandler(&logs, nil))
	c = startCloud(t, cfg)
	defer func() { _ = c.Stop() }()
	if !strings.Contains(logs.String(), "localities: 1 items, unchanged (skipped)") {
		t.Errorf("the second start re-seeded; log:\n%s", logs.String())
	}
	secrets2, err := os.ReadFile(filepath.Join(data, "secrets.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(secrets1, secrets2) {
		t.Error("secrets.json changed across a restart")
	}
	sendContactMessage(t, c, "Après")
	got := mailSubjects(t, c)
	if len(got) != 2 || !strings.Contains(got[0], "Après") || !strings.Contains(got[1], "Avant") {
		t.Errorf("mailbox after restart: got %q, want both messages, newest first", got)
	}
	for _, sub := range []string{"dynamodb", "s3", "mailbox", "bin"} {
		if _, err := os.Stat(filepath.Join(data, sub)); err != nil {
			t.Errorf("data directory: %v", err)
		}
	}
}

func TestSignalStopsEverything(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the whole cloud")
	}
	ready := filepath.Join(t.TempDir(), "ready")
	cmd := exec.Command(binary, "-memory", "-addr", "127.0.0.1:0", "-ready-file", ready)
	cmd.Dir = moduleRoot
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill() }()

	var url string
	deadline := time.Now().Add(3 * time.Minute)
	for url == "" {
		if time.Now().After(deadline) {
			t.Fatalf("no ready file; stderr:\n%s", stderr.String())
		}
		if b, err := os.ReadFile(ready); err == nil {
			url = strings.TrimSpace(string(b))
		}
		time.Sleep(50 * time.Millisecond)
	}
	if status, _ := get(t, url+"/api/v1/settings"); status != 200 {
		t.Errorf("GET /api/v1/settings: got %d, want 200", status)
	}
	kids := childrenOf(cmd.Process.Pid)
	if len(kids) < 2 {
		t.Errorf("children while running: got %v, want java and a function", kids)
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit after SIGTERM: %v; stderr:\n%s", err, stderr.String())
	}
	for _, pid := range kids {
		if syscall.Kill(pid, 0) == nil {
			t.Errorf("child %d still running after the command exited", pid)
		}
	}
	if _, err := os.Stat(ready); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ready file left behind: %v", err)
	}
	if want := "Remat is running at " + url + "/fr/"; !strings.Contains(stdout.String(), want) {
		t.Errorf("stdout: got %q, want it to contain %q", stdout.String(), want)
	}
}

func writeTestFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// syncBuffer is a log destination shared by goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// childProcesses lists the live children of the test process.
func childProcesses() []int { return childrenOf(os.Getpid()) }

// childrenOf lists the live (not zombie) children of pid, from /proc.
func childrenOf(pid int) []int {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	parent := strconv.Itoa(pid)
	var kids []int
	for _, e := range entries {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...
		fields := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
		if len(fields) > 1 && fields[1] == parent && fields[0] != "Z" {
			kids = append(kids, child)
		}
	}
	return kids
}
