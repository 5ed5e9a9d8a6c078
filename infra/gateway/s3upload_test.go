package gateway

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/infra/s3local"
)

// uploadFixture is a gateway with the /_s3 route in front of an in-memory
// S3 emulator that records its object-created events.
type uploadFixture struct {
	srv    *httptest.Server
	s3     *s3local.Server
	mu     sync.Mutex
	events []s3local.ObjectCreated
	now    time.Time
}

var localCreds = aws.Credentials{AccessKeyID: "local", SecretAccessKey: "local"}

func newUploadFixture(t *testing.T) *uploadFixture {
	t.Helper()
	f := &uploadFixture{now: time.Now()}
	s3srv, err := s3local.Start(s3local.Options{Buckets: []string{"images"}, OnObjectCreated: func(ev s3local.ObjectCreated) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.events = append(f.events, ev)
	}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s3srv.Close() })
	f.s3 = s3srv
	gw, err := New(Config{
		S3Origin: s3srv.URL(), S3Credentials: localCreds, Logger: testLogger(),
		SecurityHeaders: http.Header{"X-Content-Type-Options": {"nosniff"}},
		Now:             func() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.now },
	})
	if err != nil {
		t.Fatal(err)
	}
	f.srv = httptest.NewServer(gw)
	t.Cleanup(f.srv.Close)
	return f
}

// presign returns a presigned PUT URL for bucket/key with the given type
// and length signed, made as the products function makes it: the SDK's
// presign client with UPLOAD_ENDPOINT (<site>/_s3) as base endpoint and
// path-style addressing.
func (f *uploadFixture) presign(t *testing.T, creds aws.Credentials, key, contentType string, length int64) string {
	t.Helper()
	client := s3.NewFromConfig(aws.Config{
		Region:      "eu-central-2",
		Credentials: credentials.StaticCredentialsProvider{Value: creds},
	}, func(o *s3.Options) {
		o.BaseEndpoint = aws.String(f.srv.URL + "/_s3")
		o.UsePathStyle = true
	})
	req, err := s3.NewPresignClient(client).PresignPutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String("images"), Key: aws.String(key),
		ContentType: aws.String(contentType), ContentLength: aws.Int64(length),
	}, s3.WithPresignExpires(10*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(req.URL, "X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost") {
		t.Fatalf("presigned URL %s: want Content-Length and Content-Type signed", req.URL)
	}
	return req.URL
}

func (f *uploadFixture) put(t *testing.T, url, contentType string, body []byte, mod func(*http.Request)) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPut, url, bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if mod != nil {
		mod(req)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	out, _ := io.ReadAll(resp.Body)
	return resp, out
}

func (f *uploadFixture) stored(t *testing.T, key string) ([]byte, bool) {
	t.Helper()
	out, err := s3local.NewClient(f.s3.URL()).GetObject(context.Background(), &s3.GetObjectInput{Bucket: aws.String("images"), Key: aws.String(key)})
	if err != nil {
		return nil, false
	}
	defer func() { _ = out.Body.Close() }()
	b, _ := io.ReadAll(out.Body)
	return b, true
}

func TestPresignedUploadIsStored(t *testing.T) {
	f := newUploadFixture(t)
	body := []byte("\xff\xd8\xff a photo")
	url := f.presign(t, localCreds, "uploads/ad1/img1", "image/jpeg", int64(len(body)))
	resp, out := f.put(t, url, "image/jpeg", body, func(r *http.Request) { r.Header.Set("Origin", "http://127.0.0.1:5173") })
	if resp.StatusCode != http.StatusOK || resp.Header.Get("ETag") == "" {
		t.Fatalf("got %d %s (ETag %q), want 200 with an ETag", resp.StatusCode, out, resp.Header.Get("ETag"))
	}
	if got := resp.Header.Get("Access-Control-Allow-Origin"); got != "http://127.0.0.1:5173" {
		t.Errorf("Allow-Origin: got %q, want the caller's origin", got)
	}
	if got, ok := f.stored(t, "uploads/ad1/img1"); !ok || !bytes.Equal(got, body) {
		t.Errorf("stored: got %q %v, want the body", got, ok)
	}
	_ = f.s3.Close() // delivers the queued events
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.events) != 1 || f.events[0].Key != "uploads/ad1/img1" || f.events[0].Size != int64(len(body)) || f.events[0].ContentType != "image/jpeg" {
		t.Errorf("got events %+v, want one for uploads/ad1/img1", f.events)
	}
}

func TestPresignedUploadRefusals(t *testing.T) {
	body := []byte("0123456789")
	tests := []struct {
		name       string
		creds      aws.Credentials
		signedType string
		signedLen  int64
		sendType   string
		mod        func(t *testing.T, f *uploadFixture, url string) string
		req        func(*http.Request)
		later      time.Duration
		wantStatus int
		wantCode   string
	}{
		{name: "body longer than signed", signedType: "image/png", signedLen: 9, sendType: "image/png",
			wantStatus: http.StatusForbidden, wantCode: "SignatureDoesNotMatch"},
		{name: "body shorter than signed", signedType: "image/png", signedLen: 11, sendType: "image/png",
			wantStatus: http.StatusForbidden, wantCode: "SignatureDoesNotMatch"},
		{name: "another content type", signedType: "image/png", signedLen: 10, sendType: "image/jpeg",
			wantStatus: http.StatusForbidden, wantCode: "SignatureDoesNotMatch"},
		{name: "no content type", signedType: "image/png", signedLen: 10, sendType: "",
			wantStatus: http.StatusForbidden, wantCode: "SignatureDoesNotMatch"},
		{name: "expired", signedType: "image/png", signedLen: 10, sendType: "image/png", later: 10*time.Minute + time.Second,
			wantStatus: http.StatusForbidden, wantCode: "AccessDenied"},
		{name: "not valid yet", signedType: "image/png", signedLen: 10, sendType: "image/png", later: -16 * time.Minute,
			wantStatus: http.StatusForbidden, wantCode: "AccessDenied"},
		{name: "another key", signedType: "image/png", signedLen: 10, sendType: "image/png",
			mod: func(_ *testing.T, _ *uploadFixture, url string) string {
				return strings.Replace(url, "uploads/ad1/img1", "uploads/ad1/img2", 1)
			},
			wantStatus: http.StatusForbidden, wantCode: "SignatureDoesNotMatch"},
		{name: "tampered expiry", signedType: "image/png", signedLen: 10, sendType: "image/png",
			mod: func(_ *testing.T, _ *uploadFixture, url string) string {
				return strings.Replace(url, "X-Amz-Expires=600", "X-Amz-Expires=6000", 1)
			},
			wantStatus: http.StatusForbidden, wantCode: "SignatureDoesNotMatch"},
		{name: "wrong secret", creds: aws.Credentials{AccessKeyID: "local", SecretAccessKey: "guess"}, signedType: "image/png", signedLen: 10, sendType: "image/png",
			wantStatus: http.StatusForbidden, wantCode: "SignatureDoesNotMatch"},
		{name: "unknown access key", creds: aws.Credentials{AccessKeyID: "someone", SecretAccessKey: "local"}, signedType: "image/png", signedLen: 10, sendType: "image/png",
			wantStatus: http.StatusForbidden, wantCode: "InvalidAccessKeyId"},
		{name: "no signature at all", signedType: "image/png", signedLen: 10, sendType: "image/png",
			mod: func(_ *testing.T, f *uploadFixture, _ string) string {
				return f.srv.URL + "/_s3/images/uploads/ad1/img1"
			},
			wantStatus: http.StatusForbidden, wantCode: "AccessDenied"},
		{name: "chunked body", signedType: "image/png", signedLen: 10, sendType: "image/png",
			req: func(r *http.Request) {
				r.ContentLength = -1
				r.Body = io.NopCloser(bytes.NewReader(body))
			},
			wantStatus: http.StatusLengthRequired, wantCode: "MissingContentLength"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newUploadFixture(t)
			creds := tt.creds
			if creds.AccessKeyID == "" {
				creds = localCreds
			}
			url := f.presign(t, creds, "uploads/ad1/img1", tt.signedType, tt.signedLen)
			if tt.mod != nil {
				url = tt.mod(t, f, url)
			}
			f.mu.Lock()
			f.now = f.now.Add(tt.later)
			f.mu.Unlock()
			resp, out := f.put(t, url, tt.sendType, body, tt.req)
			var e struct {
				Code    string `xml:"Code"`
				Message string `xml:"Message"`
			}
			_ = xml.Unmarshal(out, &e)
			if resp.StatusCode != tt.wantStatus || e.Code != tt.wantCode {
				t.Errorf("got %d %s, want %d %s", resp.StatusCode, out, tt.wantStatus, tt.wantCode)
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/xml" {
				t.Errorf("Content-Type: got %q, want application/xml", ct)
			}
			if _, ok := f.stored(t, "uploads/ad1/img1"); ok {
				t.Error("the object was stored, want nothing")
			}
			_ = f.s3.Close()
			f.mu.Lock()
			defer f.mu.Unlock()
			if len(f.events) != 0 {
				t.Errorf("got events %+v, want none", f.events)
			}
		})
	}
}

func TestS3RouteMethods(t *testing.T) {
	f := newUploadFixture(t)
	// The CORS preflight of a cross-origin upload (the SPA's dev server).
	req, _ := http.NewRequest(http.MethodOptions, f.srv.URL+"/_s3/images/uploads/a/b", nil)
	req.Header.Set("Origin", "http://127.0.0.1:5173")
	req.Header.Set("Access-Control-Request-Method", "PUT")
	req.Header.Set("Access-Control-Request-Headers", "content-type")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Access-Control-Allow-Methods") != "PUT" ||
		resp.Header.Get("Access-Control-Allow-Headers") != "content-type" || resp.Header.Get("Access-Control-Allow-Origin") != "http://127.0.0.1:5173" {
		t.Errorf("preflight: got %d %v", resp.StatusCode, resp.Header)
	}
	for _, method := range []string{http.MethodGet, http.MethodDelete, http.MethodPost} {
		req, _ := http.NewRequest(method, f.srv.URL+"/_s3/images/uploads/a/b", nil)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("%s: got %d, want 405 with the security headers", method, resp.StatusCode)
		}
	}

	// Without an S3 origin the route does not exist.
	gw, err := New(Config{Logger: testLogger()})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	gw.ServeHTTP(rec, httptest.NewRequest(http.MethodPut, "/_s3/images/k", strings.NewReader("x")))
	if rec.Code != http.StatusNotFound {
		t.Errorf("without S3Origin: got %d, want 404", rec.Code)
	}
	if _, err := New(Config{S3Origin: "http://127.0.0.1:1"}); err == nil {
		t.Error("S3Origin without credentials: got no error")
	}
}
