// Package mailbox is the local cloud's dev mailbox: every e-mail the
// functions send through the SES emulator (infra/awsemu) lands here instead
// of leaving the machine, so sign-up verification and notifications work
// offline and tests can read what was sent.
//
// A Store keeps messages in memory or on disk (one JSON file per message,
// so they survive restarts of the local cloud). It is safe for concurrent
// use.
package mailbox

import (
	"cmp"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// ErrNotFound is returned by Get for an unknown id.
var ErrNotFound = errors.New("mailbox: message not found")

// Message is one sent e-mail.
type Message struct {
	ID      string    `json:"id"`
	From    string    `json:"from"`
	To      []string  `json:"to"`
	Cc      []string  `json:"cc,omitempty"`
	Bcc     []string  `json:"bcc,omitempty"`
	ReplyTo []string  `json:"replyTo,omitempty"`
	Subject string    `json:"subject"`
	Text    string    `json:"text,omitempty"`
	HTML    string    `json:"html,omitempty"`
	SentAt  time.Time `json:"sentAt"`
}

// Store holds messages. The zero value is not usable; use NewMemory or
// OpenDir.
type Store struct {
	dir    string // empty for memory
	logger *slog.Logger

	mu   sync.RWMutex
	msgs map[string]Message
}

// Option configures a Store.
type Option func(*Store)

// WithLogger sets the logger for the one-line-per-message log (default
// slog.Default()).
func WithLogger(l *slog.Logger) Option { return func(s *Store) { s.logger = l } }

// NewMemory returns an empty in-memory store.
func NewMemory(opts ...Option) *Store {
	s := &Store{msgs: map[string]Message{}, logger: slog.Default()}
	for _, o := range opts {
		o(s)
	}
	return s
}

// OpenDir returns a store backed by dir (created if missing): each message
// is dir/<id>.json. Messages already there are loaded; files that are not
// valid messages are skipped with a warning.
func OpenDir(dir string, opts ...Option) (*Store, error) {
	s := NewMemory(opts...)
	s.dir = dir
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("mailbox: create %s: %w", dir, err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("mailbox: read %s: %w", dir, err)
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(path) //nolint:gosec // G304: files of the store's own directory
		if err != nil {
			return nil, fmt.Errorf("mailbox: %w", err)
		}
		var m Message
		if err := json.Unmarshal(data, &m); err != nil || m.ID == "" {
			s.logger.Warn("mailbox: skipping unreadable message file", "path", path, "err", err)
			continue
		}
		s.msgs[m.ID] = m
	}
	return s, nil
}

// Add stores m and returns it as stored: an empty ID gets a new one that
// sorts by time, a zero SentAt gets the current time. On a disk store the
// message is written (atomically) before Add returns.
func (s *Store) Add(m Message) (Message, error) {
	if m.SentAt.IsZero() {
		m.SentAt = time.Now().UTC()
	}
	if m.ID == "" {
		m.ID = newID(m.SentAt)
	} else if strings.ContainsAny(m.ID, `/\`) || strings.HasPrefix(m.ID, ".") {
		return Message{}, fmt.Errorf("mailbox: invalid message id %q", m.ID)
	}
	m.To, m.Cc, m.Bcc, m.ReplyTo = slices.Clone(m.To), slices.Clone(m.Cc), slices.Clone(m.Bcc), slices.Clone(m.ReplyTo)

	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dir != "" {
		if err := s.write(m); err != nil {
			return Message{}, err
		}
	}
	s.msgs[m.ID] = m
	s.logger.Info("mailbox: message received", "id", m.ID, "to", strings.Join(m.To, ", "), "subject", m.Subject)
	return m, nil
}

func (s *Store) write(m Message) error {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return fmt.Errorf("mailbox: encode: %w", err)
	}
	tmp, err := os.CreateTemp(s.dir, ".msg-*")
	if err != nil {
		return fmt.Errorf("mailbox: %w", err)
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("mailbox: write: %w", err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(s.dir, m.ID+".json")); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("mailbox: write: %w", err)
	}
	return nil
}

// List returns all messages, newest first (ties broken by id, newest
// first). The slice is a copy.
func (s *Store) List() []Message {
	s.mu.RLock()
	out := make([]Message, 0, len(s.msgs))
	for _, m := range s.msgs {
		out = append(out, m)
	}
	s.mu.RUnlock()
	slices.SortFunc(out, func(a, b Message) int {
		if c := b.SentAt.Compare(a.SentAt); c != 0 {
			return c
		}
		return cmp.Compare(b.ID, a.ID)
	})
	return out
}

// Get returns the message with the given id, or ErrNotFound.
func (s *Store) Get(id string) (Message, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	m, ok := s.msgs[id]
	if !ok {
		return Message{}, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	return m, nil
}

// Len returns the number of messages.
func (s *Store) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.msgs)
}

// newID returns a time-ordered id: UTC timestamp plus random suffix.
func newID(t time.Time) string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return t.UTC().Format("20060102T150405.000000000Z") + "-" + hex.EncodeToString(b[:])
}
