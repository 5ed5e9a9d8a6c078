package auth

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/httpx"
)

// TokenState is what the verifier must know about a token's user: the
// current token version (bumped by logout and password changes) and
// whether the account is active (not suspended or banned).
type TokenState struct {
	Version int
	Active  bool
}

// TokenVersions reports a user's current token state. The accounts domain
// implements it (accounts.DynamoStore); it must return an error wrapping
// apperr.ErrNotFound when the user no longer exists.
type TokenVersions interface {
	TokenVersion(ctx context.Context, userID string) (TokenState, error)
}

// Verifier checks access tokens. A Verifier is safe for concurrent use.
type Verifier struct {
	key      ed25519.PublicKey
	versions TokenVersions
	now      func() time.Time
}

// NewVerifier returns a Verifier for EdDSA tokens signed with the private
// half of the Ed25519 public key key (see ParsePublicKey); tokens with any
// other alg are invalid_token. Until a TokenVersions lookup is attached
// (WithTokenVersions), the ver claim is only checked for shape, so revoked
// tokens live until they expire.
func NewVerifier(key ed25519.PublicKey) (*Verifier, error) {
	if len(key) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("auth: verification key has %d bytes, want an Ed25519 public key of %d", len(key), ed25519.PublicKeySize)
	}
	return &Verifier{key: slices.Clone(key), now: time.Now}, nil
}

// WithTokenVersions returns a copy of v that rejects tokens whose ver
// claim is not the user's current version (revocation) and tokens of
// accounts that are not active; both answer not_logged_in. Every function
// that authenticates must attach it.
func (v *Verifier) WithTokenVersions(tv TokenVersions) *Verifier {
	c := *v
	c.versions = tv
	return &c
}

// WithClock returns a copy of v that reads the time from now (for tests).
func (v *Verifier) WithClock(now func() time.Time) *Verifier {
	c := *v
	c.now = now
	return &c
}

// Verify checks token and returns its principal, or a coded apperr error
// as listed in the package documentation.
func (v *Verifier) Verify(ctx context.Context, token string) (Principal, error) {
	if token == "" {
		return Principal{}, apperr.New(apperr.CodeNotLoggedIn, errors.New("auth: empty token"))
	}
	parser := jwt.NewParser(
		jwt.WithValidMethods([]string{jwt.SigningMethodEdDSA.Alg()}),
		jwt.WithIssuer(TokenIssuer),
		jwt.WithAudience(TokenAudience),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(Leeway),
		jwt.WithTimeFunc(v.now),
	)
	claims := jwt.MapClaims{}
	if _, err := parser.ParseWithClaims(token, claims, func(*jwt.Token) (any, error) { return v.key, nil }); err != nil {
		return Principal{}, classify(err)
	}
	p, err := principalOf(claims)
	if err != nil {
		return Principal{}, apperr.New(apperr.CodeInvalidTokenPayload, fmt.Errorf("auth: verify token: %w", err))
	}
	if v.versions != nil {
		current, err := v.versions.TokenVersion(ctx, p.UserID)
		switch {
		case errors.Is(err, apperr.ErrNotFound):
			return Principal{}, apperr.New(apperr.CodeNotLoggedIn, fmt.Errorf("auth: token of unknown user %s: %w", p.UserID, err))
		case err != nil:
			return Principal{}, fmt.Errorf("auth: token version of %s: %w", p.UserID, err)
		case current.Version != p.Version:
			return Principal{}, apperr.New(apperr.CodeNotLoggedIn, fmt.Errorf("auth: revoked token of %s (version %d, current %d)", p.UserID, p.Version, current.Version))
		case !current.Active:
			return Principal{}, apperr.New(apperr.CodeNotLoggedIn, fmt.Errorf("auth: token of inactive account %s", p.UserID))
		}
	}
	return p, nil
}

// classify maps a jwt parse error onto the apperr vocabulary. Claim shape
// problems win over expiry: a token that is both expired and meant for
// another audience is not ours to ask the user to renew.
func classify(err error) error {
	wrapped := fmt.Errorf("auth: verify token: %w", err)
	switch {
	case errors.Is(err, jwt.ErrTokenInvalidIssuer),
		errors.Is(err, jwt.ErrTokenInvalidAudience),
		errors.Is(err, jwt.ErrTokenRequiredClaimMissing),
		errors.Is(err, jwt.ErrInvalidType),
		errors.Is(err, jwt.ErrTokenUsedBeforeIssued),
		errors.Is(err, jwt.ErrTokenNotValidYet):
		return apperr.New(apperr.CodeInvalidTokenPayload, wrapped)
	case errors.Is(err, jwt.ErrTokenExpired):
		return apperr.New(apperr.CodeNotLoggedIn, wrapped)
	case errors.Is(err, jwt.ErrTokenInvalidClaims):
		return apperr.New(apperr.CodeInvalidTokenPayload, wrapped)
	default: // malformed, unverifiable, bad signature, wrong algorithm
		return apperr.New(apperr.CodeInvalidToken, wrapped)
	}
}

// principalOf checks the Remat-specific claims; iss, aud, exp and iat were
// checked by the parser (iat only for being in the past, so its presence is
// checked here).
func principalOf(c jwt.MapClaims) (Principal, error) {
	sub, ok := c["sub"].(string)
	if !ok || sub == "" {
		return Principal{}, errors.New("sub: want a non-empty string")
	}
	role, ok := c["role"].(string)
	if !ok || !Role(role).valid() {
		return Principal{}, fmt.Errorf("role: want user or admin, got %v", c["role"])
	}
	ver, ok := c["ver"].(float64)
	if !ok || ver < 0 || ver > math.MaxInt32 || ver != math.Trunc(ver) {
		return Principal{}, fmt.Errorf("ver: want an integer >= 0, got %v", c["ver"])
	}
	if _, ok := c["iat"].(float64); !ok {
		return Principal{}, errors.New("iat: missing")
	}
	return Principal{UserID: sub, Role: Role(role), Version: int(ver)}, nil
}

// BearerToken returns the token of an "Authorization: Bearer <token>"
// header (scheme case-insensitive) and whether there was one.
func BearerToken(r *http.Request) (string, bool) {
	scheme, token, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	token = strings.TrimSpace(token)
	return token, token != ""
}

// Viewer returns the caller of a public route, which anyone may call: the
// principal of r's bearer token when it is valid, else the zero Principal
// (anonymous), whatever is wrong with the token.
func (v *Verifier) Viewer(r *http.Request) Principal {
	token, ok := BearerToken(r)
	if !ok {
		return Principal{}
	}
	p, err := v.Verify(r.Context(), token)
	if err != nil {
		return Principal{}
	}
	return p
}

// Caller returns the principal Authenticate or RequireRole put into r's
// context (the zero Principal on a route without them).
func Caller(r *http.Request) Principal {
	p, _ := PrincipalFrom(r.Context())
	return p
}

// Authenticate is middleware that admits any valid token and puts its
// principal into the request context; see PrincipalFrom.
func (v *Verifier) Authenticate(next http.Handler) http.Handler {
	return v.RequireRole(RoleUser, RoleAdmin)(next)
}

// RequireRole returns middleware admitting only valid tokens whose role is
// one of roles; others get the coded 401/403 errors.
func (v *Verifier) RequireRole(roles ...Role) httpx.Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			token, ok := BearerToken(r)
			if !ok {
				httpx.Error(w, r, apperr.New(apperr.CodeNotLoggedIn, errors.New("auth: no bearer token")))
				return
			}
			p, err := v.Verify(r.Context(), token)
			if err != nil {
				httpx.Error(w, r, err)
				return
			}
			if !slices.Contains(roles, p.Role) {
				httpx.Error(w, r, apperr.New(apperr.CodeForbidden, fmt.Errorf("auth: %s has role %s, want one of %v", p.UserID, p.Role, roles)))
				return
			}
			next.ServeHTTP(w, r.WithContext(WithPrincipal(r.Context(), p)))
		})
	}
}
