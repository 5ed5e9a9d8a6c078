package bench

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"github.com/remat/remat/infra/gateway"
	"github.com/remat/remat/infra/lambdart"
	"github.com/remat/remat/infra/samtpl"
	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/settings"
)

// fixture is what every benchmark needs, prepared once by TestMain: the
// resolved template, the compiled binaries and the settings function.
var fx struct {
	tpl      *samtpl.Template
	settings samtpl.Function
	bins     map[string]string // by logical id, plus "hello"
}

const settingsPath = "/api/v1/settings"

func TestMain(m *testing.M) {
	flag.Parse()
	if f := flag.Lookup("test.bench"); f == nil || f.Value.String() == "" {
		os.Exit(m.Run()) // `go test ./...` runs no benchmark: build nothing
	}
	os.Exit(func() int {
		dir, err := os.MkdirTemp("", "bench-")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer func() { _ = os.RemoveAll(dir) }()
		if err := setup(dir); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		return m.Run()
	}())
}

func setup(dir string) error {
	// The direct handler logs through slog.Default; the binaries run with
	// LOG_LEVEL=error. Neither logs per request, so the comparison is fair.
	slog.SetDefault(slog.New(slog.DiscardHandler))
	root, err := samtpl.ModuleRoot("")
	if err != nil {
		return err
	}
	fx.tpl, err = samtpl.Load(filepath.Join(root, samtpl.TemplateFile), samtpl.Options{
		Parameters: map[string]string{"Stage": "local"}, AccountID: "000000000000", Region: "eu-central-2",
	})
	if err != nil {
		return err
	}
	for _, r := range fx.tpl.Routes() {
		if r.Method == http.MethodGet && r.Path == settingsPath {
			fx.settings, _ = fx.tpl.Function(r.FunctionID)
		}
	}
	if fx.settings.LogicalID == "" {
		return fmt.Errorf("bench: no function serves GET %s in the template", settingsPath)
	}
	bin, err := lambdart.Build(context.Background(), root, fx.settings, dir)
	if err != nil {
		return err
	}
	hello := filepath.Join(dir, "hello", "bootstrap")
	if err := lambdart.BuildPackage(context.Background(), root, "./infra/bench/testdata/hello", hello); err != nil {
		return err
	}
	fx.bins = map[string]string{fx.settings.LogicalID: bin, "hello": hello}
	return nil
}

func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }

// settingsEnv is the settings function's environment as the local cloud
// sets it: the function reads the site settings item (once per
// settings.CacheTTL when warm), so it gets a fresh table in DynamoDB Local
// and the SDK's local endpoint and static credentials.
func settingsEnv(b *testing.B) map[string]string {
	env := map[string]string{"AWS_REGION": "eu-central-2", "LOG_LEVEL": "error"}
	for k, v := range fx.settings.Env {
		env[k] = v
	}
	_, table := testcloud.DynamoDB(b)
	for k, v := range lambdart.LocalAWSEnv("eu-central-2", lambdart.Endpoints{DynamoDB: testcloud.DynamoDBEndpoint(b)}) {
		env[k] = v
	}
	env["TABLE_NAME"] = table
	env["LOG_LEVEL"] = "error" // keep the request log out of the measurement
	return env
}

// directHandler is the settings handler as its main.go wires it, minus
// the site settings read (the baseline is the handler's own work).
func directHandler(b *testing.B) http.Handler {
	env := settingsEnv(b)
	cfg, err := config.Load(func(k string) (string, bool) { v, ok := env[k]; return v, ok })
	if err != nil {
		b.Fatal(err)
	}
	return settings.NewHandler(settings.FromConfig(cfg))
}

// settingsEvent is the payload format 2.0 event of GET /api/v1/settings.
func settingsEvent() []byte {
	ev := events.APIGatewayV2HTTPRequest{
		Version: "2.0", RouteKey: "GET " + settingsPath, RawPath: settingsPath,
		Headers: map[string]string{"accept": "application/json", "host": "127.0.0.1"},
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			RouteKey: "GET " + settingsPath, Stage: "$default", RequestID: "bench", DomainName: "127.0.0.1",
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "GET", Path: settingsPath, Protocol: "HTTP/1.1", SourceIP: "127.0.0.1"},
		},
	}
	b, _ := json.Marshal(ev)
	return b
}

func newService(b *testing.B, name string, env map[string]string) *lambdart.Service {
	svc := lambdart.New(lambdart.Options{Logger: quiet(), Output: io.Discard})
	if err := svc.Add(lambdart.Function{Name: name, Binary: fx.bins[name], Timeout: 10 * time.Second, Env: env}); err != nil {
		b.Fatal(err)
	}
	return svc
}

func serveDirect(b *testing.B, h http.Handler) {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, settingsPath, nil))
	if rec.Code != http.StatusOK {
		b.Fatalf("direct: got %d, want 200", rec.Code)
	}
}

// BenchmarkGatewayOverhead serves GET /api/v1/settings:
//
//	direct:    the http.Handler with httptest (the baseline)
//	inprocess: through the Lambda JSON boundary in this process
//	           (lambda.NewHandler(httpadapter.NewV2(h)).Invoke)
//	lambdart:  the real binary behind the local Runtime API (no HTTP front)
//	gateway:   loopback HTTP -> gateway -> lambdart -> the real binary
//
// Each reports overhead-µs/op: its time per request minus the direct call's.
func BenchmarkGatewayOverhead(b *testing.B) {
	h := directHandler(b)
	// The baseline for overhead-µs/op, timed by hand: testing.Benchmark
	// cannot run inside a benchmark.
	var n int
	began := time.Now()
	for ; n < 1000 || time.Since(began) < 300*time.Millisecond; n++ {
		serveDirect(b, h)
	}
	directNs := float64(time.Since(began).Nanoseconds()) / float64(n)
	report := func(b *testing.B, start time.Time) {
		perOp := float64(time.Since(start).Nanoseconds()) / float64(b.N)
		b.ReportMetric((perOp-directNs)/1e3, "overhead-µs/op")
	}

	b.Run("direct", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			serveDirect(b, h)
		}
	})

	b.Run("inprocess", func(b *testing.B) {
		lh := lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext)
		payload := settingsEvent()
		ctx := context.Background()
		b.ReportAllocs()
		start := time.Now()
		for b.Loop() {
			if _, err := lh.Invoke(ctx, payload); err != nil {
				b.Fatal(err)
			}
		}
		report(b, start)
	})

	b.Run("lambdart", func(b *testing.B) {
		svc := newService(b, fx.settings.LogicalID, settingsEnv(b))
		defer func() { _ = svc.Close() }()
		payload := settingsEvent()
		ctx := context.Background()
		if _, err := svc.Invoke(ctx, fx.settings.LogicalID, payload); err != nil { // warm up
			b.Fatal(err)
		}
		start := time.Now()
		for b.Loop() {
			if _, err := svc.Invoke(ctx, fx.settings.LogicalID, payload); err != nil {
				b.Fatal(err)
			}
		}
		report(b, start)
	})

	b.Run("gateway", func(b *testing.B) {
		svc := newService(b, fx.settings.LogicalID, settingsEnv(b))
		defer func() { _ = svc.Close() }()
		headers, err := fx.tpl.SecurityHeaders()
		if err != nil {
			b.Fatal(err)
		}
		gw, err := gateway.New(gateway.Config{
			Routes: gateway.RoutesFromTemplate(fx.tpl), Invoker: svc, SecurityHeaders: headers, Logger: quiet(),
		})
		if err != nil {
			b.Fatal(err)
		}
		srv := httptest.NewServer(gw)
		defer srv.Close()
		client := srv.Client()
		get := func() {
			resp, err := client.Get(srv.URL + settingsPath)
			if err != nil {
				b.Fatal(err)
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			_ = resp.Body.Close()
			if resp.StatusCode != http.StatusOK {
				b.Fatalf("gateway: got %d, want 200", resp.StatusCode)
			}
		}
		get() // warm up: the cold start is BenchmarkColdStart's business
		start := time.Now()
		for b.Loop() {
			get()
		}
		report(b, start)
	})
}

// BenchmarkColdStart measures one cold invocation per iteration: a new
// process, its init, its first /next and the first response, over the
// Lambda Runtime API. init-ms is the process start to the first /next.
func BenchmarkColdStart(b *testing.B) {
	cases := []struct {
		name    string
		fn      string
		env     map[string]string
		payload []byte
	}{
		{"settings", fx.settings.LogicalID, settingsEnv(b), settingsEvent()},
		{"hello", "hello", nil, []byte(`{}`)},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			var initTotal time.Duration
			ctx := context.Background()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				svc := newService(b, c.fn, c.env)
				b.StartTimer()
				if _, err := svc.Invoke(ctx, c.fn, c.payload); err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				st, _ := svc.Stats(c.fn)
				initTotal += st.LastInit
				_ = svc.Close()
				b.StartTimer()
			}
			b.ReportMetric(float64(initTotal.Microseconds())/1e3/float64(b.N), "init-ms")
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1e3/float64(b.N), "first-response-ms")
		})
	}
}
