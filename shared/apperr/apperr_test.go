package apperr

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"testing"
	"time"
)

func TestStatusTable(t *testing.T) {
	tests := []struct {
		code Code
		want int
	}{
		{CodeValidationFailed, http.StatusBadRequest},
		{CodeInvalidJSON, http.StatusBadRequest},
		{CodeInvalidCursor, http.StatusBadRequest},
		{CodeUnsupportedMediaType, http.StatusUnsupportedMediaType},
		{CodePayloadTooLarge, http.StatusRequestEntityTooLarge},
		{CodeNotLoggedIn, http.StatusUnauthorized},
		{CodeInvalidToken, http.StatusUnauthorized},
		{CodeInvalidTokenPayload, http.StatusUnauthorized},
		{CodeForbidden, http.StatusForbidden},
		{CodeNotFound, http.StatusNotFound},
		{CodeMethodNotAllowed, http.StatusMethodNotAllowed},
		{CodeConflict, http.StatusConflict},
		{CodeTooManyRequests, http.StatusTooManyRequests},
		{CodeInternal, http.StatusInternalServerError},
		{CodeServiceUnavailable, http.StatusServiceUnavailable},
		{CodeUserExists, http.StatusConflict},
		{CodeCompanyRequired, http.StatusBadRequest},
		{CodeInvalidCredentials, http.StatusUnauthorized},
		{CodeEmailNotVerified, http.StatusForbidden},
		{CodeAccountStatus, http.StatusForbidden},
		{CodeCannotChangePassword, http.StatusBadRequest},
		{CodeVerificationEmailFailed, http.StatusBadGateway},
		{CodeImageProcessingFailed, http.StatusBadRequest},
		{CodeAdminExists, http.StatusConflict},
		{CodeProductNotFound, http.StatusNotFound},
		{CodeProductNotOwned, http.StatusForbidden},
		{CodeProductNoAccess, http.StatusForbidden},
		{CodeProductAlreadyActive, http.StatusConflict},
		{CodeProductExpired, http.StatusConflict},
		{CodeMainImageRequired, http.StatusUnprocessableEntity},
		{CodeSubscriptionInvalid, http.StatusForbidden},
		{CodeAdCountExceeded, http.StatusForbidden},
		{CodeBundlePlanNoAds, http.StatusForbidden},
		{CodeImageCountExceeded, http.StatusForbidden},
		{CodeImageNotFound, http.StatusNotFound},
		{CodeImageNotInProduct, http.StatusConflict},
		{CodeImageDeleteForbidden, http.StatusForbidden},
		{CodeCategoryNotFound, http.StatusNotFound},
		{Code("no_such_code"), http.StatusInternalServerError},
	}
	for _, tt := range tests {
		if got := StatusOf(tt.code); got != tt.want {
			t.Errorf("StatusOf(%q): got %v, want %v", tt.code, got, tt.want)
		}
		if got := New(tt.code, nil).Status(); got != tt.want {
			t.Errorf("New(%q).Status(): got %v, want %v", tt.code, got, tt.want)
		}
	}
}

func TestSpecMessages(t *testing.T) {
	// The spec's wording (§8) for the messages the SPA already knows.
	tests := map[Code]string{
		CodeNotLoggedIn:         "not logged in, please log in",
		CodeInvalidToken:        "invalid token",
		CodeInvalidTokenPayload: "invalid token payload",
		CodeForbidden:           "not allowed to access this resource",
		CodeInternal:            "internal server error",
		// Catalogue (§8).
		CodeSubscriptionInvalid:  "invalid or expired subscription",
		CodeAdCountExceeded:      "ad count exceeded for the subscription",
		CodeImageCountExceeded:   "image count exceeded for the plan",
		CodeProductNotOwned:      "product does not belong to you",
		CodeProductAlreadyActive: "product already active",
		CodeProductNoAccess:      "no access for this product",
		CodeImageDeleteForbidden: "not authorized to delete this image",
		CodeImageNotInProduct:    "image does not belong to this product",
		CodeBundlePlanNoAds:      "cannot create an ad on a bundle plan",
	}
	for code, want := range tests {
		if got := DefaultMessage(code); got != want {
			t.Errorf("DefaultMessage(%q): got %q, want %q", code, got, want)
		}
	}
}

func TestEveryCodeIsSnakeCaseWithMessage(t *testing.T) {
	snake := regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
	for _, c := range Codes() {
		if !snake.MatchString(string(c)) {
			t.Errorf("code %q: got not snake_case, want snake_case", c)
		}
		if DefaultMessage(c) == "" {
			t.Errorf("code %q: got empty message, want one", c)
		}
	}
}

func TestIsMatchesByCode(t *testing.T) {
	cause := errors.New("boom")
	err := fmt.Errorf("catalog: get ad %s: %w", "x", New(CodeNotFound, cause))
	tests := []struct {
		name   string
		err    error
		target error
		want   bool
	}{
		{"same code through wrapping", err, ErrNotFound, true},
		{"other code", err, ErrConflict, false},
		{"cause still visible", err, cause, true},
		{"plain error", cause, ErrNotFound, false},
		{"validation sentinel", Validation(map[string]string{"a": FieldRequired}), ErrValidation, true},
	}
	for _, tt := range tests {
		if got := errors.Is(tt.err, tt.target); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestFromAndHTTPStatus(t *testing.T) {
	tests := []struct {
		name     string
		err      error
		wantCode Code
		status   int
	}{
		{"coded and wrapped", fmt.Errorf("x: %w", TooManyRequests(time.Second)), CodeTooManyRequests, 429},
		{"uncoded is internal", errors.New("dynamodb down"), CodeInternal, 500},
	}
	for _, tt := range tests {
		if got := From(tt.err).Code; got != tt.wantCode {
			t.Errorf("%s: From code: got %v, want %v", tt.name, got, tt.wantCode)
		}
		if got := HTTPStatus(tt.err); got != tt.status {
			t.Errorf("%s: HTTPStatus: got %v, want %v", tt.name, got, tt.status)
		}
	}
	if got := From(nil); got != nil {
		t.Errorf("From(nil): got %v, want nil", got)
	}
	if got := HTTPStatus(nil); got != http.StatusOK {
		t.Errorf("HTTPStatus(nil): got %v, want %v", got, http.StatusOK)
	}
}

func TestValidationCopiesFields(t *testing.T) {
	fields := map[string]string{"email": FieldInvalidEmail}
	e := Validation(fields)
	fields["email"] = FieldRequired
	if got := e.Fields["email"]; got != FieldInvalidEmail {
		t.Errorf("got %v, want %v", got, FieldInvalidEmail)
	}
}

func TestErrorTextIncludesCauseForLogs(t *testing.T) {
	e := New(CodeInternal, errors.New("table missing"))
	want := "internal_error: internal server error: table missing"
	if got := e.Error(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestWithParams(t *testing.T) {
	tests := []struct {
		code    Code
		params  map[string]string
		message string
	}{
		{CodeAccountStatus, map[string]string{"status": "suspended"}, "account status is suspended, contact support"},
		{CodeImageProcessingFailed, map[string]string{"reason": "too_large"}, "failed to process image"},
		{CodeAdminExists, nil, "admin route invalid as admin exists"},
	}
	for _, tt := range tests {
		e := WithParams(tt.code, tt.params, nil)
		if e.Message != tt.message {
			t.Errorf("%s: message: got %q, want %q", tt.code, e.Message, tt.message)
		}
		if len(e.Params) != len(tt.params) {
			t.Errorf("%s: params: got %v, want %v", tt.code, e.Params, tt.params)
		}
		for k, v := range tt.params {
			if e.Params[k] != v {
				t.Errorf("%s: params[%s]: got %q, want %q", tt.code, k, e.Params[k], v)
			}
		}
	}
}

func TestInvalidLinkToken(t *testing.T) {
	e := InvalidLinkToken(nil)
	if e.Status() != http.StatusBadRequest || e.Code != CodeInvalidToken || !errors.Is(e, ErrInvalidToken) {
		t.Errorf("got %d %s, want 400 invalid_token matching ErrInvalidToken", e.Status(), e.Code)
	}
	if got := HTTPStatus(fmt.Errorf("accounts: verify: %w", e)); got != http.StatusBadRequest {
		t.Errorf("wrapped: got %d, want 400", got)
	}
}

func TestUnavailable(t *testing.T) {
	cause := errors.New("throttled")
	e := Unavailable(cause)
	if e.Status() != http.StatusServiceUnavailable || e.RetryAfter != UnavailableRetryAfter || !errors.Is(e, cause) {
		t.Errorf("Unavailable: got %d, retry after %v, cause %v; want 503, %v, the cause", e.Status(), e.RetryAfter, e.Err, UnavailableRetryAfter)
	}
}
