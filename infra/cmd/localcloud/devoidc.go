package main

import (
	"cmp"
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

// The development sign-in providers stand in for Google and Facebook in
// the local cloud only: one OpenID Connect server (mockoidc) per provider on
// 127.0.0.1, each signing in at once, without a login page, as the identity
// queued for it through POST /_dev/oidc/next-user, or else as its default
// identity. They are never deployed; -no-dev-oidc turns them off.

// devOIDCProviders are the providers a stand-in is registered as, one
// server each, so each has its own issuer, client and queue as on AWS.
var devOIDCProviders = []string{social.ProviderGoogle, social.ProviderFacebook}

// devIssuerEnv names the environment variable of each provider's issuer.
var devIssuerEnv = map[string]string{
	social.ProviderGoogle:   config.EnvOAuthGoogleIssuer,
	social.ProviderFacebook: config.EnvOAuthFacebookIssuer,
}

// devOIDCQueuePath is the gateway path that queues the next identity.
const devOIDCQueuePath = "/_dev/oidc/next-user"

// devDefaultIdentities are who signs in with each provider when no
// identity is queued for it.
var devDefaultIdentities = map[string]devIdentity{
	social.ProviderGoogle:   {Email: "google.user@example.ch", EmailVerified: true, FirstName: "Gina", LastName: "Google"},
	social.ProviderFacebook: {Email: "facebook.user@example.ch", EmailVerified: true, FirstName: "Fabio", LastName: "Facebook"},
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
// the same address (even after a restart) is the same account with the
// provider.
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

// devOIDC is the running stand-in of one provider.
type devOIDC struct {
	provider string
	m        *mockoidc.MockOIDC
	// mu makes "queue empty, so sign in as the default identity" and the
	// authorization that pops the queue one step.
	mu sync.Mutex
}

// startDevOIDC starts the stand-in of provider on a random 127.0.0.1
// port. Its client id and secret are derived from the local JWT signing
// key, so they stay the same across restarts of a persisted data
// directory.
func startDevOIDC(ctx context.Context, jwtKey, provider string) (*devOIDC, error) {
	m, err := mockoidc.NewServer(nil)
	if err != nil {
		return nil, fmt.Errorf("localcloud: dev sign-in provider %s: %w", provider, err)
	}
	m.ClientID = "remat-local-" + derive(jwtKey, provider+" dev sign-in client id")[:24]
	m.ClientSecret = derive(jwtKey, provider+" dev sign-in client secret")
	d := &devOIDC{provider: provider, m: m}
	if err := m.AddMiddleware(d.defaultIdentity); err != nil {
		return nil, fmt.Errorf("localcloud: dev sign-in provider %s: %w", provider, err)
	}
	ln, err := new(net.ListenConfig).Listen(ctx, "tcp", "127.0.0.1:0")
	if err != nil {
		return nil, configErrorf("cannot listen on 127.0.0.1 for the dev sign-in provider: %v (or pass -no-dev-oidc)", err)
	}
	if err := m.Start(ln, nil); err != nil {
		_ = ln.Close()
		return nil, fmt.Errorf("localcloud: dev sign-in provider %s: %w", provider, err)
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
// the provider's default identity rather than mockoidc's own default user.
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
			q.Queue = append(q.Queue, devDefaultIdentities[d.provider])
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
		return fmt.Errorf("localcloud: dev sign-in provider %s: %w", d.provider, err)
	}
	return nil
}

// queue makes id the next identity the stand-in signs in and returns how
// many are waiting.
func (d *devOIDC) queue(id devIdentity) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.m.QueueUser(id)
	q := d.m.UserQueue
	q.Lock()
	defer q.Unlock()
	return len(q.Queue)
}

// devSignIn is the set of running stand-ins, one per devOIDCProviders.
type devSignIn struct {
	byProvider map[string]*devOIDC
}

// startDevSignIn starts a stand-in for each of devOIDCProviders; on a
// failure the ones already started are stopped again.
func startDevSignIn(ctx context.Context, jwtKey string) (*devSignIn, error) {
	s := &devSignIn{byProvider: map[string]*devOIDC{}}
	for _, p := range devOIDCProviders {
		d, err := startDevOIDC(ctx, jwtKey, p)
		if err != nil {
			_ = s.Stop()
			return nil, err
		}
		s.byProvider[p] = d
	}
	return s, nil
}

// Issuers maps each provider to its stand-in's issuer.
func (s *devSignIn) Issuers() map[string]string {
	out := make(map[string]string, len(s.byProvider))
	for p, d := range s.byProvider {
		out[p] = d.Issuer()
	}
	return out
}

// Stop shuts every stand-in down.
func (s *devSignIn) Stop() error {
	var errs []error
	for _, d := range s.byProvider {
		errs = append(errs, d.Stop())
	}
	return errors.Join(errs...)
}

// parameters are the SSM parameters (names without the prefix) that
// register each stand-in as its provider.
func (s *devSignIn) parameters() map[string]string {
	out := map[string]string{}
	for p, d := range s.byProvider {
		out[secrets.OAuthClientID(p)] = d.m.ClientID
		out[secrets.OAuthClientSecret(p)] = d.m.ClientSecret
	}
	return out
}

// env returns a function's environment with the stand-ins offered: where
// the template declares SOCIAL_PROVIDERS it gains every stand-in's
// provider (in devOIDCProviders order, before any other), where it
// declares a provider's issuer variable that becomes the stand-in's.
// Functions that declare neither are unchanged. env is not modified.
func (s *devSignIn) env(env map[string]string) map[string]string {
	out := maps.Clone(env)
	if v, ok := out[config.EnvSocialProviders]; ok {
		list := slices.Clone(devOIDCProviders)
		for p := range strings.SplitSeq(v, ",") {
			if p = strings.TrimSpace(p); p != "" && !slices.Contains(list, p) {
				list = append(list, p)
			}
		}
		out[config.EnvSocialProviders] = strings.Join(list, ",")
	}
	for p, d := range s.byProvider {
		if _, ok := out[devIssuerEnv[p]]; ok {
			out[devIssuerEnv[p]] = d.Issuer()
		}
	}
	return out
}

// maxIdentityBytes bounds the body of POST /_dev/oidc/next-user.
const maxIdentityBytes = 4 << 10

// queueHandler serves POST /_dev/oidc/next-user with a JSON body
// {"provider","email","firstName","lastName","emailVerified"} (provider
// defaults to google, emailVerified to true): the next sign-in through that
// provider's stand-in is that identity. It answers 200
// {"provider","email","subject","queued"}, 400 for a bad body.
func (s *devSignIn) queueHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if r.Method != http.MethodPost {
			w.Header().Set("Allow", "POST")
			http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
			return
		}
		var in struct {
			Provider      string `json:"provider"`
			Email         string `json:"email"`
			FirstName     string `json:"firstName"`
			LastName      string `json:"lastName"`
			EmailVerified *bool  `json:"emailVerified"`
		}
		dec := json.NewDecoder(io.LimitReader(r.Body, maxIdentityBytes))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&in); err != nil {
			http.Error(w, "want JSON {provider, email, firstName, lastName, emailVerified}: "+err.Error(), http.StatusBadRequest)
			return
		}
		provider := cmp.Or(in.Provider, social.ProviderGoogle)
		d, ok := s.byProvider[provider]
		if !ok {
			http.Error(w, fmt.Sprintf("provider: want one of %s", strings.Join(devOIDCProviders, ", ")), http.StatusBadRequest)
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
		queued := d.queue(id)
		body, _ := json.Marshal(map[string]any{"provider": provider, "email": id.Email, "subject": id.ID(), "queued": queued})
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	})
}
