// Package auth issues and verifies Remat's access tokens and guards routes
// by role.
//
// Tokens are HS256 JWTs signed with the SSM secret jwt-signing-key, sent as
// "Authorization: Bearer <token>". Claims:
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
//	malformed, bad signature, wrong alg           invalid_token
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
	// MinKeyBytes is the shortest accepted HS256 key.
	MinKeyBytes = 32
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
