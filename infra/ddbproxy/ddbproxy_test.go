package ddbproxy

import (
	"context"
	"errors"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/smithy-go"

	"github.com/remat/remat/infra/iam"
	"github.com/remat/remat/infra/testcloud"
)

const (
	region  = "eu-central-2"
	account = "000000000000"
)

func TestRequirements(t *testing.T) {
	table := "arn:aws:dynamodb:eu-central-2:000000000000:table/t"
	tests := []struct {
		op, body string
		want     []string // "action resource"
		err      string
	}{
		{"GetItem", `{"TableName":"t"}`, []string{"dynamodb:GetItem " + table}, ""},
		{"PutItem", `{"TableName":"` + table + `"}`, []string{"dynamodb:PutItem " + table}, ""},
		{"Query", `{"TableName":"t","IndexName":"GSI1"}`, []string{"dynamodb:Query " + table + "/index/GSI1"}, ""},
		{"Query", `{"TableName":"t"}`, []string{"dynamodb:Query " + table}, ""},
		{"Scan", `{"TableName":"t","IndexName":"GSI2"}`, []string{"dynamodb:Scan " + table + "/index/GSI2"}, ""},
		{"BatchGetItem", `{"RequestItems":{"t":{},"u":{}}}`, []string{"dynamodb:BatchGetItem " + table, "dynamodb:BatchGetItem arn:aws:dynamodb:eu-central-2:000000000000:table/u"}, ""},
		{"BatchWriteItem", `{"RequestItems":{"t":[]}}`, []string{"dynamodb:BatchWriteItem " + table}, ""},
		{"TransactWriteItems", `{"TransactItems":[{"Put":{"TableName":"t"}},{"Update":{"TableName":"t"}},{"Delete":{"TableName":"t"}},{"ConditionCheck":{"TableName":"t"}}]}`,
			[]string{"dynamodb:PutItem " + table, "dynamodb:UpdateItem " + table, "dynamodb:DeleteItem " + table, "dynamodb:ConditionCheckItem " + table}, ""},
		{"TransactGetItems", `{"TransactItems":[{"Get":{"TableName":"t"}}]}`, []string{"dynamodb:GetItem " + table}, ""},
		{"ListTables", `{}`, []string{"dynamodb:ListTables *"}, ""},
		{"ExecuteStatement", `{"Statement":"SELECT * FROM t"}`, nil, "does not authorize the DynamoDB operation"},
		{"GetItem", `{}`, nil, "tableName"},
		{"GetItem", `not json`, nil, "not valid JSON"},
		{"TransactWriteItems", `{"TransactItems":[{"Put":{"TableName":"t"},"Delete":{"TableName":"t"}}]}`, nil, "exactly one operation"},
	}
	for _, tt := range tests {
		reqs, err := Requirements(tt.op, []byte(tt.body), region, account)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%s %s: got %v, want an error containing %q", tt.op, tt.body, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s %s: %v", tt.op, tt.body, err)
			continue
		}
		var got []string
		for _, r := range reqs {
			got = append(got, r.Action+" "+r.Resource)
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("%s %s: got %q, want %q", tt.op, tt.body, got, tt.want)
		}
	}
}

// TestProxy runs real SDK calls through the proxy to DynamoDB Local.
func TestProxy(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	admin, table := testcloud.DynamoDB(t)
	tableARN := "arn:aws:dynamodb:eu-central-2:000000000000:table/" + table
	fn, dir := fnDirectory(t,
		map[string]any{"Effect": "Allow", "Action": []any{"dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:ConditionCheckItem"}, "Resource": tableARN},
		map[string]any{"Effect": "Allow", "Action": "dynamodb:Query", "Resource": tableARN + "/index/GSI1"},
	)
	rec := iam.NewRecorder()
	proxy, err := New(testcloud.DynamoDBEndpoint(t), &iam.Enforcer{Directory: dir, Account: account, Recorder: rec, Logger: slog.New(slog.DiscardHandler)}, region, account, nil)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(proxy)
	defer srv.Close()
	client := func(creds aws.Credentials) *dynamodb.Client {
		return dynamodb.New(dynamodb.Options{
			Region: region, BaseEndpoint: aws.String(srv.URL), RetryMaxAttempts: 1,
			Credentials: credentials.NewStaticCredentialsProvider(creds.AccessKeyID, creds.SecretAccessKey, creds.SessionToken),
		})
	}
	c := client(fn.Credentials)
	ctx := context.Background()
	key := func(pk string) map[string]types.AttributeValue {
		return map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: pk}, "SK": &types.AttributeValueMemberS{Value: "A"}}
	}
	item := func(pk string) map[string]types.AttributeValue {
		m := key(pk)
		m["GSI1PK"] = &types.AttributeValueMemberS{Value: "G"}
		m["GSI1SK"] = &types.AttributeValueMemberS{Value: pk}
		return m
	}
	code := func(err error) string {
		var ae smithy.APIError
		if errors.As(err, &ae) {
			return ae.ErrorCode()
		}
		if err != nil {
			return err.Error()
		}
		return ""
	}

	_, err = c.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: item("1")})
	if err != nil {
		t.Fatalf("allowed PutItem: %v", err)
	}
	out, err := c.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: key("1")})
	if err != nil || out.Item == nil {
		t.Fatalf("allowed GetItem: %v, %v", out, err)
	}
	if _, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String(table), IndexName: aws.String("GSI1"),
		KeyConditionExpression: aws.String("GSI1PK = :g"), ExpressionAttributeValues: map[string]types.AttributeValue{":g": &types.AttributeValueMemberS{Value: "G"}}}); err != nil {
		t.Errorf("allowed Query on GSI1: %v", err)
	}

	_, err = c.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(table), Key: key("1")})
	if code(err) != "AccessDeniedException" {
		t.Fatalf("DeleteItem: got %v, want AccessDeniedException", err)
	}
	want := "User: arn:aws:sts::000000000000:assumed-role/FnRole/Fn is not authorized to perform: dynamodb:DeleteItem on resource: " + tableARN +
		" because no identity-based policy allows the dynamodb:DeleteItem action"
	var ae smithy.APIError
	if errors.As(err, &ae); ae.ErrorMessage() != want {
		t.Errorf("message: got %q, want %q", ae.ErrorMessage(), want)
	}
	if _, err := c.Query(ctx, &dynamodb.QueryInput{TableName: aws.String(table), IndexName: aws.String("GSI2"),
		KeyConditionExpression: aws.String("GSI2PK = :g"), ExpressionAttributeValues: map[string]types.AttributeValue{":g": &types.AttributeValueMemberS{Value: "G"}}}); code(err) != "AccessDeniedException" {
		t.Errorf("Query on GSI2: got %v, want AccessDeniedException", err)
	}

	// A transaction with one item the function may not write is refused
	// whole: the allowed Put does not happen either.
	_, err = c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String(table), Item: item("2")}},
		{Delete: &types.Delete{TableName: aws.String(table), Key: key("1")}},
	}})
	if code(err) != "AccessDeniedException" {
		t.Fatalf("transaction: got %v, want AccessDeniedException", err)
	}
	got, err := admin.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: key("2")})
	if err != nil || got.Item != nil {
		t.Errorf("the denied transaction wrote its Put: %v, %v", got.Item, err)
	}
	// An allowed transaction goes through.
	if _, err := c.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String(table), Item: item("3")}},
		{ConditionCheck: &types.ConditionCheck{TableName: aws.String(table), Key: key("1"), ConditionExpression: aws.String("attribute_exists(PK)")}},
	}}); err != nil {
		t.Errorf("allowed transaction: %v", err)
	}

	// Callers without valid credentials.
	bad := fn.Credentials
	bad.SecretAccessKey = "wrong"
	if _, err := client(bad).GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: key("1")}); code(err) != "InvalidSignatureException" {
		t.Errorf("wrong secret: got %v, want InvalidSignatureException", err)
	}
	unknown := aws.Credentials{AccessKeyID: "local", SecretAccessKey: "local"}
	if _, err := client(unknown).GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: key("1")}); code(err) != "UnrecognizedClientException" {
		t.Errorf("unknown key: got %v, want UnrecognizedClientException", err)
	}

	denied := 0
	for _, d := range rec.Usage().Denied {
		denied += d.Calls
	}
	if denied != 3 {
		t.Errorf("denied calls recorded: got %d, want 3", denied)
	}
}

// fnDirectory is one function, Fn, whose only policy has statements, and
// the IAM directory that knows it.
func fnDirectory(t *testing.T, statements ...any) (*iam.Principal, *iam.Directory) {
	t.Helper()
	policy, err := iam.ParsePolicy("Fn Policies[0]", map[string]any{"Statement": statements}, false)
	if err != nil {
		t.Fatal(err)
	}
	fn, err := iam.NewRolePrincipal(account, "FnRole", "Fn", []iam.Policy{policy})
	if err != nil {
		t.Fatal(err)
	}
	dir, err := iam.NewDirectory(fn)
	if err != nil {
		t.Fatal(err)
	}
	return fn, dir
}
