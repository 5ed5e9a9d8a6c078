package iam

import (
	"fmt"
	"slices"
	"strings"
)

// Request is one call to authorize.
type Request struct {
	// Action is the IAM action, such as dynamodb:GetItem.
	Action string
	// Resource is the ARN the action is on ("*" for actions without a
	// resource).
	Resource string
	// Context holds the request's condition keys (any case) and values.
	// Evaluate adds the principal's own keys (aws:PrincipalArn,
	// aws:PrincipalAccount, aws:SourceArn for service principals) and
	// aws:SecureTransport.
	Context map[string][]string
}

// Match identifies the statement that decided a request, and which of its
// action and resource patterns matched.
type Match struct {
	Policy    string
	Statement int
	Sid       string
	// Action and Resource are the statement's patterns that matched
	// ("NotAction" / "NotResource" for statements written that way; "" for
	// a resource-based statement without Resource).
	Action   string
	Resource string
	// ResourceBased is set for statements of a resource-based policy.
	ResourceBased bool
}

// Decision is the outcome of Evaluate.
type Decision struct {
	Allowed bool
	// Deny is the explicit Deny that decided, if any.
	Deny *Match
	// Allows are the Allow statements that matched (identity-based first).
	Allows []Match

	Principal *Principal
	Action    string
	Resource  string
}

// Evaluate decides req for p within one account: an explicit Deny in p's
// policies or in a resource-based policy wins; otherwise an Allow in p's
// policies, or in a resource-based policy naming p (its role, or its
// service), allows; otherwise the request is implicitly denied. The
// account root is allowed everything an explicit Deny does not forbid.
func Evaluate(p *Principal, resourcePolicies []Policy, req Request) Decision {
	ctx := make(map[string][]string, len(req.Context)+4)
	for k, v := range req.Context {
		ctx[strings.ToLower(k)] = v
	}
	if _, ok := ctx["aws:securetransport"]; !ok {
		// On AWS the SDK always uses TLS; locally the same calls are
		// plain HTTP on loopback.
		ctx["aws:securetransport"] = []string{"true"}
	}
	if !p.Anonymous {
		ctx["aws:principalarn"] = []string{cmpOr(p.RoleARN, p.ARN)}
		ctx["aws:principalaccount"] = []string{p.Account}
	}
	if p.Service != "" && p.SourceARN != "" {
		ctx["aws:sourcearn"] = []string{p.SourceARN}
		ctx["aws:sourceaccount"] = []string{p.Account}
	}

	d := Decision{Principal: p, Action: req.Action, Resource: req.Resource}
	grants := p.Root
	for _, pol := range p.Policies {
		for _, st := range pol.Statements {
			m, ok := st.applies(pol.Name, req.Action, req.Resource, ctx)
			if !ok {
				continue
			}
			if st.Effect == Deny {
				d.Deny = &m
				return d
			}
			d.Allows = append(d.Allows, m)
			grants = true
		}
	}
	for _, pol := range resourcePolicies {
		for _, st := range pol.Statements {
			who, ok := st.Principal.matches(p)
			if !ok {
				continue
			}
			m, ok := st.applies(pol.Name, req.Action, req.Resource, ctx)
			if !ok {
				continue
			}
			m.ResourceBased = true
			if st.Effect == Deny {
				d.Deny = &m
				return d
			}
			// Naming the account delegates to the account's own policies:
			// such a statement grants nothing by itself.
			if who != principalAccount {
				d.Allows = append(d.Allows, m)
				grants = true
			}
		}
	}
	d.Allowed = grants
	return d
}

// applies reports whether st covers action on resource under ctx, and
// which patterns matched.
func (st Statement) applies(policy, action, resource string, ctx map[string][]string) (Match, bool) {
	m := Match{Policy: policy, Statement: st.Index, Sid: st.Sid}
	switch {
	case len(st.Actions) > 0:
		i := slices.IndexFunc(st.Actions, func(a string) bool { return MatchAction(a, action) })
		if i < 0 {
			return Match{}, false
		}
		m.Action = st.Actions[i]
	default:
		if slices.ContainsFunc(st.NotActions, func(a string) bool { return MatchAction(a, action) }) {
			return Match{}, false
		}
		m.Action = "NotAction"
	}
	switch {
	case len(st.Resources) > 0:
		i := slices.IndexFunc(st.Resources, func(r string) bool { return MatchARN(r, resource) })
		if i < 0 {
			return Match{}, false
		}
		m.Resource = st.Resources[i]
	case len(st.NotResources) > 0:
		if slices.ContainsFunc(st.NotResources, func(r string) bool { return MatchARN(r, resource) }) {
			return Match{}, false
		}
		m.Resource = "NotResource"
	}
	for _, c := range st.Conditions {
		if !c.holds(ctx) {
			return Match{}, false
		}
	}
	return m, true
}

// How a resource-based statement's Principal names a principal.
const (
	principalNone = iota
	principalAccount
	principalExact
)

func (ps *PrincipalSpec) matches(p *Principal) (int, bool) {
	if ps == nil {
		return principalNone, false
	}
	if ps.Any {
		return principalExact, true
	}
	if p.Anonymous {
		return principalNone, false
	}
	if p.Service != "" {
		if slices.Contains(ps.Service, p.Service) {
			return principalExact, true
		}
		return principalNone, false
	}
	for _, a := range ps.AWS {
		switch a {
		case p.Account, "arn:aws:iam::" + p.Account + ":root":
			return principalAccount, true
		case p.RoleARN, p.ARN:
			if a != "" {
				return principalExact, true
			}
		}
	}
	return principalNone, false
}

// Message is AWS's text for a denied decision, such as "User: arn:... is
// not authorized to perform: dynamodb:DeleteItem on resource: arn:... because
// no identity-based policy allows the dynamodb:DeleteItem action". S3 quotes
// the resource (quoteResource).
func (d Decision) Message(quoteResource bool) string {
	res := d.Resource
	if quoteResource {
		res = `"` + res + `"`
	}
	why := "because no identity-based policy allows the " + d.Action + " action"
	if d.Deny != nil {
		if d.Deny.ResourceBased {
			why = "with an explicit deny in a resource-based policy"
		} else {
			why = "with an explicit deny in an identity-based policy"
		}
	}
	return fmt.Sprintf("User: %s is not authorized to perform: %s on resource: %s %s", d.Principal.ARN, d.Action, res, why)
}

// String describes the decision for logs.
func (d Decision) String() string {
	verdict := "allowed"
	if !d.Allowed {
		verdict = "denied"
	}
	return fmt.Sprintf("%s %s %s on %s", d.Principal.Name, verdict, d.Action, d.Resource)
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
