package httpx

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/awslabs/aws-lambda-go-api-proxy/core"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/logging"
)

// captureLogs routes slog's default logger into a buffer for one test.
func captureLogs(t *testing.T) *bytes.Buffer {
	t.Helper()
	var buf bytes.Buffer
	old := slog.Default()
	slog.SetDefault(logging.New(&buf, slog.LevelDebug))
	t.Cleanup(func() { slog.SetDefault(old) })
	return &buf
}

func readErrorBody(t *testing.T, body []byte) ErrorDetail {
	t.Helper()
	var b ErrorBody
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		t.Fatalf("error body %q: %v", body, err)
	}
	return b.Error
}

func TestJSON(t *testing.T) {
	rec := httptest.NewRecorder()
	JSON(rec, http.StatusCreated, MessageBody{Message: "message_sent"})
	if got, want := rec.Code, http.StatusCreated; got != want {
		t.Errorf("status: got %v, want %v", got, want)
	}
	if got, want := rec.Header().Get("Content-Type"), ContentTypeJSON; got != want {
		t.Errorf("content type: got %v, want %v", got, want)
	}
	if got, want := rec.Body.String(), "{\"message\":\"message_sent\"}\n"; got != want {
		t.Errorf("body: got %q, want %q", got, want)
	}
}

func TestJSONUnencodableIsGeneric500(t *testing.T) {
	captureLogs(t)
	rec := httptest.NewRecorder()
	JSON(rec, http.StatusOK, map[string]any{"f": func() {}})
	if got, want := rec.Code, http.StatusInternalServerError; got != want {
		t.Errorf("status: got %v, want %v", got, want)
	}
	if got := readErrorBody(t, rec.Body.Bytes()).Code; got != apperr.CodeInternal {
		t.Errorf("code: got %v, want %v", got, apperr.CodeInternal)
	}
}

func TestError(t *testing.T) {
	tests := []struct {
		name       string
		err        error
		status     int
		detail     ErrorDetail
		retryAfter string
	}{
		{
			name:   "validation with fields",
			err:    fmt.Errorf("contactus: submit: %w", apperr.Validation(map[string]string{"email": apperr.FieldInvalidEmail})),
			status: 400,
			detail: ErrorDetail{Code: "validation_failed", Message: "validation failed", Fields: map[string]string{"email": "invalid_email"}},
		},
		{
			name:   "internal cause hidden",
			err:    errors.New("dynamodb: secret table arn:aws:... exploded"),
			status: 500,
			detail: ErrorDetail{Code: "internal_error", Message: "internal server error"},
		},
		{
			name:   "5xx custom message hidden",
			err:    &apperr.Error{Code: apperr.CodeInternal, Message: "leaky detail", Fields: map[string]string{"x": "y"}},
			status: 500,
			detail: ErrorDetail{Code: "internal_error", Message: "internal server error"},
		},
		{
			name:       "retry after rounds up",
			err:        apperr.TooManyRequests(1500 * time.Millisecond),
			status:     429,
			detail:     ErrorDetail{Code: "too_many_requests", Message: "too many requests, please try again later"},
			retryAfter: "2",
		},
		{
			name:       "retry after at least one second",
			err:        apperr.TooManyRequests(time.Millisecond),
			status:     429,
			detail:     ErrorDetail{Code: "too_many_requests", Message: "too many requests, please try again later"},
			retryAfter: "1",
		},
		{
			name:   "params interpolated and rendered",
			err:    fmt.Errorf("accounts: login: %w", apperr.WithParams(apperr.CodeAccountStatus, map[string]string{"status": "banned"}, nil)),
			status: 403,
			detail: ErrorDetail{Code: "account_status", Message: "account status is banned, contact support", Params: map[string]string{"status": "banned"}},
		},
		{
			name:   "5xx keeps its code, hides params",
			err:    apperr.WithParams(apperr.CodeVerificationEmailFailed, map[string]string{"x": "y"}, errors.New("ses exploded")),
			status: 502,
			detail: ErrorDetail{Code: "verification_email_failed", Message: "failed to send verification email"},
		},
		{
			name:   "not logged in",
			err:    apperr.ErrUnauthorized,
			status: 401,
			detail: ErrorDetail{Code: "not_logged_in", Message: "not logged in, please log in"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			logs := captureLogs(t)
			rec := httptest.NewRecorder()
			req := httptest.NewRequest(http.MethodGet, "/x", nil)
			req = req.WithContext(logging.WithRequestID(req.Context(), "req-1"))
			Error(rec, req, tt.err)
			if rec.Code != tt.status {
				t.Errorf("status: got %v, want %v", rec.Code, tt.status)
			}
			got := readErrorBody(t, rec.Body.Bytes())
			if got.Code != tt.detail.Code || got.Message != tt.detail.Message || fmt.Sprint(got.Fields) != fmt.Sprint(tt.detail.Fields) ||
				fmt.Sprint(got.Params) != fmt.Sprint(tt.detail.Params) {
				t.Errorf("body: got %+v, want %+v", got, tt.detail)
			}
			if got := rec.Header().Get("Retry-After"); got != tt.retryAfter {
				t.Errorf("Retry-After: got %q, want %q", got, tt.retryAfter)
			}
			if tt.status >= 500 {
				if !strings.Contains(logs.String(), `"requestId":"req-1"`) || !strings.Contains(logs.String(), "exploded") && !strings.Contains(logs.String(), "leaky") {
					t.Errorf("log: got %s, want the cause with the request id", logs.String())
				}
				if strings.Contains(rec.Body.String(), "exploded") || strings.Contains(rec.Body.String(), "leaky") {
					t.Errorf("body: got %s, want no internal detail", rec.Body.String())
				}
			}
		})
	}
}

func TestDecodeJSON(t *testing.T) {
	type payload struct {
		Name string `json:"name"`
	}
	const limit = 64
	tests := []struct {
		name        string
		contentType string
		body        string
		want        apperr.Code // "" = success
	}{
		{"ok", "application/json", `{"name":"a"}`, ""},
		{"ok with charset", "application/json; charset=UTF-8", `{"name":"a"}`, ""},
		{"ok trailing whitespace", "application/json", "{\"name\":\"a\"}\n\t ", ""},
		{"missing content type", "", `{"name":"a"}`, apperr.CodeUnsupportedMediaType},
		{"form", "application/x-www-form-urlencoded", `name=a`, apperr.CodeUnsupportedMediaType},
		{"text plain", "text/plain", `{"name":"a"}`, apperr.CodeUnsupportedMediaType},
		{"other charset", "application/json; charset=latin1", `{"name":"a"}`, apperr.CodeUnsupportedMediaType},
		{"empty body", "application/json", ``, apperr.CodeInvalidJSON},
		{"malformed", "application/json", `{"name":`, apperr.CodeInvalidJSON},
		{"unknown field", "application/json", `{"name":"a","admin":true}`, apperr.CodeInvalidJSON},
		{"wrong type", "application/json", `{"name":1}`, apperr.CodeInvalidJSON},
		{"trailing object", "application/json", `{"name":"a"}{"name":"b"}`, apperr.CodeInvalidJSON},
		{"trailing garbage", "application/json", `{"name":"a"} x`, apperr.CodeInvalidJSON},
		{"too large", "application/json", `{"name":"` + strings.Repeat("a", limit) + `"}`, apperr.CodePayloadTooLarge},
		{"too large in trailing data", "application/json", `{"name":"a"}` + strings.Repeat(" ", limit), apperr.CodePayloadTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(tt.body))
			if tt.contentType != "" {
				req.Header.Set("Content-Type", tt.contentType)
			}
			var p payload
			err := DecodeJSON(httptest.NewRecorder(), req, &p, limit)
			if tt.want == "" {
				if err != nil {
					t.Fatalf("got %v, want nil", err)
				}
				if p.Name != "a" {
					t.Errorf("name: got %q, want %q", p.Name, "a")
				}
				return
			}
			if got := apperr.From(err).Code; got != tt.want {
				t.Errorf("got %v (%v), want %v", got, err, tt.want)
			}
		})
	}
}

func TestDecodeJSONUnknownLengthStream(t *testing.T) {
	// Chunked bodies have ContentLength -1; the limit must still hold.
	req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(`{"name":"`+strings.Repeat("a", 100)+`"}`))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	var p struct{ Name string }
	err := DecodeJSON(httptest.NewRecorder(), req, &p, 16)
	if got := apperr.From(err).Code; got != apperr.CodePayloadTooLarge {
		t.Errorf("got %v, want %v", got, apperr.CodePayloadTooLarge)
	}
}

func serve(h http.Handler, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func testMux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/v1/things", func(w http.ResponseWriter, _ *http.Request) {
		JSON(w, http.StatusCreated, MessageBody{Message: "created"})
	})
	mux.HandleFunc("GET /api/v1/things", func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=60")
		JSON(w, http.StatusOK, MessageBody{Message: "ok"})
	})
	mux.HandleFunc("GET /api/v1/silent", func(http.ResponseWriter, *http.Request) {})
	mux.HandleFunc("GET /api/v1/panic", func(http.ResponseWriter, *http.Request) { panic("secret internals") })
	mux.HandleFunc("GET /api/v1/late-panic", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusAccepted)
		panic("after header")
	})
	return mux
}

func TestNewHandler(t *testing.T) {
	tests := []struct {
		name         string
		method, path string
		status       int
		code         apperr.Code // expected error code, "" for success bodies
		allow        string
		cacheControl string
	}{
		{"matched route", "POST", "/api/v1/things", 201, "", "", "no-store"},
		{"handler cache control kept", "GET", "/api/v1/things", 200, "", "", "public, max-age=60"},
		{"unknown path is JSON 404", "GET", "/api/v1/nope", 404, apperr.CodeNotFound, "", "no-store"},
		{"wrong method is JSON 405", "DELETE", "/api/v1/things", 405, apperr.CodeMethodNotAllowed, "GET, HEAD, POST", "no-store"},
		{"silent handler gets 200", "GET", "/api/v1/silent", 200, "", "", "no-store"},
		{"panic is generic 500", "GET", "/api/v1/panic", 500, apperr.CodeInternal, "", "no-store"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			logs := captureLogs(t)
			rec := serve(NewHandler(testMux()), httptest.NewRequest(tt.method, tt.path, nil))
			if rec.Code != tt.status {
				t.Fatalf("status: got %v, want %v (body %s)", rec.Code, tt.status, rec.Body)
			}
			if tt.code != "" {
				if got := readErrorBody(t, rec.Body.Bytes()).Code; got != tt.code {
					t.Errorf("code: got %v, want %v", got, tt.code)
				}
				if got := rec.Header().Get("Content-Type"); got != ContentTypeJSON {
					t.Errorf("content type: got %v, want %v", got, ContentTypeJSON)
				}
			}
			if got := rec.Header().Get("Allow"); got != tt.allow {
				t.Errorf("Allow: got %q, want %q", got, tt.allow)
			}
			if got := rec.Header().Get("Cache-Control"); got != tt.cacheControl {
				t.Errorf("Cache-Control: got %q, want %q", got, tt.cacheControl)
			}
			if got := rec.Header().Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options: got %q, want nosniff", got)
			}
			if rec.Header().Get(RequestIDHeader) == "" {
				t.Errorf("%s: got empty, want a request id", RequestIDHeader)
			}
			if strings.Contains(rec.Body.String(), "secret internals") {
				t.Errorf("body: got %s, want no panic value", rec.Body)
			}
			if !strings.Contains(logs.String(), `"msg":"request"`) {
				t.Errorf("access log: got %s, want a request line", logs)
			}
		})
	}
}

func TestPanicAfterHeaderKeepsStatusAndLogs(t *testing.T) {
	logs := captureLogs(t)
	rec := serve(NewHandler(testMux()), httptest.NewRequest("GET", "/api/v1/late-panic", nil))
	if got, want := rec.Code, http.StatusAccepted; got != want {
		t.Errorf("status: got %v, want %v", got, want)
	}
	if !strings.Contains(logs.String(), "after header") || !strings.Contains(logs.String(), "stack") {
		t.Errorf("log: got %s, want the panic and its stack", logs)
	}
}

func TestAccessLogFields(t *testing.T) {
	logs := captureLogs(t)
	serve(NewHandler(testMux()), httptest.NewRequest("POST", "/api/v1/things", nil))
	var line map[string]any
	for l := range strings.Lines(logs.String()) {
		if strings.Contains(l, `"msg":"request"`) {
			if err := json.Unmarshal([]byte(l), &line); err != nil {
				t.Fatal(err)
			}
		}
	}
	want := map[string]any{"method": "POST", "route": "POST /api/v1/things", "path": "/api/v1/things", "status": float64(201)}
	for k, v := range want {
		if line[k] != v {
			t.Errorf("%s: got %v, want %v", k, line[k], v)
		}
	}
	for _, k := range []string{"durationMs", "requestId"} {
		if _, ok := line[k]; !ok {
			t.Errorf("%s: got missing, want present in %v", k, line)
		}
	}
}

func TestRequestIDSources(t *testing.T) {
	gwCtx := func(ctx context.Context) context.Context {
		// The adapter's context is only reachable through its own conversion.
		var acc core.RequestAccessorV2
		req, err := acc.EventToRequestWithContext(ctx, events.APIGatewayV2HTTPRequest{
			RawPath:        "/",
			RequestContext: events.APIGatewayV2HTTPRequestContext{RequestID: "gw-123", HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{Method: "GET"}},
		})
		if err != nil {
			t.Fatal(err)
		}
		return req.Context()
	}
	lambdaCtx := func(ctx context.Context) context.Context {
		return lambdacontext.NewContext(ctx, &lambdacontext.LambdaContext{AwsRequestID: "lambda-456"})
	}
	tests := []struct {
		name string
		ctx  func(context.Context) context.Context
		want string // "" = any generated id
	}{
		{"api gateway request id", gwCtx, "gw-123"},
		{"lambda request id", lambdaCtx, "lambda-456"},
		{"generated", func(c context.Context) context.Context { return c }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var seen string
			h := RequestID(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
				seen = logging.RequestID(r.Context())
			}))
			req := httptest.NewRequest("GET", "/", nil)
			req.Header.Set(RequestIDHeader, "client-chosen")
			req = req.WithContext(tt.ctx(req.Context()))
			rec := serve(h, req)
			if tt.want != "" && seen != tt.want {
				t.Errorf("got %v, want %v", seen, tt.want)
			}
			if seen == "" || seen == "client-chosen" {
				t.Errorf("got %q, want a server-side id", seen)
			}
			if got := rec.Header().Get(RequestIDHeader); got != seen {
				t.Errorf("header: got %v, want %v", got, seen)
			}
		})
	}
}

func TestJSONFallbacksPassRedirects(t *testing.T) {
	rec := serve(WithJSONFallbacks(testMux()), httptest.NewRequest("GET", "/api/v1//things", nil))
	if got := rec.Code; got < 300 || got > 399 {
		t.Errorf("status: got %v, want a redirect", got)
	}
	if got, want := rec.Header().Get("Location"), "/api/v1/things"; got != want {
		t.Errorf("Location: got %v, want %v", got, want)
	}
}

func TestClientIP(t *testing.T) {
	tests := []struct {
		name, viewer, remote, want string
	}{
		{"viewer ipv4", "198.51.100.10:46532", "10.0.0.1", "198.51.100.10"},
		{"viewer ipv6 unbracketed", "2001:db8::1:8080", "10.0.0.1", "2001:db8::1"},
		{"viewer ipv6 full", "2001:0db8:85a3:0000:0000:8a2e:0370:7334:46532", "", "2001:db8:85a3::8a2e:370:7334"},
		{"viewer ipv6 bracketed", "[2001:db8::2]:443", "", "2001:db8::2"},
		{"viewer garbage falls back", "not-an-ip:1", "192.0.2.7", "192.0.2.7"},
		{"viewer without port falls back", "198.51.100.10", "192.0.2.7", "192.0.2.7"},
		{"adapter remote addr without port", "", "192.0.2.7", "192.0.2.7"},
		{"remote addr with port", "", "192.0.2.7:5555", "192.0.2.7"},
		{"remote ipv6 with port", "", "[2001:db8::9]:5555", "2001:db8::9"},
		{"ipv4-mapped ipv6", "", "::ffff:192.0.2.8", "192.0.2.8"},
		{"nothing usable", "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", "/", nil)
			req.RemoteAddr = tt.remote
			if tt.viewer != "" {
				req.Header.Set(ViewerAddressHeader, tt.viewer)
			}
			if got := ClientIP(req); got != tt.want {
				t.Errorf("got %v, want %v", got, tt.want)
			}
		})
	}
}
