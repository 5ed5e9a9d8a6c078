// Package logging builds Remat's structured JSON logger and carries the
// request id through a context.Context, so every log line written with a
// request's context (slog.InfoContext(ctx, ...)) names the request it
// belongs to without domain code knowing about HTTP.
package logging

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
)

// RequestIDKey is the log attribute that holds the request id.
const RequestIDKey = "requestId"

type ctxKey struct{}

// WithRequestID returns a copy of ctx that carries id.
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, ctxKey{}, id)
}

// RequestID returns the request id carried by ctx, or "" when there is none.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(ctxKey{}).(string)
	return id
}

// New returns a JSON logger writing to w at level (a *slog.LevelVar lets
// main raise or lower it once the configuration is read). Records logged with a
// context that carries a request id get a "requestId" attribute.
func New(w io.Writer, level slog.Leveler) *slog.Logger {
	h := slog.NewJSONHandler(w, &slog.HandlerOptions{Level: level})
	return slog.New(requestIDHandler{h})
}

// ParseLevel maps debug|info|warn|error (case-insensitive) to a slog level.
func ParseLevel(s string) (slog.Level, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "debug":
		return slog.LevelDebug, nil
	case "info":
		return slog.LevelInfo, nil
	case "warn":
		return slog.LevelWarn, nil
	case "error":
		return slog.LevelError, nil
	default:
		return slog.LevelInfo, fmt.Errorf("logging: unknown level %q (want debug, info, warn or error)", s)
	}
}

// requestIDHandler adds the context's request id to every record.
type requestIDHandler struct{ slog.Handler }

func (h requestIDHandler) Handle(ctx context.Context, r slog.Record) error {
	if id := RequestID(ctx); id != "" {
		r.AddAttrs(slog.String(RequestIDKey, id))
	}
	return h.Handler.Handle(ctx, r) //nolint:wrapcheck // a transparent handler must not change the error
}

func (h requestIDHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return requestIDHandler{h.Handler.WithAttrs(attrs)}
}

func (h requestIDHandler) WithGroup(name string) slog.Handler {
	return requestIDHandler{h.Handler.WithGroup(name)}
}
