package httpx

import (
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/awsx"
)

// ContentTypeJSON is the Content-Type of every JSON response.
const ContentTypeJSON = "application/json; charset=utf-8"

// ErrorBody is the JSON shape of every error response.
type ErrorBody struct {
	Error ErrorDetail `json:"error"`
}

// ErrorDetail is the inside of ErrorBody: a stable code, a safe English
// message, for validation errors a field -> field code map, and optional
// interpolation params (e.g. {"status":"suspended"}).
type ErrorDetail struct {
	Code    apperr.Code       `json:"code"`
	Message string            `json:"message"`
	Fields  map[string]string `json:"fields,omitempty"`
	Params  map[string]string `json:"params,omitempty"`
}

// MessageBody is the JSON shape of a success response that carries no
// resource: a message code the SPA translates, e.g. {"message":"message_sent"}.
type MessageBody struct {
	Message string `json:"message"`
}

// JSON writes v as a JSON response with status. If v cannot be encoded (a
// programming error), it logs the cause and writes a generic 500 instead,
// so a client never receives half a document.
func JSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		slog.Error("httpx: encode response", "status", status, "err", err)
		status = http.StatusInternalServerError
		b, _ = json.Marshal(ErrorBody{Error: ErrorDetail{
			Code:    apperr.CodeInternal,
			Message: apperr.DefaultMessage(apperr.CodeInternal),
		}})
	}
	w.Header().Set("Content-Type", ContentTypeJSON)
	w.WriteHeader(status)
	_, _ = w.Write(append(b, '\n'))
}

// Error renders err in the apperr vocabulary. Coded client errors (4xx)
// are written as they are; anything else becomes the generic body of its
// 5xx code and the cause is logged with the request id. A server error
// caused by a dependency failure that passes (awsx.Transient: throttling, a
// 5xx or a timeout after the SDK's retries, the function's deadline) is
// answered 503 service_unavailable, so the client says "try again" rather
// than "internal error". A positive RetryAfter is sent as the Retry-After
// header in whole seconds (rounded up).
func Error(w http.ResponseWriter, r *http.Request, err error) {
	e := apperr.From(err)
	if e.Status() >= http.StatusInternalServerError && e.Code != apperr.CodeServiceUnavailable && awsx.Transient(err) {
		e = apperr.Unavailable(err)
	}
	status := e.Status()
	detail := ErrorDetail{Code: e.Code, Message: e.Message, Fields: e.Fields, Params: e.Params}
	if status >= http.StatusInternalServerError {
		slog.ErrorContext(r.Context(), "request failed",
			"method", r.Method, "path", r.URL.Path, "status", status, "code", string(e.Code), "err", err.Error())
		detail = ErrorDetail{Code: e.Code, Message: apperr.DefaultMessage(e.Code)}
	} else {
		slog.DebugContext(r.Context(), "request rejected",
			"method", r.Method, "path", r.URL.Path, "status", status, "code", string(e.Code), "err", err.Error())
	}
	if detail.Message == "" {
		detail.Message = apperr.DefaultMessage(e.Code)
	}
	if e.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.FormatInt(retryAfterSeconds(e.RetryAfter), 10))
	}
	JSON(w, status, ErrorBody{Error: detail})
}

// retryAfterSeconds rounds d up to whole seconds, at least 1.
func retryAfterSeconds(d time.Duration) int64 {
	s := int64((d + time.Second - 1) / time.Second)
	return max(s, 1)
}
