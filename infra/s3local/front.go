package s3local

import (
	"bytes"
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/remat/remat/infra/faults"
	"github.com/remat/remat/infra/iam"
	"github.com/remat/remat/infra/samtpl"
)

// front is what S3 does before it touches an object, in front of
// gofakes3: it answers CORS preflights and decorates responses by the
// bucket's CORS rules, authenticates the caller (SigV4 header or presigned
// query; unsigned requests are anonymous), and authorizes the operation
// with the caller's IAM policies and the bucket's policy. A denied request
// gets S3's 403 AccessDenied; a GET or HEAD of a missing key by a caller
// without s3:ListBucket gets 403 instead of 404, as on AWS.
type front struct {
	next     http.Handler
	iam      *iam.Enforcer // nil: no authentication, no authorization
	region   string
	policies map[string][]iam.Policy // bucket -> its bucket policy
	cors     map[string][]CORSRule   // bucket -> its CORS rules
	log      *slog.Logger
	now      func() time.Time // nil: time.Now
	faults   *faults.Table    // nil: no faults
}

// s3Error is an answer in S3's XML error shape.
type s3Error struct {
	XMLName   xml.Name `xml:"Error"`
	Status    int      `xml:"-"`
	Code      string   `xml:"Code"`
	Message   string   `xml:"Message"`
	Method    string   `xml:"Method,omitempty"`
	Resource  string   `xml:"ResourceType,omitempty"`
	RequestID string   `xml:"RequestId"`
}

func writeS3Error(w http.ResponseWriter, e s3Error) {
	e.RequestID = requestID()
	body, _ := xml.Marshal(&e)
	h := w.Header()
	h.Set("Content-Type", "application/xml")
	h.Set("X-Amz-Request-Id", e.RequestID)
	w.WriteHeader(e.Status)
	_, _ = w.Write(append([]byte(xml.Header), body...))
}

var requestSeq atomic.Uint64

func requestID() string { return fmt.Sprintf("%016X", requestSeq.Add(1)) }

func (f *front) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	bucket, key := splitPath(r.URL.Path)
	if r.Method == http.MethodOptions {
		f.preflight(w, r, bucket)
		return
	}
	cw := &corsWriter{ResponseWriter: w, front: f, r: r, bucket: bucket}
	if f.iam == nil {
		if f.inject(cw, r, "", bucket, key) {
			f.serve(cw, r)
		}
		return
	}

	if r.Method == http.MethodPut && r.ContentLength < 0 && !strings.Contains(r.Header.Get("Content-Encoding"), "aws-chunked") {
		writeS3Error(cw, s3Error{Status: http.StatusLengthRequired, Code: "MissingContentLength", Message: "You must provide the Content-Length HTTP header."})
		return
	}
	p, err := f.authenticate(r)
	if err != nil {
		writeS3Error(cw, authError(err))
		return
	}
	checks, err := operation(r, bucket, key)
	if err != nil {
		writeS3Error(cw, s3Error{Status: http.StatusNotImplemented, Code: "NotImplemented", Message: err.Error()})
		return
	}
	for _, c := range checks {
		d := f.authorize(r.Context(), p, bucket, c)
		if !d.Allowed {
			msg := "Access Denied"
			if !p.Anonymous {
				msg = d.Message(true)
			}
			writeS3Error(cw, s3Error{Status: http.StatusForbidden, Code: "AccessDenied", Message: msg})
			return
		}
	}
	// A read of a missing key tells a caller that may not list the bucket
	// nothing about which keys exist: 403, not 404. S3's own look at
	// s3:ListBucket is not a call of the caller's: neither recorded nor
	// logged as a denial.
	if (r.Method == http.MethodGet || r.Method == http.MethodHead) && key != "" {
		cw.onNotFound = func() bool {
			return iam.Evaluate(p, f.policies[bucket], iam.Request{Action: "s3:ListBucket", Resource: "arn:aws:s3:::" + bucket,
				Context: map[string][]string{"aws:RequestedRegion": {f.region}}}).Allowed
		}
	}
	if f.inject(cw, r, p.Name, bucket, key) {
		f.serve(cw, r)
	}
}

// inject consults the fault table for an authorized request and reports
// whether to serve it: a fault may stall it, answer S3's error instead, or
// drop it when the caller hangs up during the stall.
func (f *front) inject(cw *corsWriter, r *http.Request, principal, bucket, key string) bool {
	if f.faults == nil {
		return true
	}
	call := faults.Call{Service: faults.S3, Operation: operationName(r, key), Principal: principal}
	if checks, err := operation(r, bucket, key); err == nil && len(checks) > 0 {
		call.Action = checks[0].action
	}
	keys := []string{key}
	if r.Method == http.MethodPost && r.URL.Query().Has("delete") {
		keys, _ = deleteKeys(r)
	}
	call.Targets = []faults.Target{{Resource: bucket, Keys: keys}}
	if !f.faults.Matches(call) {
		return true
	}
	// Read the body first: net/http notices a caller that hangs up only
	// once the body is consumed, and a stalled upload must not be stored
	// after its caller gave up.
	if r.Body != nil && r.ContentLength != 0 {
		body, err := io.ReadAll(r.Body)
		if err != nil {
			return false
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	fail, err := f.faults.Inject(r.Context(), call)
	if err != nil {
		return false // the caller hung up during a stall: never carried out
	}
	if fail != nil {
		writeS3Error(cw, s3Error{Status: fail.Status, Code: fail.Code, Message: fail.Message})
		return false
	}
	return true
}

// operationName names a path-style request by its S3 API operation, as a
// fault names it (PutObject, HeadObject, GetObject, DeleteObject, ...).
func operationName(r *http.Request, key string) string {
	q := r.URL.Query()
	switch {
	case key == "" && r.Method == http.MethodPost && q.Has("delete"):
		return "DeleteObjects"
	case key == "" && (r.Method == http.MethodGet || r.Method == http.MethodHead):
		if q.Get("list-type") == "2" {
			return "ListObjectsV2"
		}
		return "ListObjects"
	case key == "":
		return r.Method + "Bucket"
	case r.Method == http.MethodPost && q.Has("uploads"):
		return "CreateMultipartUpload"
	case r.Method == http.MethodPost && q.Has("uploadId"):
		return "CompleteMultipartUpload"
	case r.Method == http.MethodPut && q.Has("uploadId"):
		return "UploadPart"
	case r.Method == http.MethodPut && r.Header.Get("X-Amz-Copy-Source") != "":
		return "CopyObject"
	case r.Method == http.MethodPut:
		return "PutObject"
	case r.Method == http.MethodGet:
		return "GetObject"
	case r.Method == http.MethodHead:
		return "HeadObject"
	case r.Method == http.MethodDelete && q.Has("uploadId"):
		return "AbortMultipartUpload"
	case r.Method == http.MethodDelete:
		return "DeleteObject"
	}
	return r.Method + "Object"
}

// serve runs the emulator, with the headers S3 stores carried across it
// (headers.go); an answer without a body still goes through cw's header
// rewrite.
func (f *front) serve(cw *corsWriter, r *http.Request) {
	carryStoredHeaders(r)
	f.next.ServeHTTP(cw, r)
	if !cw.wrote {
		cw.WriteHeader(http.StatusOK)
	}
}

func (f *front) authenticate(r *http.Request) (*iam.Principal, error) {
	hash := r.Header.Get("X-Amz-Content-Sha256")
	if hash == "" {
		hash = iam.UnsignedPayload
	}
	p, err := f.iam.Authenticate(r.Context(), r, iam.AuthOptions{Service: "s3", PayloadHash: hash, S3: true, Now: f.now}, true)
	if err != nil {
		return nil, fmt.Errorf("s3local: %w", err)
	}
	return p, nil
}

func (f *front) authorize(ctx context.Context, p *iam.Principal, bucket string, c check) iam.Decision {
	ctxKeys := map[string][]string{"aws:RequestedRegion": {f.region}}
	for k, v := range c.context {
		ctxKeys[k] = v
	}
	return f.iam.Authorize(ctx, p, f.policies[bucket], iam.Request{Action: c.action, Resource: c.resource, Context: ctxKeys})
}

// authError maps an authentication failure to S3's answer.
func authError(err error) s3Error {
	var ae *iam.AuthError
	if !asAuthError(err, &ae) {
		return s3Error{Status: http.StatusForbidden, Code: "AccessDenied", Message: "Access Denied"}
	}
	switch ae.Kind {
	case iam.AuthUnknownKey:
		return s3Error{Status: http.StatusForbidden, Code: "InvalidAccessKeyId", Message: "The AWS Access Key Id you provided does not exist in our records."}
	case iam.AuthInvalidToken:
		return s3Error{Status: http.StatusBadRequest, Code: "InvalidToken", Message: "The provided token is malformed or otherwise invalid."}
	case iam.AuthSignatureMismatch:
		return s3Error{Status: http.StatusForbidden, Code: "SignatureDoesNotMatch", Message: "The request signature we calculated does not match the signature you provided. Check your key and signing method."}
	case iam.AuthExpired:
		return s3Error{Status: http.StatusForbidden, Code: "AccessDenied", Message: ae.Msg}
	default:
		return s3Error{Status: http.StatusBadRequest, Code: "AuthorizationQueryParametersError", Message: ae.Msg}
	}
}

func asAuthError(err error, target **iam.AuthError) bool {
	for err != nil {
		if ae, ok := err.(*iam.AuthError); ok { //nolint:errorlint // walking the chain by hand
			*target = ae
			return true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		err = u.Unwrap()
	}
	return false
}

// check is one authorization an S3 operation needs.
type check struct {
	action   string
	resource string
	context  map[string][]string
}

// operation maps a path-style S3 request to the IAM actions it needs, as
// S3 authorizes them (a copy needs s3:GetObject on the source and
// s3:PutObject on the target; multipart parts are s3:PutObject; a HEAD is
// a GET). Operations this emulator does not map are an error.
func operation(r *http.Request, bucket, key string) ([]check, error) {
	q := r.URL.Query()
	has := func(k string) bool { _, ok := q[k]; return ok }
	bucketARN := "arn:aws:s3:::" + bucket
	objectARN := bucketARN + "/" + key
	one := func(action, resource string) []check { return []check{{action: action, resource: resource}} }
	switch {
	case bucket == "":
		if r.Method == http.MethodGet {
			return one("s3:ListAllMyBuckets", "*"), nil
		}
	case key == "":
		switch {
		case r.Method == http.MethodPut && len(q) == 0:
			return one("s3:CreateBucket", bucketARN), nil
		case r.Method == http.MethodDelete && len(q) == 0:
			return one("s3:DeleteBucket", bucketARN), nil
		case (r.Method == http.MethodGet || r.Method == http.MethodHead) && has("uploads"):
			return one("s3:ListBucketMultipartUploads", bucketARN), nil
		case (r.Method == http.MethodGet || r.Method == http.MethodHead) && has("versions"):
			return one("s3:ListBucketVersions", bucketARN), nil
		case (r.Method == http.MethodGet || r.Method == http.MethodHead) && has("location"):
			return one("s3:GetBucketLocation", bucketARN), nil
		case (r.Method == http.MethodGet || r.Method == http.MethodHead) && onlyListParams(q):
			c := check{action: "s3:ListBucket", resource: bucketARN, context: map[string][]string{}}
			for _, k := range []string{"prefix", "delimiter", "max-keys"} {
				if v := q.Get(k); v != "" {
					c.context["s3:"+k] = []string{v}
				}
			}
			return []check{c}, nil
		case r.Method == http.MethodPost && has("delete"):
			keys, err := deleteKeys(r)
			if err != nil {
				return nil, err
			}
			var out []check
			for _, k := range keys {
				out = append(out, check{action: "s3:DeleteObject", resource: bucketARN + "/" + k})
			}
			return out, nil
		}
	default:
		switch {
		case has("uploadId") && r.Method == http.MethodDelete:
			return one("s3:AbortMultipartUpload", objectARN), nil
		case has("uploadId") && r.Method == http.MethodGet:
			return one("s3:ListMultipartUploadParts", objectARN), nil
		case has("uploadId") || (r.Method == http.MethodPost && has("uploads")):
			return one("s3:PutObject", objectARN), nil
		case has("tagging") || has("acl") || has("retention") || has("legal-hold") || has("attributes"):
		case r.Method == http.MethodGet || r.Method == http.MethodHead:
			if has("versionId") {
				return one("s3:GetObjectVersion", objectARN), nil
			}
			return one("s3:GetObject", objectARN), nil
		case r.Method == http.MethodPut:
			checks := one("s3:PutObject", objectARN)
			if src := r.Header.Get("X-Amz-Copy-Source"); src != "" {
				srcPath, err := url.PathUnescape(strings.SplitN(src, "?", 2)[0])
				if err != nil {
					return nil, fmt.Errorf("s3local: x-amz-copy-source %q: %w", src, err)
				}
				checks = append(checks, check{action: "s3:GetObject", resource: "arn:aws:s3:::" + strings.TrimPrefix(srcPath, "/")})
			}
			return checks, nil
		case r.Method == http.MethodDelete:
			if has("versionId") {
				return one("s3:DeleteObjectVersion", objectARN), nil
			}
			return one("s3:DeleteObject", objectARN), nil
		}
	}
	return nil, fmt.Errorf("the local cloud does not authorize the S3 request %s %s?%s; add it to infra/s3local/front.go", r.Method, r.URL.Path, r.URL.RawQuery)
}

// onlyListParams reports whether q holds only ListObjects(V2) parameters.
func onlyListParams(q url.Values) bool {
	for k := range q {
		switch k {
		case "list-type", "prefix", "delimiter", "max-keys", "continuation-token", "start-after",
			"encoding-type", "marker", "fetch-owner", "x-id":
		default:
			return false
		}
	}
	return true
}

// deleteKeys reads the keys of a DeleteObjects body and puts the body
// back for the emulator.
func deleteKeys(r *http.Request) ([]string, error) {
	body, err := io.ReadAll(io.LimitReader(r.Body, 2<<20))
	if err != nil {
		return nil, fmt.Errorf("s3local: read DeleteObjects body: %w", err)
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	var doc struct {
		Objects []struct {
			Key string `xml:"Key"`
		} `xml:"Object"`
	}
	if err := xml.Unmarshal(body, &doc); err != nil {
		return nil, fmt.Errorf("s3local: DeleteObjects body: %w", err)
	}
	keys := make([]string, len(doc.Objects))
	for i, o := range doc.Objects {
		keys[i] = o.Key
	}
	return keys, nil
}

// splitPath returns the bucket and key of a path-style request path.
func splitPath(p string) (bucket, key string) {
	bucket, key, _ = strings.Cut(strings.TrimPrefix(p, "/"), "/")
	return bucket, key
}

// corsWriter replaces the emulator's own CORS headers (gofakes3 allows
// every origin) by those of the bucket's rules, and turns a 404 of a
// caller without s3:ListBucket into a 403.
type corsWriter struct {
	http.ResponseWriter
	front      *front
	r          *http.Request
	bucket     string
	onNotFound func() bool // reports whether the caller may list the bucket
	wrote      bool
	swallow    bool
}

func (cw *corsWriter) WriteHeader(code int) {
	if cw.wrote {
		return
	}
	cw.wrote = true
	h := cw.Header()
	dropEmptyStoredHeaders(h)
	for k := range h {
		if strings.HasPrefix(http.CanonicalHeaderKey(k), "Access-Control-") {
			h.Del(k)
		}
	}
	if origin := cw.r.Header.Get("Origin"); origin != "" {
		if rule, ok := matchCORS(cw.front.cors[cw.bucket], origin, cw.r.Method, nil); ok {
			rule.decorate(h, origin)
		}
	}
	if code == http.StatusNotFound && cw.onNotFound != nil && !cw.onNotFound() {
		cw.swallow = true
		for _, k := range []string{"Content-Type", "Content-Length"} {
			h.Del(k)
		}
		body := []byte(nil)
		if cw.r.Method != http.MethodHead {
			e := s3Error{Code: "AccessDenied", Message: "Access Denied", RequestID: requestID()}
			x, _ := xml.Marshal(&e)
			body = append([]byte(xml.Header), x...)
			h.Set("Content-Type", "application/xml")
		}
		cw.ResponseWriter.WriteHeader(http.StatusForbidden)
		_, _ = cw.ResponseWriter.Write(body)
		return
	}
	cw.ResponseWriter.WriteHeader(code)
}

func (cw *corsWriter) Write(p []byte) (int, error) {
	if !cw.wrote {
		cw.WriteHeader(http.StatusOK)
	}
	if cw.swallow {
		return len(p), nil
	}
	return cw.ResponseWriter.Write(p) //nolint:wrapcheck // a transparent writer
}

func (cw *corsWriter) Unwrap() http.ResponseWriter { return cw.ResponseWriter }

// preflight answers an OPTIONS request by the bucket's CORS rules, as S3
// does: 200 with the rule's headers, or 403 when no rule allows it.
func (f *front) preflight(w http.ResponseWriter, r *http.Request, bucket string) {
	origin, method := r.Header.Get("Origin"), r.Header.Get("Access-Control-Request-Method")
	if origin == "" || method == "" {
		writeS3Error(w, s3Error{Status: http.StatusBadRequest, Code: "BadRequest", Message: "Insufficient information. Origin request header needed."})
		return
	}
	rules := f.cors[bucket]
	if len(rules) == 0 {
		writeS3Error(w, s3Error{Status: http.StatusForbidden, Code: "AccessForbidden", Message: "CORSResponse: CORS is not enabled for this bucket.", Method: method, Resource: "OBJECT"})
		return
	}
	var requested []string
	for _, v := range r.Header.Values("Access-Control-Request-Headers") {
		for h := range strings.SplitSeq(v, ",") {
			if h = strings.ToLower(strings.TrimSpace(h)); h != "" {
				requested = append(requested, h)
			}
		}
	}
	rule, ok := matchCORS(rules, origin, method, requested)
	if !ok {
		f.log.Warn("s3local: CORS preflight refused", "bucket", bucket, "origin", origin, "method", method, "headers", strings.Join(requested, ","))
		writeS3Error(w, s3Error{Status: http.StatusForbidden, Code: "AccessForbidden",
			Message: "CORSResponse: This CORS request is not allowed. This is usually because the evalution of Origin, request method / Access-Control-Request-Method or Access-Control-Request-Headers are not whitelisted by the resource's CORS spec.",
			Method:  method, Resource: "OBJECT"})
		return
	}
	h := w.Header()
	rule.decorate(h, origin)
	if len(requested) > 0 {
		h.Set("Access-Control-Allow-Headers", strings.Join(requested, ", "))
	}
	h.Add("Vary", "Access-Control-Request-Headers")
	h.Add("Vary", "Access-Control-Request-Method")
	w.WriteHeader(http.StatusOK)
}

// CORSRule is one rule of a bucket's CorsConfiguration.
type CORSRule struct {
	ID             string
	AllowedOrigins []string
	AllowedMethods []string
	AllowedHeaders []string
	ExposedHeaders []string
	// MaxAge in seconds; 0 sends no Access-Control-Max-Age.
	MaxAge int
}

// matchCORS returns the first rule allowing origin, method and (for a
// preflight) every requested header, as S3 picks rules.
func matchCORS(rules []CORSRule, origin, method string, headers []string) (CORSRule, bool) {
	for _, rule := range rules {
		if !slices.ContainsFunc(rule.AllowedOrigins, func(o string) bool { return iam.Glob(o, origin) }) {
			continue
		}
		if !slices.Contains(rule.AllowedMethods, method) {
			continue
		}
		allowed := true
		for _, h := range headers {
			if !slices.ContainsFunc(rule.AllowedHeaders, func(a string) bool { return iam.Glob(strings.ToLower(a), h) }) {
				allowed = false
				break
			}
		}
		if allowed {
			return rule, true
		}
	}
	return CORSRule{}, false
}

func (rule CORSRule) decorate(h http.Header, origin string) {
	if slices.Contains(rule.AllowedOrigins, "*") {
		h.Set("Access-Control-Allow-Origin", "*")
	} else {
		h.Set("Access-Control-Allow-Origin", origin)
		h.Set("Access-Control-Allow-Credentials", "true")
	}
	h.Set("Access-Control-Allow-Methods", strings.Join(rule.AllowedMethods, ", "))
	if len(rule.ExposedHeaders) > 0 {
		h.Set("Access-Control-Expose-Headers", strings.Join(rule.ExposedHeaders, ", "))
	}
	if rule.MaxAge > 0 {
		h.Set("Access-Control-Max-Age", fmt.Sprint(rule.MaxAge))
	}
	h.Add("Vary", "Origin")
}

// bucketRules reads the template's buckets' CORS rules and bucket
// policies, by bucket name.
func bucketRules(t *samtpl.Template) (map[string][]CORSRule, map[string][]iam.Policy, error) {
	cors := map[string][]CORSRule{}
	for _, b := range t.Buckets {
		res, _ := t.Resource(b.LogicalID)
		cfg, _ := res.Properties["CorsConfiguration"].(map[string]any)
		rules, _ := cfg["CorsRules"].([]any)
		for i, r := range rules {
			m, _ := r.(map[string]any)
			rule := CORSRule{
				AllowedOrigins: stringList(m["AllowedOrigins"]), AllowedMethods: stringList(m["AllowedMethods"]),
				AllowedHeaders: stringList(m["AllowedHeaders"]), ExposedHeaders: stringList(m["ExposedHeaders"]),
			}
			rule.ID, _ = m["Id"].(string)
			switch age := m["MaxAge"].(type) {
			case int:
				rule.MaxAge = age
			case float64:
				rule.MaxAge = int(age)
			}
			if len(rule.AllowedOrigins) == 0 || len(rule.AllowedMethods) == 0 {
				return nil, nil, fmt.Errorf("s3local: %s CorsConfiguration.CorsRules[%d]: AllowedOrigins and AllowedMethods are required", b.LogicalID, i)
			}
			cors[b.Name] = append(cors[b.Name], rule)
		}
	}
	bps, err := t.BucketPolicies()
	if err != nil {
		return nil, nil, fmt.Errorf("s3local: %w", err)
	}
	policies := map[string][]iam.Policy{}
	for _, bp := range bps {
		p, err := iam.ParsePolicy(bp.LogicalID, bp.Document, true)
		if err != nil {
			return nil, nil, fmt.Errorf("s3local: %w", err)
		}
		policies[bp.Bucket] = append(policies[bp.Bucket], p)
	}
	return cors, policies, nil
}

// stringList reads a resolved string or list of strings.
func stringList(v any) []string {
	switch x := v.(type) {
	case string:
		return []string{x}
	case []any:
		var out []string
		for _, e := range x {
			if s, ok := e.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}
