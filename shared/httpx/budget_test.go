package httpx

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/smithy-go"

	"github.com/remat/remat/shared/apperr"
)

func TestBudget(t *testing.T) {
	outer := time.Now().Add(10 * time.Second)
	var inner, cleanup time.Time
	h := Budget(2 * time.Second)(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) {
		inner, _ = r.Context().Deadline()
		ctx, cancel := CleanupContext(r.Context())
		defer cancel()
		cleanup, _ = ctx.Deadline()
	}))
	ctx, cancel := context.WithDeadline(context.Background(), outer)
	defer cancel()
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequestWithContext(ctx, http.MethodGet, "/", nil))
	if !inner.Equal(outer.Add(-2 * time.Second)) {
		t.Errorf("handler deadline: got outer%+v, want outer-2s", inner.Sub(outer))
	}
	if !cleanup.Equal(outer.Add(-cleanupMargin)) {
		t.Errorf("cleanup deadline: got outer%+v, want outer-%v", cleanup.Sub(outer), cleanupMargin)
	}

	// A short invocation keeps a quarter; none is served as it is.
	short := time.Now().Add(2 * time.Second)
	ctx, cancel = context.WithDeadline(context.Background(), short)
	defer cancel()
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequestWithContext(ctx, http.MethodGet, "/", nil))
	if d := short.Sub(inner); d < 400*time.Millisecond || d > 500*time.Millisecond {
		t.Errorf("short invocation: kept %v, want about a quarter (500ms)", d)
	}
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodGet, "/", nil))
	if !inner.IsZero() {
		t.Errorf("no deadline: got %v, want none", inner)
	}
	if d := time.Until(cleanup); d < 4*time.Second || d > cleanupWithoutDeadline {
		t.Errorf("cleanup without a deadline: ends in %v, want about %v", d, cleanupWithoutDeadline)
	}
}

// TestErrorTransientIs503: a server error caused by a dependency failure
// that passes is 503 service_unavailable with Retry-After; other causes
// keep their status.
func TestErrorTransientIs503(t *testing.T) {
	throttled := &retry.MaxAttemptsError{Attempt: 3, Err: &smithy.GenericAPIError{Code: "ProvisionedThroughputExceededException", Fault: smithy.FaultClient}}
	tests := []struct {
		name   string
		err    error
		status int
		code   apperr.Code
		retry  string
	}{
		{"throttled after retries", fmt.Errorf("contactreq: save request: %w", throttled), 503, apperr.CodeServiceUnavailable, "5"},
		{"the deadline", fmt.Errorf("accounts: sign up: %w", context.DeadlineExceeded), 503, apperr.CodeServiceUnavailable, "5"},
		{"a coded 5xx with a transient cause", apperr.New(apperr.CodeVerificationEmailFailed, throttled), 503, apperr.CodeServiceUnavailable, "5"},
		{"a coded 5xx with another cause", apperr.New(apperr.CodeVerificationEmailFailed, errors.New("MessageRejected")), 502, apperr.CodeVerificationEmailFailed, ""},
		{"a 4xx with a transient cause", apperr.New(apperr.CodeConflict, throttled), 409, apperr.CodeConflict, ""},
		{"a plain error", errors.New("boom"), 500, apperr.CodeInternal, ""},
		{"access denied", &smithy.GenericAPIError{Code: "AccessDeniedException", Fault: smithy.FaultClient}, 500, apperr.CodeInternal, ""},
	}
	for _, tt := range tests {
		captureLogs(t)
		w := httptest.NewRecorder()
		Error(w, httptest.NewRequest(http.MethodPost, "/x", nil), tt.err)
		got := readErrorBody(t, w.Body.Bytes())
		if w.Code != tt.status || got.Code != tt.code || w.Header().Get("Retry-After") != tt.retry {
			t.Errorf("%s: got %d %s Retry-After %q, want %d %s %q", tt.name, w.Code, got.Code, w.Header().Get("Retry-After"), tt.status, tt.code, tt.retry)
		}
	}
}
