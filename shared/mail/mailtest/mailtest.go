// Package mailtest has a mail.Sender for unit tests that records what it
// is asked to send instead of sending it.
package mailtest

import (
	"context"
	"slices"
	"sync"

	"github.com/remat/remat/shared/mail"
)

// Recorder is a mail.Sender that records the messages it is given, or
// fails with Err when that is set. Safe for concurrent use.
type Recorder struct {
	// Err, when not nil, is what Send returns; nothing is recorded then.
	Err error

	mu   sync.Mutex
	sent []mail.Message
}

var _ mail.Sender = (*Recorder)(nil)

// Send implements mail.Sender.
func (r *Recorder) Send(_ context.Context, m mail.Message) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.Err != nil {
		return r.Err
	}
	r.sent = append(r.sent, m)
	return nil
}

// Sent returns the recorded messages, oldest first.
func (r *Recorder) Sent() []mail.Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.sent)
}
