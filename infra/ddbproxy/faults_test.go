package ddbproxy

import (
	"context"
	"errors"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/remat/remat/infra/faults"
	"github.com/remat/remat/infra/iam"
	"github.com/remat/remat/infra/testcloud"
)

func TestFaultCall(t *testing.T) {
	p := (&Proxy{}).WithFaults(nil, map[string][]string{"t": {"PK", "SK"}})
	tests := []struct {
		op, body string
		want     string // resource: keys; ...
	}{
		{"GetItem", `{"TableName":"t","Key":{"PK":{"S":"USER#1"},"SK":{"S":"PROFILE"}}}`, "t: USER#1 PROFILE"},
		{"PutItem", `{"TableName":"arn:aws:dynamodb:r:0:table/t","Item":{"PK":{"S":"CREQ#1"},"SK":{"S":"CREQ"},"email":{"S":"x"}}}`, "t: CREQ#1 CREQ"},
		{"Query", `{"TableName":"t","ExpressionAttributeValues":{":pk":{"S":"SELLER#1#CREQ"},":n":{"N":"3"}}}`, "t: 3 SELLER#1#CREQ"},
		{"TransactWriteItems", `{"TransactItems":[{"Put":{"TableName":"t","Item":{"PK":{"S":"A"},"SK":{"S":"B"}}}},{"Update":{"TableName":"t","Key":{"PK":{"S":"C"},"SK":{"S":"D"}}}}]}`, "t: A B; t: C D"},
		{"BatchWriteItem", `{"RequestItems":{"t":[{"PutRequest":{"Item":{"PK":{"S":"A"},"SK":{"S":"B"}}}},{"DeleteRequest":{"Key":{"PK":{"S":"C"},"SK":{"S":"D"}}}}]}}`, "t: A B C D"},
		{"BatchGetItem", `{"RequestItems":{"u":{"Keys":[{"id":{"S":"X"}}]}}}`, "u: X"},
	}
	for _, tt := range tests {
		c := p.faultCall(tt.op, "Fn", []byte(tt.body))
		var got []string
		for _, target := range c.Targets {
			got = append(got, target.Resource+": "+strings.Join(target.Keys, " "))
		}
		if strings.Join(got, "; ") != tt.want || c.Operation != tt.op || c.Principal != "Fn" {
			t.Errorf("%s: got %s %s %q, want %q", tt.op, c.Operation, c.Principal, got, tt.want)
		}
	}
}

// TestProxyFaults shows the SDK receives DynamoDB's own errors from the
// fault table, that only the matching calls fail, and that a stalled
// write whose caller gave up never reaches the table.
func TestProxyFaults(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	admin, table := testcloud.DynamoDB(t)
	tableARN := "arn:aws:dynamodb:eu-central-2:000000000000:table/" + table
	fn, dir := fnDirectory(t,
		map[string]any{"Effect": "Allow", "Action": []any{"dynamodb:GetItem", "dynamodb:PutItem"}, "Resource": tableARN},
	)
	proxy, err := New(testcloud.DynamoDBEndpoint(t), &iam.Enforcer{Directory: dir, Account: account, Logger: slog.New(slog.DiscardHandler)}, region, account, nil)
	if err != nil {
		t.Fatal(err)
	}
	ft := faults.New(slog.New(slog.DiscardHandler))
	srv := httptest.NewServer(proxy.WithFaults(ft, map[string][]string{table: {"PK", "SK"}}))
	defer srv.Close()
	c := dynamodb.New(dynamodb.Options{
		Region: region, BaseEndpoint: aws.String(srv.URL), RetryMaxAttempts: 1,
		Credentials: credentials.NewStaticCredentialsProvider(fn.Credentials.AccessKeyID, fn.Credentials.SecretAccessKey, fn.Credentials.SessionToken),
	})
	item := func(pk string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: pk}, "SK": &types.AttributeValueMemberS{Value: "A"}}
	}
	put := func(ctx context.Context, pk string) error {
		_, err := c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: item(pk)})
		return err
	}
	stored := func(pk string) bool {
		out, err := admin.GetItem(t.Context(), &dynamodb.GetItemInput{TableName: aws.String(table), Key: item(pk), ConsistentRead: aws.Bool(true)})
		if err != nil {
			t.Fatal(err)
		}
		return out.Item != nil
	}

	for name, want := range map[string]struct {
		code   string
		status int
	}{
		"InternalServerError":                    {"InternalServerError", 500},
		"ProvisionedThroughputExceededException": {"ProvisionedThroughputExceededException", 400},
		"ThrottlingException":                    {"ThrottlingException", 400},
	} {
		ft.Clear()
		if _, err := ft.Add(faults.Fault{Service: faults.DynamoDB, Operation: "PutItem", Principal: "Fn", KeyPrefix: "USER#", Error: name, Count: 1}); err != nil {
			t.Fatal(err)
		}
		err := put(t.Context(), "USER#"+name)
		var ae smithy.APIError
		var re interface{ HTTPStatusCode() int }
		if !errors.As(err, &ae) || ae.ErrorCode() != want.code || !errors.As(err, &re) || re.HTTPStatusCode() != want.status {
			t.Errorf("%s: got %v, want %s with status %d", name, err, want.code, want.status)
		}
		if stored("USER#" + name) {
			t.Errorf("%s: the failed write reached the table", name)
		}
		if err := put(t.Context(), "USER#"+name); err != nil {
			t.Errorf("%s: the call after a count-1 fault: %v", name, err)
		}
	}

	// Only matching keys fail.
	ft.Clear()
	if _, err := ft.Add(faults.Fault{Service: faults.DynamoDB, KeyPrefix: "CREQ#", Error: "InternalServerError"}); err != nil {
		t.Fatal(err)
	}
	if err := put(t.Context(), "USER#other"); err != nil {
		t.Errorf("a key the fault does not name: %v", err)
	}

	// A stall the caller does not wait out: the write never happens.
	ft.Clear()
	if _, err := ft.Add(faults.Fault{Service: faults.DynamoDB, Operation: "PutItem", StallSeconds: 2}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 300*time.Millisecond)
	defer cancel()
	if err := put(ctx, "USER#stalled"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("stalled put: got %v, want context.DeadlineExceeded", err)
	}
	time.Sleep(2500 * time.Millisecond)
	if stored("USER#stalled") {
		t.Error("the stalled write whose caller gave up reached the table")
	}
}
