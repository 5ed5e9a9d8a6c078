package testcloud

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-lambda-go/lambdacontext"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

// Function is the cloud a deployed function sees, for the cold-start tests
// of functions/<name>: a fresh table, bucket, mailbox and SSM parameters;
// the SDK's standard variables pointing at them (set with t.Setenv, exactly
// what the local cloud gives a function process, so the function's own
// wiring finds them); and the function's environment in Env.
type Function struct {
	DB      *dynamodb.Client
	Table   string
	Bucket  string
	Mailbox *Mailbox
	// Env is what template.yaml's Globals give every function, with local
	// values. A test adds its function's own variables before wiring.
	Env map[string]string
}

// NewFunction prepares the cloud for one function under test; params are
// the SSM parameters by full name (for example /remat/local/jwt-signing-key).
// Tests using it cannot run in parallel (t.Setenv).
func NewFunction(t *testing.T, params map[string]string) *Function {
	t.Helper()
	db, table := DynamoDB(t)
	_, bucket := S3(t)
	_, box := SES(t)
	ssmClient := SSM(t, params)
	none := filepath.Join(t.TempDir(), "none") // no shared config or credentials files
	for k, v := range map[string]string{
		"AWS_EC2_METADATA_DISABLED":   "true",
		"AWS_CONFIG_FILE":             none,
		"AWS_SHARED_CREDENTIALS_FILE": none,
		"AWS_PROFILE":                 "",
		"AWS_ACCESS_KEY_ID":           "local",
		"AWS_SECRET_ACCESS_KEY":       "local",
		"AWS_SESSION_TOKEN":           "",
		"AWS_ENDPOINT_URL":            "",
		"AWS_ENDPOINT_URL_DYNAMODB":   DynamoDBEndpoint(t),
		"AWS_ENDPOINT_URL_S3":         S3Endpoint(t),
		"AWS_ENDPOINT_URL_SESV2":      box.Endpoint(),
		"AWS_ENDPOINT_URL_SSM":        *ssmClient.Options().BaseEndpoint,
	} {
		t.Setenv(k, v)
	}
	return &Function{
		DB: db, Table: table, Bucket: bucket, Mailbox: box,
		Env: map[string]string{
			"STAGE": "local", "TABLE_NAME": table, "IMAGES_BUCKET": bucket, "S3_USE_PATH_STYLE": "true",
			"SSM_PREFIX": "/remat/local", "LOG_LEVEL": "error", "MAIL_FROM": "no-reply@remat.ch",
			"AWS_REGION": Region, "SITE_URL": "http://127.0.0.1:8080",
		},
	}
}

// Lookup reads Env; it has the shape of os.LookupEnv (and config.LookupFunc).
func (f *Function) Lookup(key string) (string, bool) {
	v, ok := f.Env[key]
	return v, ok
}

// Invoke sends event through the Lambda JSON boundary to h, with a Lambda
// request id in the context, and decodes the API Gateway v2 response.
func Invoke(t testing.TB, h lambda.Handler, event events.APIGatewayV2HTTPRequest) events.APIGatewayV2HTTPResponse {
	t.Helper()
	payload, err := json.Marshal(event)
	if err != nil {
		t.Fatal(err)
	}
	ctx := lambdacontext.NewContext(context.Background(), &lambdacontext.LambdaContext{AwsRequestID: "invoke-1"})
	out, err := h.Invoke(ctx, payload)
	if err != nil {
		t.Fatalf("invoke: got %v, want nil", err)
	}
	var resp events.APIGatewayV2HTTPResponse
	if err := json.Unmarshal(out, &resp); err != nil {
		t.Fatal(err)
	}
	return resp
}

// EventJSON reads the event.json beside the function under test (the
// event `sam local invoke` uses).
func EventJSON(t testing.TB) events.APIGatewayV2HTTPRequest {
	t.Helper()
	raw, err := os.ReadFile("event.json")
	if err != nil {
		t.Fatal(err)
	}
	var event events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(raw, &event); err != nil {
		t.Fatal(err)
	}
	return event
}
