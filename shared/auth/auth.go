// Package auth issues and verifies Remat's access tokens and guards routes
// by role.
//
// Tokens are EdDSA (Ed25519) JWTs, sent as "Authorization: Bearer <token>".
// Only the function that issues them (auth) holds the private key, the SSM
// SecureString jwt-signing-key (PKCS#8 PEM, see ParsePrivateKey); every
// other function verifies with the public key, the SSM String
// jwt-public-key (SPKI PEM, see ParsePublicKey), so a function that only
// verifies cannot mint tokens. Claims:
//
//	sub   user id (non-empty string)
//	role  "user" or "admin"
//	ver   the user's token version (integer >= 0); bumping it on password
//	      change or "log out everywhere" kills older tokens
//	iss   "remat", aud "remat-web", iat and exp (all required)
//
// Failures map onto the apperr vocabulary (all 401 unless noted):
//
//	no or empty bearer token                      not_logged_in
//	expired, or revoked (version mismatch)        not_logged_in (spec: log in again)
//	malformed, bad signature, wrong key, any alg
//	other than EdDSA (HS256, none, ...)           invalid_token
//	signed but wrong issuer/audience/claim shape  invalid_token_payload
//	valid but the role is not allowed             forbidden (403)
package auth

import (
	"context"
	"time"
)

// Token constants.
const (
	TokenIssuer   = "remat"
	TokenAudience = "remat-web"
	// Leeway absorbs clock skew between Lambda instances.
	Leeway = 30 * time.Second
)

// Role is a principal's role.
type Role string

// The roles.
const (
	RoleUser  Role = "user"
	RoleAdmin Role = "admin"
)

func (r Role) valid() bool { return r == RoleUser || r == RoleAdmin }

// Principal is the authenticated caller of a request.
type Principal struct {
	UserID  string
	Role    Role
	Version int
}

type ctxKey struct{}

// WithPrincipal returns a copy of ctx carrying p.
func WithPrincipal(ctx context.Context, p Principal) context.Context {
	return context.WithValue(ctx, ctxKey{}, p)
}

// PrincipalFrom returns the principal the auth middleware put into ctx.
func PrincipalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(ctxKey{}).(Principal)
	return p, ok
}
