package main

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/secrets"
)

// secretNames are the SSM parameters the local cloud generates as random
// 32-byte keys, hex-encoded. admin-setup-secret is what the developer
// sends to POST /api/v1/auth/create-admin to create the first admin.
// test-webhook-secret signs the test-mode payment provider's webhook events
// (shared/billing). stripe-secret-key is deliberately never generated:
// without it billing runs its offline test-mode provider; a developer who
// adds a Stripe test key to secrets.json gets the real Stripe path. The
// access-token keys are a pair, generated apart (see tokenKeysValid).
// origin-secret is what the local gateway, standing in for CloudFront,
// sends to the API in X-Origin-Verify (the functions refuse requests
// without it).
var secretNames = []string{secrets.CursorKey, adminSetupSecret, testWebhookSecret, originSecretParam}

// originSecretParam names the origin secret among the local secrets.
const originSecretParam = secrets.OriginSecret

// testWebhookSecret names the local test-mode webhook signing secret; it
// is prefixed whsec_ like a Stripe endpoint secret.
const testWebhookSecret = "test-webhook-secret" //nolint:gosec // a parameter name, not a credential

// secretPrefixes gives generated secrets a recognisable prefix.
var secretPrefixes = map[string]string{testWebhookSecret: "whsec_"}

// adminSetupSecret names the secret that guards the first admin's creation.
const adminSetupSecret = "admin-setup-secret" //nolint:gosec // a parameter name, not a credential

// secretsFile is where the keys live in the data directory, so tokens and
// cursors stay valid across restarts.
const secretsFile = "secrets.json"

// loadSecrets returns the local secrets: read from <dataDir>/secrets.json,
// generating missing keys once (the file is written 0600); in memory mode
// (dataDir "") fresh keys for this run. The token keys jwt-signing-key
// (PKCS#8 PEM) and jwt-public-key (SPKI PEM) are regenerated as a new
// Ed25519 pair when either is missing, unreadable or not the other's
// half: that migrates a file from the HS256 days, whose jwt-signing-key
// was a hex HMAC key (tokens issued before then are refused; log in
// again). Other entries are kept as they are.
func loadSecrets(dataDir string) (map[string]string, error) {
	vals := map[string]string{}
	path := filepath.Join(dataDir, secretsFile)
	if dataDir != "" {
		data, err := os.ReadFile(path) //nolint:gosec // G304: a file of the data directory
		switch {
		case err == nil:
			if err := json.Unmarshal(data, &vals); err != nil {
				return nil, configErrorf("%s is not valid JSON (%v): fix it, or delete it to generate new keys", path, err)
			}
		case !errors.Is(err, os.ErrNotExist):
			return nil, configErrorf("cannot read %s: %v", path, unwrapPathError(err))
		}
	}
	changed := false
	for _, name := range secretNames {
		if vals[name] != "" {
			continue
		}
		key := make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, err
		}
		vals[name] = secretPrefixes[name] + hex.EncodeToString(key)
		changed = true
	}
	if !tokenKeysValid(vals) {
		priv, pub, err := newTokenKeys()
		if err != nil {
			return nil, err
		}
		vals[secrets.JWTSigningKey], vals[secrets.JWTPublicKey] = priv, pub
		changed = true
	}
	if dataDir == "" || !changed {
		return vals, nil
	}
	data, err := json.MarshalIndent(vals, "", "  ")
	if err != nil {
		return nil, err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o600); err != nil {
		return nil, configErrorf("cannot write %s: %v", path, unwrapPathError(err))
	}
	if err := os.Rename(tmp, path); err != nil {
		return nil, configErrorf("cannot write %s: %v", path, unwrapPathError(err))
	}
	return vals, nil
}

// tokenKeysValid reports whether vals hold an Ed25519 pair the functions
// accept: a private key in jwt-signing-key and its own public key in
// jwt-public-key.
func tokenKeysValid(vals map[string]string) bool {
	priv, err := auth.ParsePrivateKey(vals[secrets.JWTSigningKey])
	if err != nil {
		return false
	}
	pub, err := auth.ParsePublicKey(vals[secrets.JWTPublicKey])
	return err == nil && pub.Equal(priv.Public())
}

// newTokenKeys returns a fresh Ed25519 pair as the PEM texts of
// jwt-signing-key and jwt-public-key.
func newTokenKeys() (privPEM, pubPEM string, err error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return "", "", fmt.Errorf("localcloud: generate token keys: %w", err)
	}
	if privPEM, err = auth.MarshalPrivateKey(priv); err != nil {
		return "", "", fmt.Errorf("localcloud: generate token keys: %w", err)
	}
	if pubPEM, err = auth.MarshalPublicKey(pub); err != nil {
		return "", "", fmt.Errorf("localcloud: generate token keys: %w", err)
	}
	return privPEM, pubPEM, nil
}
