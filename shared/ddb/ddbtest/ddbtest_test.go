package ddbtest_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/ddb/ddbtest"
)

func TestCursorsShareTheKey(t *testing.T) {
	lek := map[string]types.AttributeValue{ddb.AttrPK: &types.AttributeValueMemberS{Value: "A#1"}}
	cur, err := ddbtest.Cursors(t).Encode(lek, "h")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ddbtest.Cursors(t).Decode(cur, "h"); err != nil {
		t.Errorf("got %v, want a cursor of one Cursors to decode with another", err)
	}
}
