package lambdart

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/remat/remat/infra/samtpl"
)

// testBinary is testdata/testfn, compiled once by TestMain.
var testBinary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "lambdart-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	testBinary = filepath.Join(dir, "testfn", "bootstrap")
	if err := BuildPackage(context.Background(), "../..", "./infra/lambdart/testdata/testfn", testBinary); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// syncBuffer collects function output from several goroutines.
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

type testReply struct {
	Echo        string            `json:"echo"`
	PID         int               `json:"pid"`
	RequestID   string            `json:"requestId"`
	FunctionARN string            `json:"functionArn"`
	DeadlineMS  int64             `json:"deadlineMs"`
	Env         map[string]string `json:"env"`
}

// newService returns a Service with the test function added as "fn"; mod
// adjusts the function before it is added. Close runs at cleanup.
func newService(t *testing.T, opts Options, mod func(*Function)) (*Service, *syncBuffer) {
	t.Helper()
	out := &syncBuffer{}
	opts.Output = out
	opts.Logger = slog.New(slog.DiscardHandler)
	if testing.Verbose() {
		opts.Logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	s := New(opts)
	fn := Function{Name: "fn", Binary: testBinary, Timeout: 5 * time.Second, MemorySize: 256}
	if mod != nil {
		mod(&fn)
	}
	if err := s.Add(fn); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s, out
}

func invoke(t *testing.T, s *Service, event string) (testReply, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	out, err := s.Invoke(ctx, "fn", []byte(event))
	if err != nil {
		return testReply{}, err
	}
	var r testReply
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatalf("response %s: %v", out, err)
	}
	return r, nil
}

func TestInvokeSuccess(t *testing.T) {
	t.Setenv("AWS_PROFILE", "must-not-leak")
	s, out := newService(t, Options{
		Region: "eu-central-2", AccountID: "000000000000",
		Env: map[string]string{"AWS_ENDPOINT_URL_DYNAMODB": "http://127.0.0.1:1", "SHARED": "from-options", "AWS_ACCESS_KEY_ID": "root-key"},
	}, func(f *Function) {
		f.Env = map[string]string{"TABLE_NAME": "remat-local", "SHARED": "from-function"}
		f.Credentials = aws.Credentials{AccessKeyID: "ASIAFN", SecretAccessKey: "fn-secret", SessionToken: "fn-token"}
	})

	start := time.Now()
	r, err := invoke(t, s, `{"action":"log","message":"hello from the function","env":[
		"AWS_LAMBDA_RUNTIME_API","AWS_LAMBDA_FUNCTION_NAME","AWS_LAMBDA_FUNCTION_MEMORY_SIZE",
		"AWS_LAMBDA_FUNCTION_VERSION","_HANDLER","TABLE_NAME","SHARED","AWS_ENDPOINT_URL_DYNAMODB",
		"AWS_REGION","AWS_PROFILE","AWS_ACCESS_KEY_ID","AWS_SECRET_ACCESS_KEY","AWS_SESSION_TOKEN"]}`)
	if err != nil {
		t.Fatalf("Invoke: %v", err)
	}
	if got, want := r.Echo, "hello from the function"; got != want {
		t.Errorf("echo: got %q, want %q", got, want)
	}
	if !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(r.RequestID) {
		t.Errorf("request id: got %q, want a UUID", r.RequestID)
	}
	if got, want := r.FunctionARN, "arn:aws:lambda:eu-central-2:000000000000:function:fn"; got != want {
		t.Errorf("function ARN: got %q, want %q", got, want)
	}
	deadline := time.UnixMilli(r.DeadlineMS)
	if d := deadline.Sub(start); d < 4*time.Second || d > 6*time.Second {
		t.Errorf("deadline: got start+%v, want about start+5s", d)
	}
	if api := r.Env["AWS_LAMBDA_RUNTIME_API"]; !strings.HasPrefix(api, "127.0.0.1:") {
		t.Errorf("AWS_LAMBDA_RUNTIME_API: got %q, want 127.0.0.1:PORT", api)
	}
	for k, want := range map[string]string{
		"AWS_LAMBDA_FUNCTION_NAME":        "fn",
		"AWS_LAMBDA_FUNCTION_MEMORY_SIZE": "256",
		"AWS_LAMBDA_FUNCTION_VERSION":     "$LATEST",
		"_HANDLER":                        "bootstrap",
		"TABLE_NAME":                      "remat-local",
		"SHARED":                          "from-options",
		"AWS_ENDPOINT_URL_DYNAMODB":       "http://127.0.0.1:1",
		"AWS_REGION":                      "eu-central-2",
		"AWS_PROFILE":                     "",
		"AWS_ACCESS_KEY_ID":               "ASIAFN",
		"AWS_SECRET_ACCESS_KEY":           "fn-secret",
		"AWS_SESSION_TOKEN":               "fn-token",
	} {
		if got := r.Env[k]; got != want {
			t.Errorf("env %s: got %q, want %q", k, got, want)
		}
	}
	// Output is copied from the process's pipe asynchronously.
	want := "[fn] hello from the function\n"
	for deadline := time.Now().Add(5 * time.Second); !strings.Contains(out.String(), want) && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if got := out.String(); !strings.Contains(got, want) {
		t.Errorf("function output: got %q, want it to contain %q", got, want)
	}

	// A second invoke reuses the warm instance.
	r2, err := invoke(t, s, `{"message":"again"}`)
	if err != nil {
		t.Fatalf("second Invoke: %v", err)
	}
	if r2.PID != r.PID {
		t.Errorf("second invoke ran in pid %d, want the warm instance %d", r2.PID, r.PID)
	}
	st, _ := s.Stats("fn")
	if st.ColdStarts != 1 || st.Invocations != 2 || st.Instances != 1 || st.LastInit <= 0 {
		t.Errorf("stats: got %+v, want 1 cold start, 2 invocations, 1 instance, an init time", st)
	}
}

func TestInvokeFunctionErrors(t *testing.T) {
	tests := []struct {
		name     string
		event    string
		wantType string
		wantMsg  string
		// restarts is whether the instance dies, so the next invoke is a
		// cold start.
		restarts bool
	}{
		{"returned error", `{"action":"error","message":"listing not found"}`, "errorString", "listing not found", false},
		{"typed error", `{"action":"typed-error","message":"price"}`, "validationError", "invalid price", false},
		{"panic", `{"action":"panic","message":"boom"}`, "string", "boom", true},
		{"process exits", `{"action":"exit"}`, "Runtime.ExitError", "Runtime exited with error: exit status 4", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := newService(t, Options{}, nil)
			first, err := invoke(t, s, `{}`)
			if err != nil {
				t.Fatal(err)
			}

			_, err = invoke(t, s, tt.event)
			var fe *FunctionError
			if !errors.As(err, &fe) {
				t.Fatalf("got %v, want a *FunctionError", err)
			}
			if fe.Type != tt.wantType || !strings.Contains(fe.Message, tt.wantMsg) {
				t.Errorf("got %s: %q, want %s: %q", fe.Type, fe.Message, tt.wantType, tt.wantMsg)
			}
			if fe.Function != "fn" || fe.RequestID == "" {
				t.Errorf("got function %q request %q, want fn and an id", fe.Function, fe.RequestID)
			}

			// The service recovers: the next invoke succeeds, on a fresh
			// instance after a crash.
			next, err := invoke(t, s, `{}`)
			if err != nil {
				t.Fatalf("invoke after the error: %v", err)
			}
			if restarted := next.PID != first.PID; restarted != tt.restarts {
				t.Errorf("restarted: got %v, want %v", restarted, tt.restarts)
			}
		})
	}
}

func TestInvokeTimeout(t *testing.T) {
	s, _ := newService(t, Options{}, func(f *Function) { f.Timeout = 300 * time.Millisecond })
	first, err := invoke(t, s, `{}`)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = invoke(t, s, `{"action":"sleep","sleepMs":5000}`)
	var te *TimeoutError
	if !errors.As(err, &te) {
		t.Fatalf("got %v, want a *TimeoutError", err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("timeout took %v, want about 300ms", took)
	}
	if te.Timeout != 300*time.Millisecond {
		t.Errorf("got timeout %v, want 300ms", te.Timeout)
	}
	waitGone(t, first.PID)

	next, err := invoke(t, s, `{}`)
	if err != nil {
		t.Fatalf("invoke after the timeout: %v", err)
	}
	if next.PID == first.PID {
		t.Errorf("invoke after the timeout ran in the killed instance %d", first.PID)
	}
}

func TestInitFailure(t *testing.T) {
	tests := []struct {
		name       string
		init       string
		wantType   string
		wantOutput string
	}{
		{"exit at start", "exit", "Runtime.ExitError", "testfn: missing configuration, giving up"},
		{"posts init error", "post", "Runtime.ConfigError", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, _ := newService(t, Options{}, func(f *Function) {
				f.Env = map[string]string{"TESTFN_INIT": tt.init}
			})
			for i := range 2 { // every invoke retries the init, as on AWS
				_, err := invoke(t, s, `{}`)
				var ie *InitError
				if !errors.As(err, &ie) {
					t.Fatalf("invoke %d: got %v, want an *InitError", i, err)
				}
				if ie.Type != tt.wantType {
					t.Errorf("type: got %q, want %q", ie.Type, tt.wantType)
				}
				if tt.wantOutput != "" && !strings.Contains(strings.Join(ie.Output, "\n"), tt.wantOutput) {
					t.Errorf("output: got %q, want it to contain %q", ie.Output, tt.wantOutput)
				}
			}
			st, _ := s.Stats("fn")
			if st.ColdStarts != 2 || st.Instances != 0 {
				t.Errorf("stats: got %+v, want 2 cold starts and no instance left", st)
			}
		})
	}
}

func TestConcurrentInvokes(t *testing.T) {
	const n, maxInstances, sleep = 8, 4, 300 * time.Millisecond
	s, _ := newService(t, Options{MaxInstances: maxInstances}, nil)

	start := time.Now()
	var wg sync.WaitGroup
	pids := make([]int, n)
	errs := make([]error, n)
	for i := range n {
		wg.Go(func() {
			r, err := invoke(t, s, fmt.Sprintf(`{"action":"sleep","sleepMs":%d,"message":"%d"}`, sleep.Milliseconds(), i))
			pids[i], errs[i] = r.PID, err
			if err == nil && r.Echo != strconv.Itoa(i) {
				errs[i] = fmt.Errorf("got echo %q, want %d", r.Echo, i)
			}
		})
	}
	wg.Wait()
	took := time.Since(start)
	distinct := map[int]bool{}
	for i, err := range errs {
		if err != nil {
			t.Errorf("invoke %d: %v", i, err)
		}
		distinct[pids[i]] = true
	}
	if len(distinct) < 2 || len(distinct) > maxInstances {
		t.Errorf("ran on %d instances, want between 2 and %d", len(distinct), maxInstances)
	}
	// Serially this takes n*sleep; on a pool it takes about n/max*sleep
	// plus the cold starts.
	if took >= n*sleep {
		t.Errorf("%d invokes took %v, want well under %v (parallel instances)", n, took, n*sleep)
	}
	st, _ := s.Stats("fn")
	if st.Instances > maxInstances || st.Invocations != n {
		t.Errorf("stats: got %+v, want at most %d instances and %d invocations", st, maxInstances, n)
	}
}

func TestCloseLeavesNoProcess(t *testing.T) {
	s, _ := newService(t, Options{MaxInstances: 3}, nil)
	var wg sync.WaitGroup
	var mu sync.Mutex
	pids := map[int]bool{}
	for range 3 {
		wg.Go(func() {
			r, err := invoke(t, s, `{"action":"sleep","sleepMs":200}`)
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			pids[r.PID] = true
			mu.Unlock()
		})
	}
	// One invocation in flight while Close runs.
	inflight := make(chan error, 1)
	wg.Wait()
	go func() {
		_, err := s.Invoke(context.Background(), "fn", []byte(`{"action":"sleep","sleepMs":10000}`))
		inflight <- err
	}()
	time.Sleep(100 * time.Millisecond)

	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	for pid := range pids {
		if alive(pid) {
			t.Errorf("pid %d still running after Close", pid)
		}
	}
	if kids := childProcesses(t); len(kids) > 0 {
		t.Errorf("child processes after Close: %v", kids)
	}
	if err := <-inflight; !errors.Is(err, ErrClosed) {
		t.Errorf("in-flight invoke: got %v, want ErrClosed", err)
	}
	if _, err := s.Invoke(context.Background(), "fn", []byte(`{}`)); !errors.Is(err, ErrClosed) {
		t.Errorf("invoke after Close: got %v, want ErrClosed", err)
	}
}

func TestInvokeRejects(t *testing.T) {
	s, _ := newService(t, Options{}, nil)
	ctx := context.Background()

	if _, err := s.Invoke(ctx, "nope", []byte(`{}`)); !errors.Is(err, ErrUnknownFunction) {
		t.Errorf("unknown function: got %v, want ErrUnknownFunction", err)
	}
	big := make([]byte, MaxPayloadSize+1)
	var pe *PayloadTooLargeError
	if _, err := s.Invoke(ctx, "fn", big); !errors.As(err, &pe) {
		t.Errorf("large payload: got %v, want *PayloadTooLargeError", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.Invoke(cctx, "fn", []byte(`{}`)); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: got %v, want context.Canceled", err)
	}
	if err := s.Add(Function{Name: "fn", Binary: testBinary}); err == nil {
		t.Error("adding a duplicate name: got nil error")
	}
	if err := s.Add(Function{Name: "missing", Binary: filepath.Join(t.TempDir(), "bootstrap")}); err == nil {
		t.Error("adding a missing binary: got nil error")
	}
}

func TestBuildErrors(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/broken\n\ngo 1.22\n")
	writeFile(t, filepath.Join(dir, "fn", "main.go"), "package main\n\nfunc main() { undefinedCall() }\n")

	tests := []struct {
		name string
		fn   samtpl.Function
		want string
	}{
		{"compile error", samtpl.Function{LogicalID: "Broken", CodeURI: "fn", Runtime: "provided.al2023"}, "undefined: undefinedCall"},
		{"unsupported runtime", samtpl.Function{LogicalID: "Py", CodeURI: "fn", Runtime: "python3.12"}, `runtime "python3.12" is not supported`},
		{"code outside the module", samtpl.Function{LogicalID: "Out", CodeURI: "../elsewhere", Runtime: "provided.al2023"}, "must be a directory inside the module"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Build(context.Background(), dir, tt.fn, filepath.Join(dir, "bin"))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("got %v, want an error containing %q", err, tt.want)
			}
		})
	}

	_, err := BuildAll(context.Background(), dir, []samtpl.Function{
		{LogicalID: "Broken", CodeURI: "fn", Runtime: "provided.al2023"},
	}, filepath.Join(dir, "bin"))
	var be *BuildError
	if !errors.As(err, &be) || be.Function != "Broken" || !strings.Contains(be.Output, "undefinedCall") {
		t.Errorf("BuildAll: got %v, want a *BuildError for Broken with the compiler output", err)
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func alive(pid int) bool {
	return syscall.Kill(pid, 0) == nil
}

func waitGone(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("pid %d still alive", pid)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// childProcesses lists the live child processes of the test binary, from
// /proc (Linux only; elsewhere it reports none).
func childProcesses(t *testing.T) []string {
	t.Helper()
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	me := strconv.Itoa(os.Getpid())
	var kids []string
	for _, e := range entries {
		stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...
		rest := string(stat[bytes.LastIndexByte(stat, ')')+1:])
		fields := strings.Fields(rest)
		if len(fields) > 1 && fields[1] == me && fields[0] != "Z" {
			kids = append(kids, e.Name()+" "+string(stat[:bytes.LastIndexByte(stat, ')')+1]))
		}
	}
	return kids
}
