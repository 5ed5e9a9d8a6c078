package s3local

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/infra/iam"
)

// uploadFixture is an S3 emulator with IAM whose clock the test moves,
// recording its object-created events, and a function principal that may
// PUT under uploads/ (as the products function presigns).
type uploadFixture struct {
	srv    *Server
	fn     *iam.Principal
	root   *iam.Principal
	mu     sync.Mutex
	events []ObjectCreated
	now    time.Time
}

func newUploadFixture(t *testing.T) *uploadFixture {
	t.Helper()
	f := &uploadFixture{now: time.Now()}
	pol, err := iam.ParsePolicy("Fn Policies[0]", map[string]any{"Statement": []any{map[string]any{
		"Effect": "Allow", "Action": "s3:PutObject", "Resource": "arn:aws:s3:::images/uploads/*"}}}, false)
	if err != nil {
		t.Fatal(err)
	}
	if f.fn, err = iam.NewRolePrincipal("000000000000", "FnRole", "Fn", []iam.Policy{pol}); err != nil {
		t.Fatal(err)
	}
	f.root = iam.NewRootPrincipal("000000000000", aws.Credentials{AccessKeyID: "local", SecretAccessKey: "local"})
	dir, err := iam.NewDirectory(f.fn, f.root)
	if err != nil {
		t.Fatal(err)
	}
	f.srv, err = Start(Options{
		Buckets: []string{"images"}, Region: "eu-central-2",
		IAM: &iam.Enforcer{Directory: dir, Account: "000000000000", Logger: slog.New(slog.DiscardHandler)},
		Now: func() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.now },
		OnObjectCreated: func(ev ObjectCreated) {
			f.mu.Lock()
			defer f.mu.Unlock()
			f.events = append(f.events, ev)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.srv.Close() })
	return f
}

// presign returns a presigned PUT URL for key with the given type and
// length signed, made as the products function makes it.
func (f *uploadFixture) presign(t *testing.T, creds aws.Credentials, key, contentType string, length int64) string {
	t.Helper()
	client := NewClient(f.srv.URL(), func(o *s3.Options) { o.Credentials = credentials.StaticCredentialsProvider{Value: creds} })
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

func (f *uploadFixture) stored(key string) bool {
	out, err := NewClient(f.srv.URL()).GetObject(context.Background(), &s3.GetObjectInput{Bucket: aws.String("images"), Key: aws.String(key)})
	if err != nil {
		return false
	}
	_ = out.Body.Close()
	return true
}

func TestPresignedUploadRefusals(t *testing.T) {
	body := []byte("0123456789")
	tests := []struct {
		name       string
		creds      func(f *uploadFixture) aws.Credentials
		signedType string
		signedLen  int64
		sendType   string
		mod        func(f *uploadFixture, url string) string
		req        func(*http.Request)
		later      time.Duration
		wantStatus int
		wantCode   string
	}{
		{name: "accepted", signedType: "image/png", signedLen: 10, sendType: "image/png", wantStatus: http.StatusOK},
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
			mod: func(_ *uploadFixture, url string) string {
				return strings.Replace(url, "uploads/ad1/img1", "uploads/ad1/img2", 1)
			},
			wantStatus: http.StatusForbidden, wantCode: "SignatureDoesNotMatch"},
		{name: "tampered expiry", signedType: "image/png", signedLen: 10, sendType: "image/png",
			mod: func(_ *uploadFixture, url string) string {
				return strings.Replace(url, "X-Amz-Expires=600", "X-Amz-Expires=6000", 1)
			},
			wantStatus: http.StatusForbidden, wantCode: "SignatureDoesNotMatch"},
		{name: "wrong secret", creds: func(f *uploadFixture) aws.Credentials {
			c := f.fn.Credentials
			c.SecretAccessKey = "guess"
			return c
		}, signedType: "image/png", signedLen: 10, sendType: "image/png",
			wantStatus: http.StatusForbidden, wantCode: "SignatureDoesNotMatch"},
		{name: "unknown access key", creds: func(f *uploadFixture) aws.Credentials {
			c := f.fn.Credentials
			c.AccessKeyID = "ASIASOMEONE"
			return c
		}, signedType: "image/png", signedLen: 10, sendType: "image/png",
			wantStatus: http.StatusForbidden, wantCode: "InvalidAccessKeyId"},
		{name: "no signature at all", signedType: "image/png", signedLen: 10, sendType: "image/png",
			mod:        func(f *uploadFixture, _ string) string { return f.srv.URL() + "/images/uploads/ad1/img1" },
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
			creds := f.fn.Credentials
			if tt.creds != nil {
				creds = tt.creds(f)
			}
			url := f.presign(t, creds, "uploads/ad1/img1", tt.signedType, tt.signedLen)
			if tt.mod != nil {
				url = tt.mod(f, url)
			}
			f.mu.Lock()
			f.now = f.now.Add(tt.later)
			f.mu.Unlock()
			req, err := http.NewRequest(http.MethodPut, url, bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if tt.sendType != "" {
				req.Header.Set("Content-Type", tt.sendType)
			}
			if tt.req != nil {
				tt.req(req)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			out, _ := io.ReadAll(resp.Body)
			_ = resp.Body.Close()
			var e struct {
				Code string `xml:"Code"`
			}
			_ = xml.Unmarshal(out, &e)
			if resp.StatusCode != tt.wantStatus || e.Code != tt.wantCode {
				t.Errorf("got %d %s, want %d %s", resp.StatusCode, out, tt.wantStatus, tt.wantCode)
			}
			if tt.wantStatus == http.StatusOK {
				if !f.stored("uploads/ad1/img1") {
					t.Error("the accepted upload was not stored")
				}
				return
			}
			if ct := resp.Header.Get("Content-Type"); ct != "application/xml" {
				t.Errorf("Content-Type: got %q, want application/xml", ct)
			}
			if f.stored("uploads/ad1/img1") {
				t.Error("the object was stored, want nothing")
			}
			_ = f.srv.Close()
			f.mu.Lock()
			defer f.mu.Unlock()
			if len(f.events) != 0 {
				t.Errorf("got events %+v, want none", f.events)
			}
		})
	}
}
