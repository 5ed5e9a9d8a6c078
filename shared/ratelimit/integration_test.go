package ratelimit_test

import (
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/ratelimit"
)

func TestMain(m *testing.M) { testcloud.Main(m) }

// TestConcurrentRequestsAgainstDynamoDBLocal: 20 simultaneous requests with
// a limit of 5 admit exactly 5, because the count and the check are one
// conditional update.
func TestConcurrentRequestsAgainstDynamoDBLocal(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	now := time.Date(2026, 4, 1, 10, 15, 0, 0, time.UTC)
	l := ratelimit.New(db, table).WithClock(func() time.Time { return now })

	const workers, limit = 20, 5
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		allowed int
		denied  []ratelimit.Decision
	)
	for range workers {
		wg.Go(func() {
			d, err := l.Allow(t.Context(), "contactus", "203.0.113.9", limit, time.Hour)
			if err != nil {
				t.Errorf("got %v, want nil", err)
				return
			}
			mu.Lock()
			defer mu.Unlock()
			if d.Allowed {
				allowed++
			} else {
				denied = append(denied, d)
			}
		})
	}
	wg.Wait()
	if allowed != limit {
		t.Errorf("allowed: got %v, want %v", allowed, limit)
	}
	if len(denied) != workers-limit {
		t.Errorf("denied: got %v, want %v", len(denied), workers-limit)
	}
	for _, d := range denied {
		if d.RetryAfter != 45*time.Minute {
			t.Errorf("retry after: got %v, want %v", d.RetryAfter, 45*time.Minute)
		}
	}

	// The stored window: hashed key, count, ttl.
	out, err := db.Scan(t.Context(), &dynamodb.ScanInput{TableName: aws.String(table)})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Items) != 1 {
		t.Fatalf("items: got %v, want 1", len(out.Items))
	}
	it := out.Items[0]
	pk := it["PK"].(*types.AttributeValueMemberS).Value
	if want := "RATE#contactus#" + ratelimit.KeyHash("203.0.113.9"); pk != want || strings.Contains(pk, "203.0.113.9") {
		t.Errorf("pk: got %v, want %v", pk, want)
	}
	if got := it["n"].(*types.AttributeValueMemberN).Value; got != "5" {
		t.Errorf("n: got %v, want 5", got)
	}
	wantTTL := strconv.FormatInt(time.Date(2026, 4, 1, 11, 5, 0, 0, time.UTC).Unix(), 10) // window end + margin
	if got := it["ttl"].(*types.AttributeValueMemberN).Value; got != wantTTL {
		t.Errorf("ttl: got %v, want %v", got, wantTTL)
	}

	// A new window admits again.
	later := ratelimit.New(db, table).WithClock(func() time.Time { return now.Add(time.Hour) })
	if d, err := later.Allow(t.Context(), "contactus", "203.0.113.9", limit, time.Hour); err != nil || !d.Allowed {
		t.Errorf("next window: got %+v, %v, want allowed", d, err)
	}
}
