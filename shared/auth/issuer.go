package auth

import (
	"crypto/ed25519"
	"fmt"
	"slices"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Issuer mints access tokens. Login uses it; tests use it to mint tokens
// for protected routes. An Issuer is safe for concurrent use.
type Issuer struct {
	key ed25519.PrivateKey
	ttl time.Duration
	now func() time.Time
}

// NewIssuer returns an Issuer signing with the Ed25519 private key key
// (see ParsePrivateKey) whose tokens live for ttl.
func NewIssuer(key ed25519.PrivateKey, ttl time.Duration) (*Issuer, error) {
	if len(key) != ed25519.PrivateKeySize {
		return nil, fmt.Errorf("auth: signing key has %d bytes, want an Ed25519 private key of %d", len(key), ed25519.PrivateKeySize)
	}
	if ttl <= 0 {
		return nil, fmt.Errorf("auth: token lifetime %s must be positive", ttl)
	}
	return &Issuer{key: slices.Clone(key), ttl: ttl, now: time.Now}, nil
}

// WithClock returns a copy of i that reads the time from now (for tests).
func (i *Issuer) WithClock(now func() time.Time) *Issuer {
	c := *i
	c.now = now
	return &c
}

// Issue returns a signed token for p.
func (i *Issuer) Issue(p Principal) (string, error) {
	if p.UserID == "" || !p.Role.valid() || p.Version < 0 {
		return "", fmt.Errorf("auth: issue token: invalid principal %+v", p)
	}
	now := i.now()
	claims := jwt.MapClaims{
		"sub":  p.UserID,
		"role": string(p.Role),
		"ver":  p.Version,
		"iss":  TokenIssuer,
		"aud":  TokenAudience,
		"iat":  now.Unix(),
		"exp":  now.Add(i.ttl).Unix(),
	}
	s, err := jwt.NewWithClaims(jwt.SigningMethodEdDSA, claims).SignedString(i.key)
	if err != nil {
		return "", fmt.Errorf("auth: sign token for %s: %w", p.UserID, err)
	}
	return s, nil
}
