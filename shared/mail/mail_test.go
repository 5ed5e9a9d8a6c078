package mail

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
)

type fakeSES struct {
	got *sesv2.SendEmailInput
	err error
}

func (f *fakeSES) SendEmail(_ context.Context, in *sesv2.SendEmailInput, _ ...func(*sesv2.Options)) (*sesv2.SendEmailOutput, error) {
	f.got = in
	return &sesv2.SendEmailOutput{MessageId: aws.String("m-1")}, f.err
}

func validMessage() Message {
	return Message{
		From: "no-reply@remat.ch", To: []string{"contact@remat.ch"}, ReplyTo: []string{"anna@example.ch"},
		Subject: "Grüezi", Text: "plain", HTML: "<p>html</p>",
	}
}

func TestSESSenderBuildsSimpleUTF8Mail(t *testing.T) {
	f := &fakeSES{}
	if err := NewSESSender(f).Send(context.Background(), validMessage()); err != nil {
		t.Fatalf("got %v, want nil", err)
	}
	in := f.got
	if got, want := aws.ToString(in.FromEmailAddress), "no-reply@remat.ch"; got != want {
		t.Errorf("from: got %v, want %v", got, want)
	}
	if got, want := in.Destination.ToAddresses, []string{"contact@remat.ch"}; !slices.Equal(got, want) {
		t.Errorf("to: got %v, want %v", got, want)
	}
	if got, want := in.ReplyToAddresses, []string{"anna@example.ch"}; !slices.Equal(got, want) {
		t.Errorf("reply-to: got %v, want %v", got, want)
	}
	s := in.Content.Simple
	checks := []struct{ name, got, want string }{
		{"subject", aws.ToString(s.Subject.Data), "Grüezi"},
		{"subject charset", aws.ToString(s.Subject.Charset), "UTF-8"},
		{"text", aws.ToString(s.Body.Text.Data), "plain"},
		{"text charset", aws.ToString(s.Body.Text.Charset), "UTF-8"},
		{"html", aws.ToString(s.Body.Html.Data), "<p>html</p>"},
		{"html charset", aws.ToString(s.Body.Html.Charset), "UTF-8"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestSESSenderTextOnly(t *testing.T) {
	f := &fakeSES{}
	m := validMessage()
	m.HTML = ""
	if err := NewSESSender(f).Send(context.Background(), m); err != nil {
		t.Fatalf("got %v, want nil", err)
	}
	if f.got.Content.Simple.Body.Html != nil {
		t.Errorf("html: got %v, want nil", f.got.Content.Simple.Body.Html)
	}
}

func TestSendErrors(t *testing.T) {
	tests := []struct {
		name    string
		mutate  func(*Message)
		apiErr  error
		invalid bool
	}{
		{"no from", func(m *Message) { m.From = "" }, nil, true},
		{"no to", func(m *Message) { m.To = nil }, nil, true},
		{"no subject", func(m *Message) { m.Subject = " " }, nil, true},
		{"header injection", func(m *Message) { m.Subject = "hi\r\nBcc: x@y.z" }, nil, true},
		{"no body", func(m *Message) { m.Text, m.HTML = "", "" }, nil, true},
		{"provider refuses", func(*Message) {}, errors.New("MessageRejected"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeSES{err: tt.apiErr}
			m := validMessage()
			tt.mutate(&m)
			err := NewSESSender(f).Send(context.Background(), m)
			if err == nil {
				t.Fatal("got nil, want an error")
			}
			if got := errors.Is(err, ErrInvalidMessage); got != tt.invalid {
				t.Errorf("ErrInvalidMessage: got %v, want %v (%v)", got, tt.invalid, err)
			}
			if tt.invalid && f.got != nil {
				t.Errorf("got a provider call, want none for an invalid message")
			}
			if tt.apiErr != nil && !strings.Contains(err.Error(), "MessageRejected") {
				t.Errorf("got %v, want the provider error wrapped", err)
			}
		})
	}
}
