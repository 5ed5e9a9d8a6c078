package contactus

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ratelimit"
)

// memStore is an in-memory Store. Its cursors are "mem:<offset>".
type memStore struct {
	mu        sync.Mutex
	messages  []Message // insertion order
	createErr error
	notified  []string
}

var _ Store = (*memStore)(nil)

func (s *memStore) Create(_ context.Context, m Message) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.createErr != nil {
		return s.createErr
	}
	s.messages = append(s.messages, m)
	return nil
}

func (s *memStore) MarkNotified(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.messages {
		if s.messages[i].ID == id {
			s.messages[i].Notified = true
			s.notified = append(s.notified, id)
			return nil
		}
	}
	return apperr.ErrNotFound
}

func (s *memStore) List(_ context.Context, limit int, cursor string) (Page, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	newest := slices.Clone(s.messages)
	slices.Reverse(newest)
	off := 0
	if cursor != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(cursor, "mem:"))
		if !strings.HasPrefix(cursor, "mem:") || err != nil || n < 0 || n > len(newest) {
			return Page{}, apperr.New(apperr.CodeInvalidCursor, errors.New("bad fake cursor"))
		}
		off = n
	}
	end := min(off+limit, len(newest))
	p := Page{Items: newest[off:end]}
	if end < len(newest) {
		p.NextCursor = fmt.Sprintf("mem:%d", end)
	}
	return p, nil
}

func (s *memStore) all() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.messages)
}

// fakeLimiter allows the first n calls per key.
type fakeLimiter struct {
	mu    sync.Mutex
	n     int
	seen  map[string]int
	keys  []string
	err   error
	retry time.Duration
}

func (l *fakeLimiter) Allow(_ context.Context, scope, key string, limit int, window time.Duration) (ratelimit.Decision, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		return ratelimit.Decision{}, l.err
	}
	if scope != RateScope || limit != RateLimit || window != RateWindow {
		return ratelimit.Decision{}, fmt.Errorf("unexpected limit %s %d/%s", scope, limit, window)
	}
	if l.seen == nil {
		l.seen = map[string]int{}
	}
	l.keys = append(l.keys, key)
	l.seen[key]++
	if l.seen[key] > l.n {
		return ratelimit.Decision{Allowed: false, RetryAfter: l.retry}, nil
	}
	return ratelimit.Decision{Allowed: true}, nil
}
