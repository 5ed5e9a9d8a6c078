package gateway

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/andybalholm/brotli"
	"github.com/aws/aws-lambda-go/events"

	"github.com/remat/remat/infra/lambdart"
	"github.com/remat/remat/infra/mailbox"
	"github.com/remat/remat/infra/samtpl"
)

// echoBinary is testdata/echofn, compiled once by TestMain.
var echoBinary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "gateway-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	echoBinary = filepath.Join(dir, "echofn", "bootstrap")
	if err := lambdart.BuildPackage(context.Background(), "../..", "./infra/gateway/testdata/echofn", echoBinary); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

func testLogger() *slog.Logger {
	if testing.Verbose() {
		return slog.New(slog.NewTextHandler(os.Stderr, nil))
	}
	return slog.New(slog.DiscardHandler)
}

// securityHeaders are the real template's response headers policy.
func securityHeaders(t *testing.T) http.Header {
	t.Helper()
	tpl, err := samtpl.Load("../../template.yaml", samtpl.Options{Parameters: map[string]string{"Stage": "local"}})
	if err != nil {
		t.Fatal(err)
	}
	h, err := tpl.SecurityHeaders()
	if err != nil {
		t.Fatal(err)
	}
	if h.Get("Content-Security-Policy") == "" {
		t.Fatal("the template's policy has no Content-Security-Policy")
	}
	return h
}

var echoRoutes = []Route{
	{Method: "GET", Path: "/api/v1/echo/{id}", Function: "echo"},
	{Method: "POST", Path: "/api/v1/echo/{id}", Function: "echo"},
	{Method: "GET", Path: "/api/v1/echo/special", Function: "echo"},
	{Method: "ANY", Path: "/api/v1/files/{proxy+}", Function: "echo"},
	{Method: "GET", Path: "/api/v1/files/{proxy+}", Function: "echo"},
	{Method: "GET", Path: "/api/v1/binary", Function: "echo"},
	{Method: "GET", Path: "/api/v1/fail", Function: "echo"},
	{Method: "GET", Path: "/api/v1/plain", Function: "echo"},
	{Method: "GET", Path: "/api/v1/big", Function: "echo"},
	{Method: "GET", Path: "/api/v1/slow", Function: "slow"},
}

type fixture struct {
	srv     *httptest.Server
	web     string
	mailbox *mailbox.Store
	headers http.Header
}

// newFixture serves a gateway over loopback HTTP with the echo function
// behind lambdart, a small SPA build and an in-memory mailbox.
func newFixture(t *testing.T, mod func(*Config)) *fixture {
	t.Helper()
	svc := lambdart.New(lambdart.Options{Logger: testLogger(), Output: io.Discard})
	t.Cleanup(func() { _ = svc.Close() })
	for _, fn := range []lambdart.Function{
		{Name: "echo", Binary: echoBinary, Timeout: 5 * time.Second},
		{Name: "slow", Binary: echoBinary, Timeout: 300 * time.Millisecond},
	} {
		if err := svc.Add(fn); err != nil {
			t.Fatal(err)
		}
	}
	web := t.TempDir()
	writeFile(t, filepath.Join(web, "index.html"), `<!doctype html><title>Remat</title><script type="module" src="/assets/index-abc123.js"></script>`)
	writeFile(t, filepath.Join(web, "assets", "index-abc123.js"), strings.Repeat("console.log('remat');\n", 100))
	writeFile(t, filepath.Join(web, "robots.txt"), "User-agent: *\n")

	f := &fixture{web: web, mailbox: mailbox.NewMemory(mailbox.WithLogger(testLogger())), headers: securityHeaders(t)}
	cfg := Config{
		Routes: echoRoutes, Invoker: svc, WebDir: web, SecurityHeaders: f.headers,
		Mailbox: f.mailbox, Logger: testLogger(), AccountID: "000000000000",
	}
	if mod != nil {
		mod(&cfg)
	}
	gw, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	f.srv = httptest.NewServer(gw)
	t.Cleanup(f.srv.Close)
	return f
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

// do sends a request; the transport never decompresses on its own, so
// tests see Content-Encoding as sent.
func (f *fixture) do(t *testing.T, method, path string, body io.Reader, header http.Header) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(method, f.srv.URL+path, body)
	if err != nil {
		t.Fatal(err)
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, data
}

// echoed decodes the event the echo function received.
func echoed(t *testing.T, resp *http.Response, body []byte) events.APIGatewayV2HTTPRequest {
	t.Helper()
	if resp.StatusCode != http.StatusCreated {
		t.Fatalf("status: got %d, want 201 from the echo function; body %s", resp.StatusCode, body)
	}
	var ev events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(body, &ev); err != nil {
		t.Fatalf("event %s: %v", body, err)
	}
	return ev
}

func TestEventMapping(t *testing.T) {
	f := newFixture(t, nil)
	resp, body := f.do(t, "GET", "/api/v1/echo/caf%C3%A9%20au%20lait?tag=a&tag=b&q=b%C3%A9ton&empty=", nil, http.Header{
		"Cookie":     {"session=abc; theme=dark", "lang=fr"},
		"X-Multi":    {"one", "two"},
		"User-Agent": {"remat-test/1.0"},
	})
	ev := echoed(t, resp, body)

	checks := []struct {
		name      string
		got, want any
	}{
		{"version", ev.Version, "2.0"},
		{"routeKey", ev.RouteKey, "GET /api/v1/echo/{id}"},
		{"requestContext.routeKey", ev.RequestContext.RouteKey, "GET /api/v1/echo/{id}"},
		{"rawPath", ev.RawPath, "/api/v1/echo/caf%C3%A9%20au%20lait"},
		{"rawQueryString", ev.RawQueryString, "tag=a&tag=b&q=b%C3%A9ton&empty="},
		{"query tag", ev.QueryStringParameters["tag"], "a,b"},
		{"query q", ev.QueryStringParameters["q"], "béton"},
		{"path parameter", ev.PathParameters["id"], "café au lait"},
		{"cookies", strings.Join(ev.Cookies, "|"), "session=abc|theme=dark|lang=fr"},
		{"cookie header removed", ev.Headers["cookie"], ""},
		{"multi-value header", ev.Headers["x-multi"], "one,two"},
		{"user-agent header", ev.Headers["user-agent"], "remat-test/1.0"},
		{"x-forwarded-for", ev.Headers["x-forwarded-for"], "127.0.0.1"},
		{"x-forwarded-proto", ev.Headers["x-forwarded-proto"], "http"},
		{"http.method", ev.RequestContext.HTTP.Method, "GET"},
		{"http.path", ev.RequestContext.HTTP.Path, "/api/v1/echo/caf%C3%A9%20au%20lait"},
		{"http.protocol", ev.RequestContext.HTTP.Protocol, "HTTP/1.1"},
		{"http.sourceIp", ev.RequestContext.HTTP.SourceIP, "127.0.0.1"},
		{"http.userAgent", ev.RequestContext.HTTP.UserAgent, "remat-test/1.0"},
		{"stage", ev.RequestContext.Stage, "$default"},
		{"accountId", ev.RequestContext.AccountID, "000000000000"},
		{"apiId", ev.RequestContext.APIID, DefaultAPIID},
		{"domainName", ev.RequestContext.DomainName, strings.TrimPrefix(f.srv.URL, "http://")},
		{"domainPrefix", ev.RequestContext.DomainPrefix, "127"},
		{"requestId", ev.RequestContext.RequestID, resp.Header.Get("Apigw-Requestid")},
		{"X-Request-Id", resp.Header.Get("X-Request-Id"), resp.Header.Get("Apigw-Requestid")},
		{"body", ev.Body, ""},
		{"isBase64Encoded", ev.IsBase64Encoded, false},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	for k := range ev.Headers {
		if k != strings.ToLower(k) {
			t.Errorf("header %q is not lower-case", k)
		}
	}
	if ev.RequestContext.RequestID == "" {
		t.Error("requestContext.requestId is empty")
	}
	if d := time.Since(time.UnixMilli(ev.RequestContext.TimeEpoch)); d < 0 || d > time.Minute {
		t.Errorf("timeEpoch: got %d, want about now", ev.RequestContext.TimeEpoch)
	}
	if _, err := time.Parse("02/Jan/2006:15:04:05 -0700", ev.RequestContext.Time); err != nil {
		t.Errorf("time %q: %v", ev.RequestContext.Time, err)
	}
}

func TestResponseMapping(t *testing.T) {
	f := newFixture(t, nil)
	resp, _ := f.do(t, "GET", "/api/v1/echo/x", nil, nil)

	if got := resp.Header.Values("Set-Cookie"); !slices.Equal(got, []string{"session=abc; Path=/; HttpOnly; Secure; SameSite=Lax", "theme=dark"}) {
		t.Errorf("Set-Cookie: got %q, want both cookies on separate lines", got)
	}
	if got := resp.Header.Values("X-Multi"); !slices.Equal(got, []string{"one", "two"}) {
		t.Errorf("X-Multi: got %q, want [one two]", got)
	}
	if got, want := resp.Header.Get("X-Echo"), "yes"; got != want {
		t.Errorf("X-Echo: got %q, want %q", got, want)
	}
	if got, want := resp.Header.Get("Content-Security-Policy"), f.headers.Get("Content-Security-Policy"); got != want {
		t.Errorf("the function's CSP was not overridden: got %q, want %q", got, want)
	}

	// Binary responses come back byte for byte.
	resp, body := f.do(t, "GET", "/api/v1/binary", nil, nil)
	if !bytes.Equal(body, []byte{0, 1, 2, 0xfe, 0xff}) || resp.Header.Get("Content-Type") != "application/octet-stream" {
		t.Errorf("binary: got %v (%s), want the function's bytes", body, resp.Header.Get("Content-Type"))
	}

	// A response without statusCode is a 200 JSON body.
	resp, body = f.do(t, "GET", "/api/v1/plain", nil, nil)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json" || string(body) != `{"hello":"world"}` {
		t.Errorf("plain: got %d %s %s, want 200 application/json {\"hello\":\"world\"}", resp.StatusCode, resp.Header.Get("Content-Type"), body)
	}

	// Large text is compressed as CloudFront does: brotli when the client
	// accepts it, else gzip.
	resp, body = f.do(t, "GET", "/api/v1/big", nil, http.Header{"Accept-Encoding": {"gzip, br"}})
	if resp.Header.Get("Content-Encoding") != "br" {
		t.Fatalf("Content-Encoding: got %q, want br", resp.Header.Get("Content-Encoding"))
	}
	if got := unbrotli(t, body); got != strings.Repeat("compress me ", 500) {
		t.Errorf("decoded body: got %d bytes, want the function's body", len(got))
	}
	if got, want := resp.Header.Get("ETag"), `W/"v1"`; got != want {
		t.Errorf("ETag of a compressed response: got %q, want %q", got, want)
	}
	resp, body = f.do(t, "GET", "/api/v1/big", nil, http.Header{"Accept-Encoding": {"gzip, br;q=0"}})
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("br refused: Content-Encoding %q, want gzip", resp.Header.Get("Content-Encoding"))
	}
	if got := gunzip(t, body); got != strings.Repeat("compress me ", 500) {
		t.Errorf("gunzipped body: got %d bytes, want the function's body", len(got))
	}
}

func unbrotli(t *testing.T, body []byte) string {
	t.Helper()
	data, err := io.ReadAll(brotli.NewReader(bytes.NewReader(body)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestRequestBodies(t *testing.T) {
	f := newFixture(t, nil)
	binary := []byte{0x89, 'P', 'N', 'G', 0, 0xff, 0xfe}
	tests := []struct {
		name        string
		contentType string
		body        []byte
		wantBase64  bool
	}{
		{"json", "application/json", []byte(`{"name":"Béton"}`), false},
		{"form", "application/x-www-form-urlencoded", []byte("a=1&b=2"), false},
		{"binary type", "image/png", binary, true},
		{"invalid utf-8 as text", "text/plain", []byte{'a', 0xff}, true},
		{"utf-8 but binary type", "application/octet-stream", []byte("hello"), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := f.do(t, "POST", "/api/v1/echo/x", bytes.NewReader(tt.body), http.Header{"Content-Type": {tt.contentType}})
			ev := echoed(t, resp, body)
			if ev.IsBase64Encoded != tt.wantBase64 {
				t.Errorf("isBase64Encoded: got %v, want %v", ev.IsBase64Encoded, tt.wantBase64)
			}
			got := []byte(ev.Body)
			if ev.IsBase64Encoded {
				var err error
				if got, err = base64.StdEncoding.DecodeString(ev.Body); err != nil {
					t.Fatal(err)
				}
			}
			if !bytes.Equal(got, tt.body) {
				t.Errorf("body: got %q, want %q", got, tt.body)
			}
			if ev.RouteKey != "POST /api/v1/echo/{id}" {
				t.Errorf("routeKey: got %q, want POST /api/v1/echo/{id}", ev.RouteKey)
			}
		})
	}
}

func TestRouting(t *testing.T) {
	f := newFixture(t, nil)
	tests := []struct {
		method, path string
		wantRoute    string
		wantParams   map[string]string
	}{
		{"GET", "/api/v1/echo/special", "GET /api/v1/echo/special", nil},
		{"GET", "/api/v1/echo/other", "GET /api/v1/echo/{id}", map[string]string{"id": "other"}},
		{"GET", "/api/v1/files/a/b/c.txt", "GET /api/v1/files/{proxy+}", map[string]string{"proxy": "a/b/c.txt"}},
		{"DELETE", "/api/v1/files/a", "ANY /api/v1/files/{proxy+}", map[string]string{"proxy": "a"}},
	}
	for _, tt := range tests {
		t.Run(tt.method+" "+tt.path, func(t *testing.T) {
			resp, body := f.do(t, tt.method, tt.path, nil, nil)
			ev := echoed(t, resp, body)
			if ev.RouteKey != tt.wantRoute {
				t.Errorf("routeKey: got %q, want %q", ev.RouteKey, tt.wantRoute)
			}
			if len(ev.PathParameters) != len(tt.wantParams) {
				t.Errorf("pathParameters: got %v, want %v", ev.PathParameters, tt.wantParams)
			}
			for k, v := range tt.wantParams {
				if ev.PathParameters[k] != v {
					t.Errorf("pathParameters[%s]: got %q, want %q", k, ev.PathParameters[k], v)
				}
			}
		})
	}
}

func TestAPIGatewayErrors(t *testing.T) {
	f := newFixture(t, nil)
	tests := []struct {
		name       string
		method     string
		path       string
		body       io.Reader
		wantStatus int
		wantBody   string
	}{
		{"unknown route", "GET", "/api/v1/nope", nil, 404, `{"message":"Not Found"}`},
		{"wrong method", "PUT", "/api/v1/echo/x", nil, 404, `{"message":"Not Found"}`},
		{"trailing slash", "GET", "/api/v1/binary/", nil, 404, `{"message":"Not Found"}`},
		{"greedy needs a segment", "GET", "/api/v1/files/", nil, 404, `{"message":"Not Found"}`},
		{"function error", "GET", "/api/v1/fail", nil, 500, `{"message":"Internal Server Error"}`},
		// An HTTP API answers a function's timeout like any other failure.
		{"function timeout", "GET", "/api/v1/slow", nil, 500, `{"message":"Internal Server Error"}`},
		{"body over 10 MB", "POST", "/api/v1/echo/x", bytes.NewReader(make([]byte, MaxBodyBytes+1)), 413, `{"message":"Request Entity Too Large"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := f.do(t, tt.method, tt.path, tt.body, nil)
			if resp.StatusCode != tt.wantStatus || string(body) != tt.wantBody {
				t.Errorf("got %d %s, want %d %s", resp.StatusCode, body, tt.wantStatus, tt.wantBody)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/json" {
				t.Errorf("Content-Type: got %q, want application/json", ct)
			}
			if resp.Header.Get("Apigw-Requestid") == "" {
				t.Error("no apigw-requestid header")
			}
			assertSecurityHeaders(t, f.headers, resp)
		})
	}

	// Exactly 10 MB still reaches the function... and Lambda's 6 MB
	// payload limit answers 413 as well.
	resp, body := f.do(t, "POST", "/api/v1/echo/x", bytes.NewReader(make([]byte, 7<<20)), http.Header{"Content-Type": {"application/octet-stream"}})
	if resp.StatusCode != 413 {
		t.Errorf("7 MB body: got %d %s, want 413 (Lambda's invocation limit)", resp.StatusCode, body)
	}
}

func TestDevMailbox(t *testing.T) {
	f := newFixture(t, nil)
	older := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	for _, m := range []mailbox.Message{
		{From: "no-reply@remat.ch", To: []string{"anna@example.ch"}, Subject: "Confirm your e-mail",
			Text: "Open https://remat.local/fr/verify?token=abc to confirm.", SentAt: older},
		{From: "no-reply@remat.ch", To: []string{"contact@remat.ch"}, ReplyTo: []string{"marco@example.ch"},
			Subject: "Contact <form>", Text: "Hello", HTML: "<p>Hello</p>", SentAt: older.Add(time.Hour)},
	} {
		if _, err := f.mailbox.Add(m); err != nil {
			t.Fatal(err)
		}
	}

	resp, body := f.do(t, "GET", "/_dev/mailbox.json", nil, nil)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("got %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	assertSecurityHeaders(t, f.headers, resp)
	var got struct {
		Messages []map[string]any `json:"messages"`
	}
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	if len(got.Messages) != 2 {
		t.Fatalf("got %d messages, want 2", len(got.Messages))
	}
	newest, oldest := got.Messages[0], got.Messages[1]
	if newest["subject"] != "Contact <form>" || oldest["subject"] != "Confirm your e-mail" {
		t.Errorf("order: got %v then %v, want newest first", newest["subject"], oldest["subject"])
	}
	for _, key := range []string{"id", "from", "to", "replyTo", "subject", "text", "html", "sentAt"} {
		if _, ok := oldest[key]; !ok {
			t.Errorf("message has no %q field: %v", key, oldest)
		}
	}
	if rt, _ := newest["replyTo"].([]any); len(rt) != 1 || rt[0] != "marco@example.ch" {
		t.Errorf("replyTo: got %v, want [marco@example.ch]", newest["replyTo"])
	}
	if rt, _ := oldest["replyTo"].([]any); rt == nil || len(rt) != 0 {
		t.Errorf("replyTo without reply-to: got %v, want []", oldest["replyTo"])
	}

	resp, body = f.do(t, "GET", "/_dev/mailbox", nil, nil)
	page := string(body)
	if resp.StatusCode != 200 || !strings.Contains(page, "Contact &lt;form&gt;") || !strings.Contains(page, "marco@example.ch") {
		t.Errorf("mailbox page: got %d, want both messages escaped:\n%s", resp.StatusCode, page)
	}
	if !strings.Contains(page, `<a href="https://remat.local/fr/verify?token=abc">`) {
		t.Errorf("mailbox page: the verification link is not clickable:\n%s", page)
	}
	if strings.Index(page, "Contact &lt;form&gt;") > strings.Index(page, "Confirm your e-mail") {
		t.Error("mailbox page: want newest first")
	}
	if strings.Contains(page, "<script") || strings.Contains(page, "style=") {
		t.Error("mailbox page has inline script or style")
	}
	assertSecurityHeaders(t, f.headers, resp)
}

func TestNewRejectsBadRoutes(t *testing.T) {
	tests := []struct {
		name   string
		routes []Route
	}{
		{"duplicate", []Route{{"GET", "/a", "f"}, {"get", "/a", "g"}}},
		{"greedy not last", []Route{{"GET", "/a/{p+}/b", "f"}}},
		{"relative path", []Route{{"GET", "a", "f"}}},
		{"no function", []Route{{"GET", "/a", ""}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := New(Config{Routes: tt.routes, Invoker: lambdart.New(lambdart.Options{})}); err == nil {
				t.Error("got nil error")
			}
		})
	}
}

func assertSecurityHeaders(t *testing.T, want http.Header, resp *http.Response) {
	t.Helper()
	for k := range want {
		if got := resp.Header.Get(k); got != want.Get(k) {
			t.Errorf("%s %s: header %s: got %q, want %q", resp.Request.Method, resp.Request.URL.Path, k, got, want.Get(k))
		}
	}
}

func gunzip(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestDevHandlers(t *testing.T) {
	var got string
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Method + " " + r.URL.Path
		w.WriteHeader(http.StatusTeapot)
	})
	gw, err := New(Config{DevHandlers: map[string]http.Handler{"/_dev/extra": h}, Logger: testLogger()})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	gw.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/_dev/extra", nil))
	if rec.Code != http.StatusTeapot || got != "POST /_dev/extra" {
		t.Errorf("POST /_dev/extra: got %d, handler saw %q", rec.Code, got)
	}
	if rec.Header().Get("X-Request-Id") == "" {
		t.Error("dev handler response lacks the gateway's headers")
	}
	rec = httptest.NewRecorder()
	gw.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/_dev/extra/more", nil))
	if rec.Code != http.StatusNotFound {
		t.Errorf("GET /_dev/extra/more: got %d, want 404", rec.Code)
	}
	if _, err := New(Config{DevHandlers: map[string]http.Handler{"/api/v1/x": h}}); err == nil {
		t.Error("a dev handler outside /_dev/ was accepted")
	}
}

// mustGateway builds a second gateway with f's routes (for its API door).
func mustGateway(t *testing.T, f *fixture) *Gateway {
	t.Helper()
	svc := lambdart.New(lambdart.Options{Logger: testLogger(), Output: io.Discard})
	t.Cleanup(func() { _ = svc.Close() })
	if err := svc.Add(lambdart.Function{Name: "echo", Binary: echoBinary, Timeout: 5 * time.Second}); err != nil {
		t.Fatal(err)
	}
	gw, err := New(Config{Routes: echoRoutes, Invoker: svc, WebDir: f.web, Logger: testLogger(),
		SecurityHeaders: http.Header{"Strict-Transport-Security": {"max-age=1"}}, OriginHeaders: http.Header{"X-Origin-Verify": {"edge-secret"}}})
	if err != nil {
		t.Fatal(err)
	}
	return gw
}
