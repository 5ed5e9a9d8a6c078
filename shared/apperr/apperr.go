// Package apperr is Remat's single error vocabulary.
//
// Every error a client can see is an *Error carrying a stable snake_case
// Code. The HTTP status and the default English message of a code come from
// one table (see codes.go), so a handler never picks a status by hand and
// the SPA can translate every code. The wrapped cause of an *Error is for
// logs only: it is never rendered to a client.
//
// Domain code returns sentinels (ErrNotFound, ErrConflict, ...) or builds
// coded errors with New, Validation or TooManyRequests, and wraps them with
// context on the way up (fmt.Errorf("contactus: list: %w", err)); httpx.Error
// finds the *Error with errors.As and renders it. Any error without an
// *Error inside is an internal error (500, generic body).
package apperr

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"strings"
	"time"
)

// Error is a coded, client-safe error.
//
// Code and Message are safe to send to clients; Fields maps a request field
// name to a field code (FieldRequired, FieldTooLong, ...) for validation
// errors; RetryAfter, when positive, tells the client when to retry
// (rendered as the Retry-After header). Params are optional values the
// client interpolates into its translation of the code (for example
// {"status":"suspended"} for account_status); they must be safe to show.
// Err is the underlying cause and is only logged. HTTPStatus, when
// non-zero, overrides the table's status for this one error: invalid_token
// is 401 for an access token but 400 for a link token from an e-mail (see
// InvalidLinkToken).
type Error struct {
	Code       Code
	Message    string
	Fields     map[string]string
	Params     map[string]string
	RetryAfter time.Duration
	HTTPStatus int
	Err        error
}

// InvalidLinkToken is invalid_token with status 400: a single-use token
// from an e-mail link (verification, reset) that is unknown, expired or
// used. The request is bad; the caller is not unauthenticated.
func InvalidLinkToken(cause error) *Error {
	e := New(CodeInvalidToken, cause)
	e.HTTPStatus = http.StatusBadRequest
	return e
}

// New returns an *Error for code with the code's default message and the
// given cause (which may be nil). A code missing from the table yields an
// error whose Status is 500, so a typo can never leak as a client error.
func New(code Code, cause error) *Error {
	return &Error{Code: code, Message: DefaultMessage(code), Err: cause}
}

// Validation returns a validation_failed error naming each invalid field
// with its field code. The map is copied.
func Validation(fields map[string]string) *Error {
	e := New(CodeValidationFailed, nil)
	e.Fields = maps.Clone(fields)
	return e
}

// WithParams returns an error for code whose Params are params (copied)
// and whose message is the code's default message with every "{key}"
// replaced by its value, e.g. "account status is {status}, contact support".
func WithParams(code Code, params map[string]string, cause error) *Error {
	e := New(code, cause)
	e.Params = maps.Clone(params)
	for k, v := range params {
		e.Message = strings.ReplaceAll(e.Message, "{"+k+"}", v)
	}
	return e
}

// TooManyRequests returns a too_many_requests error that tells the client
// to retry after d.
func TooManyRequests(d time.Duration) *Error {
	e := New(CodeTooManyRequests, nil)
	e.RetryAfter = d
	return e
}

// UnavailableRetryAfter is the Retry-After of Unavailable: long enough
// for a throttled table or a failed-over node to recover, short enough
// that a user who clicks again is served.
const UnavailableRetryAfter = 5 * time.Second

// Unavailable returns a service_unavailable error (503, Retry-After
// UnavailableRetryAfter) for a dependency failure the user can retry:
// cause is the failure, for the logs.
func Unavailable(cause error) *Error {
	e := New(CodeServiceUnavailable, cause)
	e.RetryAfter = UnavailableRetryAfter
	return e
}

// Error implements error. The text includes the cause and is meant for logs.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(string(e.Code))
	if e.Message != "" {
		b.WriteString(": ")
		b.WriteString(e.Message)
	}
	if len(e.Fields) > 0 {
		fmt.Fprintf(&b, " %v", e.Fields)
	}
	if len(e.Params) > 0 {
		fmt.Fprintf(&b, " params %v", e.Params)
	}
	if e.Err != nil {
		b.WriteString(": ")
		b.WriteString(e.Err.Error())
	}
	return b.String()
}

// Unwrap returns the cause, so errors.Is/As see through an *Error.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is an *Error with the same code. This makes
// errors.Is(err, apperr.ErrNotFound) true for every not_found error,
// whatever its message or cause.
func (e *Error) Is(target error) bool {
	var t *Error
	if !errors.As(target, &t) {
		return false
	}
	return t.Code == e.Code
}

// Status is the HTTP status of the error: HTTPStatus when set, else its
// code's (500 for unknown codes).
func (e *Error) Status() int {
	if e.HTTPStatus != 0 {
		return e.HTTPStatus
	}
	return StatusOf(e.Code)
}

// Sentinels for the common cases. Compare with errors.Is; never modify
// them. Wrap one with context, or use New(code, cause) to attach a cause.
var (
	ErrValidation           = New(CodeValidationFailed, nil)
	ErrInvalidJSON          = New(CodeInvalidJSON, nil)
	ErrInvalidCursor        = New(CodeInvalidCursor, nil)
	ErrUnsupportedMediaType = New(CodeUnsupportedMediaType, nil)
	ErrPayloadTooLarge      = New(CodePayloadTooLarge, nil)
	ErrUnauthorized         = New(CodeNotLoggedIn, nil)
	ErrInvalidToken         = New(CodeInvalidToken, nil)
	ErrInvalidTokenPayload  = New(CodeInvalidTokenPayload, nil)
	ErrForbidden            = New(CodeForbidden, nil)
	ErrNotFound             = New(CodeNotFound, nil)
	ErrMethodNotAllowed     = New(CodeMethodNotAllowed, nil)
	ErrConflict             = New(CodeConflict, nil)
	ErrTooManyRequests      = New(CodeTooManyRequests, nil)
	ErrInternal             = New(CodeInternal, nil)
)

// From returns the *Error inside err, or an internal_error wrapping err when
// there is none. From(nil) returns nil.
func From(err error) *Error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	return New(CodeInternal, err)
}

// HTTPStatus is the HTTP status for err: the status of its code, 500 when
// err carries no *Error, and 200 for nil.
func HTTPStatus(err error) int {
	if err == nil {
		return http.StatusOK
	}
	return From(err).Status()
}
