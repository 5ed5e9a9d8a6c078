package ddb_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/ddb"
)

// row is an item of the tests: one partition, sorted by SK.
type row struct {
	PK string `dynamodbav:"PK"`
	SK string `dynamodbav:"SK"`
	N  int    `dynamodbav:"n"`
}

func put(t *testing.T, db ddb.API, table string, rows int) {
	t.Helper()
	reqs := make([]types.WriteRequest, 0, rows)
	for i := range rows {
		reqs = append(reqs, types.WriteRequest{PutRequest: &types.PutRequest{Item: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: "P"},
			"SK": &types.AttributeValueMemberS{Value: fmt.Sprintf("S#%03d", i)},
			"n":  &types.AttributeValueMemberN{Value: fmt.Sprint(i)},
		}}})
	}
	if err := ddb.BatchWrite(t.Context(), db, table, reqs); err != nil {
		t.Fatal(err)
	}
}

func partition(table string) *dynamodb.QueryInput {
	return &dynamodb.QueryInput{
		TableName:                 aws.String(table),
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: "P"}},
		Limit:                     aws.Int32(7), // several pages
	}
}

func TestGet(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	put(t, db, table, 1)
	tests := []struct {
		name      string
		key       map[string]types.AttributeValue
		wantFound bool
		want      row
	}{
		{"present", ddb.Key("P", "S#000"), true, row{PK: "P", SK: "S#000", N: 0}},
		{"absent", ddb.Key("P", "S#999"), false, row{N: -1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := row{N: -1}
			found, err := ddb.Get(t.Context(), db, table, tt.key, &got)
			if err != nil || found != tt.wantFound || got != tt.want {
				t.Errorf("got %v, %+v, %v, want %v, %+v, nil", found, got, err, tt.wantFound, tt.want)
			}
		})
	}
	t.Run("projection", func(t *testing.T) {
		var got row
		found, err := ddb.GetItem(t.Context(), db, &dynamodb.GetItemInput{
			TableName: aws.String(table), Key: ddb.Key("P", "S#000"), ProjectionExpression: aws.String("SK"),
		}, &got)
		if err != nil || !found || got != (row{SK: "S#000"}) {
			t.Errorf("got %v, %+v, %v, want true, {SK:S#000}, nil", found, got, err)
		}
	})
	t.Run("decode error", func(t *testing.T) {
		var got struct {
			N bool `dynamodbav:"n"`
		}
		if _, err := ddb.Get(t.Context(), db, table, ddb.Key("P", "S#000"), &got); err == nil {
			t.Errorf("got nil, want a decode error")
		}
	})
}

func TestBatchWriteGetAndQuery(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	const n = 60 // more than one BatchWriteItem, several query pages
	put(t, db, table, n)

	all, err := ddb.QueryAll[row](t.Context(), db, partition(table))
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != n || all[0].SK != "S#000" || all[n-1].N != n-1 {
		t.Errorf("QueryAll: got %d rows (%v … %v), want %d in order", len(all), all[0], all[len(all)-1], n)
	}

	var seen []int
	stop := errors.New("stop")
	err = ddb.QueryEach(t.Context(), db, partition(table), func(r row) error {
		seen = append(seen, r.N)
		if r.N == 9 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || !slices.Equal(seen, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}) {
		t.Errorf("QueryEach: got %v, %v, want 0..9 and the callback's error", seen, err)
	}

	sks, err := ddb.QueryAllFunc(t.Context(), db, partition(table), func(r row) (string, error) { return r.SK, nil })
	if err != nil || len(sks) != n || sks[n-1] != fmt.Sprintf("S#%03d", n-1) {
		t.Errorf("QueryAllFunc: got %d keys, %v, want %d converted in order", len(sks), err, n)
	}
	bad := errors.New("bad item")
	if _, err := ddb.QueryAllFunc(t.Context(), db, partition(table), func(row) (string, error) { return "", bad }); !errors.Is(err, bad) {
		t.Errorf("QueryAllFunc: got %v, want the conversion's error", err)
	}

	keys := make([]map[string]types.AttributeValue, 0, 130)
	for i := range 130 { // more than one BatchGetItem; 70 of them absent
		keys = append(keys, ddb.Key("P", fmt.Sprintf("S#%03d", i)))
	}
	items, err := ddb.BatchGet(t.Context(), db, table, types.KeysAndAttributes{Keys: keys, ProjectionExpression: aws.String("SK")})
	if err != nil || len(items) != n {
		t.Errorf("BatchGet: got %d items, %v, want %d, nil", len(items), err, n)
	}
	for _, it := range items {
		if _, ok := it["SK"]; !ok || len(it) != 1 {
			t.Fatalf("BatchGet: got %v, want only the projected SK", it)
		}
	}

	dels := make([]types.WriteRequest, 0, n)
	for _, r := range all {
		dels = append(dels, types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: ddb.Key(r.PK, r.SK)}})
	}
	if err := ddb.BatchWrite(t.Context(), db, table, dels); err != nil {
		t.Fatal(err)
	}
	if rest, err := ddb.QueryAll[map[string]types.AttributeValue](t.Context(), db, partition(table)); err != nil || len(rest) != 0 {
		t.Errorf("after deleting: got %d items, %v, want none", len(rest), err)
	}
}

func TestBatchCancelled(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := ddb.BatchWrite(ctx, db, table, []types.WriteRequest{{PutRequest: &types.PutRequest{Item: ddb.Key("P", "S")}}}); err == nil {
		t.Errorf("got nil, want the cancelled context's error")
	}
}

func TestTime(t *testing.T) {
	zurich := time.FixedZone("CET", 3600)
	at := time.Date(2026, 3, 1, 13, 4, 5, 120000000, zurich)
	tests := []struct {
		name, got, want string
	}{
		{"time", ddb.Time(at), "2026-03-01T12:04:05.120000000Z"},
		{"time key", ddb.TimeKey(at, "01J"), "2026-03-01T12:04:05.120000000Z#01J"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, tt.got, tt.want)
		}
	}
	if ddb.Time(at.Add(time.Nanosecond)) <= ddb.Time(at) || ddb.Time(at.Add(time.Hour)) <= ddb.Time(at.Add(time.Second)) {
		t.Errorf("got stored times that do not sort as the times do")
	}
}
