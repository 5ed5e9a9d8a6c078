package main

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remat/remat/shared/auth"
)

func TestLoadSecretsAddsMissingKeys(t *testing.T) {
	dir := t.TempDir()
	priv, pub := pemPair(t)
	old := map[string]string{"jwt-signing-key": priv, "jwt-public-key": pub, "cursor-key": "bb"}
	b, _ := json.Marshal(old)
	writeTestFile(t, filepath.Join(dir, secretsFile), string(b))

	got, err := loadSecrets(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !maps.Equal(pick(got, "jwt-signing-key", "jwt-public-key", "cursor-key"), old) {
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

// TestLoadSecretsTokenKeys: the token keys are an Ed25519 pair the
// functions can read; a file from the HS256 days (a hex jwt-signing-key,
// no jwt-public-key) or with a broken pair gets a new pair, keeping the
// other entries, and is rewritten 0600; a good pair is kept.
func TestLoadSecretsTokenKeys(t *testing.T) {
	privA, pubA := pemPair(t)
	_, pubB := pemPair(t)
	others := map[string]string{"cursor-key": "bb", adminSetupSecret: "cc", testWebhookSecret: "whsec_dd"}
	with := func(kv ...string) map[string]string {
		m := maps.Clone(others)
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return m
	}
	hmacKey := "3f1c0a9b8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3"
	tests := []struct {
		name string
		file map[string]string // nil = no file
		keep bool              // the pair in the file survives
	}{
		{"no file", nil, false},
		{"HS256-era file", with("jwt-signing-key", hmacKey), false},
		{"public key missing", with("jwt-signing-key", privA), false},
		{"private key missing", with("jwt-public-key", pubA), false},
		{"pair does not match", with("jwt-signing-key", privA, "jwt-public-key", pubB), false},
		{"pair swapped", with("jwt-signing-key", pubA, "jwt-public-key", privA), false},
		{"good pair", with("jwt-signing-key", privA, "jwt-public-key", pubA), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, secretsFile)
			if tt.file != nil {
				b, _ := json.Marshal(tt.file)
				writeTestFile(t, path, string(b))
				if err := os.Chmod(path, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, err := loadSecrets(dir)
			if err != nil {
				t.Fatal(err)
			}
			priv, err := auth.ParsePrivateKey(got["jwt-signing-key"])
			if err != nil {
				t.Fatalf("jwt-signing-key: %v", err)
			}
			pub, err := auth.ParsePublicKey(got["jwt-public-key"])
			if err != nil {
				t.Fatalf("jwt-public-key: %v", err)
			}
			if !pub.Equal(priv.Public()) {
				t.Error("jwt-public-key: got another key than jwt-signing-key's public half")
			}
			if kept := got["jwt-signing-key"] == privA && got["jwt-public-key"] == pubA; kept != tt.keep {
				t.Errorf("pair kept: got %v, want %v", kept, tt.keep)
			}
			if tt.file != nil && !maps.Equal(pick(got, "cursor-key", adminSetupSecret, testWebhookSecret), others) {
				t.Errorf("other entries: got %v, want %v kept", got, others)
			}
			var onDisk map[string]string
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(raw, &onDisk); err != nil || !maps.Equal(onDisk, got) {
				t.Errorf("file: got %v (%v), want what loadSecrets returned", onDisk, err)
			}
			st, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if !tt.keep && st.Mode().Perm() != 0o600 {
				t.Errorf("file mode: got %o, want 600 after a rewrite", st.Mode().Perm())
			}
			again, err := loadSecrets(dir)
			if err != nil || !maps.Equal(again, got) {
				t.Errorf("second load: got %v (%v), want the same secrets", again, err)
			}
		})
	}
}

func TestLoadSecretsInMemory(t *testing.T) {
	a, err := loadSecrets("")
	if err != nil {
		t.Fatal(err)
	}
	b, err := loadSecrets("")
	if err != nil {
		t.Fatal(err)
	}
	if !tokenKeysValid(a) || !tokenKeysValid(b) || a["jwt-signing-key"] == b["jwt-signing-key"] {
		t.Errorf("got %v and %v, want a fresh valid pair per run", a, b)
	}
}

// TestLoadSecretsDevOIDCCredentials: the dev sign-in client is derived
// from the PEM signing key, so a persisted data directory keeps it.
func TestLoadSecretsDevOIDCCredentials(t *testing.T) {
	dir := t.TempDir()
	var ids []string
	for range 2 {
		s, err := loadSecrets(dir)
		if err != nil {
			t.Fatal(err)
		}
		d, err := startDevSignIn(context.Background(), s["jwt-signing-key"])
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = d.Stop() })
		p := d.parameters()
		ids = append(ids, p["oauth-google-client-id"]+" "+p["oauth-google-client-secret"]+" "+
			p["oauth-facebook-client-id"]+" "+p["oauth-facebook-client-secret"])
	}
	if ids[0] != ids[1] {
		t.Errorf("dev sign-in client: got %q then %q, want the same across restarts", ids[0], ids[1])
	}
}

// pemPair returns a fresh Ed25519 pair as PKCS#8 and SPKI PEM.
func pemPair(t *testing.T) (priv, pub string) {
	t.Helper()
	priv, pub, err := newTokenKeys()
	if err != nil {
		t.Fatal(err)
	}
	return priv, pub
}

// pick returns the entries of m under names.
func pick(m map[string]string, names ...string) map[string]string {
	out := map[string]string{}
	for _, n := range names {
		out[n] = m[n]
	}
	return out
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
