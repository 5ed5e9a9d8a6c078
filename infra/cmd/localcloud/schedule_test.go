package main

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/remat/remat/infra/gateway"
	"github.com/remat/remat/infra/samtpl"
)

type fakeInvoker struct {
	mu     sync.Mutex
	events []events.CloudWatchEvent
	names  []string
	err    error
}

func (f *fakeInvoker) Invoke(_ context.Context, name string, payload []byte) ([]byte, error) {
	var ev events.CloudWatchEvent
	if err := json.Unmarshal(payload, &ev); err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.events = append(f.events, ev)
	f.names = append(f.names, name)
	return []byte("null"), f.err
}

func (f *fakeInvoker) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.events)
}

func TestSchedulerTimedAndTriggered(t *testing.T) {
	inv := &fakeInvoker{}
	s := newScheduler(inv, []samtpl.Schedule{
		{Function: "Hourly", Event: "Tick", Expression: "rate(1 minute)", Every: 50 * time.Millisecond, Enabled: true},
		{Function: "Nightly", Event: "Cron", Expression: "cron(0 3 * * ? *)", Enabled: true},
	}, "eu-central-2", "000000000000", slog.New(slog.DiscardHandler))
	s.start(10 * time.Millisecond)
	deadline := time.Now().Add(5 * time.Second)
	for inv.count() < 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if err := s.stopAll(); err != nil {
		t.Fatal(err)
	}
	n := inv.count()
	if n < 2 {
		t.Fatalf("timed runs: got %d, want at least 2", n)
	}
	ev := inv.events[0]
	if inv.names[0] != "Hourly" || ev.DetailType != "Scheduled Event" || ev.Source != "aws.events" || ev.ID == "" {
		t.Errorf("event: got %s %+v", inv.names[0], ev)
	}

	gw, err := gateway.New(gateway.Config{Scheduler: s, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		method, path string
		want         int
	}{
		{http.MethodPost, "/_dev/schedule/Nightly", http.StatusOK},
		{http.MethodPost, "/_dev/schedule/Unknown", http.StatusNotFound},
		{http.MethodGet, "/_dev/schedule/Nightly", http.StatusMethodNotAllowed},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		gw.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
		if rec.Code != tt.want {
			t.Errorf("%s %s: got %d %s, want %d", tt.method, tt.path, rec.Code, rec.Body, tt.want)
		}
	}
	if got := inv.count(); got != n+1 || inv.names[n] != "Nightly" {
		t.Errorf("trigger: got %d invocations, want %d with Nightly last", got, n+1)
	}
	inv.err = errors.New("boom")
	rec := httptest.NewRecorder()
	gw.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, "/_dev/schedule/Hourly", nil))
	if rec.Code != http.StatusBadGateway {
		t.Errorf("failing function: got %d, want 502", rec.Code)
	}
}
