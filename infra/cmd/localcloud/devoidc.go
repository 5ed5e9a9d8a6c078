package main

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"net/mail"
	"slices"
	"strings"
	"sync"

	"github.com/golang-jwt/jwt/v5"
	"github.com/oauth2-proxy/mockoidc"

	"github.com/remat/remat/shared/config"
	"github.com/remat/remat/shared/secrets"
	"github.com/remat/remat/shared/social"
)

// The development sign-in provider stands in for Google in the local cloud
// only: an OpenID Connect server (mockoidc) on 127.0.0.1 that signs in at
// once, without a login page, as the identity queued through
// POST /_dev/oidc/next-user, or else as devDefaultIdentity. It is never
// deployed; -no-dev-oidc turns it off.

// devOIDCProvider is the provider the stand-in is registered as.
const devOIDCProvider = social.ProviderGoogle

// devOIDCQueuePath is the gateway path that queues the next identity.
const devOIDCQueuePath = "/_dev/oidc/next-user"

// devDefaultIdentity is who signs in when no identity is queued.
var devDefaultIdentity = devIdentity{
	Email: "google.user@example.ch", EmailVerified: true, FirstName: "Gina", LastName: "Google",
}

// devIdentity is one person the stand-in vouches for; it implements
// mockoidc.User with the claims the social sign-in reads (e-mail,
// email_verified, given_name, family_name, name).
type devIdentity struct {
	Email         string `json:"email"`
	EmailVerified bool   `json:"emailVerified"`
	FirstName     string `json:"firstName"`
	LastName      string `json:"lastName"`
}

var _ mockoidc.User = devIdentity{}

// ID is the subject: stable per e-mail address, so signing in again with
// the same address (even after a restart) is the same Google account.
func (u devIdentity) ID() string {
	sum := sha256.Sum256([]byte(strings.ToLower(u.Email)))
	return "dev-" + hex.EncodeToString(sum[:8])
}

// devClaims are the profile and e-mail claims of an ID token or userinfo
// answer. email_verified is always present, so false is explicit.
type devClaims struct {
	Email         string `json:"email,omitempty"`
	EmailVerified bool   `json:"email_verified"`
	GivenName     string `json:"given_name,omitempty"`
	FamilyName    string `json:"family_name,omitempty"`
	Name          string `json:"name,omitempty"`
}

func (u devIdentity) claims(scopes []string) devClaims {
	var c devClaims
	if slices.Contains(scopes, "email") {
		c.Email, c.EmailVerified = u.Email, u.EmailVerified
	}
	if slices.Contains(scopes, "profile") {
		c.GivenName, c.FamilyName = u.FirstName, u.LastName
		c.Name = strings.TrimSpace(u.FirstName + " " + u.LastName)
	}
	return c
}

// Userinfo is the userinfo endpoint's answer.
func (u devIdentity) Userinfo(scopes []string) ([]byte, error) {
	return json.Marshal(struct {
		Subject string `json:"sub"`
		devClaims
	}{u.ID(), u.claims(scopes)})
}

// idTokenClaims are the ID token's registered claims plus the profile.
type idTokenClaims struct {
	*mockoidc.IDTokenClaims
	devClaims
}

// Claims are the ID token's claims.
func (u devIdentity) Claims(scopes []string, base *mockoidc.IDTokenClaims) (jwt.Claims, error) {
	return &idTokenClaims{IDTokenClaims: base, devClaims: u.claims(scopes)}, nil
}

// devOIDC is the running stand-in.
type devOIDC struct {
	m *mockoidc.MockOIDC
	// mu makes "queue empty, so sign in as the default identity" and the
	// authorization that pops the queue one step.
	mu sync.Mutex
}

// startDevOIDC starts the stand-in on a random 127.0.0.1 port. Its client
// id and secret are derived from the local JWT signing key, so they stay
// the same across restarts of a persisted data directory.
func startDevOIDC(ctx context.Context, jwtKey string) (*devOIDC, error) {
	m, err := mockoidc.NewServer(nil)
	if err != nil {
		return nil, fmt.Errorf("localcloud: dev sign-in provider: %w", err)
	}
	m.ClientID = "remat-local-" + derive(jwtKey, "dev sign-in client id")[:24]
	m.ClientSecret = derive(jwtKey, "dev sign-in client secret")
	d := &devOIDC{m: m}
	if err := m.AddMiddleware(d.defaultIdentity); err != nil {
		return nil, fmt.Errorf("localcloud: dev sign-in provider: %w", err)
	}
	ln, err := new(net.ListenConfig).Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return nil, configErrorf("cannot listen on 127.0.0.1 for the dev sign-in provider: %v (or pass -no-dev-oidc)", err)
	}
	if err := m.Start(ln, nil); err != nil {
		_ = ln.Close()
		return nil, fmt.Errorf("localcloud: dev sign-in provider: %w", err)
	}
	return d, nil
}

// derive returns a hex HMAC-SHA256 of label under key.
func derive(key, label string) string {
	m := hmac.New(sha256.New, []byte(key))
	m.Write([]byte(label))
	return hex.EncodeToString(m.Sum(nil))
}

// defaultIdentity makes an authorization with an empty queue sign in as
// devDefaultIdentity rather than mockoidc's own default user.
func (d *devOIDC) defaultIdentity(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != mockoidc.AuthorizationEndpoint {
			next.ServeHTTP(w, r)
			return
		}
		d.mu.Lock()
		defer d.mu.Unlock()
		q := d.m.UserQueue
		q.Lock()
		if len(q.Queue) == 0 {
			q.Queue = append(q.Queue, devDefaultIdentity)
		}
		q.Unlock()
		next.ServeHTTP(w, r)
	})
}

// Issuer is the stand-in's OpenID issuer (http://127.0.0.1:PORT/oidc).
func (d *devOIDC) Issuer() string { return d.m.Issuer() }

// Stop shuts the server down.
func (d *devOIDC) Stop() error {
	if err := d.m.Shutdown(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("localcloud: dev sign-in provider: %w", err)
	}
	return nil
}

// parameters are the SSM parameters (names without the prefix) that
// register the stand-in as devOIDCProvider.
func (d *devOIDC) parameters() map[string]string {
	return map[string]string{
		secrets.OAuthClientID(devOIDCProvider):     d.m.ClientID,
		secrets.OAuthClientSecret(devOIDCProvider): d.m.ClientSecret,
	}
}

// env returns a function's environment with the stand-in offered: where
// the template declares SOCIAL_PROVIDERS it gains the provider, where it
// declares the provider's issuer variable that becomes the stand-in's.
// Functions that declare neither are unchanged. env is not modified.
func (d *devOIDC) env(env map[string]string) map[string]string {
	out := maps.Clone(env)
	if v, ok := out[config.EnvSocialProviders]; ok {
		var list []string
		for p := range strings.SplitSeq(v, ",") {
			if p = strings.TrimSpace(p); p != "" && p != devOIDCProvider {
				list = append(list, p)
			}
		}
		out[config.EnvSocialProviders] = strings.Join(append([]string{devOIDCProvider}, list...), ",")
	}
	if _, ok := out[config.EnvOAuthGoogleIssuer]; ok {
		out[config.EnvOAuthGoogleIssuer] = d.Issuer()
	}
	return out
}

// maxIdentityBytes bounds the body of POST /_dev/oidc/next-user.
const maxIdentityBytes = 4 << 10

// queueHandler serves POST /_dev/oidc/next-user with a JSON body
// {"email","firstName","lastName","emailVerified"} (emailVerified defaults
// to true): the next sign-in through the stand-in is that identity. It
// answers 200 {"email","subject","queued"}, 400 for a bad body.
func (d *devOIDC) queueHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
			http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
			return
		}
		var in struct {
			Email         string `json:"email"`
			FirstName     string `json:"firstName"`
			LastName      string `json:"lastName"`
			EmailVerified *bool  `json:"emailVerified"`
		}
		dec := json.NewDecoder(io.LimitReader(r.Body, maxIdentityBytes))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&in); err != nil {
			http.Error(w, "want JSON {email, firstName, lastName, emailVerified}: "+err.Error(), http.StatusBadRequest)
			return
		}
		addr, err := mail.ParseAddress(in.Email)
		if err != nil || addr.Address != in.Email {
			http.Error(w, "email: want a plain e-mail address", http.StatusBadRequest)
			return
		}
		id := devIdentity{
			Email: in.Email, EmailVerified: in.EmailVerified == nil || *in.EmailVerified,
			FirstName: strings.TrimSpace(in.FirstName), LastName: strings.TrimSpace(in.LastName),
		}
		d.mu.Lock()
		d.m.QueueUser(id)
		q := d.m.UserQueue
		q.Lock()
		queued := len(q.Queue)
		q.Unlock()
		d.mu.Unlock()
		body, _ := json.Marshal(map[string]any{"email": id.Email, "subject": id.ID(), "queued": queued})
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	})
}
