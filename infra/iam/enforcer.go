package iam

import (
	"context"
	"log/slog"
	"net/http"
)

// Enforcer is what an emulator holds to check its callers: who they are
// (Directory), what they may do (Evaluate), what they did (Recorder). A
// nil *Enforcer checks nothing: every request is allowed, signed or not.
type Enforcer struct {
	// Directory resolves access keys to principals.
	Directory *Directory
	// Account is the account of the emulated resources (anonymous callers
	// belong to it for messages).
	Account string
	// Recorder, if set, receives every decision.
	Recorder *Recorder
	// Logger receives denials (default slog.Default()).
	Logger *slog.Logger
	// Off lets denied requests through; they are still recorded and
	// logged, as warnings ("would be denied"). For debugging only.
	Off bool
}

// Authenticate resolves r's caller (see Directory.Authenticate); an
// unsigned request is the anonymous principal when allowAnonymous (S3),
// else an *AuthError of kind AuthMissing.
func (e *Enforcer) Authenticate(ctx context.Context, r *http.Request, o AuthOptions, allowAnonymous bool) (*Principal, error) {
	p, err := e.Directory.Authenticate(ctx, r, o)
	if err != nil {
		if ae, ok := err.(*AuthError); ok && ae.Kind == AuthMissing && allowAnonymous { //nolint:errorlint // Authenticate returns *AuthError unwrapped
			return Anonymous(e.Account), nil
		}
		return nil, err
	}
	return p, nil
}

// Authorize evaluates req for p (with the resource's own policies, if
// any), records the decision, logs a denial with the principal, action
// and resource, and returns it. With Off, a denied decision is returned
// as allowed.
func (e *Enforcer) Authorize(ctx context.Context, p *Principal, resourcePolicies []Policy, req Request) Decision {
	d := Evaluate(p, resourcePolicies, req)
	e.Recorder.Record(d)
	if d.Allowed {
		return d
	}
	log := e.Logger
	if log == nil {
		log = slog.Default()
	}
	attrs := []any{"principal", p.Name, "action", req.Action, "resource", req.Resource}
	if e.Off {
		log.WarnContext(ctx, "iam: would be denied on AWS (enforcement is off)", attrs...)
		d.Allowed = true
		return d
	}
	log.ErrorContext(ctx, "iam: access denied", append(attrs, "message", d.Message(false))...)
	return d
}
