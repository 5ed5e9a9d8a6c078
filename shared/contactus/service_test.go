package contactus

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/mail/mailtest"
	"github.com/remat/remat/shared/ratelimit"
)

var fixedNow = time.Date(2026, 5, 4, 10, 30, 0, 123456789, time.UTC)

type fixture struct {
	store   *memStore
	limiter *fakeLimiter
	sender  *mailtest.Recorder
	svc     *Service
}

func newFixture() *fixture {
	f := &fixture{store: &memStore{}, limiter: &fakeLimiter{n: RateLimit, retry: 20 * time.Minute}, sender: &mailtest.Recorder{}}
	f.svc = NewService(f.store, f.limiter, f.sender, Options{From: "no-reply@remat.ch", Inbox: "contact@remat.ch"}).
		WithClock(func() time.Time { return fixedNow })
	return f
}

func TestSubmitStoresAndNotifies(t *testing.T) {
	f := newFixture()
	m, err := f.svc.Submit(context.Background(), Submission{Name: " Anna ", Email: "anna@example.ch", Subject: "Tiles", Message: "Hi"},
		Client{Address: "192.0.2.1", UserAgent: strings.Repeat("u", 400)})
	if err != nil {
		t.Fatalf("got %v, want nil", err)
	}
	stored := f.store.all()
	if len(stored) != 1 {
		t.Fatalf("stored: got %v, want 1", len(stored))
	}
	s := stored[0]
	checks := []struct{ name, got, want string }{
		{"id", s.ID, m.ID},
		{"name trimmed", s.Name, "Anna"},
		{"status", string(s.Status), string(StatusNew)},
		{"createdAt", s.CreatedAt.Format(time.RFC3339Nano), fixedNow.Format(time.RFC3339Nano)},
		{"client hash", s.ClientHash, ratelimit.KeyHash("192.0.2.1")},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	if len(s.ID) != 26 {
		t.Errorf("id %q: got length %d, want a 26-character ULID", s.ID, len(s.ID))
	}
	if len(s.UserAgent) != userAgentMax {
		t.Errorf("user agent: got %d bytes, want %d", len(s.UserAgent), userAgentMax)
	}
	if !s.Notified || !m.Notified {
		t.Errorf("notified: got stored %v returned %v, want true", s.Notified, m.Notified)
	}
	if len(f.sender.Sent()) != 1 {
		t.Fatalf("sent: got %v, want 1", len(f.sender.Sent()))
	}
	if got, want := f.limiter.keys, []string{"192.0.2.1"}; len(got) != 1 || got[0] != want[0] {
		t.Errorf("limited keys: got %v, want %v", got, want)
	}
}

func TestSubmitMailFailureKeepsMessage(t *testing.T) {
	f := newFixture()
	f.sender.Err = errors.New("ses: MessageRejected")
	m, err := f.svc.Submit(context.Background(), valid(), Client{Address: "192.0.2.1"})
	if err != nil {
		t.Fatalf("got %v, want nil: the message is stored", err)
	}
	stored := f.store.all()
	if len(stored) != 1 || stored[0].Notified || m.Notified {
		t.Errorf("got %+v, want one stored message with notified=false", stored)
	}
	if len(f.store.notified) != 0 {
		t.Errorf("MarkNotified: got %v, want no call", f.store.notified)
	}
}

func TestSubmitErrors(t *testing.T) {
	tests := []struct {
		name   string
		setup  func(*fixture)
		sub    Submission
		want   apperr.Code
		stored int
	}{
		{"invalid", func(*fixture) {}, Submission{}, apperr.CodeValidationFailed, 0},
		{"rate limited", func(f *fixture) { f.limiter.n = 0 }, valid(), apperr.CodeTooManyRequests, 0},
		{"limiter down", func(f *fixture) { f.limiter.err = errors.New("throttled") }, valid(), apperr.CodeInternal, 0},
		{"store down", func(f *fixture) { f.store.createErr = errors.New("dynamodb down") }, valid(), apperr.CodeInternal, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture()
			tt.setup(f)
			_, err := f.svc.Submit(context.Background(), tt.sub, Client{Address: "192.0.2.1"})
			if got := apperr.From(err).Code; got != tt.want {
				t.Errorf("got %v (%v), want %v", got, err, tt.want)
			}
			if got := len(f.store.all()); got != tt.stored {
				t.Errorf("stored: got %v, want %v", got, tt.stored)
			}
			if len(f.sender.Sent()) != 0 {
				t.Errorf("sent: got %v, want none", len(f.sender.Sent()))
			}
		})
	}
}

func TestSubmitRateLimitRetryAfter(t *testing.T) {
	f := newFixture()
	f.limiter.n = 0
	_, err := f.svc.Submit(context.Background(), valid(), Client{Address: "192.0.2.1"})
	if got := apperr.From(err).RetryAfter; got != 20*time.Minute {
		t.Errorf("got %v, want %v", got, 20*time.Minute)
	}
}

func TestSubmitUnknownAddressSharesABudget(t *testing.T) {
	f := newFixture()
	if _, err := f.svc.Submit(context.Background(), valid(), Client{}); err != nil {
		t.Fatal(err)
	}
	if got := f.limiter.keys[0]; got != unknownClient {
		t.Errorf("got %q, want %q", got, unknownClient)
	}
}

func TestListBounds(t *testing.T) {
	f := newFixture()
	for _, limit := range []int{0, MaxPageSize + 1} {
		_, err := f.svc.List(context.Background(), limit, "")
		if got := apperr.From(err).Code; got != apperr.CodeValidationFailed {
			t.Errorf("limit %d: got %v, want %v", limit, got, apperr.CodeValidationFailed)
		}
	}
}

func TestNotificationEscapesHTML(t *testing.T) {
	m := Message{
		ID: "01J0000000000000000000000", Name: `<script>alert("x")</script>`, Email: "anna@example.ch",
		Subject: `Tiles & "bricks"`, Body: "<b>bold</b>\nline 2 & <img src=x onerror=alert(1)>", CreatedAt: fixedNow,
	}
	got, err := notification(m, "no-reply@remat.ch", "contact@remat.ch")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"<script>", "<b>bold", "<img"} {
		if strings.Contains(got.HTML, bad) {
			t.Errorf("html: got raw %q, want it escaped:\n%s", bad, got.HTML)
		}
	}
	for _, want := range []string{"&lt;script&gt;", "&lt;b&gt;bold&lt;/b&gt;", "&amp; &lt;img", "Tiles &amp; &#34;bricks&#34;"} {
		if !strings.Contains(got.HTML, want) {
			t.Errorf("html: got %s, want it to contain %q", got.HTML, want)
		}
	}
	if !strings.Contains(got.Text, "<b>bold</b>\nline 2") {
		t.Errorf("text: got %q, want the message verbatim", got.Text)
	}
	checks := []struct{ name, got, want string }{
		{"subject", got.Subject, `[Remat] Contact: Tiles & "bricks"`},
		{"from", got.From, "no-reply@remat.ch"},
		{"to", strings.Join(got.To, ","), "contact@remat.ch"},
		{"reply-to", strings.Join(got.ReplyTo, ","), "anna@example.ch"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	if err := got.Validate(); err != nil {
		t.Errorf("mail: got %v, want a valid message", err)
	}
}
