package awsemu_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	sestypes "github.com/aws/aws-sdk-go-v2/service/sesv2/types"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
	ssmtypes "github.com/aws/aws-sdk-go-v2/service/ssm/types"
	"github.com/aws/smithy-go"

	"github.com/remat/remat/infra/awsemu"
	"github.com/remat/remat/infra/mailbox"
)

func config(endpoint string) aws.Config {
	return aws.Config{
		Region:       "eu-central-2",
		Credentials:  credentials.NewStaticCredentialsProvider("local", "local", ""),
		BaseEndpoint: aws.String(endpoint),
		Retryer: func() aws.Retryer {
			return retry.NewStandard(func(o *retry.StandardOptions) { o.MaxAttempts = 1 })
		},
	}
}

func newSES(t *testing.T) (*sesv2.Client, *awsemu.SES, *mailbox.Store) {
	t.Helper()
	store := mailbox.NewMemory(mailbox.WithLogger(slog.New(slog.DiscardHandler)))
	emu := awsemu.NewSES(store)
	url, closeFn := awsemu.Serve(emu)
	t.Cleanup(closeFn)
	return sesv2.NewFromConfig(config(url)), emu, store
}

func simple(subject, text, html string) *sestypes.EmailContent {
	body := &sestypes.Body{}
	if text != "" {
		body.Text = &sestypes.Content{Data: aws.String(text)}
	}
	if html != "" {
		body.Html = &sestypes.Content{Data: aws.String(html)}
	}
	return &sestypes.EmailContent{Simple: &sestypes.Message{Subject: &sestypes.Content{Data: aws.String(subject)}, Body: body}}
}

func TestSESSendEmail(t *testing.T) {
	client, _, store := newSES(t)
	ctx := context.Background()
	out, err := client.SendEmail(ctx, &sesv2.SendEmailInput{
		FromEmailAddress: aws.String("no-reply@remat.ch"),
		Destination: &sestypes.Destination{
			ToAddresses:  []string{"anna@example.ch"},
			CcAddresses:  []string{"cc@example.ch"},
			BccAddresses: []string{"audit@example.ch"},
		},
		ReplyToAddresses: []string{"support@remat.ch"},
		Content:          simple("Bitte bestätigen", "Hallo Anna", "<p>Hallo Anna</p>"),
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := store.Get(aws.ToString(out.MessageId))
	if err != nil {
		t.Fatal(err)
	}
	if got.From != "no-reply@remat.ch" || got.To[0] != "anna@example.ch" || got.Cc[0] != "cc@example.ch" ||
		got.Bcc[0] != "audit@example.ch" || got.ReplyTo[0] != "support@remat.ch" ||
		got.Subject != "Bitte bestätigen" || got.Text != "Hallo Anna" || got.HTML != "<p>Hallo Anna</p>" || got.SentAt.IsZero() {
		t.Errorf("got %+v", got)
	}
}

func TestSESRawContent(t *testing.T) {
	client, _, store := newSES(t)
	raw := strings.ReplaceAll(`From: Remat <no-reply@remat.ch>
To: bob@example.ch, "Zoë" <zoe@example.ch>
Reply-To: help@remat.ch
Subject: =?UTF-8?Q?Pr=C3=BCfung?=
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="outer"

--outer
Content-Type: multipart/alternative; boundary="inner"

--inner
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

Gr=C3=BCezi
--inner
Content-Type: text/html; charset=utf-8
Content-Transfer-Encoding: base64

PHA+R3LDvGV6aTwvcD4=
--inner--
--outer
Content-Type: application/pdf
Content-Transfer-Encoding: base64

JVBERi0=
--outer--
`, "\n", "\r\n")
	out, err := client.SendEmail(context.Background(), &sesv2.SendEmailInput{
		Content: &sestypes.EmailContent{Raw: &sestypes.RawMessage{Data: []byte(raw)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := store.Get(aws.ToString(out.MessageId))
	if err != nil {
		t.Fatal(err)
	}
	if got.From != "Remat <no-reply@remat.ch>" || len(got.To) != 2 || got.To[0] != "bob@example.ch" || got.To[1] != "Zoë <zoe@example.ch>" ||
		got.ReplyTo[0] != "help@remat.ch" || got.Subject != "Prüfung" || got.Text != "Grüezi" || got.HTML != "<p>Grüezi</p>" {
		t.Errorf("got %+v", got)
	}
}

func TestSESValidation(t *testing.T) {
	client, _, store := newSES(t)
	tests := []struct {
		name string
		in   *sesv2.SendEmailInput
		want string
	}{
		{"template content", &sesv2.SendEmailInput{FromEmailAddress: aws.String("a@remat.ch"), Destination: &sestypes.Destination{ToAddresses: []string{"b@x.ch"}}, Content: &sestypes.EmailContent{Template: &sestypes.Template{TemplateName: aws.String("x")}}}, "not supported"},
		{"no from", &sesv2.SendEmailInput{Destination: &sestypes.Destination{ToAddresses: []string{"b@x.ch"}}, Content: simple("s", "t", "")}, "FromEmailAddress is required"},
		{"no recipients", &sesv2.SendEmailInput{FromEmailAddress: aws.String("a@remat.ch"), Content: simple("s", "t", "")}, "at least one address"},
		{"bad address", &sesv2.SendEmailInput{FromEmailAddress: aws.String("a@remat.ch"), Destination: &sestypes.Destination{ToAddresses: []string{"not an address"}}, Content: simple("s", "t", "")}, "invalid address"},
		{"no subject", &sesv2.SendEmailInput{FromEmailAddress: aws.String("a@remat.ch"), Destination: &sestypes.Destination{ToAddresses: []string{"b@x.ch"}}, Content: simple("", "t", "")}, "Subject is required"},
		{"no body", &sesv2.SendEmailInput{FromEmailAddress: aws.String("a@remat.ch"), Destination: &sestypes.Destination{ToAddresses: []string{"b@x.ch"}}, Content: simple("s", "", "")}, "Text or Html"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := client.SendEmail(context.Background(), tc.in)
			var bad *sestypes.BadRequestException
			if !errors.As(err, &bad) {
				t.Fatalf("got %v, want a BadRequestException", err)
			}
			if !strings.Contains(bad.ErrorMessage(), tc.want) {
				t.Errorf("got message %q, want it to contain %q", bad.ErrorMessage(), tc.want)
			}
		})
	}
	if store.Len() != 0 {
		t.Errorf("got %d stored messages, want 0", store.Len())
	}
}

func TestSESSetFailure(t *testing.T) {
	client, emu, store := newSES(t)
	in := &sesv2.SendEmailInput{FromEmailAddress: aws.String("a@remat.ch"), Destination: &sestypes.Destination{ToAddresses: []string{"b@x.ch"}}, Content: simple("s", "t", "")}

	emu.SetFailure(errors.New("boom"))
	_, err := client.SendEmail(context.Background(), in)
	var api smithy.APIError
	if !errors.As(err, &api) || api.ErrorCode() != "InternalFailure" {
		t.Fatalf("got %v, want InternalFailure", err)
	}
	var resp interface{ HTTPStatusCode() int }
	if !errors.As(err, &resp) || resp.HTTPStatusCode() != http.StatusInternalServerError {
		t.Errorf("got %v, want status 500", err)
	}

	emu.SetFailure(&awsemu.APIError{Status: http.StatusBadRequest, Code: "MessageRejected", Message: "nope"})
	_, err = client.SendEmail(context.Background(), in)
	var rejected *sestypes.MessageRejected
	if !errors.As(err, &rejected) {
		t.Fatalf("got %v, want MessageRejected", err)
	}

	emu.SetFailure(nil)
	if _, err := client.SendEmail(context.Background(), in); err != nil {
		t.Fatal(err)
	}
	if store.Len() != 1 {
		t.Errorf("got %d stored messages, want 1", store.Len())
	}
}

func TestSSM(t *testing.T) {
	emu := awsemu.NewSSM(map[string]string{
		"/remat/local/jwt-secret":     "s3cret",
		"/remat/local/stripe/key":     "sk_test",
		"/remat/local/stripe/webhook": "whsec",
		"/remat/other/x":              "no",
	})
	url, closeFn := awsemu.Serve(emu)
	t.Cleanup(closeFn)
	client := ssm.NewFromConfig(config(url))
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	t.Run("GetParameter", func(t *testing.T) {
		out, err := client.GetParameter(ctx, &ssm.GetParameterInput{Name: aws.String("/remat/local/jwt-secret"), WithDecryption: aws.Bool(true)})
		if err != nil {
			t.Fatal(err)
		}
		if p := out.Parameter; aws.ToString(p.Value) != "s3cret" || p.Type != ssmtypes.ParameterTypeSecureString || p.Version != 1 || p.LastModifiedDate == nil {
			t.Errorf("got %+v", p)
		}
		enc, err := client.GetParameter(ctx, &ssm.GetParameterInput{Name: aws.String("/remat/local/jwt-secret")})
		if err != nil {
			t.Fatal(err)
		}
		if aws.ToString(enc.Parameter.Value) == "s3cret" {
			t.Error("got the plain value without WithDecryption")
		}
	})
	t.Run("ParameterNotFound", func(t *testing.T) {
		_, err := client.GetParameter(ctx, &ssm.GetParameterInput{Name: aws.String("/nope")})
		var nf *ssmtypes.ParameterNotFound
		if !errors.As(err, &nf) {
			t.Errorf("got %v, want ParameterNotFound", err)
		}
	})
	t.Run("GetParameters", func(t *testing.T) {
		out, err := client.GetParameters(ctx, &ssm.GetParametersInput{Names: []string{"/remat/local/stripe/key", "/missing"}, WithDecryption: aws.Bool(true)})
		if err != nil {
			t.Fatal(err)
		}
		if len(out.Parameters) != 1 || aws.ToString(out.Parameters[0].Value) != "sk_test" || len(out.InvalidParameters) != 1 || out.InvalidParameters[0] != "/missing" {
			t.Errorf("got %+v / %v", out.Parameters, out.InvalidParameters)
		}
	})
	t.Run("GetParametersByPath", func(t *testing.T) {
		tests := []struct {
			path      string
			recursive bool
			want      []string
		}{
			{"/remat/local", false, []string{"/remat/local/jwt-secret"}},
			{"/remat/local/", true, []string{"/remat/local/jwt-secret", "/remat/local/stripe/key", "/remat/local/stripe/webhook"}},
			{"/none", true, nil},
		}
		for _, tc := range tests {
			var got []string
			p := ssm.NewGetParametersByPathPaginator(client, &ssm.GetParametersByPathInput{
				Path: aws.String(tc.path), Recursive: aws.Bool(tc.recursive), WithDecryption: aws.Bool(true), MaxResults: aws.Int32(2),
			})
			for p.HasMorePages() {
				page, err := p.NextPage(ctx)
				if err != nil {
					t.Fatal(err)
				}
				for _, prm := range page.Parameters {
					got = append(got, aws.ToString(prm.Name))
				}
			}
			if strings.Join(got, ",") != strings.Join(tc.want, ",") {
				t.Errorf("%s recursive=%v: got %v, want %v", tc.path, tc.recursive, got, tc.want)
			}
		}
	})
}
