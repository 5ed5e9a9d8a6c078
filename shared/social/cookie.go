package social

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Flow cookie settings.
const (
	CookieName = "remat_oauth"
	CookiePath = "/api/v1/auth/oauth"
	CookieTTL  = 10 * time.Minute
)

// flow is what the start route remembers for the callback.
type flow struct {
	Provider string `json:"p"`
	State    string `json:"s"`
	Verifier string `json:"v"`
	Nonce    string `json:"n"`
	Lang     string `json:"l"`
	ReturnTo string `json:"r"`
	Expires  int64  `json:"e"` // Unix seconds
	// Bind is the hex SHA-256 of the bind cookie set with this flow: the
	// hand-over is bound to it (handover.go).
	Bind string `json:"b"`
}

var errBadCookie = errors.New("social: invalid flow cookie")

// sealFlow encodes f as base64url(JSON) "." base64url(HMAC-SHA256).
func sealFlow(key []byte, f flow) (string, error) {
	b, err := json.Marshal(f)
	if err != nil {
		return "", fmt.Errorf("social: encode flow: %w", err)
	}
	payload := base64.RawURLEncoding.EncodeToString(b)
	return payload + "." + base64.RawURLEncoding.EncodeToString(mac(key, payload)), nil
}

// openFlow checks the signature and expiry of a sealed flow.
func openFlow(key []byte, value string, now time.Time) (flow, error) {
	payload, sig, ok := strings.Cut(value, ".")
	if !ok {
		return flow{}, errBadCookie
	}
	got, err := base64.RawURLEncoding.DecodeString(sig)
	if err != nil || !hmac.Equal(got, mac(key, payload)) {
		return flow{}, fmt.Errorf("%w: bad signature", errBadCookie)
	}
	b, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return flow{}, fmt.Errorf("%w: %w", errBadCookie, err)
	}
	var f flow
	if err := json.Unmarshal(b, &f); err != nil {
		return flow{}, fmt.Errorf("%w: %w", errBadCookie, err)
	}
	if now.Unix() > f.Expires {
		return flow{}, fmt.Errorf("%w: expired", errBadCookie)
	}
	return f, nil
}

func mac(key []byte, payload string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte(CookieName + "|" + payload))
	return m.Sum(nil)
}

// flowCookie is Secure whenever the site is served over https; only the
// local cloud's plain-http origin gets a cookie without it.
func flowCookie(value string, secure bool) *http.Cookie {
	return &http.Cookie{ //nolint:gosec // Secure follows the site's scheme, see above
		Name:     CookieName,
		Value:    value,
		Path:     CookiePath,
		MaxAge:   int(CookieTTL / time.Second),
		HttpOnly: true,
		Secure:   secure,
		SameSite: http.SameSiteLaxMode,
	}
}

func clearCookie(secure bool) *http.Cookie {
	c := flowCookie("", secure) //nolint:gosec // same attributes as flowCookie
	c.MaxAge = -1
	return c
}
