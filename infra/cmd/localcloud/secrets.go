package main

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
)

// secretNames are the SSM parameters the local cloud generates: random
// 32-byte keys, hex-encoded. admin-setup-secret is what the developer
// sends to POST /api/v1/auth/create-admin to create the first admin.
// test-webhook-secret signs the test-mode payment provider's webhook events
// (shared/billing). stripe-secret-key is deliberately never generated:
// without it billing runs its offline test-mode provider; a developer who
// adds a Stripe test key to secrets.json gets the real Stripe path.
var secretNames = []string{"jwt-signing-key", "cursor-key", adminSetupSecret, testWebhookSecret}

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
// (dataDir "") fresh keys for this run.
func loadSecrets(dataDir string) (map[string]string, error) {
	secrets := map[string]string{}
	path := filepath.Join(dataDir, secretsFile)
	if dataDir != "" {
		data, err := os.ReadFile(path) //nolint:gosec // G304: a file of the data directory
		switch {
		case err == nil:
			if err := json.Unmarshal(data, &secrets); err != nil {
				return nil, configErrorf("%s is not valid JSON (%v): fix it, or delete it to generate new keys", path, err)
			}
		case !errors.Is(err, os.ErrNotExist):
			return nil, configErrorf("cannot read %s: %v", path, unwrapPathError(err))
		}
	}
	changed := false
	for _, name := range secretNames {
		if secrets[name] != "" {
			continue
		}
		key := make([]byte, 32)
		if _, err := rand.Read(key); err != nil {
			return nil, err
		}
		secrets[name] = secretPrefixes[name] + hex.EncodeToString(key)
		changed = true
	}
	if dataDir == "" || !changed {
		return secrets, nil
	}
	data, err := json.MarshalIndent(secrets, "", "  ")
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
	return secrets, nil
}
