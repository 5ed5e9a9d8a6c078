package s3local

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/smithy-go"

	"github.com/remat/remat/infra/faults"
	"github.com/remat/remat/infra/iam"
	"github.com/remat/remat/infra/samtpl"
)

const frontTemplate = `Resources:
  Images:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: images
      CorsConfiguration:
        CorsRules:
          - Id: uploads
            AllowedMethods: [PUT]
            AllowedOrigins: [http://127.0.0.1:8080]
            AllowedHeaders: [content-type]
            MaxAge: 3600
  Plain:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: plain
  ImagesPolicy:
    Type: AWS::S3::BucketPolicy
    Properties:
      Bucket: !Ref Images
      PolicyDocument:
        Statement:
          - Effect: Allow
            Principal:
              Service: cloudfront.amazonaws.com
            Action: s3:GetObject
            Resource: arn:aws:s3:::images/*
            Condition:
              StringEquals:
                AWS:SourceArn: arn:aws:cloudfront::000000000000:distribution/Dist
          - Effect: Deny
            Principal: "*"
            Action: s3:DeleteObject
            Resource: arn:aws:s3:::images/keep/*
`

type frontFixture struct {
	srv      *Server
	uploader *iam.Principal // may PUT uploads/*, nothing else
	reader   *iam.Principal // may GET and list, delete anything
	cf       *iam.Principal
	root     *iam.Principal
	rec      *iam.Recorder
	faults   *faults.Table // empty unless a test adds faults
}

func newFrontFixture(t *testing.T) *frontFixture {
	t.Helper()
	tpl, err := samtpl.Parse([]byte(frontTemplate), samtpl.Options{AccountID: "000000000000"})
	if err != nil {
		t.Fatal(err)
	}
	policy := func(doc string) []iam.Policy {
		p, err := iam.ParsePolicy("test", map[string]any{"Statement": []any{map[string]any{"Effect": "Allow", "Action": strings.Split(doc, " ")[0], "Resource": strings.Split(doc, " ")[1]}}}, false)
		if err != nil {
			t.Fatal(err)
		}
		return []iam.Policy{p}
	}
	f := &frontFixture{rec: iam.NewRecorder(), faults: faults.New(slog.New(slog.DiscardHandler))}
	if f.uploader, err = iam.NewRolePrincipal("000000000000", "UploaderRole", "Uploader", policy("s3:PutObject arn:aws:s3:::images/uploads/*")); err != nil {
		t.Fatal(err)
	}
	readerPolicies := append(policy("s3:GetObject arn:aws:s3:::images/*"), policy("s3:ListBucket arn:aws:s3:::images")...)
	readerPolicies = append(readerPolicies, policy("s3:DeleteObject arn:aws:s3:::images/*")...)
	if f.reader, err = iam.NewRolePrincipal("000000000000", "ReaderRole", "Reader", readerPolicies); err != nil {
		t.Fatal(err)
	}
	if f.cf, err = iam.NewServicePrincipal("000000000000", "cloudfront.amazonaws.com", "arn:aws:cloudfront::000000000000:distribution/Dist"); err != nil {
		t.Fatal(err)
	}
	f.root = iam.NewRootPrincipal("000000000000", aws.Credentials{AccessKeyID: "local", SecretAccessKey: "local"})
	dir, err := iam.NewDirectory(f.uploader, f.reader, f.cf, f.root)
	if err != nil {
		t.Fatal(err)
	}
	f.srv, err = Start(Options{Template: tpl, Region: "eu-central-2", Faults: f.faults,
		IAM: &iam.Enforcer{Directory: dir, Account: "000000000000", Recorder: f.rec, Logger: slog.New(slog.DiscardHandler)}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = f.srv.Close() })
	return f
}

func (f *frontFixture) client(p *iam.Principal) *s3.Client {
	return NewClient(f.srv.URL(), func(o *s3.Options) {
		o.Credentials = credentials.NewStaticCredentialsProvider(p.Credentials.AccessKeyID, p.Credentials.SecretAccessKey, p.Credentials.SessionToken)
		o.RetryMaxAttempts = 1
	})
}

func apiCode(err error) string {
	var ae smithy.APIError
	if errors.As(err, &ae) {
		return ae.ErrorCode()
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

func TestFrontAuthorizes(t *testing.T) {
	f := newFrontFixture(t)
	ctx := context.Background()
	put := func(p *iam.Principal, key string) error {
		_, err := f.client(p).PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String("images"), Key: aws.String(key), Body: bytes.NewReader([]byte("x"))})
		return err
	}
	get := func(p *iam.Principal, key string) error {
		out, err := f.client(p).GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String("images"), Key: aws.String(key)})
		if err == nil {
			_ = out.Body.Close()
		}
		return err
	}
	head := func(p *iam.Principal, key string) error {
		_, err := f.client(p).HeadObject(ctx, &s3.HeadObjectInput{Bucket: aws.String("images"), Key: aws.String(key)})
		return err
	}
	del := func(p *iam.Principal, key string) error {
		_, err := f.client(p).DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String("images"), Key: aws.String(key)})
		return err
	}
	if err := put(f.root, "images/a.jpg"); err != nil {
		t.Fatal(err)
	}
	if err := put(f.root, "keep/a.jpg"); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"uploader puts under uploads/", put(f.uploader, "uploads/ad/1.jpg"), ""},
		{"uploader puts elsewhere", put(f.uploader, "images/x.jpg"), "AccessDenied"},
		{"uploader reads", get(f.uploader, "images/a.jpg"), "AccessDenied"},
		{"reader reads", get(f.reader, "images/a.jpg"), ""},
		{"reader reads a missing key: 404, it may list", get(f.reader, "images/none.jpg"), "NoSuchKey"},
		{"reader heads a missing key", head(f.reader, "images/none.jpg"), "NotFound"},
		{"cloudfront reads through the bucket policy", get(f.cf, "images/a.jpg"), ""},
		{"cloudfront reads a missing key without ListBucket: 403", get(f.cf, "images/none.jpg"), "AccessDenied"},
		{"cloudfront heads a missing key without ListBucket: 403", head(f.cf, "images/none.jpg"), "Forbidden"},
		{"cloudfront may not delete", del(f.cf, "images/a.jpg"), "AccessDenied"},
		{"the bucket policy's Deny beats the reader's Allow", del(f.reader, "keep/a.jpg"), "AccessDenied"},
		{"root deletes", del(f.root, "images/a.jpg"), ""},
	}
	for _, tt := range tests {
		if got := apiCode(tt.err); got != tt.want {
			t.Errorf("%s: got %q (%v), want %q", tt.name, got, tt.err, tt.want)
		}
	}

	// The message names the caller, the action and the quoted resource.
	err := get(f.uploader, "images/a.jpg")
	var ae smithy.APIError
	if !errors.As(err, &ae) || !strings.Contains(ae.ErrorMessage(), `assumed-role/UploaderRole/Uploader is not authorized to perform: s3:GetObject on resource: "arn:aws:s3:::images/images/a.jpg"`) {
		t.Errorf("got %v, want AWS's message", err)
	}

	// Anonymous and forged requests.
	resp, err := http.Get(f.srv.URL() + "/images/keep/a.jpg")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden || !strings.Contains(string(body), "<Code>AccessDenied</Code>") {
		t.Errorf("anonymous: got %d %s, want 403 AccessDenied", resp.StatusCode, body)
	}
	forged := *f.uploader
	forged.Credentials.SecretAccessKey = "guess"
	if got := apiCode(put(&forged, "uploads/x")); got != "SignatureDoesNotMatch" {
		t.Errorf("wrong secret: got %q, want SignatureDoesNotMatch", got)
	}

	u := f.rec.Usage()
	if len(u.Denied) == 0 {
		t.Error("the recorder saw no denial")
	}
}

func TestFrontPresignedUploadAndCORS(t *testing.T) {
	f := newFrontFixture(t)
	ctx := context.Background()
	presign := func(p *iam.Principal, key string) string {
		req, err := s3.NewPresignClient(f.client(p)).PresignPutObject(ctx, &s3.PutObjectInput{
			Bucket: aws.String("images"), Key: aws.String(key), ContentType: aws.String("image/jpeg"), ContentLength: aws.Int64(4),
		}, s3.WithPresignExpires(10*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		return req.URL
	}
	send := func(method, url, origin string, hdr map[string]string, body string) *http.Response {
		req, _ := http.NewRequest(method, url, strings.NewReader(body))
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		_ = resp.Body.Close()
		return resp
	}
	site := "http://127.0.0.1:8080"
	url := presign(f.uploader, "uploads/ad/2.jpg")

	preflights := []struct {
		name    string
		origin  string
		method  string
		headers string
		bucket  string
		want    int
	}{
		{"the site's upload", site, "PUT", "content-type", "images", http.StatusOK},
		{"another origin", "http://127.0.0.1:5173", "PUT", "content-type", "images", http.StatusForbidden},
		{"another method", site, "DELETE", "", "images", http.StatusForbidden},
		{"a header the rule does not allow", site, "PUT", "content-type,x-amz-meta-owner", "images", http.StatusForbidden},
		{"a bucket without CORS", site, "PUT", "content-type", "plain", http.StatusForbidden},
	}
	for _, tt := range preflights {
		resp := send(http.MethodOptions, f.srv.URL()+"/"+tt.bucket+"/uploads/ad/2.jpg", tt.origin,
			map[string]string{"Access-Control-Request-Method": tt.method, "Access-Control-Request-Headers": tt.headers}, "")
		if resp.StatusCode != tt.want {
			t.Errorf("preflight, %s: got %d, want %d", tt.name, resp.StatusCode, tt.want)
			continue
		}
		if tt.want == http.StatusOK {
			h := resp.Header
			if h.Get("Access-Control-Allow-Origin") != site || h.Get("Access-Control-Allow-Methods") != "PUT" ||
				h.Get("Access-Control-Allow-Headers") != "content-type" || h.Get("Access-Control-Max-Age") != "3600" {
				t.Errorf("preflight, %s: got headers %v", tt.name, h)
			}
		}
	}

	resp := send(http.MethodPut, url, site, map[string]string{"Content-Type": "image/jpeg"}, "jpeg")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Access-Control-Allow-Origin") != site {
		t.Errorf("presigned PUT from the site: got %d, Allow-Origin %q", resp.StatusCode, resp.Header.Get("Access-Control-Allow-Origin"))
	}
	resp = send(http.MethodPut, presign(f.uploader, "uploads/ad/3.jpg"), "http://evil.example", map[string]string{"Content-Type": "image/jpeg"}, "jpeg")
	if got := resp.Header.Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("PUT from another origin: got Allow-Origin %q, want none (the browser then refuses the answer)", got)
	}
	resp = send(http.MethodPut, url, site, map[string]string{"Content-Type": "text/html"}, "jpeg")
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("presigned PUT with another type: got %d, want 403", resp.StatusCode)
	}
	// A URL presigned by a principal without s3:PutObject there.
	resp = send(http.MethodPut, presign(f.reader, "uploads/ad/4.jpg"), site, map[string]string{"Content-Type": "image/jpeg"}, "jpeg")
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("presigned by a reader: got %d, want 403", resp.StatusCode)
	}
}
