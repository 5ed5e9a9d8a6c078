package awsemu_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	sestypes "github.com/aws/aws-sdk-go-v2/service/sesv2/types"

	"github.com/remat/remat/infra/faults"
)

// TestSESFaults: SendEmail fails with SES's own throttling and internal
// errors for the recipients a fault names, and a stalled send whose caller
// gave up is never delivered.
func TestSESFaults(t *testing.T) {
	client, emu, store := newSES(t)
	ft := faults.New(slog.New(slog.DiscardHandler))
	emu.WithFaults(ft)
	send := func(ctx context.Context, to string) error {
		_, err := client.SendEmail(ctx, &sesv2.SendEmailInput{FromEmailAddress: aws.String("Remat <no-reply@remat.ch>"),
			Destination: &sestypes.Destination{ToAddresses: []string{to}}, Content: simple("s", "t", "")})
		return err
	}

	if _, err := ft.Add(faults.Fault{Service: faults.SES, KeyPrefix: "seller@", Error: "TooManyRequestsException", Count: 1}); err != nil {
		t.Fatal(err)
	}
	err := send(t.Context(), "seller@example.ch")
	var tooMany *sestypes.TooManyRequestsException
	var resp interface{ HTTPStatusCode() int }
	if !errors.As(err, &tooMany) || !errors.As(err, &resp) || resp.HTTPStatusCode() != http.StatusTooManyRequests {
		t.Errorf("throttled: got %v, want TooManyRequestsException with status 429", err)
	}
	if err := send(t.Context(), "buyer@example.ch"); err != nil {
		t.Errorf("another recipient: %v", err)
	}

	ft.Clear()
	if _, err := ft.Add(faults.Fault{Service: faults.SES, Operation: "ses:SendEmail", Resource: "no-reply@remat.ch", Error: "InternalFailure"}); err != nil {
		t.Fatal(err)
	}
	if err := send(t.Context(), "seller@example.ch"); !errors.As(err, &resp) || resp.HTTPStatusCode() != http.StatusInternalServerError {
		t.Errorf("internal failure: got %v, want status 500", err)
	}

	ft.Clear()
	if _, err := ft.Add(faults.Fault{Service: faults.SES, StallSeconds: 1}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 200*time.Millisecond)
	defer cancel()
	if err := send(ctx, "late@example.ch"); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("stalled: got %v, want context.DeadlineExceeded", err)
	}
	time.Sleep(1500 * time.Millisecond)
	if store.Len() != 1 {
		t.Errorf("stored messages: got %d, want only the one to buyer@", store.Len())
	}
}
