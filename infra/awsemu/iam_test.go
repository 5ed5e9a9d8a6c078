package awsemu

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	sestypes "github.com/aws/aws-sdk-go-v2/service/sesv2/types"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
	"github.com/aws/smithy-go"

	"github.com/remat/remat/infra/iam"
	"github.com/remat/remat/infra/mailbox"
)

const (
	testRegion  = "eu-central-2"
	testAccount = "000000000000"
)

func principal(t *testing.T, name string, statements ...map[string]any) (*iam.Principal, *iam.Enforcer) {
	t.Helper()
	stmts := make([]any, len(statements))
	for i, s := range statements {
		stmts[i] = s
	}
	pol, err := iam.ParsePolicy(name+" Policies[0]", map[string]any{"Statement": stmts}, false)
	if err != nil {
		t.Fatal(err)
	}
	p, err := iam.NewRolePrincipal(testAccount, name+"Role", name, []iam.Policy{pol})
	if err != nil {
		t.Fatal(err)
	}
	dir, err := iam.NewDirectory(p)
	if err != nil {
		t.Fatal(err)
	}
	return p, &iam.Enforcer{Directory: dir, Account: testAccount, Logger: slog.New(slog.DiscardHandler)}
}

func staticCreds(p *iam.Principal) aws.CredentialsProvider {
	return credentials.NewStaticCredentialsProvider(p.Credentials.AccessKeyID, p.Credentials.SecretAccessKey, p.Credentials.SessionToken)
}

func errorCode(err error) string {
	var ae smithy.APIError
	if errors.As(err, &ae) {
		return ae.ErrorCode()
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

func TestSSMWithIAM(t *testing.T) {
	arn := func(name string) string { return "arn:aws:ssm:eu-central-2:000000000000:parameter" + name }
	params := map[string]string{"/remat/local/cursor-key": "c", "/remat/local/jwt-signing-key": "j", "/remat/local/jwt-public-key": "p"}

	tests := []struct {
		name  string
		stmt  map[string]any
		names []string
		code  string
		msg   string
	}{
		{
			name:  "each parameter named",
			stmt:  map[string]any{"Effect": "Allow", "Action": "ssm:GetParameters", "Resource": []any{arn("/remat/local/cursor-key"), arn("/remat/local/jwt-public-key")}},
			names: []string{"/remat/local/cursor-key", "/remat/local/jwt-public-key"},
		},
		{
			name:  "one of the names not granted: the whole call is refused",
			stmt:  map[string]any{"Effect": "Allow", "Action": "ssm:GetParameters", "Resource": arn("/remat/local/cursor-key")},
			names: []string{"/remat/local/cursor-key", "/remat/local/jwt-signing-key"},
			code:  "AccessDeniedException",
			msg:   "is not authorized to perform: ssm:GetParameters on resource: " + arn("/remat/local/jwt-signing-key"),
		},
		{
			// What SSMParameterWithSlashPrefixReadPolicy with ParameterName
			// /remat/local grants: the parameter /remat/local, not those
			// under it.
			name:  "the prefix as a parameter name",
			stmt:  map[string]any{"Effect": "Allow", "Action": []any{"ssm:GetParameters", "ssm:GetParameter", "ssm:GetParametersByPath"}, "Resource": arn("/remat/local")},
			names: []string{"/remat/local/jwt-signing-key"},
			code:  "AccessDeniedException",
		},
		{
			name:  "a missing parameter the caller may read is just invalid",
			stmt:  map[string]any{"Effect": "Allow", "Action": "ssm:GetParameters", "Resource": arn("/remat/local/*")},
			names: []string{"/remat/local/stripe-secret-key"},
		},
	}
	for _, tt := range tests {
		p, e := principal(t, "Fn", tt.stmt)
		url, closeFn := Serve(NewSSM(params).WithIAM(e, testRegion, testAccount))
		client := ssm.New(ssm.Options{Region: testRegion, BaseEndpoint: aws.String(url), Credentials: staticCreds(p), RetryMaxAttempts: 1})
		out, err := client.GetParameters(context.Background(), &ssm.GetParametersInput{Names: tt.names, WithDecryption: aws.Bool(true)})
		closeFn()
		if got := errorCode(err); got != tt.code {
			t.Errorf("%s: got %q (%v), want %q", tt.name, got, err, tt.code)
			continue
		}
		if tt.msg != "" && !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.msg)
		}
		if err == nil && len(out.Parameters)+len(out.InvalidParameters) != len(tt.names) {
			t.Errorf("%s: got %+v", tt.name, out)
		}
	}

	// Unknown credentials.
	p, e := principal(t, "Fn", map[string]any{"Effect": "Allow", "Action": "ssm:*", "Resource": "*"})
	url, closeFn := Serve(NewSSM(params).WithIAM(e, testRegion, testAccount))
	defer closeFn()
	stranger := ssm.New(ssm.Options{Region: testRegion, BaseEndpoint: aws.String(url), RetryMaxAttempts: 1,
		Credentials: credentials.NewStaticCredentialsProvider("local", "local", "")})
	if _, err := stranger.GetParameter(context.Background(), &ssm.GetParameterInput{Name: aws.String("/remat/local/cursor-key")}); errorCode(err) != "UnrecognizedClientException" {
		t.Errorf("unknown key: got %v, want UnrecognizedClientException", err)
	}
	ok := ssm.New(ssm.Options{Region: testRegion, BaseEndpoint: aws.String(url), Credentials: staticCreds(p), RetryMaxAttempts: 1})
	if _, err := ok.GetParametersByPath(context.Background(), &ssm.GetParametersByPathInput{Path: aws.String("/remat/local")}); err != nil {
		t.Errorf("GetParametersByPath allowed by ssm:*: %v", err)
	}
}

func TestSESWithIAM(t *testing.T) {
	stmt := map[string]any{"Effect": "Allow", "Action": "ses:SendEmail", "Resource": "*",
		"Condition": map[string]any{"StringEquals": map[string]any{"ses:FromAddress": "no-reply@remat.ch"}}}
	p, e := principal(t, "Fn", stmt)
	store := mailbox.NewMemory(mailbox.WithLogger(slog.New(slog.DiscardHandler)))
	url, closeFn := Serve(NewSES(store).WithIAM(e, testRegion, testAccount))
	defer closeFn()
	client := sesv2.New(sesv2.Options{Region: testRegion, BaseEndpoint: aws.String(url), Credentials: staticCreds(p), RetryMaxAttempts: 1})
	send := func(from string) error {
		_, err := client.SendEmail(context.Background(), &sesv2.SendEmailInput{
			FromEmailAddress: aws.String(from),
			Destination:      &sestypes.Destination{ToAddresses: []string{"buyer@example.ch"}},
			Content: &sestypes.EmailContent{Simple: &sestypes.Message{
				Subject: &sestypes.Content{Data: aws.String("Hello")},
				Body:    &sestypes.Body{Text: &sestypes.Content{Data: aws.String("Text")}},
			}},
		})
		return err
	}
	if err := send("Remat <no-reply@remat.ch>"); err != nil {
		t.Errorf("the allowed sender: %v", err)
	}
	err := send("Remat <support@remat.ch>")
	if errorCode(err) != "AccessDeniedException" || !strings.Contains(err.Error(), "ses:SendEmail on resource: arn:aws:ses:eu-central-2:000000000000:identity/support@remat.ch") {
		t.Errorf("another sender: got %v, want AccessDeniedException naming the identity", err)
	}
	if n := len(store.List()); n != 1 {
		t.Errorf("mailbox: got %d messages, want 1 (the denied one is not delivered)", n)
	}
}
