package social

import (
	"context"
	"fmt"
	"sync"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
)

// Scopes requested from every provider.
var Scopes = []string{oidc.ScopeOpenID, "profile", "email"}

// provider is one configured provider; its discovery document is fetched
// on first use and kept after the first success.
type provider struct {
	name string
	cfg  ProviderConfig
	// redirectURL is the callback URL registered with the provider.
	redirectURL string

	mu       sync.Mutex
	oidc     *oidc.Provider
	oauth    *oauth2.Config
	verifier *oidc.IDTokenVerifier
}

func (p *provider) issuer() string {
	if p.cfg.Issuer != "" {
		return p.cfg.Issuer
	}
	return DefaultIssuers[p.name]
}

// discover returns the provider's clients, fetching the discovery document
// if it has not succeeded yet. ctx must carry the HTTP client
// (oidc.ClientContext). A failure is not cached: the next sign-in retries.
func (p *provider) discover(ctx context.Context) (*oidc.Provider, *oauth2.Config, *oidc.IDTokenVerifier, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.oidc == nil {
		op, err := oidc.NewProvider(ctx, p.issuer())
		if err != nil {
			return nil, nil, nil, fmt.Errorf("social: discover %s at %s: %w", p.name, p.issuer(), err)
		}
		ep := op.Endpoint()
		// Send the client credentials as form parameters: every provider
		// accepts them, and some (the test provider among them) reject the
		// Basic header despite advertising it.
		ep.AuthStyle = oauth2.AuthStyleInParams
		p.oauth = &oauth2.Config{
			ClientID:     p.cfg.ClientID,
			ClientSecret: p.cfg.ClientSecret,
			Endpoint:     ep,
			RedirectURL:  p.redirectURL,
			Scopes:       Scopes,
		}
		p.verifier = op.Verifier(&oidc.Config{ClientID: p.cfg.ClientID})
		p.oidc = op
	}
	return p.oidc, p.oauth, p.verifier, nil
}
