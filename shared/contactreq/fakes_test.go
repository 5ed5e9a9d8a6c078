package contactreq

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/mail/mailtest"
	"github.com/remat/remat/shared/ratelimit"
)

// memStore is an in-memory Store. Its cursors are "mem:<offset>".
type memStore struct {
	mu        sync.Mutex
	requests  []Request // insertion order
	createErr error
}

var _ Store = (*memStore)(nil)

func (s *memStore) Create(_ context.Context, r Request) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.createErr != nil {
		return s.createErr
	}
	s.requests = append(s.requests, r)
	return nil
}

func (s *memStore) find(sellerID, id string) (int, error) {
	for i, r := range s.requests {
		if r.ID == id && r.SellerID == sellerID {
			return i, nil
		}
	}
	return 0, notFound(errors.New("fake: no request"))
}

func (s *memStore) MarkNotified(_ context.Context, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.requests {
		if s.requests[i].ID == id {
			s.requests[i].Notified = true
			return nil
		}
	}
	return notFound(nil)
}

func (s *memStore) Get(_ context.Context, sellerID, id string) (Request, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, err := s.find(sellerID, id)
	if err != nil {
		return Request{}, err
	}
	return s.requests[i], nil
}

func (s *memStore) Update(_ context.Context, sellerID, id string, ch Change, now time.Time) (Request, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, err := s.find(sellerID, id)
	if err != nil {
		return Request{}, err
	}
	r := &s.requests[i]
	if ch.Read != nil {
		if *ch.Read && !r.Read {
			r.ReadAt = now
		}
		r.Read = *ch.Read
	}
	if ch.Archived != nil {
		r.Archived = *ch.Archived
	}
	return *r, nil
}

func (s *memStore) Delete(_ context.Context, sellerID, id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	i, err := s.find(sellerID, id)
	if err != nil {
		return err
	}
	s.requests = slices.Delete(s.requests, i, i+1)
	return nil
}

func (s *memStore) List(_ context.Context, sellerID string, archived bool, limit int, cursor string) (Page, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var mine []Request
	for _, r := range slices.Backward(s.requests) {
		if r.SellerID == sellerID && r.Archived == archived {
			mine = append(mine, r)
		}
	}
	off := 0
	if cursor != "" {
		n, err := strconv.Atoi(strings.TrimPrefix(cursor, "mem:"))
		if !strings.HasPrefix(cursor, "mem:") || err != nil || n < 0 || n > len(mine) {
			return Page{}, apperr.New(apperr.CodeInvalidCursor, errors.New("bad fake cursor"))
		}
		off = n
	}
	end := min(off+limit, len(mine))
	p := Page{Items: mine[off:end]}
	if end < len(mine) {
		p.NextCursor = fmt.Sprintf("mem:%d", end)
	}
	return p, nil
}

func (s *memStore) Unread(_ context.Context, sellerID string) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, r := range s.requests {
		if r.SellerID == sellerID && !r.Read {
			n++
		}
	}
	return n, nil
}

func (s *memStore) all() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// fakeAds serves ads by id.
type fakeAds map[string]catalog.Ad

func (a fakeAds) Ad(_ context.Context, id string) (catalog.Ad, error) {
	ad, ok := a[id]
	if !ok {
		return catalog.Ad{}, apperr.New(apperr.CodeProductNotFound, nil)
	}
	return ad, nil
}

// fakeSellers serves accounts by id.
type fakeSellers map[string]accounts.User

func (u fakeSellers) UserByID(_ context.Context, uid string) (accounts.User, error) {
	user, ok := u[uid]
	if !ok {
		return accounts.User{}, apperr.ErrNotFound
	}
	return user, nil
}

// fakeLimiter allows the first n calls per scope and key (deny lists the
// scopes that refuse at once).
type fakeLimiter struct {
	mu    sync.Mutex
	n     int
	deny  []string
	seen  map[string]int
	calls []string
	err   error
	retry time.Duration
}

func (l *fakeLimiter) Allow(_ context.Context, scope, key string, _ int, _ time.Duration) (ratelimit.Decision, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err != nil {
		return ratelimit.Decision{}, l.err
	}
	if l.seen == nil {
		l.seen = map[string]int{}
	}
	l.calls = append(l.calls, scope+"="+key)
	l.seen[scope+key]++
	if slices.Contains(l.deny, scope) || l.seen[scope+key] > l.n {
		return ratelimit.Decision{Allowed: false, RetryAfter: l.retry}, nil
	}
	return ratelimit.Decision{Allowed: true}, nil
}

// Ids of the fixture.
const (
	adActive   = "01JGZ0000000000000000000A1"
	adInactive = "01JGZ0000000000000000000A2"
	adDraft    = "01JGZ0000000000000000000A3"
	adBanned   = "01JGZ0000000000000000000A4"
	adHidden   = "01JGZ0000000000000000000A5"
	sellerID   = "seller-1"
	bannedID   = "seller-2"
)

var fixedNow = time.Date(2026, 5, 4, 10, 30, 0, 123456789, time.UTC)

type fixture struct {
	store   *memStore
	limiter *fakeLimiter
	sender  *mailtest.Recorder
	svc     *Service
}

func newFixture() *fixture {
	f := &fixture{store: &memStore{}, limiter: &fakeLimiter{n: 100, retry: 20 * time.Minute}, sender: &mailtest.Recorder{}}
	ads := fakeAds{
		adActive:   {ID: adActive, SellerID: sellerID, Status: catalog.StatusActive, Title: "Roof tiles\nred"},
		adInactive: {ID: adInactive, SellerID: sellerID, Status: catalog.StatusInactive, Title: "Old"},
		adDraft:    {ID: adDraft, SellerID: sellerID, Status: catalog.StatusDraft, Title: "Draft"},
		adBanned:   {ID: adBanned, SellerID: bannedID, Status: catalog.StatusActive, Title: "Banned"},
		adHidden:   {ID: adHidden, SellerID: sellerID, Status: catalog.StatusActive, SellerHidden: true, Title: "Hidden"},
	}
	sellers := fakeSellers{
		sellerID: {ID: sellerID, Email: "seller@example.ch", Language: "de", Status: accounts.StatusActive},
		bannedID: {ID: bannedID, Email: "banned@example.ch", Language: "fr", Status: accounts.StatusBanned},
	}
	f.svc = NewService(f.store, ads, sellers, f.limiter, f.sender, Options{From: "no-reply@remat.ch", SiteURL: "https://remat.ch"}).
		WithClock(func() time.Time { return fixedNow })
	return f
}

func valid() Submission {
	return Submission{AdID: adActive, Name: "Anna", Email: "anna@example.ch", Message: "Are they still available?"}
}
