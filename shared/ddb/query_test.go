package ddb

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// pagedQuery serves pages of already filtered results: each response holds
// the next page's items (possibly none, as after a filter) and a
// LastEvaluatedKey while pages remain.
type pagedQuery struct {
	pages  [][]string
	calls  int
	limits []int32
	err    error
}

func (q *pagedQuery) Query(_ context.Context, in *dynamodb.QueryInput, _ ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	if q.err != nil {
		return nil, q.err
	}
	q.limits = append(q.limits, *in.Limit)
	page := q.pages[q.calls]
	q.calls++
	out := &dynamodb.QueryOutput{}
	for _, id := range page {
		out.Items = append(out.Items, map[string]types.AttributeValue{"id": &types.AttributeValueMemberS{Value: id}})
	}
	if q.calls < len(q.pages) {
		out.LastEvaluatedKey = map[string]types.AttributeValue{"id": &types.AttributeValueMemberS{Value: strconv.Itoa(q.calls)}}
	}
	return out, nil
}

type row struct {
	ID string `dynamodbav:"id"`
}

func TestQueryPage(t *testing.T) {
	for _, tt := range []struct {
		name      string
		pages     [][]string
		limit     int
		want      []string
		more      bool
		wantCalls int
	}{
		{"one response, more follow", [][]string{{"a", "b", "c"}}, 2, []string{"a", "b"}, true, 1},
		{"exactly the page, nothing after", [][]string{{"a", "b"}}, 2, []string{"a", "b"}, false, 1},
		{"empty result", [][]string{{}}, 3, nil, false, 1},
		{"follows 1 MB pages and empty filtered pages", [][]string{{"a"}, {}, {"b"}, {"c", "d"}}, 3, []string{"a", "b", "c"}, true, 4},
		{"the last page ends short", [][]string{{"a"}, {"b"}}, 3, []string{"a", "b"}, false, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			q := &pagedQuery{pages: tt.pages}
			got, more, err := QueryPage[row](t.Context(), q, &dynamodb.QueryInput{}, tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			ids := make([]string, 0, len(got))
			for _, r := range got {
				ids = append(ids, r.ID)
			}
			if !slices.Equal(ids, tt.want) {
				t.Errorf("items = %v, want %v", ids, tt.want)
			}
			if more != tt.more || q.calls != tt.wantCalls {
				t.Errorf("more = %v after %d calls, want %v after %d", more, q.calls, tt.more, tt.wantCalls)
			}
			for _, l := range q.limits {
				if int(l) != tt.limit+1 {
					t.Errorf("Limit = %d, want %d", l, tt.limit+1)
				}
			}
		})
	}
}

func TestQueryPageRawItems(t *testing.T) {
	q := &pagedQuery{pages: [][]string{{"a"}, {"b", "c"}}}
	got, more, err := QueryPage[map[string]types.AttributeValue](t.Context(), q, &dynamodb.QueryInput{}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || !more || got[1]["id"].(*types.AttributeValueMemberS).Value != "b" {
		t.Errorf("got %v (more %v), want items a, b and more", got, more)
	}
}

func TestQueryPageErrors(t *testing.T) {
	if _, _, err := QueryPage[row](t.Context(), &pagedQuery{}, &dynamodb.QueryInput{}, 0); err == nil {
		t.Error("limit 0: no error")
	}
	boom := errors.New("boom")
	if _, _, err := QueryPage[row](t.Context(), &pagedQuery{err: boom}, &dynamodb.QueryInput{}, 5); !errors.Is(err, boom) {
		t.Errorf("err = %v, want it to wrap boom", err)
	}
}
