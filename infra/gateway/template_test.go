package gateway

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/remat/remat/infra/awsemu"
	"github.com/remat/remat/infra/lambdart"
	"github.com/remat/remat/infra/mailbox"
	"github.com/remat/remat/infra/samtpl"
	"github.com/remat/remat/shared/auth/authtest"
)

// recordingInvoker remembers which function each route key reached and
// whether the invocation succeeded.
type recordingInvoker struct {
	next Invoker
	mu   sync.Mutex
	hits map[string][]hit // by route key
}

type hit struct {
	function string
	err      error
}

func (ri *recordingInvoker) Invoke(ctx context.Context, function string, payload []byte) ([]byte, error) {
	out, err := ri.next.Invoke(ctx, function, payload)
	var ev struct {
		RouteKey string `json:"routeKey"`
	}
	_ = json.Unmarshal(payload, &ev)
	ri.mu.Lock()
	defer ri.mu.Unlock()
	ri.hits[ev.RouteKey] = append(ri.hits[ev.RouteKey], hit{function: function, err: err})
	return out, err
}

var pathParam = regexp.MustCompile(`\{([^}+]+)(\+?)\}`)

// TestTemplateRoutesAreServed builds every function of the real
// template.yaml, serves them behind the gateway as the local cloud does,
// and sends one request per route: each must reach its function, the
// function must answer (its init and handler ran), not the gateway's 404,
// and its own mux must have matched the route with the template's pattern
// (a route the function's mux lacks would reach the function and answer
// the mux's 404 or 405, which a status check alone cannot tell from a
// handler's).
func TestTemplateRoutesAreServed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every function")
	}
	root, err := samtpl.ModuleRoot("")
	if err != nil {
		t.Fatal(err)
	}
	tpl, err := samtpl.Load(filepath.Join(root, samtpl.TemplateFile), samtpl.Options{
		Parameters: map[string]string{"Stage": "local"}, AccountID: "000000000000", Region: "eu-central-2",
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(tpl.Functions) == 0 {
		t.Fatal("the template has no functions")
	}
	bins, err := lambdart.BuildAll(context.Background(), root, tpl.Functions, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}

	// The functions' dependencies: SSM with the secrets, SES into a
	// mailbox; DynamoDB points at a closed port so nothing leaves the
	// machine (no route below needs data).
	prefix := tpl.Functions[0].Env["SSM_PREFIX"]
	if prefix == "" {
		t.Fatal("functions have no SSM_PREFIX")
	}
	originSecret := randomKey()
	ssmURL, closeSSM := awsemu.Serve(awsemu.NewSSM(map[string]string{
		prefix + "/jwt-signing-key": authtest.PrivateKeyPEM(), prefix + "/jwt-public-key": authtest.PublicKeyPEM(),
		prefix + "/cursor-key": randomKey(), prefix + "/origin-secret": originSecret, prefix + "/site-url": "http://127.0.0.1:8080",
	}))
	defer closeSSM()
	sesURL, closeSES := awsemu.Serve(awsemu.NewSES(mailbox.NewMemory(mailbox.WithLogger(testLogger()))))
	defer closeSES()

	logs := &logLines{t: t}
	svc := lambdart.New(lambdart.Options{
		Logger: testLogger(), Output: logs, AccountID: "000000000000", Region: "eu-central-2",
		Env: lambdart.LocalAWSEnv("eu-central-2", lambdart.Endpoints{
			DynamoDB: "http://127.0.0.1:1", S3: "http://127.0.0.1:1", SESv2: sesURL, SSM: ssmURL,
		}),
	})
	defer func() { _ = svc.Close() }()
	for _, fn := range tpl.Functions {
		if err := svc.Add(lambdart.FromTemplate(fn, bins[fn.LogicalID])); err != nil {
			t.Fatal(err)
		}
	}
	headers, err := tpl.SecurityHeaders()
	if err != nil {
		t.Fatal(err)
	}
	rec := &recordingInvoker{next: svc, hits: map[string][]hit{}}
	behaviors, err := BehaviorsFromTemplate(tpl)
	if err != nil {
		t.Fatal(err)
	}
	gw, err := New(Config{Routes: RoutesFromTemplate(tpl), Behaviors: behaviors, Invoker: rec, SecurityHeaders: headers, Logger: testLogger(),
		OriginHeaders: http.Header{"X-Origin-Verify": {originSecret}}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gw)
	defer srv.Close()

	reached := map[string]bool{}
	for _, fn := range tpl.Functions {
		for _, route := range fn.Routes {
			key := route.Method + " " + route.Path
			// The function's access log line names the mux pattern that
			// served the request; the catch-all has no mux.
			want := strings.NewReplacer("{proxy+}", "{proxy...}").Replace(key)
			if route.Path == defaultRoute {
				key, want = defaultRoute, "unmatched"
			}
			t.Run(fn.LogicalID+" "+key, func(t *testing.T) {
				method := route.Method
				if method == "ANY" {
					// Not GET: a GET without an API route is a page (GET /{proxy+}).
					method = http.MethodPost
				}
				path := pathParam.ReplaceAllStringFunc(route.Path, func(m string) string {
					if strings.HasSuffix(m, "+}") {
						return "route-test/a"
					}
					return "route-test"
				})
				if route.Path == defaultRoute {
					path = "/api/v1/route-test/no-such-route"
				}
				var body io.Reader
				if method == http.MethodPost || method == http.MethodPut || method == http.MethodPatch {
					body = strings.NewReader("{}")
				}
				req, err := http.NewRequest(method, srv.URL+path, body)
				if err != nil {
					t.Fatal(err)
				}
				req.Header.Set("Content-Type", "application/json")
				resp, err := noRedirects.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				respBody, _ := io.ReadAll(resp.Body)
				_ = resp.Body.Close()

				rec.mu.Lock()
				hits := rec.hits[key]
				rec.mu.Unlock()
				if len(hits) == 0 {
					t.Fatalf("%s %s never reached a function: got %d %s", method, path, resp.StatusCode, respBody)
				}
				last := hits[len(hits)-1]
				if last.function != fn.LogicalID {
					t.Errorf("reached %s, want %s", last.function, fn.LogicalID)
				}
				if last.err != nil {
					t.Errorf("the function failed: %v", last.err)
				}
				// The function's access log line for this request names the
				// mux pattern that served it.
				id := resp.Header.Get("X-Request-Id")
				if got, ok := logs.route(id); !ok {
					t.Errorf("no access log line of the function for request %s", id)
				} else if got != want {
					t.Errorf("the function's mux matched %q, want the template's %q (status %d %s)", got, want, resp.StatusCode, respBody)
				}
				assertSecurityHeaders(t, headers, resp)
				reached[fn.LogicalID] = true
			})
		}
	}
	for _, fn := range tpl.Functions {
		if len(fn.Routes) > 0 && !reached[fn.LogicalID] {
			t.Errorf("function %s was never reached", fn.LogicalID)
		}
	}
}

// noRedirects answers with the route's own response (the pages' language
// redirects included), not the one a redirect leads to.
var noRedirects = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

func randomKey() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// logLines collects the functions' output (JSON log lines, each prefixed
// with "[Function] ") and passes it on to the test log.
type logLines struct {
	t     *testing.T
	mu    sync.Mutex
	lines []string
}

func (l *logLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for line := range strings.SplitSeq(strings.TrimRight(string(p), "\n"), "\n") {
		l.lines = append(l.lines, line)
		l.t.Log(line)
	}
	return len(p), nil
}

// route returns the route of the function's access log line ("request")
// for request id, waiting a little: output arrives asynchronously.
func (l *logLines) route(id string) (string, bool) {
	for deadline := time.Now().Add(2 * time.Second); ; {
		l.mu.Lock()
		// The last line with the id: a function that runs other handlers
		// in-process (the pages inline API answers) logs theirs first.
		for _, line := range slices.Backward(l.lines) {
			_, js, ok := strings.Cut(line, "] ")
			if !ok {
				continue
			}
			var rec struct {
				Msg       string `json:"msg"`
				Route     string `json:"route"`
				RequestID string `json:"requestId"`
			}
			if json.Unmarshal([]byte(js), &rec) == nil && rec.Msg == "request" && rec.RequestID == id {
				l.mu.Unlock()
				return rec.Route, true
			}
		}
		l.mu.Unlock()
		if time.Now().After(deadline) {
			return "", false
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestBucketForPathPattern(t *testing.T) {
	tpl, err := samtpl.Load("../../template.yaml", samtpl.Options{
		Parameters: map[string]string{"Stage": "local"}, AccountID: "000000000000",
	})
	if err != nil {
		t.Fatal(err)
	}
	images, ok := tpl.Bucket("ImagesBucket")
	if !ok {
		t.Fatal("the template has no ImagesBucket")
	}
	tests := []struct {
		pattern string
		want    string
		wantOK  bool
	}{
		{"/images/*", images.Name, true},
		{"/api/*", "", false},
		{"/nope/*", "", false},
	}
	for _, tt := range tests {
		got, ok := BucketForPathPattern(tpl, tt.pattern)
		if got != tt.want || ok != tt.wantOK {
			t.Errorf("%s: got %q %v, want %q %v", tt.pattern, got, ok, tt.want, tt.wantOK)
		}
	}
}

// TestTemplateCatchAllRoute: on AWS as here, what no route of the template
// serves (an unknown path under /api, or a known path with another method)
// goes to the HTTP API's $default route, whose function answers in the
// API's JSON error envelope, never API Gateway's {"message":"Not Found"}.
func TestTemplateCatchAllRoute(t *testing.T) {
	tpl, err := samtpl.Load("../../template.yaml", samtpl.Options{
		Parameters: map[string]string{"Stage": "local"}, AccountID: "000000000000",
	})
	if err != nil {
		t.Fatal(err)
	}
	var catchAll string
	for _, r := range tpl.Routes() {
		if r.Path == "$default" {
			catchAll = r.FunctionID
		}
	}
	if catchAll == "" {
		t.Fatal("template.yaml has no $default route: unknown paths get API Gateway's own 404")
	}
	inv := &recordingInvoker{next: invokerFunc(func(context.Context, string, []byte) ([]byte, error) {
		return []byte(`{"statusCode":404,"headers":{"Content-Type":"application/json"},"body":"{}"}`), nil
	}), hits: map[string][]hit{}}
	behaviors, err := BehaviorsFromTemplate(tpl)
	if err != nil {
		t.Fatal(err)
	}
	gw, err := New(Config{Routes: RoutesFromTemplate(tpl), Behaviors: behaviors, Invoker: inv, Logger: testLogger()})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ method, path, wantKey, wantFunction string }{
		{"POST", "/api/v1/nope", "$default", catchAll},
		{"PUT", "/api/v1/auth/login", "$default", catchAll},
		{"DELETE", "/api/v1/plans", "$default", catchAll},
		{"PATCH", "/api/v2/settings", "$default", catchAll},
		// GET and HEAD without an API route are the site's pages (the pages
		// function answers an /api/ path there as $default would).
		{"GET", "/api/v1/nope", "GET /{proxy+}", "PagesFunction"},
		{"HEAD", "/api/v2/settings", "HEAD /{proxy+}", "PagesFunction"},
		{"GET", "/fr/product/01J", "GET /{proxy+}", "PagesFunction"},
		{"GET", "/", "GET /", "PagesFunction"},
		{"POST", "/api/v1/auth/login", "POST /api/v1/auth/login", "AuthFunction"},
	} {
		rec := httptest.NewRecorder()
		gw.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
		inv.mu.Lock()
		hits := inv.hits[tt.wantKey]
		inv.mu.Unlock()
		if len(hits) == 0 || hits[len(hits)-1].function != tt.wantFunction {
			t.Errorf("%s %s: got %d %s, want route %s of %s", tt.method, tt.path, rec.Code, rec.Body, tt.wantKey, tt.wantFunction)
		}
	}
}

type invokerFunc func(ctx context.Context, function string, payload []byte) ([]byte, error)

func (f invokerFunc) Invoke(ctx context.Context, function string, payload []byte) ([]byte, error) {
	return f(ctx, function, payload)
}
