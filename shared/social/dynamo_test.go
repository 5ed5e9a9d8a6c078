package social_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/social"
)

// TestDynamoHandovers runs the hand-over store against DynamoDB Local: a
// wrong bind or an expired hand-over changes nothing, the right bind takes
// the token exactly once even when many browsers try at the same time.
func TestDynamoHandovers(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	s := social.NewDynamoHandovers(db, table)
	ctx := t.Context()
	now := time.Now()
	put := func(code, bind string, expires time.Time) {
		t.Helper()
		if err := s.PutHandover(ctx, social.Handover{CodeHash: code, BindHash: bind, Token: "jwt-" + code, ExpiresAt: expires}); err != nil {
			t.Fatal(err)
		}
	}
	put("c1", "b1", now.Add(social.HandoverTTL))
	put("c2", "b2", now.Add(-time.Second))

	refused := []struct {
		name, code, bind string
	}{
		{"unknown code", "c0", "b1"},
		{"another browser's bind", "c1", "b2"},
		{"no bind", "c1", ""},
		{"expired", "c2", "b2"},
	}
	for _, tt := range refused {
		if tok, err := s.TakeHandover(ctx, tt.code, tt.bind, now); !errors.Is(err, apperr.ErrNotFound) || tok != "" {
			t.Errorf("%s: got %q %v, want not_found", tt.name, tok, err)
		}
	}

	const n = 8
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		tokens []string
	)
	for range n {
		wg.Go(func() {
			tok, err := s.TakeHandover(ctx, "c1", "b1", now)
			if err != nil && !errors.Is(err, apperr.ErrNotFound) {
				t.Error(err)
			}
			if tok != "" {
				mu.Lock()
				tokens = append(tokens, tok)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if len(tokens) != 1 || tokens[0] != "jwt-c1" {
		t.Errorf("%d parallel takes: got tokens %v, want [jwt-c1] once", n, tokens)
	}
}
