package iam

import (
	"context"
	"crypto/subtle"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
)

// AuthErrorKind says why a request could not be authenticated; each
// emulator answers each kind with its service's error code.
type AuthErrorKind int

// The kinds of authentication failure.
const (
	// AuthMissing: the request is not signed (no Authorization header, no
	// X-Amz-Algorithm query parameter).
	AuthMissing AuthErrorKind = iota + 1
	// AuthMalformed: the Authorization header or the query parameters do
	// not parse.
	AuthMalformed
	// AuthUnknownKey: no principal has the access key.
	AuthUnknownKey
	// AuthInvalidToken: the session token is missing or not the key's.
	AuthInvalidToken
	// AuthSignatureMismatch: the signature is not the one the key makes.
	AuthSignatureMismatch
	// AuthExpired: a presigned request past its expiry, or a signature
	// outside the allowed clock skew.
	AuthExpired
)

// AuthError is an authentication failure.
type AuthError struct {
	Kind AuthErrorKind
	Msg  string
}

func (e *AuthError) Error() string { return "iam: " + e.Msg }

func authErr(kind AuthErrorKind, format string, args ...any) *AuthError {
	return &AuthError{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// Signature limits, as AWS applies them.
const (
	// MaxClockSkew is how far a signing time may be from the server's.
	MaxClockSkew = 15 * time.Minute
	// MaxPresignExpiry is the longest X-Amz-Expires S3 accepts.
	MaxPresignExpiry = 7 * 24 * time.Hour
	amzDateLayout    = "20060102T150405Z"
	// UnsignedPayload is the payload hash of presigned S3 requests.
	UnsignedPayload = "UNSIGNED-PAYLOAD"
)

// AuthOptions says how to check a request.
type AuthOptions struct {
	// Service is the signing name the credential scope must carry
	// (dynamodb, s3, ssm, ses).
	Service string
	// PayloadHash is the hex SHA-256 of the body, or the value of
	// X-Amz-Content-Sha256 for S3 (which may be UNSIGNED-PAYLOAD).
	PayloadHash string
	// S3 signs the path as sent, without escaping it again.
	S3 bool
	// Now is the server's clock (default time.Now).
	Now func() time.Time
}

// Authenticate checks r's SigV4 signature (the Authorization header, or
// for S3 a presigned query) with the credentials of the principal owning
// its access key, and returns that principal. The signature is recomputed
// with the SDK's signer over r as it arrived, restricted to the headers
// the client says it signed. A failure is an *AuthError.
func (d *Directory) Authenticate(ctx context.Context, r *http.Request, o AuthOptions) (*Principal, error) {
	now := time.Now()
	if o.Now != nil {
		now = o.Now()
	}
	if r.Header.Get("Authorization") == "" && r.URL.Query().Get("X-Amz-Algorithm") != "" {
		return d.authenticatePresigned(ctx, r, o, now)
	}
	auth := r.Header.Get("Authorization")
	if auth == "" {
		return nil, authErr(AuthMissing, "request is not signed")
	}
	alg, rest, _ := strings.Cut(auth, " ")
	if alg != "AWS4-HMAC-SHA256" {
		return nil, authErr(AuthMalformed, "unsupported authorization type %q", alg)
	}
	fields := map[string]string{}
	for part := range strings.SplitSeq(rest, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if ok {
			fields[k] = v
		}
	}
	credential, signedHeaders, signature := fields["Credential"], fields["SignedHeaders"], fields["Signature"]
	if credential == "" || signedHeaders == "" || signature == "" {
		return nil, authErr(AuthMalformed, "Authorization header requires Credential, SignedHeaders and Signature")
	}
	signedAt, err := time.Parse(amzDateLayout, r.Header.Get("X-Amz-Date"))
	if err != nil {
		return nil, authErr(AuthMalformed, "X-Amz-Date %q is not in the form yyyyMMdd'T'HHmmss'Z'", r.Header.Get("X-Amz-Date"))
	}
	p, scope, err := d.principalFor(credential, signedAt, o.Service)
	if err != nil {
		return nil, err
	}
	if signedAt.Before(now.Add(-MaxClockSkew)) || signedAt.After(now.Add(MaxClockSkew)) {
		return nil, authErr(AuthExpired, "Signature expired: %s is now earlier than %s (%s - 15 min.)",
			signedAt.Format(amzDateLayout), now.Add(-MaxClockSkew).UTC().Format(amzDateLayout), now.UTC().Format(amzDateLayout))
	}
	if err := checkToken(p, r.Header.Get("X-Amz-Security-Token")); err != nil {
		return nil, err
	}
	names := strings.Split(signedHeaders, ";")
	if !slices.Contains(names, "host") {
		return nil, authErr(AuthMalformed, "SignedHeaders must include host")
	}
	check, err := signable(ctx, r, r.URL.RawQuery, names)
	if err != nil {
		return nil, err
	}
	if err := signerFor(o.S3).SignHTTP(ctx, p.Credentials, check, o.PayloadHash, o.Service, scope.region, signedAt); err != nil {
		return nil, fmt.Errorf("iam: recompute signature: %w", err)
	}
	_, rest, _ = strings.Cut(check.Header.Get("Authorization"), " ")
	want := map[string]string{}
	for part := range strings.SplitSeq(rest, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		want[k] = v
	}
	if want["SignedHeaders"] != signedHeaders || subtle.ConstantTimeCompare([]byte(want["Signature"]), []byte(signature)) != 1 {
		return nil, authErr(AuthSignatureMismatch, "The request signature we calculated does not match the signature you provided. Check your AWS Secret Access Key and signing method.")
	}
	return p, nil
}

// authenticatePresigned checks an S3 query signature: algorithm,
// credential scope, expiry window, then the signature over r as it
// arrived (its Host, the headers it says it signed, its Content-Length).
func (d *Directory) authenticatePresigned(ctx context.Context, r *http.Request, o AuthOptions, now time.Time) (*Principal, error) {
	q := r.URL.Query()
	for _, k := range []string{"X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-Expires", "X-Amz-SignedHeaders", "X-Amz-Signature"} {
		if q.Get(k) == "" {
			return nil, authErr(AuthMalformed, "Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.")
		}
	}
	if q.Get("X-Amz-Algorithm") != "AWS4-HMAC-SHA256" {
		return nil, authErr(AuthMalformed, "X-Amz-Algorithm only supports \"AWS4-HMAC-SHA256\"")
	}
	signedAt, err := time.Parse(amzDateLayout, q.Get("X-Amz-Date"))
	if err != nil {
		return nil, authErr(AuthMalformed, "X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"")
	}
	expires, err := strconv.Atoi(q.Get("X-Amz-Expires"))
	if err != nil || expires < 1 || time.Duration(expires)*time.Second > MaxPresignExpiry {
		return nil, authErr(AuthMalformed, "X-Amz-Expires must be a number of seconds between 1 and 604800")
	}
	p, scope, err := d.principalFor(q.Get("X-Amz-Credential"), signedAt, o.Service)
	if err != nil {
		return nil, err
	}
	switch {
	case now.After(signedAt.Add(time.Duration(expires) * time.Second)):
		return nil, authErr(AuthExpired, "Request has expired")
	case signedAt.After(now.Add(MaxClockSkew)):
		return nil, authErr(AuthExpired, "Request is not valid yet")
	}
	if err := checkToken(p, q.Get("X-Amz-Security-Token")); err != nil {
		return nil, err
	}
	names := strings.Split(q.Get("X-Amz-SignedHeaders"), ";")
	if !slices.Contains(names, "host") {
		return nil, authErr(AuthMalformed, "X-Amz-SignedHeaders must include host")
	}
	q.Del("X-Amz-Signature")
	check, err := signable(ctx, r, q.Encode(), names)
	if err != nil {
		return nil, err
	}
	signedURL, _, err := signerFor(o.S3).PresignHTTP(ctx, p.Credentials, check, UnsignedPayload, o.Service, scope.region, signedAt)
	if err != nil {
		return nil, fmt.Errorf("iam: recompute presigned signature: %w", err)
	}
	want, err := url.Parse(signedURL)
	if err != nil {
		return nil, fmt.Errorf("iam: recompute presigned signature: %w", err)
	}
	wq := want.Query()
	if wq.Get("X-Amz-SignedHeaders") != r.URL.Query().Get("X-Amz-SignedHeaders") ||
		subtle.ConstantTimeCompare([]byte(wq.Get("X-Amz-Signature")), []byte(r.URL.Query().Get("X-Amz-Signature"))) != 1 {
		return nil, authErr(AuthSignatureMismatch, "The request signature we calculated does not match the signature you provided. Check your key and signing method.")
	}
	return p, nil
}

type credentialScope struct{ region string }

// principalFor parses <access key>/<yyyymmdd>/<region>/<service>/aws4_request
// and finds the key's principal.
func (d *Directory) principalFor(credential string, signedAt time.Time, service string) (*Principal, credentialScope, error) {
	parts := strings.Split(credential, "/")
	if len(parts) != 5 || parts[4] != "aws4_request" || parts[2] == "" {
		return nil, credentialScope{}, authErr(AuthMalformed, "Credential %q: want <key>/<date>/<region>/<service>/aws4_request", credential)
	}
	if parts[1] != signedAt.Format("20060102") {
		return nil, credentialScope{}, authErr(AuthMalformed, "Credential should be scoped to a valid date: %q", parts[1])
	}
	if parts[3] != service {
		return nil, credentialScope{}, authErr(AuthMalformed, "Credential should be scoped to correct service: %q", service)
	}
	p, ok := d.Lookup(parts[0])
	if !ok {
		return nil, credentialScope{}, authErr(AuthUnknownKey, "The security token included in the request is invalid (unknown access key %s)", parts[0])
	}
	return p, credentialScope{region: parts[2]}, nil
}

func checkToken(p *Principal, token string) error {
	if subtle.ConstantTimeCompare([]byte(token), []byte(p.Credentials.SessionToken)) != 1 {
		return authErr(AuthInvalidToken, "The security token included in the request is invalid")
	}
	return nil
}

// signable rebuilds r as the signer must see it: r's method, Host, path
// as sent and the given query, and only the headers named, with r's values.
func signable(ctx context.Context, r *http.Request, rawQuery string, names []string) (*http.Request, error) {
	u := &url.URL{Scheme: "http", Host: r.Host, Path: r.URL.Path, RawPath: r.URL.RawPath, RawQuery: rawQuery}
	check, err := http.NewRequestWithContext(ctx, r.Method, u.String(), nil) //nolint:gosec // G704: never sent; the signer only reads it
	if err != nil {
		return nil, authErr(AuthMalformed, "request URL: %v", err)
	}
	check.Host = r.Host
	for _, name := range names {
		switch name {
		case "host", "x-amz-date", "x-amz-security-token":
			// The signer adds these itself, from the signing time and the
			// principal's token.
		case "content-length":
			check.ContentLength = r.ContentLength
		default:
			for _, v := range r.Header.Values(name) {
				check.Header.Add(name, v)
			}
		}
	}
	return check, nil
}

// signerFor returns the SDK's SigV4 signer as the service signs: S3 signs
// the path as sent, every other service escapes it once more.
func signerFor(s3 bool) *v4.Signer {
	return v4.NewSigner(func(so *v4.SignerOptions) { so.DisableURIPathEscaping = s3 })
}
