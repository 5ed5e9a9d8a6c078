package main

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/remat/remat/infra/seed"
	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/billing"
)

func TestRun(t *testing.T) {
	client, table := testcloud.DynamoDB(t)
	dir := t.TempDir()
	cantons := filepath.Join(dir, "c.csv")
	locs := filepath.Join(dir, "l.csv")
	for path, content := range map[string]string{
		cantons: "code,name_de,name_fr,name_it,name_en,lat,lon\nBE,Bern,Berne,Berna,Bern,46.9,7.4\n",
		locs:    "postal_code,locality,canton,lat,lon\n3011,Bern,BE,46.94,7.44\n",
	} {
		if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	logger := slog.New(slog.DiscardHandler)

	err := run([]string{"-dynamodb-endpoint", testcloud.DynamoDBEndpoint(t), "-table", table, "-cantons", cantons, "-localities", locs}, logger)
	if err != nil {
		t.Fatal(err)
	}
	out, err := client.Scan(context.Background(), &dynamodb.ScanInput{TableName: aws.String(table), Select: "COUNT"})
	if err != nil {
		t.Fatal(err)
	}
	if want := int32(len(seed.Categories()) + len(seed.Brands()) + 1 + 1 + 4 + len(billing.SeededPlans())); out.Count != want { // + 4 SEED markers, + the plans
		t.Errorf("got %d items, want %d", out.Count, want)
	}
}

func TestRunErrors(t *testing.T) {
	logger := slog.New(slog.DiscardHandler)
	tests := []struct {
		args []string
		want string
	}{
		{[]string{}, "-dynamodb-endpoint is required"},
		{[]string{"-dynamodb-endpoint", "http://127.0.0.1:1", "-localities", "/nonexistent/l.csv"}, "REMAT_LOCALITIES_CSV"},
		{[]string{"-dynamodb-endpoint", "http://127.0.0.1:1", "-localities", "", "-cantons", "", "-demo"}, "-demo needs -s3-endpoint"},
	}
	for _, tc := range tests {
		t.Setenv("AWS_ENDPOINT_URL_DYNAMODB", "")
		t.Setenv("AWS_ENDPOINT_URL_S3", "")
		err := run(tc.args, logger)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: got %v, want %q", tc.args, err, tc.want)
		}
	}
}
