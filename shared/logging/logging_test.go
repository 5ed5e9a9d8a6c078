package logging

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"testing"
)

func TestRequestIDInEveryRecord(t *testing.T) {
	var buf bytes.Buffer
	log := New(&buf, slog.LevelInfo).With("fn", "contact-us")
	ctx := WithRequestID(context.Background(), "req-9")
	log.InfoContext(ctx, "hello", "n", 1)
	log.DebugContext(ctx, "hidden")
	log.Info("no context")

	lines := bytes.Split(bytes.TrimSpace(buf.Bytes()), []byte("\n"))
	if len(lines) != 2 {
		t.Fatalf("got %d lines, want 2: %s", len(lines), buf.String())
	}
	var first, second map[string]any
	if err := json.Unmarshal(lines[0], &first); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(lines[1], &second); err != nil {
		t.Fatal(err)
	}
	if first[RequestIDKey] != "req-9" || first["fn"] != "contact-us" || first["msg"] != "hello" {
		t.Errorf("got %v, want requestId, fn and msg", first)
	}
	if _, ok := second[RequestIDKey]; ok {
		t.Errorf("got %v, want no requestId without one in the context", second)
	}
}

func TestParseLevel(t *testing.T) {
	tests := map[string]slog.Level{"debug": slog.LevelDebug, "INFO": slog.LevelInfo, " warn ": slog.LevelWarn, "error": slog.LevelError}
	for in, want := range tests {
		got, err := ParseLevel(in)
		if err != nil || got != want {
			t.Errorf("%q: got %v, %v, want %v", in, got, err, want)
		}
	}
	if _, err := ParseLevel("trace"); err == nil {
		t.Errorf("trace: got nil, want an error")
	}
}
