package awsx

import (
	"context"
	"hash/crc32"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	sestypes "github.com/aws/aws-sdk-go-v2/service/sesv2/types"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
)

// recorder is a fake AWS endpoint that remembers the paths it was asked for.
type recorder struct {
	mu    sync.Mutex
	paths []string
	body  string
	ctype string
}

func (rec *recorder) server(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec.mu.Lock()
		rec.paths = append(rec.paths, r.URL.Path)
		rec.mu.Unlock()
		w.Header().Set("Content-Type", rec.ctype)
		w.Header().Set("X-Amz-Crc32", strconv.FormatUint(uint64(crc32.ChecksumIEEE([]byte(rec.body))), 10))
		_, _ = w.Write([]byte(rec.body))
	}))
	t.Cleanup(srv.Close)
	return srv
}

func (rec *recorder) got() []string {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return append([]string(nil), rec.paths...)
}

// TestEndpointsComeFromEnvironment proves the local-cloud contract: the
// standard AWS_ENDPOINT_URL_<SERVICE> variables route every client, with no
// endpoint in code.
func TestEndpointsComeFromEnvironment(t *testing.T) {
	ddbRec := &recorder{body: `{"TableNames":[]}`, ctype: "application/x-amz-json-1.0"}
	s3Rec := &recorder{body: `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>b</Name></ListBucketResult>`, ctype: "application/xml"}
	sesRec := &recorder{body: `{"MessageId":"m-1"}`, ctype: "application/json"}
	ssmRec := &recorder{body: `{"Parameters":[],"InvalidParameters":[]}`, ctype: "application/x-amz-json-1.1"}

	t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	none := filepath.Join(t.TempDir(), "none") // no shared config or credentials files
	t.Setenv("AWS_CONFIG_FILE", none)
	t.Setenv("AWS_SHARED_CREDENTIALS_FILE", none)
	t.Setenv("AWS_PROFILE", "")
	t.Setenv("AWS_ACCESS_KEY_ID", "test")
	t.Setenv("AWS_SECRET_ACCESS_KEY", "test")
	t.Setenv("AWS_SESSION_TOKEN", "")
	t.Setenv("AWS_ENDPOINT_URL", "")
	t.Setenv("AWS_ENDPOINT_URL_DYNAMODB", ddbRec.server(t).URL)
	t.Setenv("AWS_ENDPOINT_URL_S3", s3Rec.server(t).URL)
	t.Setenv("AWS_ENDPOINT_URL_SESV2", sesRec.server(t).URL)
	t.Setenv("AWS_ENDPOINT_URL_SSM", ssmRec.server(t).URL)

	ctx := context.Background()
	cfg, err := Load(ctx, "eu-central-2")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dynamodb.NewFromConfig(cfg).ListTables(ctx, &dynamodb.ListTablesInput{}); err != nil {
		t.Errorf("dynamodb: got %v, want nil", err)
	}
	if _, err := s3.NewFromConfig(cfg, func(o *s3.Options) { o.UsePathStyle = true }).ListObjectsV2(ctx, &s3.ListObjectsV2Input{Bucket: aws.String("b")}); err != nil {
		t.Errorf("s3: got %v, want nil", err)
	}
	if _, err := sesv2.NewFromConfig(cfg).SendEmail(ctx, &sesv2.SendEmailInput{
		FromEmailAddress: aws.String("a@b.ch"),
		Destination:      &sestypes.Destination{ToAddresses: []string{"c@d.ch"}},
		Content: &sestypes.EmailContent{Simple: &sestypes.Message{
			Subject: &sestypes.Content{Data: aws.String("s")},
			Body:    &sestypes.Body{Text: &sestypes.Content{Data: aws.String("t")}},
		}},
	}); err != nil {
		t.Errorf("sesv2: got %v, want nil", err)
	}
	if _, err := ssm.NewFromConfig(cfg).GetParameters(ctx, &ssm.GetParametersInput{Names: []string{"/x"}}); err != nil {
		t.Errorf("ssm: got %v, want nil", err)
	}

	tests := []struct {
		name string
		rec  *recorder
		want string
	}{
		{"dynamodb", ddbRec, "/"},
		{"s3 path style", s3Rec, "/b"},
		{"sesv2", sesRec, "/v2/email/outbound-emails"},
		{"ssm", ssmRec, "/"},
	}
	for _, tt := range tests {
		got := tt.rec.got()
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s: got requests %v, want [%s]", tt.name, got, tt.want)
		}
	}
}
