// Package gateway is the local stand-in for CloudFront and the HTTP API:
// one http.Handler that serves, on one port, what the distribution in
// template.yaml serves on AWS. Like CloudFront, it first normalises the
// path (percent-encoded dots decoded, "." and ".." segments removed; see
// normalizePath), then picks what serves it:
//
//   - /api/* goes through the HTTP API: the route is selected like API
//     Gateway does, the request becomes a payload format 2.0 event, the
//     function runs through an Invoker (lambdart, i.e. the real binary
//     behind the Lambda Runtime API) and its response is mapped back.
//     API Gateway's own answers are reproduced: 404 {"message":"Not Found"}
//     for unmatched routes (when no $default route catches them), 413 above 10 MB, 500 when the function fails
//     or times out, an apigw-requestid header.
//   - /images/* is proxied to the images bucket (the S3 emulator), like the
//     distribution's images origin: signed as CloudFront with origin access
//     control, so the bucket policy decides what it may read.
//   - Everything else is the SPA build (frontend/dist) with the CloudFront
//     function's fallback: a path whose last segment has no "." is
//     index.html, a missing file with an extension is 404.
//   - /_dev/ holds local-only pages (the dev mailbox and its e-mail
//     previews, Config.DevHandlers); they exist nowhere on AWS.
//
// Requests to /api/* through this handler come "through CloudFront": they
// carry the distribution's origin custom headers (Config.OriginHeaders,
// such as the origin secret the functions check) and CloudFront-Viewer-
// Address, both overwriting whatever the client sent. API returns the
// other door, the HTTP API's own execute-api endpoint: the same routes
// without those headers, so the functions refuse what skips CloudFront,
// as they do on AWS. Both enforce the HTTP API's default route throttling
// (DefaultRouteSettings): 429 {"message":"Too Many Requests"} beyond it.
//
// The template's response headers policy (Content-Security-Policy, HSTS,
// ...) is applied to every response and overrides the origin's headers,
// as in CloudFront; responses are compressed when the client accepts it
// (brotli first, else gzip), as with Compress: true.
package gateway

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"

	"github.com/remat/remat/infra/lambdart"
	"github.com/remat/remat/infra/mailbox"
)

// Limits and identifiers of the emulated HTTP API.
const (
	// MaxBodyBytes is the HTTP API's request payload limit.
	MaxBodyBytes = 10 << 20
	// IntegrationTimeout is the HTTP API's maximum integration timeout.
	IntegrationTimeout = 30 * time.Second
	// DefaultAPIID is requestContext.apiId when Config leaves it empty
	// (API ids are 10 lower-case letters or digits).
	DefaultAPIID = "rematlocal"
	// DefaultAccountID is requestContext.accountId when Config leaves it
	// empty.
	DefaultAccountID = "000000000000"
)

// Invoker runs one synchronous invocation of a function; *lambdart.Service
// implements it. Errors should wrap lambdart's typed errors so the gateway
// can answer like API Gateway (timeout 503, payload too large 413, any
// other failure 500).
type Invoker interface {
	Invoke(ctx context.Context, function string, payload []byte) ([]byte, error)
}

var _ Invoker = (*lambdart.Service)(nil)

// Mailbox lists the messages of the dev mailbox, newest first;
// *mailbox.Store implements it.
type Mailbox interface {
	List() []mailbox.Message
}

var _ Mailbox = (*mailbox.Store)(nil)

// Config configures a Gateway.
type Config struct {
	// Routes are the HTTP API routes (see RoutesFromTemplate).
	Routes []Route
	// Invoker runs the functions the routes name.
	Invoker Invoker
	// WebDir is the SPA build (frontend/dist). When it has no index.html
	// the site answers with a page saying how to build it.
	WebDir string
	// SecurityHeaders are set on every response (Template.SecurityHeaders).
	SecurityHeaders http.Header
	// ImagesOrigin is the images bucket's URL on the S3 emulator (endpoint
	// plus "/bucket", path-style); /images/KEY is fetched from
	// ImagesOrigin/images/KEY. Empty: /images/* is 404.
	ImagesOrigin string
	// ImagesCredentials sign the fetches from ImagesOrigin (SigV4, as
	// CloudFront's origin access control signs them); empty sends them
	// unsigned.
	ImagesCredentials aws.Credentials
	// ImagesRegion is the region the fetches are signed for.
	ImagesRegion string
	// Mailbox backs /_dev/mailbox; nil shows an empty mailbox.
	Mailbox Mailbox
	// Scheduler backs POST /_dev/schedule/<FunctionLogicalId>, which runs
	// a scheduled function now; nil answers 404.
	Scheduler Scheduler
	// DevHandlers are further local-only endpoints, by exact path under
	// /_dev/ (the local cloud's dev sign-in provider queue, for example).
	DevHandlers map[string]http.Handler
	// Logger receives the access log (default slog.Default()).
	Logger *slog.Logger
	// OriginHeaders are the custom headers the distribution adds to every
	// request it forwards to the API origin (OriginCustomHeaders, with
	// their dynamic references resolved), such as the origin secret.
	OriginHeaders http.Header
	// ThrottleRate and ThrottleBurst are the HTTP API's default route
	// throttling (requests per second, bucket size); zero is unlimited.
	ThrottleRate  float64
	ThrottleBurst int
	// AccountID and APIID fill requestContext (defaults DefaultAccountID
	// and DefaultAPIID).
	AccountID string
	APIID     string
	// MaxBodyBytes overrides the request payload limit (default
	// MaxBodyBytes).
	MaxBodyBytes int64
	// Behaviors are the distribution's cache behaviours
	// (BehaviorsFromTemplate): the first whose pattern matches picks the
	// origin. Empty: /api/* is the API, /images/* the images, everything
	// else the web build with the SPA fallback (a path whose last segment
	// has no "." is index.html).
	Behaviors []Behavior
}

// Scheduler runs a function's Schedule event on demand (the local cloud's
// scheduler). Trigger waits for the invocation and returns its error;
// ErrNoSchedule when the function has no Schedule event.
type Scheduler interface {
	Trigger(ctx context.Context, function string) error
}

// ErrNoSchedule is returned by a Scheduler for a function without a
// Schedule event.
var ErrNoSchedule = errors.New("gateway: no schedule for this function")

// Gateway is the http.Handler described in the package comment.
type Gateway struct {
	cfg      Config
	router   *router
	security map[string]bool // canonical names of cfg.SecurityHeaders
	images   http.Handler
	static   *staticSite
	log      *slog.Logger
	throttle *tokenBucket
}

// New validates cfg and returns a Gateway.
func New(cfg Config) (*Gateway, error) {
	if cfg.Invoker == nil && len(cfg.Routes) > 0 {
		return nil, errors.New("gateway: routes without an Invoker")
	}
	rt, err := newRouter(cfg.Routes)
	if err != nil {
		return nil, fmt.Errorf("gateway: %w", err)
	}
	cfg.AccountID = cmp.Or(cfg.AccountID, DefaultAccountID)
	cfg.APIID = cmp.Or(cfg.APIID, DefaultAPIID)
	cfg.MaxBodyBytes = cmp.Or(cfg.MaxBodyBytes, MaxBodyBytes)
	cfg.SecurityHeaders = cfg.SecurityHeaders.Clone()
	for path := range cfg.DevHandlers {
		if !strings.HasPrefix(path, "/_dev/") {
			return nil, fmt.Errorf("gateway: dev handler path %q: want a path under /_dev/", path)
		}
	}
	cfg.DevHandlers = maps.Clone(cfg.DevHandlers)
	g := &Gateway{
		cfg:      cfg,
		router:   rt,
		security: map[string]bool{},
		static:   &staticSite{dir: cfg.WebDir},
		log:      cmp.Or(cfg.Logger, slog.Default()),
		throttle: newTokenBucket(cfg.ThrottleRate, cfg.ThrottleBurst),
	}
	cfg.OriginHeaders = cfg.OriginHeaders.Clone()
	for k := range cfg.SecurityHeaders {
		g.security[http.CanonicalHeaderKey(k)] = true
	}
	if cfg.ImagesOrigin != "" {
		origin, err := url.Parse(cfg.ImagesOrigin)
		if err != nil || origin.Scheme == "" || origin.Host == "" {
			return nil, fmt.Errorf("gateway: images origin %q: want an absolute URL", cfg.ImagesOrigin)
		}
		g.images = newImagesProxy(origin, cfg.ImagesCredentials, cmp.Or(cfg.ImagesRegion, "eu-central-2"))
	}
	return g, nil
}

// ServeHTTP routes the request as described in the package comment and
// writes one access-log line.
func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	rec := &recorder{ResponseWriter: w, status: http.StatusOK}
	info := &requestInfo{id: newRequestID()}
	h := w.Header()
	for k, vs := range g.cfg.SecurityHeaders {
		h[k] = append([]string(nil), vs...)
	}
	h.Set("X-Request-Id", info.id)

	r = normalizePath(r)
	path := r.URL.Path
	switch origin := g.origin(path); {
	case strings.HasPrefix(path, "/_dev/"):
		g.serveDev(rec, r)
	case origin == OriginAPI:
		g.serveAPI(rec, g.throughCloudFront(r), info)
	case origin == OriginImages:
		g.serveImages(rec, r)
	case len(g.cfg.Behaviors) > 0:
		g.static.serveFile(rec, r)
	default:
		g.static.serve(rec, r)
	}

	g.logRequest(r, rec, info, start, "")
}

// origin is the kind of origin that serves path: the first matching
// behaviour's (Config.Behaviors), or the built-in split without them.
func (g *Gateway) origin(path string) string {
	for _, b := range g.cfg.Behaviors {
		if matchPathPattern(b.Pattern, path) {
			return b.Origin
		}
	}
	switch {
	case len(g.cfg.Behaviors) > 0:
		return OriginWeb // no default behaviour: CloudFront requires one, the template check does too
	case strings.HasPrefix(path, "/api/"):
		return OriginAPI
	case strings.HasPrefix(path, "/images/"):
		return OriginImages
	}
	return OriginWeb
}

// logRequest writes one access-log line.
func (g *Gateway) logRequest(r *http.Request, rec *recorder, info *requestInfo, start time.Time, door string) {
	attrs := []slog.Attr{
		slog.String("method", r.Method),
		slog.String("path", r.URL.Path),
		slog.Int("status", rec.status),
		slog.Duration("duration", time.Since(start)),
		slog.Int64("bytes", rec.bytes),
		slog.String("requestId", info.id),
	}
	if door != "" {
		attrs = append(attrs, slog.String("via", door))
	}
	if info.function != "" {
		attrs = append(attrs, slog.String("function", info.function))
	}
	if info.err != nil {
		attrs = append(attrs, slog.String("error", info.err.Error()))
	}
	level := slog.LevelInfo
	if rec.status >= 500 {
		level = slog.LevelError
	}
	g.log.LogAttrs(r.Context(), level, "http", attrs...)
}

// requestInfo collects what the access log reports about a request.
type requestInfo struct {
	id       string
	function string
	err      error
}

// throughCloudFront returns r as the distribution forwards it to the API
// origin: with its origin custom headers and CloudFront-Viewer-Address
// (the viewer's address and port), set over what the viewer sent.
func (g *Gateway) throughCloudFront(r *http.Request) *http.Request {
	r = r.Clone(r.Context())
	for k, vs := range g.cfg.OriginHeaders {
		r.Header[http.CanonicalHeaderKey(k)] = append([]string(nil), vs...)
	}
	r.Header.Del(viewerAddressHeader)
	if host, port, err := net.SplitHostPort(r.RemoteAddr); err == nil {
		r.Header.Set(viewerAddressHeader, host+":"+port) // CloudFront does not bracket IPv6
	}
	return r
}

// viewerAddressHeader is the CloudFront header with the viewer's address.
const viewerAddressHeader = "CloudFront-Viewer-Address"

// API is the HTTP API's own endpoint (execute-api): the routes without the
// distribution in front, so without the origin headers, the response
// headers policy, the site and the dev pages.
func (g *Gateway) API() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		info := &requestInfo{id: newRequestID()}
		g.serveAPI(rec, r, info)
		g.logRequest(r, rec, info, start, "execute-api")
	})
}

func (g *Gateway) serveAPI(w http.ResponseWriter, r *http.Request, info *requestInfo) {
	w.Header().Set("Apigw-Requestid", info.id)
	if !g.throttle.allow(time.Now()) {
		writeMessage(w, r, http.StatusTooManyRequests, "Too Many Requests")
		return
	}
	route, params, ok := g.router.match(r.Method, r.URL.EscapedPath())
	if !ok {
		writeMessage(w, r, http.StatusNotFound, "Not Found")
		return
	}
	info.function = route.Function

	body, err := readBody(w, r, g.cfg.MaxBodyBytes)
	if err != nil {
		var tooLarge *http.MaxBytesError
		if errors.As(err, &tooLarge) {
			writeMessage(w, r, http.StatusRequestEntityTooLarge, "Request Entity Too Large")
			return
		}
		info.err = err
		writeMessage(w, r, http.StatusBadRequest, "Bad Request")
		return
	}
	payload, err := json.Marshal(g.newEvent(r, route, params, body, info.id, time.Now()))
	if err != nil {
		info.err = fmt.Errorf("gateway: encode event: %w", err)
		writeMessage(w, r, http.StatusInternalServerError, "Internal Server Error")
		return
	}

	ctx, cancel := context.WithTimeout(r.Context(), IntegrationTimeout)
	defer cancel()
	out, err := g.cfg.Invoker.Invoke(ctx, route.Function, payload)
	if err != nil {
		info.err = err
		status, msg := errorStatus(err)
		writeMessage(w, r, status, msg)
		return
	}
	resp, err := decodeResponse(out)
	if err == nil {
		err = g.writeResponse(w, r, resp)
	}
	if err != nil {
		info.err = fmt.Errorf("gateway: %s: %w", route.Function, err)
		writeMessage(w, r, http.StatusInternalServerError, "Internal Server Error")
	}
}

// errorStatus maps an invocation failure to the HTTP API's answer: a
// function that times out or fails is 500 Internal Server Error (the HTTP
// API gives 503 only when its own 30-second integration limit passes,
// which the functions' timeouts keep from happening).
func errorStatus(err error) (int, string) {
	var tooLarge *lambdart.PayloadTooLargeError
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return http.StatusServiceUnavailable, "Service Unavailable"
	case errors.As(err, &tooLarge):
		return http.StatusRequestEntityTooLarge, "Request Entity Too Large"
	default:
		return http.StatusInternalServerError, "Internal Server Error"
	}
}

func readBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, error) {
	if r.ContentLength > limit {
		return nil, &http.MaxBytesError{Limit: limit}
	}
	return io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
}

// writeMessage writes API Gateway's JSON error shape {"message": msg}.
func writeMessage(w http.ResponseWriter, r *http.Request, status int, msg string) {
	body, _ := json.Marshal(map[string]string{"message": msg})
	w.Header().Set("Content-Type", "application/json")
	writeBody(w, r, status, body)
}

func (g *Gateway) isSecurityHeader(k string) bool {
	return g.security[http.CanonicalHeaderKey(k)]
}

func (g *Gateway) serveImages(w http.ResponseWriter, r *http.Request) {
	if g.images == nil {
		http.Error(w, "Not Found", http.StatusNotFound)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "Forbidden", http.StatusForbidden)
		return
	}
	if hasDotSegment(r.URL.Path) {
		// An encoded slash made a dot segment ("/images/..%2Fprivate/x"):
		// S3 would look for that literal key, which nobody stored, and
		// answer the distribution as for any missing key.
		w.Header().Set("Content-Type", "application/xml")
		w.WriteHeader(http.StatusForbidden)
		_, _ = io.WriteString(w, `<?xml version="1.0" encoding="UTF-8"?>`+"\n"+`<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`)
		return
	}
	g.images.ServeHTTP(w, r)
}

// newImagesProxy forwards GET /images/KEY to origin/images/KEY without the
// viewer's cookies and credentials (the cache policy forwards none), signed
// with creds as the distribution's origin access control signs it.
func newImagesProxy(origin *url.URL, creds aws.Credentials, region string) http.Handler {
	transport := http.DefaultTransport
	if creds.AccessKeyID != "" {
		transport = &sigv4Transport{next: http.DefaultTransport, creds: creds, region: region}
	}
	return &httputil.ReverseProxy{
		Transport: transport,
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(origin)
			for _, h := range []string{"Cookie", "Authorization", "Origin", "Referer"} {
				pr.Out.Header.Del(h)
			}
			pr.Out.Host = origin.Host
		},
		ModifyResponse: func(resp *http.Response) error {
			for k := range resp.Header {
				if strings.HasPrefix(strings.ToLower(k), "x-amz-") {
					resp.Header.Del(k)
				}
			}
			return nil
		},
	}
}

// recorder remembers the status and size for the access log.
type recorder struct {
	http.ResponseWriter
	status  int
	bytes   int64
	written bool
}

func (rec *recorder) WriteHeader(code int) {
	if !rec.written {
		rec.status, rec.written = code, true
	}
	rec.ResponseWriter.WriteHeader(code)
}

func (rec *recorder) Write(p []byte) (int, error) {
	rec.written = true
	n, err := rec.ResponseWriter.Write(p)
	rec.bytes += int64(n)
	return n, err
}

func (rec *recorder) Unwrap() http.ResponseWriter { return rec.ResponseWriter }

// newRequestID returns an id in the shape of API Gateway's (16 characters
// of base64).
func newRequestID() string {
	var b [11]byte
	_, _ = rand.Read(b[:])
	return base64.StdEncoding.EncodeToString(b[:])
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// sigv4Transport signs each request for S3 with static credentials.
type sigv4Transport struct {
	next   http.RoundTripper
	creds  aws.Credentials
	region string
}

func (t *sigv4Transport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	const emptyBody = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" // SHA-256 of nothing
	r.Header.Set("X-Amz-Content-Sha256", emptyBody)
	signer := v4.NewSigner(func(o *v4.SignerOptions) { o.DisableURIPathEscaping = true })
	if err := signer.SignHTTP(r.Context(), t.creds, r, emptyBody, "s3", t.region, time.Now()); err != nil {
		return nil, fmt.Errorf("gateway: sign images request: %w", err)
	}
	return t.next.RoundTrip(r) //nolint:wrapcheck // a transparent transport
}

// tokenBucket is API Gateway's throttle: rate tokens a second up to burst;
// a request takes one. A nil bucket lets everything through.
type tokenBucket struct {
	rate, burst float64

	mu     sync.Mutex
	tokens float64
	last   time.Time
}

func newTokenBucket(rate float64, burst int) *tokenBucket {
	if rate <= 0 || burst <= 0 {
		return nil
	}
	return &tokenBucket{rate: rate, burst: float64(burst), tokens: float64(burst)}
}

func (b *tokenBucket) allow(now time.Time) bool {
	if b == nil {
		return true
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.last.IsZero() {
		b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
