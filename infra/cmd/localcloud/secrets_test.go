package main

import (
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadSecretsAddsMissingKeys(t *testing.T) {
	dir := t.TempDir()
	old := map[string]string{"jwt-signing-key": "aa", "cursor-key": "bb"}
	b, _ := json.Marshal(old)
	writeTestFile(t, filepath.Join(dir, secretsFile), string(b))

	got, err := loadSecrets(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got["jwt-signing-key"] != "aa" || got["cursor-key"] != "bb" {
		t.Errorf("existing keys: got %v, want them kept", got)
	}
	if k, err := hex.DecodeString(got[adminSetupSecret]); err != nil || len(k) != 32 {
		t.Errorf("%s: got %q, want 32 random bytes in hex", adminSetupSecret, got[adminSetupSecret])
	}
	again, err := loadSecrets(dir)
	if err != nil || again[adminSetupSecret] != got[adminSetupSecret] {
		t.Errorf("second load: got %q %v, want the same secret", again[adminSetupSecret], err)
	}
}

func TestLoadTemplateSetsSiteURL(t *testing.T) {
	const fn = `
Resources:
  Fn:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: functions/fn
      Handler: bootstrap
      Runtime: provided.al2023
      Environment:
        Variables:
          STAGE: !Ref Stage
`
	dir := t.TempDir()
	with := filepath.Join(dir, "with.yaml")
	without := filepath.Join(dir, "without.yaml")
	writeTestFile(t, with, "Parameters:\n  Stage:\n    Type: String\n  SiteUrl:\n    Type: String\n    Default: https://remat.ch\n"+
		strings.Replace(fn, "STAGE: !Ref Stage", "STAGE: !Ref Stage\n          SITE_URL: !Ref SiteUrl", 1))
	writeTestFile(t, without, "Parameters:\n  Stage:\n    Type: String\n"+fn)

	tpl, err := loadTemplate(with, "http://127.0.0.1:8080")
	if err != nil {
		t.Fatal(err)
	}
	f, _ := tpl.Function("Fn")
	if got := f.Env["SITE_URL"]; got != "http://127.0.0.1:8080" {
		t.Errorf("SITE_URL: got %q, want the local URL", got)
	}
	if got := f.Env["STAGE"]; got != "local" {
		t.Errorf("STAGE: got %q, want local", got)
	}
	if _, err := loadTemplate(without, "http://127.0.0.1:8080"); err != nil {
		t.Errorf("template without SiteUrl: got %v, want it loaded", err)
	}
}

func TestLoadSecretsBillingTestMode(t *testing.T) {
	got, err := loadSecrets(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if s := got[testWebhookSecret]; !strings.HasPrefix(s, "whsec_") || len(s) != len("whsec_")+64 {
		t.Errorf("%s: got %q, want whsec_ and 32 random bytes in hex", testWebhookSecret, s)
	}
	if _, ok := got["stripe-secret-key"]; ok {
		t.Error("stripe-secret-key generated: billing must stay in test mode locally")
	}
}
