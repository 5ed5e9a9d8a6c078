package gateway

import (
	"context"
	"crypto/subtle"
	"encoding/xml"
	"errors"
	"fmt"
	"net/http"
	"net/http/httputil"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
)

// S3UploadPrefix is the path of the local stand-in for the images
// bucket's own S3 host: a presigned PUT to <site>/_s3/<bucket>/<key>
// (path-style; the products function presigns against it when
// UPLOAD_ENDPOINT is <site>/_s3) is checked like S3 checks it, then stored
// in the S3 emulator, which raises the bucket's object-created event.
const S3UploadPrefix = "/_s3/"

// Limits of presigned requests, as S3 applies them.
const (
	maxPresignExpiry = 7 * 24 * time.Hour
	// maxClockSkew is how far in the future X-Amz-Date may be.
	maxClockSkew  = 15 * time.Minute
	amzDateLayout = "20060102T150405Z"
	// unsignedPayload is the payload hash of every presigned S3 request.
	unsignedPayload = "UNSIGNED-PAYLOAD"
)

// s3Error is an answer in S3's XML error shape.
type s3Error struct {
	XMLName   xml.Name `xml:"Error"`
	Status    int      `xml:"-"`
	Code      string   `xml:"Code"`
	Message   string   `xml:"Message"`
	RequestID string   `xml:"RequestId"`
}

func (e *s3Error) Error() string { return e.Code + ": " + e.Message }

func errAccessDenied(msg string) *s3Error {
	return &s3Error{Status: http.StatusForbidden, Code: "AccessDenied", Message: msg}
}

func errBadAuthQuery(msg string) *s3Error {
	return &s3Error{Status: http.StatusBadRequest, Code: "AuthorizationQueryParametersError", Message: msg}
}

var (
	errSignatureMismatch = &s3Error{Status: http.StatusForbidden, Code: "SignatureDoesNotMatch",
		Message: "The request signature we calculated does not match the signature you provided. Check your key and signing method."}
	errUnknownAccessKey = &s3Error{Status: http.StatusForbidden, Code: "InvalidAccessKeyId",
		Message: "The AWS Access Key Id you provided does not exist in our records."}
	errMissingLength = &s3Error{Status: http.StatusLengthRequired, Code: "MissingContentLength",
		Message: "You must provide the Content-Length HTTP header."}
	errMethod = &s3Error{Status: http.StatusMethodNotAllowed, Code: "MethodNotAllowed",
		Message: "The specified method is not allowed against this resource."}
)

// writeS3Error answers with e as S3 does (XML body).
func writeS3Error(w http.ResponseWriter, r *http.Request, e *s3Error, requestID string) {
	e2 := *e
	e2.RequestID = requestID
	body, _ := xml.Marshal(&e2)
	w.Header().Set("Content-Type", "application/xml")
	w.Header().Set("X-Amz-Request-Id", requestID)
	writeBody(w, r, e.Status, append([]byte(xml.Header), body...))
}

// newS3UploadProxy forwards verified PUTs from /_s3/<bucket>/<key> to
// origin/<bucket>/<key>, without the query's authentication parameters.
func newS3UploadProxy(origin *url.URL) *httputil.ReverseProxy {
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			rawPath := "/" + strings.TrimPrefix(pr.In.URL.EscapedPath(), S3UploadPrefix)
			path, err := url.PathUnescape(rawPath)
			if err != nil {
				path = rawPath
			}
			q := pr.In.URL.Query()
			for k := range q {
				if strings.HasPrefix(strings.ToLower(k), "x-amz-") || k == "x-id" {
					q.Del(k)
				}
			}
			pr.Out.URL = &url.URL{Scheme: origin.Scheme, Host: origin.Host, Path: path, RawPath: rawPath, RawQuery: q.Encode()}
			pr.Out.Host = origin.Host
			pr.Out.Header.Del("Cookie")
			pr.Out.Header.Del("Authorization")
			pr.Out.Header.Del("Origin")
		},
	}
}

// serveS3Upload is the /_s3/ route: CORS preflights are answered like the
// emulator's open CORS (the SPA's dev server runs on another origin), a
// PUT is forwarded once its presigned query signature checks out, every
// other method is refused.
func (g *Gateway) serveS3Upload(w http.ResponseWriter, r *http.Request, info *requestInfo) {
	if g.s3 == nil {
		http.Error(w, "Not Found", http.StatusNotFound)
		return
	}
	h := w.Header()
	if origin := r.Header.Get("Origin"); origin != "" {
		h.Set("Access-Control-Allow-Origin", origin)
		h.Set("Access-Control-Expose-Headers", "ETag")
		h.Add("Vary", "Origin")
	}
	switch r.Method {
	case http.MethodOptions:
		h.Set("Access-Control-Allow-Methods", "PUT")
		if req := r.Header.Get("Access-Control-Request-Headers"); req != "" {
			h.Set("Access-Control-Allow-Headers", req)
		}
		h.Set("Access-Control-Max-Age", "3600")
		w.WriteHeader(http.StatusOK)
		return
	case http.MethodPut:
	default:
		h.Set("Allow", "PUT")
		writeS3Error(w, r, errMethod, info.id)
		return
	}
	bucket, key, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, S3UploadPrefix), "/")
	if bucket == "" || key == "" {
		writeS3Error(w, r, errMethod, info.id)
		return
	}
	if err := verifyPresigned(r.Context(), r, g.cfg.S3Credentials, g.now()); err != nil {
		var se *s3Error
		if !errors.As(err, &se) {
			se = errSignatureMismatch
		}
		info.err = err
		writeS3Error(w, r, se, info.id)
		return
	}
	g.s3.ServeHTTP(w, r)
}

// verifyPresigned checks r's SigV4 query signature the way S3 does: the
// algorithm, the credential (access key, day, service), the expiry window,
// then the signature recomputed with the SDK's signer over r as it arrived
// (its Host, its signed headers such as Content-Type, its Content-Length).
// A request that differs in anything signed is an *s3Error
// SignatureDoesNotMatch, an expired one AccessDenied.
func verifyPresigned(ctx context.Context, r *http.Request, creds aws.Credentials, now time.Time) error {
	q := r.URL.Query()
	for _, k := range []string{"X-Amz-Algorithm", "X-Amz-Credential", "X-Amz-Date", "X-Amz-Expires", "X-Amz-SignedHeaders", "X-Amz-Signature"} {
		if q.Get(k) == "" {
			return errAccessDenied("Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.")
		}
	}
	if q.Get("X-Amz-Algorithm") != "AWS4-HMAC-SHA256" {
		return errBadAuthQuery("X-Amz-Algorithm only supports \"AWS4-HMAC-SHA256\"")
	}
	signedAt, err := time.Parse(amzDateLayout, q.Get("X-Amz-Date"))
	if err != nil {
		return errBadAuthQuery("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"")
	}
	expires, err := strconv.Atoi(q.Get("X-Amz-Expires"))
	if err != nil || expires < 1 || time.Duration(expires)*time.Second > maxPresignExpiry {
		return errBadAuthQuery("X-Amz-Expires must be a number of seconds between 1 and 604800")
	}
	// <access key>/<yyyymmdd>/<region>/s3/aws4_request
	scope := strings.Split(q.Get("X-Amz-Credential"), "/")
	if len(scope) != 5 || scope[3] != "s3" || scope[4] != "aws4_request" || scope[1] != signedAt.Format("20060102") || scope[2] == "" {
		return errBadAuthQuery("Error parsing the X-Amz-Credential parameter")
	}
	if scope[0] != creds.AccessKeyID {
		return errUnknownAccessKey
	}
	switch {
	case now.After(signedAt.Add(time.Duration(expires) * time.Second)):
		return errAccessDenied("Request has expired")
	case signedAt.After(now.Add(maxClockSkew)):
		return errAccessDenied("Request is not valid yet")
	}
	if r.ContentLength < 0 {
		return errMissingLength
	}

	signed := strings.Split(q.Get("X-Amz-SignedHeaders"), ";")
	if !slices.Contains(signed, "host") {
		return errBadAuthQuery("X-Amz-SignedHeaders must include host")
	}
	// The request as the signer sees it: r's URL without the signature,
	// r's Host, and only the headers the client says it signed, with the
	// values r carries.
	u := *r.URL
	q.Del("X-Amz-Signature")
	u.RawQuery = q.Encode()
	u.Scheme, u.Host = "http", r.Host
	check, err := http.NewRequestWithContext(ctx, r.Method, u.String(), nil) //nolint:gosec // G704: never sent; the signer only reads it
	if err != nil {
		return errSignatureMismatch
	}
	check.Host = r.Host
	for _, name := range signed {
		switch name {
		case "host":
		case "content-length":
			check.ContentLength = r.ContentLength
		default:
			for _, v := range r.Header.Values(name) {
				check.Header.Add(name, v)
			}
		}
	}
	signer := v4.NewSigner(func(o *v4.SignerOptions) { o.DisableURIPathEscaping = true }) // as S3 signs
	signedURL, _, err := signer.PresignHTTP(ctx, creds, check, unsignedPayload, "s3", scope[2], signedAt)
	if err != nil {
		return fmt.Errorf("gateway: presign check: %w", err)
	}
	want, err := url.Parse(signedURL)
	if err != nil {
		return fmt.Errorf("gateway: presign check: %w", err)
	}
	wq := want.Query()
	if wq.Get("X-Amz-SignedHeaders") != q.Get("X-Amz-SignedHeaders") ||
		subtle.ConstantTimeCompare([]byte(wq.Get("X-Amz-Signature")), []byte(r.URL.Query().Get("X-Amz-Signature"))) != 1 {
		return errSignatureMismatch
	}
	return nil
}
