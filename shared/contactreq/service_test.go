package contactreq

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ratelimit"
)

func TestSendStoresAndNotifiesTheSeller(t *testing.T) {
	f := newFixture()
	sub := valid()
	sub.Email = " Anna@Example.CH "
	r, err := f.svc.Send(context.Background(), sub, Sender{UserID: "buyer-1", Address: "192.0.2.1", UserAgent: strings.Repeat("u", 400)})
	if err != nil {
		t.Fatalf("got %v, want nil", err)
	}
	stored := f.store.all()
	if len(stored) != 1 || stored[0].ID != r.ID {
		t.Fatalf("stored: got %+v, want the request", stored)
	}
	s := stored[0]
	checks := []struct{ name, got, want string }{
		{"seller", s.SellerID, sellerID},
		{"ad title", s.AdTitle, "Roof tiles\nred"},
		{"buyer", s.BuyerID, "buyer-1"},
		{"email", s.Email, "Anna@Example.CH"},
		{"client hash", s.ClientHash, ratelimit.KeyHash("192.0.2.1")},
		{"created", s.CreatedAt.Format(time.RFC3339Nano), fixedNow.Format(time.RFC3339Nano)},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
	if len(s.UserAgent) != userAgentMax || s.Read || !s.Notified {
		t.Errorf("got %+v, want a truncated user agent, unread, notified", s)
	}
	if len(f.sender.Sent()) != 1 {
		t.Fatalf("mails: got %d, want 1", len(f.sender.Sent()))
	}
	m := f.sender.Sent()[0]
	if m.To[0] != "seller@example.ch" || m.ReplyTo[0] != "Anna@Example.CH" || !strings.HasPrefix(m.Subject, "Neue Nachricht") {
		t.Errorf("mail: got to %v reply-to %v subject %q, want the seller in German replying to the buyer", m.To, m.ReplyTo, m.Subject)
	}
	wantCalls := "creq-addr=192.0.2.1 creq-email=anna@example.ch creq-ad=" + adActive
	if got := strings.Join(f.limiter.calls, " "); got != wantCalls {
		t.Errorf("limits: got %q, want %q", got, wantCalls)
	}
}

func TestSendRefusals(t *testing.T) {
	tests := []struct {
		name   string
		edit   func(*Submission, *Sender, *fixture)
		code   apperr.Code
		status int
	}{
		{"validation", func(s *Submission, _ *Sender, _ *fixture) { s.Email = "x" }, apperr.CodeValidationFailed, 400},
		{"honeypot", func(s *Submission, _ *Sender, _ *fixture) { s.Website = "https://bot.example" }, apperr.CodeContactRequestSpam, 422},
		{"links only", func(s *Submission, _ *Sender, _ *fixture) { s.Message = "https://spam.example.com" }, apperr.CodeContactRequestLinksOnly, 422},
		{"unknown ad", func(s *Submission, _ *Sender, _ *fixture) { s.AdID = "01JGZ0000000000000000000ZZ" }, apperr.CodeProductNotFound, 404},
		{"draft", func(s *Submission, _ *Sender, _ *fixture) { s.AdID = adDraft }, apperr.CodeProductNotFound, 404},
		{"inactive", func(s *Submission, _ *Sender, _ *fixture) { s.AdID = adInactive }, apperr.CodeContactRequestAdInactive, 409},
		{"banned seller", func(s *Submission, _ *Sender, _ *fixture) { s.AdID = adBanned }, apperr.CodeContactRequestAdInactive, 409},
		{"hidden with its seller", func(s *Submission, _ *Sender, _ *fixture) { s.AdID = adHidden }, apperr.CodeContactRequestAdInactive, 409},
		{"own ad", func(_ *Submission, from *Sender, _ *fixture) { from.UserID = sellerID }, apperr.CodeContactRequestOwnAd, 403},
		{"address limit", func(_ *Submission, _ *Sender, f *fixture) { f.limiter.deny = []string{ScopeAddress} }, apperr.CodeContactRequestSenderLimited, 429},
		{"email limit", func(_ *Submission, _ *Sender, f *fixture) { f.limiter.deny = []string{ScopeEmail} }, apperr.CodeContactRequestSenderLimited, 429},
		{"ad limit", func(_ *Submission, _ *Sender, f *fixture) { f.limiter.deny = []string{ScopeAd} }, apperr.CodeContactRequestAdLimited, 429},
		{"limiter down", func(_ *Submission, _ *Sender, f *fixture) { f.limiter.err = errors.New("ddb down") }, apperr.CodeInternal, 500},
		{"store down", func(_ *Submission, _ *Sender, f *fixture) { f.store.createErr = errors.New("ddb down") }, apperr.CodeInternal, 500},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture()
			sub, from := valid(), Sender{Address: "192.0.2.1"}
			tt.edit(&sub, &from, f)
			_, err := f.svc.Send(context.Background(), sub, from)
			e := apperr.From(err)
			if e == nil || e.Code != tt.code || e.Status() != tt.status {
				t.Fatalf("got %v, want %v (%d)", err, tt.code, tt.status)
			}
			if tt.status == 429 && e.RetryAfter != 20*time.Minute {
				t.Errorf("retry after: got %v, want 20m", e.RetryAfter)
			}
			if len(f.store.all()) != 0 || len(f.sender.Sent()) != 0 {
				t.Errorf("got %d stored, %d mails, want none", len(f.store.all()), len(f.sender.Sent()))
			}
		})
	}
}

func TestSendSpamChecksCostNoBudget(t *testing.T) {
	f := newFixture()
	sub := valid()
	sub.Website = "x"
	_, _ = f.svc.Send(context.Background(), sub, Sender{Address: "192.0.2.1"})
	if len(f.limiter.calls) != 0 {
		t.Errorf("limiter calls: got %v, want none for a refused submission", f.limiter.calls)
	}
}

func TestSendMailFailureKeepsTheRequest(t *testing.T) {
	f := newFixture()
	f.sender.Err = errors.New("ses down")
	r, err := f.svc.Send(context.Background(), valid(), Sender{})
	if err != nil {
		t.Fatalf("got %v, want nil", err)
	}
	if stored := f.store.all(); len(stored) != 1 || stored[0].Notified || r.Notified {
		t.Errorf("got %+v, want the request stored, not notified", stored)
	}
	if got := f.limiter.calls[0]; got != "creq-addr=unknown" {
		t.Errorf("address key: got %q, want the shared unknown budget", got)
	}
}

func TestUpdateNeedsAField(t *testing.T) {
	f := newFixture()
	_, err := f.svc.Update(context.Background(), sellerID, "x", Change{})
	if got := apperr.From(err).Code; got != apperr.CodeValidationFailed {
		t.Errorf("got %v, want validation_failed", got)
	}
}

func TestListLimitBounds(t *testing.T) {
	f := newFixture()
	for _, limit := range []int{0, MaxPageSize + 1} {
		if _, err := f.svc.List(context.Background(), sellerID, false, limit, ""); apperr.From(err).Code != apperr.CodeValidationFailed {
			t.Errorf("limit %d: got %v, want validation_failed", limit, err)
		}
	}
}
