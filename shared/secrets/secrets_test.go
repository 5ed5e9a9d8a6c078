package secrets

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
	"github.com/aws/aws-sdk-go-v2/service/ssm/types"
)

// fakeSSM answers GetParameters from a map of full names.
type fakeSSM struct {
	params map[string]string
	calls  int
	got    *ssm.GetParametersInput
	err    error
}

func (f *fakeSSM) GetParameters(_ context.Context, in *ssm.GetParametersInput, _ ...func(*ssm.Options)) (*ssm.GetParametersOutput, error) {
	f.calls++
	f.got = in
	if f.err != nil {
		return nil, f.err
	}
	out := &ssm.GetParametersOutput{}
	for _, n := range in.Names {
		if v, ok := f.params[n]; ok {
			out.Parameters = append(out.Parameters, types.Parameter{Name: aws.String(n), Value: aws.String(v)})
		} else {
			out.InvalidParameters = append(out.InvalidParameters, n)
		}
	}
	return out, nil
}

func TestLoad(t *testing.T) {
	f := &fakeSSM{params: map[string]string{"/remat/dev/jwt-signing-key": "j", "/remat/dev/cursor-key": "c"}}
	got, err := Load(context.Background(), f, "/remat/dev", JWTSigningKey, CursorKey)
	if err != nil {
		t.Fatalf("got %v, want nil", err)
	}
	if got[JWTSigningKey] != "j" || got[CursorKey] != "c" {
		t.Errorf("got %v, want both values", got)
	}
	if f.calls != 1 {
		t.Errorf("calls: got %v, want %v", f.calls, 1)
	}
	if !aws.ToBool(f.got.WithDecryption) {
		t.Errorf("WithDecryption: got false, want true")
	}
	if want := []string{"/remat/dev/jwt-signing-key", "/remat/dev/cursor-key"}; !slices.Equal(f.got.Names, want) {
		t.Errorf("names: got %v, want %v", f.got.Names, want)
	}
}

func TestLoadNamesEveryMissingParameter(t *testing.T) {
	f := &fakeSSM{params: map[string]string{"/remat/dev/jwt-signing-key": ""}}
	_, err := Load(context.Background(), f, "/remat/dev", JWTSigningKey, CursorKey, StripeSecretKey)
	if !errors.Is(err, ErrMissing) {
		t.Fatalf("got %v, want ErrMissing", err)
	}
	for _, want := range []string{"/remat/dev/jwt-signing-key", "/remat/dev/cursor-key", "/remat/dev/stripe-secret-key"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("got %v, want it to name %s", err, want)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	tests := []struct {
		name  string
		f     *fakeSSM
		names []string
		want  string
	}{
		{"api error wrapped", &fakeSSM{err: errors.New("access denied")}, []string{CursorKey}, "access denied"},
		{"too many names", &fakeSSM{}, make([]string, 11), "at most 10"},
	}
	for _, tt := range tests {
		_, err := Load(context.Background(), tt.f, "/p", tt.names...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want %q", tt.name, err, tt.want)
		}
	}
}

func TestLoadOptional(t *testing.T) {
	f := &fakeSSM{params: map[string]string{
		"/remat/dev/admin-setup-secret":         "s3cret",
		"/remat/dev/oauth-google-client-id":     "gid",
		"/remat/dev/oauth-google-client-secret": "",
	}}
	names := []string{AdminSetupSecret, OAuthClientID("google"), OAuthClientSecret("google"), OAuthClientID("facebook")}
	for i := range 9 {
		names = append(names, OAuthClientID("p"+string(rune('a'+i))))
	}
	got, err := LoadOptional(context.Background(), f, "/remat/dev", names...)
	if err != nil {
		t.Fatalf("got %v, want nil", err)
	}
	want := Values{AdminSetupSecret: "s3cret", "oauth-google-client-id": "gid"}
	if len(got) != len(want) || got[AdminSetupSecret] != "s3cret" || got["oauth-google-client-id"] != "gid" {
		t.Errorf("got %v, want %v", got, want)
	}
	if f.calls != 2 {
		t.Errorf("calls: got %d, want 2 (batches of 10)", f.calls)
	}
	f.err = errors.New("ssm down")
	if _, err := LoadOptional(context.Background(), f, "/remat/dev", AdminSetupSecret); err == nil {
		t.Error("ssm failure: got nil, want an error")
	}
}
