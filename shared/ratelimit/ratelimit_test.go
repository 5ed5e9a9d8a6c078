package ratelimit

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// fakeTable applies the limiter's conditional ADD to an in-memory map.
type fakeTable struct {
	mu     sync.Mutex
	counts map[string]int
	last   *dynamodb.UpdateItemInput
	err    error
}

func (f *fakeTable) UpdateItem(_ context.Context, in *dynamodb.UpdateItemInput, _ ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.last = in
	if f.err != nil {
		return nil, f.err
	}
	if f.counts == nil {
		f.counts = map[string]int{}
	}
	k := in.Key["PK"].(*types.AttributeValueMemberS).Value + "|" + in.Key["SK"].(*types.AttributeValueMemberS).Value
	limit, _ := strconv.Atoi(in.ExpressionAttributeValues[":limit"].(*types.AttributeValueMemberN).Value)
	if f.counts[k] >= limit {
		return nil, &types.ConditionalCheckFailedException{Message: aws.String("The conditional request failed")}
	}
	f.counts[k]++
	return &dynamodb.UpdateItemOutput{}, nil
}

func TestAllowCountsPerWindow(t *testing.T) {
	now := time.Unix(7200+1800, 0) // half way through the window [7200, 10800)
	f := &fakeTable{}
	l := New(f, "tbl").WithClock(func() time.Time { return now })
	ctx := context.Background()

	for i := range 3 {
		d, err := l.Allow(ctx, "contactus", "192.0.2.1", 3, time.Hour)
		if err != nil || !d.Allowed {
			t.Fatalf("request %d: got %+v, %v, want allowed", i+1, d, err)
		}
	}
	d, err := l.Allow(ctx, "contactus", "192.0.2.1", 3, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if d.Allowed || d.RetryAfter != 30*time.Minute {
		t.Errorf("4th request: got %+v, want denied with RetryAfter 30m", d)
	}
	// Another key and another scope have their own budgets.
	for _, c := range []struct{ scope, key string }{{"contactus", "192.0.2.2"}, {"login", "192.0.2.1"}} {
		if d, _ := l.Allow(ctx, c.scope, c.key, 3, time.Hour); !d.Allowed {
			t.Errorf("%s/%s: got denied, want allowed", c.scope, c.key)
		}
	}
	// The next window starts afresh.
	now = now.Add(time.Hour)
	if d, _ := l.Allow(ctx, "contactus", "192.0.2.1", 3, time.Hour); !d.Allowed {
		t.Errorf("next window: got denied, want allowed")
	}
}

func TestAllowItemShape(t *testing.T) {
	f := &fakeTable{}
	now := time.Unix(1_700_000_123, 0)
	l := New(f, "tbl").WithClock(func() time.Time { return now })
	if _, err := l.Allow(context.Background(), "contactus", "192.0.2.1", 5, time.Hour); err != nil {
		t.Fatal(err)
	}
	in := f.last
	pk := in.Key["PK"].(*types.AttributeValueMemberS).Value
	sk := in.Key["SK"].(*types.AttributeValueMemberS).Value
	start := int64(1_700_000_123) / 3600 * 3600
	checks := []struct{ name, got, want string }{
		{"table", aws.ToString(in.TableName), "tbl"},
		{"pk", pk, "RATE#contactus#" + KeyHash("192.0.2.1")},
		{"sk", sk, "W#" + strconv.FormatInt(start, 10)},
		{"ttl", in.ExpressionAttributeValues[":ttl"].(*types.AttributeValueMemberN).Value, strconv.FormatInt(start+3600+int64(ttlMargin/time.Second), 10)},
		{"condition", aws.ToString(in.ConditionExpression), "attribute_not_exists(n) OR n < :limit"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	if strings.Contains(pk, "192.0.2.1") {
		t.Errorf("pk %q: got the raw address, want only its hash", pk)
	}
	if !strings.Contains(aws.ToString(in.UpdateExpression), "ADD n :one") {
		t.Errorf("update: got %q, want an atomic ADD", aws.ToString(in.UpdateExpression))
	}
}

func TestAllowErrors(t *testing.T) {
	tests := []struct {
		name   string
		limit  int
		window time.Duration
		apiErr error
	}{
		{"zero limit", 0, time.Hour, nil},
		{"sub-second window", 1, time.Millisecond, nil},
		{"dynamodb error", 5, time.Hour, errors.New("throttled")},
	}
	for _, tt := range tests {
		l := New(&fakeTable{err: tt.apiErr}, "tbl")
		if _, err := l.Allow(context.Background(), "s", "k", tt.limit, tt.window); err == nil {
			t.Errorf("%s: got nil, want an error", tt.name)
		}
	}
}

func TestKeyHash(t *testing.T) {
	// sha256("abc")
	if got, want := KeyHash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; got != want {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestAddressKey(t *testing.T) {
	tests := map[string]string{
		"192.0.2.7":            "192.0.2.7",
		"::ffff:192.0.2.7":     "192.0.2.7",
		"2001:db8:1:2::1":      "2001:db8:1:2::/64",
		"2001:db8:1:2:ffff::9": "2001:db8:1:2::/64",
		"2001:db8:1:3::1":      "2001:db8:1:3::/64",
		"fe80::1%eth0":         "fe80::/64",
		"":                     "unknown",
		"not an address":       "unknown",
		"192.0.2.7:443":        "unknown",
	}
	for addr, want := range tests {
		if got := AddressKey(addr); got != want {
			t.Errorf("AddressKey(%q): got %q, want %q", addr, got, want)
		}
	}
}
