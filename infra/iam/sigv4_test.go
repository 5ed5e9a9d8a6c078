package iam

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
)

// authServer authenticates every request it gets and remembers the
// outcome of the last one.
type authServer struct {
	dir     *Directory
	service string
	s3      bool
	now     func() time.Time

	mu   sync.Mutex
	who  *Principal
	err  error
	seen int
}

func (a *authServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	hash := r.Header.Get("X-Amz-Content-Sha256")
	if hash == "" {
		sum := sha256.Sum256(body)
		hash = hex.EncodeToString(sum[:])
	}
	p, err := a.dir.Authenticate(r.Context(), r, AuthOptions{Service: a.service, PayloadHash: hash, S3: a.s3, Now: a.now})
	a.mu.Lock()
	a.who, a.err = p, err
	a.seen++
	a.mu.Unlock()
	// Answer something the SDK accepts and does not retry.
	w.Header().Set("Content-Type", "application/x-amz-json-1.0")
	if a.s3 {
		w.Header().Set("Content-Type", "application/xml")
	}
	w.WriteHeader(http.StatusOK)
	if !a.s3 {
		_, _ = w.Write([]byte(`{}`))
	}
}

func (a *authServer) last() (*Principal, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.who, a.err
}

func TestAuthenticateDynamoDBRequests(t *testing.T) {
	fn, err := NewRolePrincipal(acct, "FnRole", "Fn", nil)
	if err != nil {
		t.Fatal(err)
	}
	other, err := NewRolePrincipal(acct, "OtherRole", "Other", nil)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := NewDirectory(fn, other)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	srv := &authServer{dir: dir, service: "dynamodb", now: func() time.Time { return now }}
	ts := httptest.NewServer(srv)
	defer ts.Close()

	client := func(creds aws.Credentials) *dynamodb.Client {
		return dynamodb.New(dynamodb.Options{
			Region: "eu-central-2", BaseEndpoint: aws.String(ts.URL), RetryMaxAttempts: 1,
			Credentials: credentials.NewStaticCredentialsProvider(creds.AccessKeyID, creds.SecretAccessKey, creds.SessionToken),
		})
	}
	wrongSecret := fn.Credentials
	wrongSecret.SecretAccessKey = "not-the-secret"
	wrongToken := fn.Credentials
	wrongToken.SessionToken = "stolen"
	noToken := fn.Credentials
	noToken.SessionToken = ""
	unknown := fn.Credentials
	unknown.AccessKeyID = "ASIAUNKNOWN"

	tests := []struct {
		name  string
		creds aws.Credentials
		want  *Principal
		kind  AuthErrorKind
	}{
		{"the function's own credentials", fn.Credentials, fn, 0},
		{"another principal", other.Credentials, other, 0},
		{"wrong secret", wrongSecret, nil, AuthSignatureMismatch},
		{"wrong session token", wrongToken, nil, AuthInvalidToken},
		{"no session token", noToken, nil, AuthInvalidToken},
		{"unknown access key", unknown, nil, AuthUnknownKey},
	}
	for _, tt := range tests {
		getItem(client(tt.creds))
		got, err := srv.last()
		if tt.kind == 0 {
			if err != nil || got != tt.want {
				t.Errorf("%s: got %v, %v, want %s", tt.name, got, err, tt.want.Name)
			}
			continue
		}
		var ae *AuthError
		if !errors.As(err, &ae) || ae.Kind != tt.kind {
			t.Errorf("%s: got %v, want an AuthError of kind %d", tt.name, err, tt.kind)
		}
	}

	// A body changed after signing no longer matches its signature.
	req, _ := http.NewRequest(http.MethodPost, ts.URL, strings.NewReader(`{"TableName":"remat-local"}`))
	signed := signRequest(t, req, fn.Credentials, "dynamodb", `{"TableName":"remat-local"}`, now)
	signed.Body = io.NopCloser(strings.NewReader(`{"TableName":"someone-else"}`))
	signed.ContentLength = int64(len(`{"TableName":"someone-else"}`))
	resp, err := http.DefaultClient.Do(signed)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if _, err := srv.last(); err == nil {
		t.Error("tampered body: got no error, want a signature mismatch")
	}

	// A signature older than the allowed clock skew is refused.
	now = now.Add(20 * time.Minute)
	getItem(client(fn.Credentials))
	var ae *AuthError
	if _, err := srv.last(); !errors.As(err, &ae) || ae.Kind != AuthExpired {
		t.Errorf("skewed clock: got %v, want AuthExpired", err)
	}
}

func getItem(c *dynamodb.Client) {
	_, _ = c.GetItem(context.Background(), &dynamodb.GetItemInput{
		TableName: aws.String("remat-local"),
		Key:       map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "USER#1"}, "SK": &types.AttributeValueMemberS{Value: "PROFILE"}},
	})
}

// signRequest signs req like the SDK would, for hand-made requests.
func signRequest(t *testing.T, req *http.Request, creds aws.Credentials, service, body string, at time.Time) *http.Request {
	t.Helper()
	sum := sha256.Sum256([]byte(body))
	req.Header.Set("Content-Type", "application/x-amz-json-1.0")
	req.Header.Set("X-Amz-Target", "DynamoDB_20120810.GetItem")
	req.ContentLength = int64(len(body))
	if err := signerFor(false).SignHTTP(context.Background(), creds, req, hex.EncodeToString(sum[:]), service, "eu-central-2", at); err != nil {
		t.Fatal(err)
	}
	return req
}

func TestAuthenticateS3Requests(t *testing.T) {
	fn, err := NewRolePrincipal(acct, "FnRole", "Fn", nil)
	if err != nil {
		t.Fatal(err)
	}
	dir, err := NewDirectory(fn)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	srv := &authServer{dir: dir, service: "s3", s3: true, now: func() time.Time { return now }}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	client := s3.New(s3.Options{
		Region: "eu-central-2", BaseEndpoint: aws.String(ts.URL), UsePathStyle: true, RetryMaxAttempts: 1,
		Credentials:                credentials.NewStaticCredentialsProvider(fn.Credentials.AccessKeyID, fn.Credentials.SecretAccessKey, fn.Credentials.SessionToken),
		RequestChecksumCalculation: aws.RequestChecksumCalculationWhenRequired,
		ResponseChecksumValidation: aws.ResponseChecksumValidationWhenRequired,
	})

	// Header-signed requests, with keys that need escaping.
	for _, key := range []string{"uploads/ad1/img1.jpg", "images/products/a b/ü+x.jpg"} {
		_, _ = client.PutObject(context.Background(), &s3.PutObjectInput{
			Bucket: aws.String("bucket"), Key: aws.String(key), Body: bytes.NewReader([]byte("jpeg")), ContentType: aws.String("image/jpeg"),
		})
		if got, err := srv.last(); err != nil || got != fn {
			t.Errorf("PUT %s: got %v, %v, want the function", key, got, err)
		}
	}

	// A presigned PUT as the browser sends it: the signed Content-Type and
	// Content-Length must be the ones sent.
	presigner := s3.NewPresignClient(client)
	pr, err := presigner.PresignPutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String("bucket"), Key: aws.String("uploads/ad1/img2.jpg"), ContentType: aws.String("image/jpeg"), ContentLength: aws.Int64(4),
	}, s3.WithPresignExpires(10*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	put := func(contentType, body string) error {
		req, _ := http.NewRequest(http.MethodPut, pr.URL, strings.NewReader(body))
		req.Header.Set("Content-Type", contentType)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		_, aerr := srv.last()
		return aerr
	}
	if err := put("image/jpeg", "jpeg"); err != nil {
		t.Errorf("presigned PUT: got %v, want it accepted", err)
	}
	var ae *AuthError
	if err := put("text/html", "jpeg"); !errors.As(err, &ae) || ae.Kind != AuthSignatureMismatch {
		t.Errorf("presigned PUT with another type: got %v, want a signature mismatch", err)
	}
	if err := put("image/jpeg", "a much longer body"); !errors.As(err, &ae) || ae.Kind != AuthSignatureMismatch {
		t.Errorf("presigned PUT with another length: got %v, want a signature mismatch", err)
	}
	now = now.Add(11 * time.Minute)
	if err := put("image/jpeg", "jpeg"); !errors.As(err, &ae) || ae.Kind != AuthExpired {
		t.Errorf("presigned PUT after expiry: got %v, want AuthExpired", err)
	}

	// An unsigned request.
	resp, err := http.Get(ts.URL + "/bucket/x")
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if _, err := srv.last(); !errors.As(err, &ae) || ae.Kind != AuthMissing {
		t.Errorf("unsigned: got %v, want AuthMissing", err)
	}
}
