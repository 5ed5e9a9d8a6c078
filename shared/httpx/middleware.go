package httpx

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/awslabs/aws-lambda-go-api-proxy/core"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/logging"
)

// Middleware wraps an http.Handler.
type Middleware func(http.Handler) http.Handler

// Chain wraps h with mws; the first middleware is the outermost, so
// Chain(h, a, b) serves a(b(h)).
func Chain(h http.Handler, mws ...Middleware) http.Handler {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// NewHandler wraps mux with Remat's standard chain, outermost first:
// RequestID, AccessLog, Defaults, Recover, then JSON 404/405 fallbacks
// around the mux. Every function serves the result.
func NewHandler(mux *http.ServeMux) http.Handler {
	return Chain(WithJSONFallbacks(mux), RequestID, AccessLog, Defaults, Recover)
}

// RequestIDHeader is the response header that echoes the request id, so a
// user's report can be matched with the logs.
const RequestIDHeader = "X-Request-Id"

// RequestID puts a request id into the request context (see
// logging.RequestID) and echoes it in the X-Request-Id response header.
// The id is API Gateway's requestContext.requestId when the request came
// through the Lambda adapter, else the Lambda invocation id, else a random
// one. A client-supplied header is ignored: ids in logs must be trustworthy.
func RequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := requestIDFor(r)
		w.Header().Set(RequestIDHeader, id)
		next.ServeHTTP(w, r.WithContext(logging.WithRequestID(r.Context(), id)))
	})
}

func requestIDFor(r *http.Request) string {
	ctx := r.Context()
	if gw, ok := core.GetAPIGatewayV2ContextFromContext(ctx); ok && gw.RequestID != "" {
		return gw.RequestID
	}
	if lc, ok := lambdacontext.FromContext(ctx); ok && lc.AwsRequestID != "" {
		return lc.AwsRequestID
	}
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails on supported platforms
	return hex.EncodeToString(b[:])
}

// AccessLog logs one line per request after it is served: method, route
// pattern (or "unmatched"), path, status, bytes and duration; the request
// id comes from the context. Place it inside RequestID.
func AccessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rw := wrap(w)
		next.ServeHTTP(rw, r)
		route := r.Pattern
		if route == "" {
			route = "unmatched"
		}
		slog.InfoContext(r.Context(), "request",
			"method", r.Method,
			"route", route,
			"path", r.URL.Path,
			"status", rw.statusOr(http.StatusOK),
			"bytes", rw.bytes,
			"durationMs", float64(time.Since(start).Microseconds())/1000,
		)
	})
}

// Defaults sets the headers every API response needs and guarantees a
// status: X-Content-Type-Options: nosniff always, Cache-Control: no-store
// unless the handler set a Cache-Control itself, and 200 when a handler
// returns without writing anything. net/http would send that 200 on its
// own, but the Lambda adapter fails the invocation instead ("Status code not
// set on response"), so the guard keeps both runtimes alike.
func Defaults(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Content-Type-Options", "nosniff")
		rw := wrap(w)
		rw.beforeHeader = func(h http.Header) {
			if h.Get("Cache-Control") == "" {
				h.Set("Cache-Control", "no-store")
			}
		}
		next.ServeHTTP(rw, r)
		if !rw.wroteHeader {
			rw.WriteHeader(http.StatusOK)
		}
	})
}

// Recover turns a panic into a logged error (with stack) and, when nothing
// was written yet, a generic 500 internal_error response. http.ErrAbortHandler
// is re-raised, as net/http expects.
func Recover(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rw := wrap(w)
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler { //nolint:errorlint // sentinel compared by identity, as net/http does
				panic(v)
			}
			slog.ErrorContext(r.Context(), "panic serving request",
				"method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			if !rw.wroteHeader {
				Error(rw, r, apperr.New(apperr.CodeInternal, fmt.Errorf("httpx: panic: %v", v)))
			}
		}()
		next.ServeHTTP(rw, r)
	})
}

// WithJSONFallbacks serves mux, but answers unmatched requests in the JSON
// error vocabulary: 404 not_found for an unknown path and 405
// method_not_allowed (keeping the mux's Allow header) for a known path with
// another method. The mux's other answers (e.g. its redirect to a cleaned
// path) are passed on unchanged.
func WithJSONFallbacks(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h, pattern := mux.Handler(r)
		if pattern != "" {
			mux.ServeHTTP(w, r)
			return
		}
		// The mux has no route: let its fallback handler answer into a probe
		// to learn what it would say, then say it in JSON.
		probe := &probeWriter{header: http.Header{}}
		h.ServeHTTP(probe, r)
		switch probe.status {
		case http.StatusNotFound:
			Error(w, r, apperr.New(apperr.CodeNotFound, fmt.Errorf("httpx: no route for %s %s", r.Method, r.URL.Path)))
		case http.StatusMethodNotAllowed:
			if allow := probe.header.Get("Allow"); allow != "" {
				w.Header().Set("Allow", allow)
			}
			Error(w, r, apperr.New(apperr.CodeMethodNotAllowed, fmt.Errorf("httpx: method %s not allowed for %s", r.Method, r.URL.Path)))
		default:
			for k, vs := range probe.header {
				w.Header()[k] = vs
			}
			w.WriteHeader(probe.statusOr(http.StatusOK))
			_, _ = w.Write(probe.body)
		}
	})
}

// probeWriter records what a handler would answer.
type probeWriter struct {
	header http.Header
	status int
	body   []byte
}

func (p *probeWriter) Header() http.Header { return p.header }

func (p *probeWriter) WriteHeader(code int) {
	if p.status == 0 {
		p.status = code
	}
}

func (p *probeWriter) Write(b []byte) (int, error) {
	p.WriteHeader(http.StatusOK)
	p.body = append(p.body, b...)
	return len(b), nil
}

func (p *probeWriter) statusOr(def int) int {
	if p.status == 0 {
		return def
	}
	return p.status
}

// responseWriter records the status and size of a response and runs a hook
// just before the header is sent.
type responseWriter struct {
	http.ResponseWriter
	wroteHeader  bool
	status       int
	bytes        int
	beforeHeader func(http.Header)
}

func wrap(w http.ResponseWriter) *responseWriter {
	return &responseWriter{ResponseWriter: w}
}

func (w *responseWriter) WriteHeader(code int) {
	if w.wroteHeader {
		return
	}
	if code >= 100 && code < 200 { // informational: the real header comes later
		w.ResponseWriter.WriteHeader(code)
		return
	}
	w.wroteHeader = true
	w.status = code
	if w.beforeHeader != nil {
		w.beforeHeader(w.Header())
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *responseWriter) Write(b []byte) (int, error) {
	if !w.wroteHeader {
		w.WriteHeader(http.StatusOK)
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err //nolint:wrapcheck // a transparent writer must not change the error
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *responseWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

func (w *responseWriter) statusOr(def int) int {
	if !w.wroteHeader {
		return def
	}
	return w.status
}
