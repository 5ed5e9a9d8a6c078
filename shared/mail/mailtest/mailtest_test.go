package mailtest_test

import (
	"errors"
	"testing"

	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/mail/mailtest"
)

func TestRecorder(t *testing.T) {
	var r mailtest.Recorder
	if err := r.Send(t.Context(), mail.Message{To: []string{"a@example.ch"}, Subject: "one"}); err != nil {
		t.Fatal(err)
	}
	down := errors.New("ses down")
	r.Err = down
	if err := r.Send(t.Context(), mail.Message{Subject: "two"}); !errors.Is(err, down) {
		t.Errorf("with Err set: got %v, want %v", err, down)
	}
	if sent := r.Sent(); len(sent) != 1 || sent[0].Subject != "one" {
		t.Errorf("got %+v, want only the first message", sent)
	}
}
