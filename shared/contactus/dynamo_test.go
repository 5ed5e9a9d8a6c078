package contactus

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// fakeGSI1 answers Query on GSI1 from items sorted newest first, cutting
// every response after pageCap items as DynamoDB does at 1 MB; the store
// makes no other call here.
type fakeGSI1 struct {
	ddb.API
	items   []map[string]types.AttributeValue
	pageCap int
	queries int
}

func (f *fakeGSI1) Query(_ context.Context, in *dynamodb.QueryInput, _ ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	f.queries++
	if aws.ToString(in.IndexName) != ddb.IndexGSI1 || aws.ToBool(in.ScanIndexForward) {
		return nil, fmt.Errorf("want a descending GSI1 query")
	}
	start := 0
	if in.ExclusiveStartKey != nil {
		sk := in.ExclusiveStartKey[ddb.AttrGSI1SK].(*types.AttributeValueMemberS).Value
		start = slices.IndexFunc(f.items, func(it map[string]types.AttributeValue) bool {
			return it[ddb.AttrGSI1SK].(*types.AttributeValueMemberS).Value == sk
		}) + 1
	}
	n := min(int(aws.ToInt32(in.Limit)), f.pageCap, len(f.items)-start)
	out := &dynamodb.QueryOutput{Items: f.items[start : start+n]}
	if start+n < len(f.items) || n == int(aws.ToInt32(in.Limit)) {
		last := f.items[start+n-1]
		out.LastEvaluatedKey = map[string]types.AttributeValue{
			ddb.AttrPK: last[ddb.AttrPK], ddb.AttrSK: last[ddb.AttrSK],
			ddb.AttrGSI1PK: last[ddb.AttrGSI1PK], ddb.AttrGSI1SK: last[ddb.AttrGSI1SK],
		}
	}
	return out, nil
}

func fakeItems(t *testing.T, n int) []map[string]types.AttributeValue {
	t.Helper()
	var out []map[string]types.AttributeValue
	for i := n - 1; i >= 0; i-- { // newest first
		m := Message{ID: fmt.Sprintf("01J%023d", i), Status: StatusNew, CreatedAt: fixedNow.Add(time.Duration(i) * time.Second)}
		av, err := attributevalue.MarshalMap(toItem(m))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, av)
	}
	return out
}

func TestDynamoListAcrossShortPages(t *testing.T) {
	cursors, _ := ddb.NewCursors([]byte("cursor-test-key-0123456789abcdefgh"))
	tests := []struct {
		name    string
		total   int
		limit   int
		pageCap int
		pages   []int
	}{
		{"exact multiple", 6, 3, 100, []int{3, 3}},
		{"remainder", 7, 3, 100, []int{3, 3, 1}},
		{"short dynamodb pages", 7, 3, 2, []int{3, 3, 1}},
		{"one item per dynamodb page", 5, 4, 1, []int{4, 1}},
		{"empty", 0, 3, 100, []int{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeGSI1{items: fakeItems(t, tt.total), pageCap: tt.pageCap}
			s := NewDynamoStore(f, "tbl", cursors)
			var sizes []int
			var ids []string
			cursor := ""
			for range 10 {
				p, err := s.List(context.Background(), tt.limit, cursor)
				if err != nil {
					t.Fatal(err)
				}
				sizes = append(sizes, len(p.Items))
				for _, m := range p.Items {
					ids = append(ids, m.ID)
				}
				if p.NextCursor == "" {
					break
				}
				cursor = p.NextCursor
			}
			if !slices.Equal(sizes, tt.pages) {
				t.Errorf("page sizes: got %v, want %v", sizes, tt.pages)
			}
			if len(ids) != tt.total || !slices.IsSortedFunc(ids, func(a, b string) int { return strings.Compare(b, a) }) {
				t.Errorf("ids: got %v, want all %d newest first", ids, tt.total)
			}
		})
	}
}

func TestDynamoListRejectsForeignCursor(t *testing.T) {
	cursors, _ := ddb.NewCursors([]byte("cursor-test-key-0123456789abcdefgh"))
	other, _ := cursors.Encode(map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "USER#1"}}, ddb.FiltersHash("other list"))
	s := NewDynamoStore(&fakeGSI1{}, "tbl", cursors)
	_, err := s.List(context.Background(), 3, other)
	if got := apperr.From(err).Code; got != apperr.CodeInvalidCursor {
		t.Errorf("got %v, want %v", got, apperr.CodeInvalidCursor)
	}
}

func TestListSKSortsLikeTime(t *testing.T) {
	a := listSK(time.Date(2026, 1, 1, 0, 0, 5, 0, time.UTC), "B")
	b := listSK(time.Date(2026, 1, 1, 0, 0, 5, 100_000_000, time.UTC), "A")
	if a >= b {
		t.Errorf("got %q >= %q, want whole seconds before fractions", a, b)
	}
	if got, want := listSK(time.Date(2026, 1, 1, 1, 0, 0, 0, time.FixedZone("CET", 3600)), "X"), "2026-01-01T00:00:00.000000000Z#X"; got != want {
		t.Errorf("got %v, want %v", got, want)
	}
}
