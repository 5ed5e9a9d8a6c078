package mailbox

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

func TestStore(t *testing.T) {
	newStores := map[string]func(t *testing.T) *Store{
		"memory": func(t *testing.T) *Store { return NewMemory(WithLogger(discard())) },
		"disk": func(t *testing.T) *Store {
			s, err := OpenDir(t.TempDir(), WithLogger(discard()))
			if err != nil {
				t.Fatal(err)
			}
			return s
		},
	}
	for name, newStore := range newStores {
		t.Run(name, func(t *testing.T) {
			s := newStore(t)
			t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
			old, err := s.Add(Message{From: "a@x.ch", To: []string{"b@x.ch"}, Subject: "old", SentAt: t0})
			if err != nil {
				t.Fatal(err)
			}
			recent, err := s.Add(Message{From: "a@x.ch", To: []string{"c@x.ch"}, Subject: "new", Text: "hi", SentAt: t0.Add(time.Minute)})
			if err != nil {
				t.Fatal(err)
			}
			if old.ID == "" || recent.ID == "" || old.ID == recent.ID {
				t.Fatalf("got ids %q and %q, want two distinct ids", old.ID, recent.ID)
			}
			list := s.List()
			if len(list) != 2 || list[0].Subject != "new" || list[1].Subject != "old" {
				t.Fatalf("got %+v, want newest first", list)
			}
			got, err := s.Get(recent.ID)
			if err != nil || got.Text != "hi" || got.To[0] != "c@x.ch" {
				t.Errorf("got %+v, %v", got, err)
			}
			if _, err := s.Get("nope"); !errors.Is(err, ErrNotFound) {
				t.Errorf("got %v, want ErrNotFound", err)
			}
			if _, err := s.Add(Message{ID: "../evil"}); err == nil {
				t.Error("got no error for an id with a path separator")
			}
		})
	}
}

func TestDiskSurvivesReopen(t *testing.T) {
	dir := t.TempDir()
	s, err := OpenDir(dir, WithLogger(discard()))
	if err != nil {
		t.Fatal(err)
	}
	m, err := s.Add(Message{From: "a@x.ch", To: []string{"b@x.ch"}, Subject: "kept", HTML: "<p>x</p>"})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "junk.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	again, err := OpenDir(dir, WithLogger(discard()))
	if err != nil {
		t.Fatal(err)
	}
	got, err := again.Get(m.ID)
	if err != nil || got.Subject != "kept" || got.HTML != "<p>x</p>" || !got.SentAt.Equal(m.SentAt) {
		t.Errorf("got %+v, %v, want the stored message", got, err)
	}
	if again.Len() != 1 {
		t.Errorf("got %d messages, want 1 (junk skipped)", again.Len())
	}
}

func TestConcurrentAddAndLog(t *testing.T) {
	var buf bytes.Buffer
	var mu sync.Mutex
	logger := slog.New(slog.NewTextHandler(lockedWriter{&buf, &mu}, nil))
	s, err := OpenDir(t.TempDir(), WithLogger(logger))
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := range 20 {
		wg.Go(func() {
			if _, err := s.Add(Message{To: []string{fmt.Sprintf("u%d@x.ch", i)}, Subject: "s"}); err != nil {
				t.Error(err)
			}
			_ = s.List()
		})
	}
	wg.Wait()
	if s.Len() != 20 {
		t.Errorf("got %d messages, want 20", s.Len())
	}
	mu.Lock()
	defer mu.Unlock()
	if n := strings.Count(buf.String(), "mailbox: message received"); n != 20 {
		t.Errorf("got %d log lines, want 20", n)
	}
	if !strings.Contains(buf.String(), "to=u7@x.ch") {
		t.Errorf("log lacks the recipient: %s", buf.String())
	}
}

type lockedWriter struct {
	b  *bytes.Buffer
	mu *sync.Mutex
}

func (w lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func discard() *slog.Logger { return slog.New(slog.DiscardHandler) }
