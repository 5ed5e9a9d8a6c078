package alerts_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// fields is the error body's field codes.
func fields(t *testing.T, body []byte) map[string]string {
	t.Helper()
	var b struct {
		Error struct {
			Fields map[string]string `json:"fields"`
		} `json:"error"`
	}
	_ = json.Unmarshal(body, &b)
	return b.Error.Fields
}

// TestSavedSearchRefusals: a saved search's parameters are checked as the
// product list checks them (a NaN radius and an over-long place were
// server errors), and its name as every text field is; each refusal is a
// field error and stores nothing, and a refused rename keeps the name.
func TestSavedSearchRefusals(t *testing.T) {
	c := newCloud(t)
	uid, tok := c.user(t, "de")
	long := strings.Repeat("a", 1025)
	params := func(v url.Values) string { return v.Encode() }
	tests := []struct {
		name        string
		body        map[string]string
		field, want string
	}{
		{"radius NaN", map[string]string{"name": "Ziegel", "params": "location=8001&radius=NaN"}, "radius", "invalid"},
		{"radius Inf", map[string]string{"name": "Ziegel", "params": "location=8001&radius=Inf"}, "radius", "invalid"},
		{"location of 1025 bytes", map[string]string{"name": "Ziegel", "params": params(url.Values{"location": {long}})}, "location", "too_long"},
		{"category of 1025 bytes", map[string]string{"name": "Ziegel", "params": params(url.Values{"category": {long}})}, "category", "too_long"},
		{"brand of 1025 bytes", map[string]string{"name": "Ziegel", "params": params(url.Values{"brand": {long}})}, "brand", "too_long"},
		{"name with control characters", map[string]string{"name": "Zie\x00gel\x1b", "params": "q=ziegel"}, "name", "invalid_characters"},
		{"name of zero-width spaces", map[string]string{"name": "\u200b\u200b", "params": "q=ziegel"}, "name", "required"},
		{"name with a bidi override", map[string]string{"name": "\u202Eabc", "params": "q=ziegel"}, "name", "invalid_characters"},
		{"name with a newline", map[string]string{"name": "Zie\ngel", "params": "q=ziegel"}, "name", "invalid_characters"},
	}
	for _, tt := range tests {
		r := c.do(t, "POST", "/api/v1/saved-searches", tok, tt.body)
		if got := fields(t, r.Body)[tt.field]; r.Status != 400 || r.Code() != "validation_failed" || got != tt.want {
			t.Errorf("%s: got %d %s, want 400 with %s: %s", tt.name, r.Status, r.Body, tt.field, tt.want)
		}
	}
	out, err := c.db.Query(t.Context(), &dynamodb.QueryInput{
		TableName:              aws.String(c.table),
		KeyConditionExpression: aws.String("PK = :pk AND begins_with(SK, :sk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: "USER#" + uid}, ":sk": &types.AttributeValueMemberS{Value: "SSEARCH#"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if out.Count != 0 {
		t.Errorf("refused searches stored: got %d, want 0", out.Count)
	}

	s := c.save(t, tok, "Ziegel", "q=ziegel", "")
	for _, name := range []string{"Zie\x00gel", "\u200b", "\u2066Ziegel\u2069"} {
		r := c.do(t, "PATCH", "/api/v1/saved-searches/"+s.ID, tok, map[string]any{"name": name})
		if r.Status != 400 || fields(t, r.Body)["name"] == "" {
			t.Errorf("rename to %q: got %d %s, want 400 with a name error", name, r.Status, r.Body)
		}
	}
	var list struct{ Items []searchBody }
	c.do(t, "GET", "/api/v1/saved-searches", tok, nil).Decode(t, &list)
	if len(list.Items) != 1 || list.Items[0].Name != "Ziegel" {
		t.Errorf("after refused renames: got %+v, want the one search named Ziegel", list.Items)
	}
}
