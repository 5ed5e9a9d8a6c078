// Package iam evaluates AWS IAM policies for the local cloud, so that what
// the emulators let a function do is what AWS would let it do.
//
// A Policy is an identity-based policy (a function's role, from the
// template's Policies) or a resource-based one (a bucket policy). Evaluate
// applies IAM's rules for a request within one account: an explicit Deny in
// any policy wins; otherwise the request is allowed when an identity-based
// policy of the principal or a resource-based policy naming it allows it;
// otherwise it is implicitly denied. Actions match case-insensitively with
// the wildcards * and ?, resources by ARN segment, conditions with the
// operators of AWS's condition language (see condition.go).
//
// Principals (principal.go) carry generated credentials; the emulators
// authenticate SigV4-signed requests with them (sigv4.go) and record every
// decision (usage.go), which make iam-report turns into the granted-versus-
// used report.
package iam

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Effect is a statement's Effect.
type Effect string

// The effects.
const (
	Allow Effect = "Allow"
	Deny  Effect = "Deny"
)

// Policy is one policy document.
type Policy struct {
	// Name says where the policy comes from, for messages and the report
	// (for example "ProductsFunction Policies[1]").
	Name string
	// Statements in document order.
	Statements []Statement
}

// Statement is one statement of a policy. Exactly one of Actions and
// NotActions is set, and at most one of Resources and NotResources
// (resource-based policies may omit both: the resource is the one the
// policy is attached to).
type Statement struct {
	Sid          string
	Effect       Effect
	Actions      []string
	NotActions   []string
	Resources    []string
	NotResources []string
	// Principal is set for statements of resource-based policies: who the
	// statement applies to.
	Principal *PrincipalSpec
	// Conditions must all hold for the statement to apply.
	Conditions []Condition
	// Index is the statement's position in its policy.
	Index int
}

// PrincipalSpec is a resource-based statement's Principal element.
type PrincipalSpec struct {
	// Any is Principal "*" (or {"AWS": "*"}): everyone, anonymous included.
	Any bool
	// AWS are account ids, account root ARNs, role or user ARNs.
	AWS []string
	// Service are service principals such as cloudfront.amazonaws.com.
	Service []string
}

// ParsePolicy reads a policy document as decoded from JSON or YAML: a map
// with Statement (a statement or a list of them) and optionally Version and
// Id. It refuses what IAM would refuse and what this package cannot
// evaluate faithfully (NotPrincipal, policy variables, unknown condition
// operators), naming the element. resourceBased says whether statements
// carry a Principal (bucket policies) or must not (identity policies).
func ParsePolicy(name string, doc any, resourceBased bool) (Policy, error) {
	m, ok := doc.(map[string]any)
	if !ok {
		return Policy{}, fmt.Errorf("%s: want a policy document (a mapping with Statement), got %s", name, typeName(doc))
	}
	for k := range m {
		switch k {
		case "Version", "Id", "Statement":
		default:
			return Policy{}, fmt.Errorf("%s: unknown policy element %q", name, k)
		}
	}
	if v, ok := m["Version"]; ok {
		if s, _ := v.(string); s != "2012-10-17" && s != "2008-10-17" {
			return Policy{}, fmt.Errorf("%s: Version %v: want 2012-10-17", name, v)
		}
	}
	var raw []any
	switch st := m["Statement"].(type) {
	case []any:
		raw = st
	case map[string]any:
		raw = []any{st}
	case nil:
		return Policy{}, fmt.Errorf("%s: no Statement", name)
	default:
		return Policy{}, fmt.Errorf("%s: Statement: want a list of statements, got %s", name, typeName(st))
	}
	if len(raw) == 0 {
		return Policy{}, fmt.Errorf("%s: Statement is empty", name)
	}
	p := Policy{Name: name}
	var errs []error
	for i, r := range raw {
		st, err := parseStatement(r, resourceBased)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: Statement[%d]: %w", name, i, err))
			continue
		}
		st.Index = i
		p.Statements = append(p.Statements, st)
	}
	if err := errors.Join(errs...); err != nil {
		return Policy{}, err
	}
	return p, nil
}

func parseStatement(v any, resourceBased bool) (Statement, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return Statement{}, fmt.Errorf("want a mapping, got %s", typeName(v))
	}
	var st Statement
	for k, val := range m {
		var err error
		switch k {
		case "Sid":
			st.Sid, ok = val.(string)
			if !ok {
				err = errors.New("element Sid: want a string")
			}
		case "Effect":
			s, _ := val.(string)
			st.Effect = Effect(s)
			if st.Effect != Allow && st.Effect != Deny {
				err = fmt.Errorf("element Effect %v: want Allow or Deny", val)
			}
		case "Action":
			st.Actions, err = stringList(val)
		case "NotAction":
			st.NotActions, err = stringList(val)
		case "Resource":
			st.Resources, err = stringList(val)
		case "NotResource":
			st.NotResources, err = stringList(val)
		case "Principal":
			if !resourceBased {
				err = errors.New("element Principal: an identity-based policy must not name a principal")
				break
			}
			st.Principal, err = parsePrincipal(val)
		case "NotPrincipal":
			err = errors.New("element NotPrincipal is not emulated by the local cloud")
		case "Condition":
			st.Conditions, err = parseConditions(val)
		default:
			err = fmt.Errorf("unknown statement element %q", k)
		}
		if err != nil {
			return Statement{}, err
		}
	}
	switch {
	case st.Effect == "":
		return Statement{}, errors.New("no Effect")
	case len(st.Actions) == 0 && len(st.NotActions) == 0:
		return Statement{}, errors.New("no Action")
	case len(st.Actions) > 0 && len(st.NotActions) > 0:
		return Statement{}, errors.New("both Action and NotAction")
	case len(st.Resources) > 0 && len(st.NotResources) > 0:
		return Statement{}, errors.New("both Resource and NotResource")
	case !resourceBased && len(st.Resources) == 0 && len(st.NotResources) == 0:
		return Statement{}, errors.New("no Resource")
	case resourceBased && st.Principal == nil:
		return Statement{}, errors.New("no Principal")
	}
	for _, a := range slices.Concat(st.Actions, st.NotActions) {
		if err := checkAction(a); err != nil {
			return Statement{}, err
		}
	}
	for _, r := range slices.Concat(st.Resources, st.NotResources) {
		if err := checkResource(r); err != nil {
			return Statement{}, err
		}
	}
	return st, nil
}

func checkAction(a string) error {
	if a == "*" {
		return nil
	}
	service, name, ok := strings.Cut(a, ":")
	if !ok || service == "" || name == "" || strings.ContainsAny(service, "*?") {
		return fmt.Errorf("element Action %q: want service:Action (wildcards only in the action name)", a)
	}
	return nil
}

func checkResource(r string) error {
	if strings.Contains(r, "${") {
		return fmt.Errorf("element Resource %q: policy variables are not emulated by the local cloud", r)
	}
	if r == "*" {
		return nil
	}
	if parts := strings.SplitN(r, ":", 6); len(parts) != 6 || parts[0] != "arn" {
		return fmt.Errorf("element Resource %q: want an ARN (arn:partition:service:region:account:resource) or *", r)
	}
	return nil
}

func parsePrincipal(v any) (*PrincipalSpec, error) {
	if s, ok := v.(string); ok {
		if s != "*" {
			return nil, fmt.Errorf("element Principal %q: want \"*\" or a mapping of AWS/Service", s)
		}
		return &PrincipalSpec{Any: true}, nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("element Principal: want \"*\" or a mapping, got %s", typeName(v))
	}
	ps := &PrincipalSpec{}
	for k, val := range m {
		list, err := stringList(val)
		if err != nil {
			return nil, fmt.Errorf("element Principal.%s: %w", k, err)
		}
		switch k {
		case "AWS":
			if slices.Contains(list, "*") {
				ps.Any = true
			}
			ps.AWS = append(ps.AWS, list...)
		case "Service":
			ps.Service = append(ps.Service, list...)
		default:
			return nil, fmt.Errorf("element Principal.%s is not emulated by the local cloud (AWS and Service are)", k)
		}
	}
	return ps, nil
}

// stringList accepts a string or a list of strings.
func stringList(v any) ([]string, error) {
	switch x := v.(type) {
	case string:
		return []string{x}, nil
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("want strings, got %s", typeName(e))
			}
			out = append(out, s)
		}
		if len(out) == 0 {
			return nil, errors.New("empty list")
		}
		return out, nil
	default:
		return nil, fmt.Errorf("want a string or a list of strings, got %s", typeName(v))
	}
}

func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "nothing"
	case string:
		return "a string"
	case []any:
		return "a list"
	case map[string]any:
		return "a mapping"
	case bool:
		return "a boolean"
	case int, float64:
		return "a number"
	default:
		return fmt.Sprintf("%T", v)
	}
}
