package testcloud_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	sestypes "github.com/aws/aws-sdk-go-v2/service/sesv2/types"
	"github.com/aws/aws-sdk-go-v2/service/ssm"

	"github.com/remat/remat/infra/testcloud"
)

func TestDynamoDBFreshTables(t *testing.T) {
	ctx := context.Background()
	var first string
	var client *dynamodb.Client
	t.Run("a", func(t *testing.T) {
		var table string
		client, table = testcloud.DynamoDB(t)
		first = table
		_, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: "P"}, "SK": &types.AttributeValueMemberS{Value: "S"},
			"GSI1PK": &types.AttributeValueMemberS{Value: "G"}, "GSI1SK": &types.AttributeValueMemberS{Value: "1"},
		}})
		if err != nil {
			t.Fatal(err)
		}
		out, err := client.Query(ctx, &dynamodb.QueryInput{
			TableName: aws.String(table), IndexName: aws.String("GSI1"),
			KeyConditionExpression:    aws.String("GSI1PK = :p"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":p": &types.AttributeValueMemberS{Value: "G"}},
		})
		if err != nil || out.Count != 1 {
			t.Fatalf("GSI1 query: got %v, %v, want 1 item", out, err)
		}
	})
	t.Run("b", func(t *testing.T) {
		_, table := testcloud.DynamoDB(t)
		if table == first {
			t.Fatal("got the same table twice")
		}
		out, err := client.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(table)})
		if err != nil || out.Count != 0 {
			t.Errorf("got %v, %v, want an empty table", out, err)
		}
	})
	_, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(first)})
	var nf *types.ResourceNotFoundException
	if !errors.As(err, &nf) {
		t.Errorf("got %v, want the first table deleted after its test", err)
	}
}

func TestDynamoDBParallel(t *testing.T) {
	for i := range 4 {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			t.Parallel()
			client, table := testcloud.DynamoDB(t)
			if _, err := client.DescribeTable(context.Background(), &dynamodb.DescribeTableInput{TableName: aws.String(table)}); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func TestS3(t *testing.T) {
	client, bucket := testcloud.S3(t)
	ctx := context.Background()
	if _, err := client.PutObject(ctx, &s3.PutObjectInput{Bucket: aws.String(bucket), Key: aws.String("k"), Body: strings.NewReader("v")}); err != nil {
		t.Fatal(err)
	}
	out, err := client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String("k")})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = out.Body.Close() }()
	if b, _ := io.ReadAll(out.Body); string(b) != "v" {
		t.Errorf("got %q, want v", b)
	}
	_, other := testcloud.S3(t)
	if other == bucket {
		t.Error("got the same bucket twice")
	}
}

func TestSES(t *testing.T) {
	client, box := testcloud.SES(t)
	send := func(subject string) error {
		_, err := client.SendEmail(context.Background(), &sesv2.SendEmailInput{
			FromEmailAddress: aws.String("no-reply@remat.ch"),
			Destination:      &sestypes.Destination{ToAddresses: []string{"a@example.ch"}},
			Content: &sestypes.EmailContent{Simple: &sestypes.Message{
				Subject: &sestypes.Content{Data: aws.String(subject)},
				Body:    &sestypes.Body{Text: &sestypes.Content{Data: aws.String("body")}},
			}},
		})
		return err
	}
	for _, s := range []string{"first", "second"} {
		if err := send(s); err != nil {
			t.Fatal(err)
		}
	}
	box.SetFailure(errors.New("down"))
	if err := send("third"); err == nil {
		t.Error("got no error with a failure set")
	}
	box.SetFailure(nil)
	msgs := box.Messages()
	if len(msgs) != 2 || msgs[0].Subject != "first" || msgs[1].Subject != "second" {
		t.Errorf("got %+v, want first and second, oldest first", msgs)
	}
}

func TestSSM(t *testing.T) {
	client := testcloud.SSM(t, map[string]string{"/remat/local/jwt-secret": "x"})
	out, err := client.GetParameter(context.Background(), &ssm.GetParameterInput{Name: aws.String("/remat/local/jwt-secret"), WithDecryption: aws.Bool(true)})
	if err != nil || aws.ToString(out.Parameter.Value) != "x" {
		t.Errorf("got %v, %v", out, err)
	}
}

// recordingTB captures what ValidateResponse reports.
type recordingTB struct {
	testing.TB
	mu     sync.Mutex
	errors []string
}

func (r *recordingTB) Helper() {}
func (r *recordingTB) Error(args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprint(args...))
}

func TestValidateResponse(t *testing.T) {
	respond := func(status int, body string) *http.Response {
		rec := httptest.NewRecorder()
		rec.Header().Set("Content-Type", "application/json")
		rec.WriteHeader(status)
		_, _ = io.WriteString(rec, body)
		return rec.Result()
	}
	req := httptest.NewRequest(http.MethodGet, "/api/v1/settings", nil)

	good := &recordingTB{TB: t}
	testcloud.ValidateResponse(good, req, respond(500, `{"error":{"code":"internal_error","message":"x"}}`))
	if len(good.errors) != 0 {
		t.Errorf("got %v, want a documented error response to pass", good.errors)
	}

	// The error codes are an enum of the contract: one it does not list fails.
	undocumented := &recordingTB{TB: t}
	testcloud.ValidateResponse(undocumented, req, respond(500, `{"error":{"code":"internal","message":"x"}}`))
	if len(undocumented.errors) != 1 || !strings.Contains(undocumented.errors[0], "error.code") {
		t.Errorf("got %v, want one error about error.code", undocumented.errors)
	}

	bad := &recordingTB{TB: t}
	resp := respond(200, `{"nope":true}`)
	testcloud.ValidateResponse(bad, req, resp)
	if len(bad.errors) != 1 || !strings.Contains(bad.errors[0], "/api/v1/settings") {
		t.Errorf("got %v, want one error about /api/v1/settings", bad.errors)
	}
	if b, _ := io.ReadAll(resp.Body); string(b) != `{"nope":true}` {
		t.Errorf("body not restored: %q", b)
	}
}

func TestAWSConfigIsLocal(t *testing.T) {
	cfg := testcloud.AWSConfig(t, "http://127.0.0.1:1")
	creds, err := cfg.Credentials.Retrieve(context.Background())
	if err != nil || creds.AccessKeyID == "" {
		t.Errorf("got %v, %v, want static credentials", creds, err)
	}
	if cfg.Region != "eu-central-2" || aws.ToString(cfg.BaseEndpoint) != "http://127.0.0.1:1" {
		t.Errorf("got region %q endpoint %q", cfg.Region, aws.ToString(cfg.BaseEndpoint))
	}
}

func TestStripeMock(t *testing.T) {
	url := testcloud.StripeMock(t)
	if again := testcloud.StripeMock(t); again != url {
		t.Errorf("second call: got %v, want %v", again, url)
	}
	body := strings.NewReader("amount=4200&currency=chf&automatic_payment_methods[enabled]=true")
	req, err := http.NewRequest(http.MethodPost, url+"/v1/payment_intents", body)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer sk_test_123")
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	data, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(data), `"pi_`) {
		t.Errorf("create PaymentIntent: got %d %s, want 200 with a pi_ id", resp.StatusCode, data)
	}
}
