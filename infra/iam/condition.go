package iam

import (
	"errors"
	"fmt"
	"maps"
	"net/netip"
	"slices"
	"strconv"
	"strings"
)

// Condition is one operator-key pair of a statement's Condition block, for
// example StringEquals {"ses:FromAddress": ["no-reply@remat.ch"]}.
type Condition struct {
	// Operator is the base operator, such as StringEquals or ArnLike.
	Operator string
	// IfExists is the ...IfExists suffix: a missing key satisfies it.
	IfExists bool
	// Set is "", "ForAnyValue" or "ForAllValues".
	Set string
	// Key is the condition key in lower case (keys are case-insensitive).
	Key string
	// Values are the policy's values; the condition holds when the
	// request's value matches any of them.
	Values []string
}

// operator describes one base operator: how a request value is compared
// with a policy value, and whether the operator is negated.
type operator struct {
	match   func(request, policy string) bool
	negated bool
	// check validates a policy value at parse time.
	check func(policy string) error
}

var operators = map[string]operator{
	"StringEquals":              {match: func(a, b string) bool { return a == b }},
	"StringNotEquals":           {match: func(a, b string) bool { return a == b }, negated: true},
	"StringEqualsIgnoreCase":    {match: strings.EqualFold},
	"StringNotEqualsIgnoreCase": {match: strings.EqualFold, negated: true},
	"StringLike":                {match: func(a, b string) bool { return Glob(b, a) }},
	"StringNotLike":             {match: func(a, b string) bool { return Glob(b, a) }, negated: true},
	"NumericEquals":             numeric(func(a, b float64) bool { return a == b }, false),
	"NumericNotEquals":          numeric(func(a, b float64) bool { return a == b }, true),
	"NumericLessThan":           numeric(func(a, b float64) bool { return a < b }, false),
	"NumericLessThanEquals":     numeric(func(a, b float64) bool { return a <= b }, false),
	"NumericGreaterThan":        numeric(func(a, b float64) bool { return a > b }, false),
	"NumericGreaterThanEquals":  numeric(func(a, b float64) bool { return a >= b }, false),
	"Bool": {match: strings.EqualFold, check: func(p string) error {
		if _, err := strconv.ParseBool(p); err != nil {
			return fmt.Errorf("want true or false, got %q", p)
		}
		return nil
	}},
	"ArnEquals":    {match: func(a, b string) bool { return MatchARN(b, a) }},
	"ArnLike":      {match: func(a, b string) bool { return MatchARN(b, a) }},
	"ArnNotEquals": {match: func(a, b string) bool { return MatchARN(b, a) }, negated: true},
	"ArnNotLike":   {match: func(a, b string) bool { return MatchARN(b, a) }, negated: true},
	"IpAddress":    {match: inPrefix, check: checkPrefix},
	"NotIpAddress": {match: inPrefix, check: checkPrefix, negated: true},
}

func numeric(cmp func(a, b float64) bool, negated bool) operator {
	return operator{
		match: func(a, b string) bool {
			x, err1 := strconv.ParseFloat(a, 64)
			y, err2 := strconv.ParseFloat(b, 64)
			return err1 == nil && err2 == nil && cmp(x, y)
		},
		negated: negated,
		check: func(p string) error {
			if _, err := strconv.ParseFloat(p, 64); err != nil {
				return fmt.Errorf("want a number, got %q", p)
			}
			return nil
		},
	}
}

func inPrefix(ip, cidr string) bool {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return false
	}
	if p, err := netip.ParsePrefix(cidr); err == nil {
		return p.Contains(addr)
	}
	a, err := netip.ParseAddr(cidr)
	return err == nil && a == addr
}

func checkPrefix(p string) error {
	if _, err := netip.ParsePrefix(p); err == nil {
		return nil
	}
	if _, err := netip.ParseAddr(p); err == nil {
		return nil
	}
	return fmt.Errorf("want an IP address or CIDR block, got %q", p)
}

func parseConditions(v any) ([]Condition, error) {
	block, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("condition: want a mapping of operators, got %s", typeName(v))
	}
	var out []Condition
	for _, opName := range slices.Sorted(maps.Keys(block)) {
		keys, ok := block[opName].(map[string]any)
		if !ok {
			return nil, fmt.Errorf("condition %s: want a mapping of condition keys", opName)
		}
		c := Condition{}
		base := opName
		if set, rest, ok := strings.Cut(base, ":"); ok {
			if set != "ForAnyValue" && set != "ForAllValues" {
				return nil, fmt.Errorf("condition %s: unknown qualifier %q (ForAnyValue or ForAllValues)", opName, set)
			}
			c.Set, base = set, rest
		}
		if b, ok := strings.CutSuffix(base, "IfExists"); ok && b != "" {
			c.IfExists, base = true, b
		}
		c.Operator = base
		op, known := operators[base]
		if base == "Null" {
			if c.IfExists || c.Set != "" {
				return nil, fmt.Errorf("condition %s: Null takes no qualifier", opName)
			}
		} else if !known {
			return nil, fmt.Errorf("condition %s: operator not emulated by the local cloud", opName)
		}
		for _, key := range slices.Sorted(maps.Keys(keys)) {
			values, err := conditionValues(keys[key])
			if err != nil {
				return nil, fmt.Errorf("condition %s %s: %w", opName, key, err)
			}
			check := op.check
			if base == "Null" {
				check = operators["Bool"].check
			}
			for _, val := range values {
				if strings.Contains(val, "${") {
					return nil, fmt.Errorf("condition %s %s: policy variables are not emulated by the local cloud", opName, key)
				}
				if check != nil {
					if err := check(val); err != nil {
						return nil, fmt.Errorf("condition %s %s: %w", opName, key, err)
					}
				}
			}
			cc := c
			cc.Key = strings.ToLower(key)
			cc.Values = values
			out = append(out, cc)
		}
	}
	return out, nil
}

func conditionValues(v any) ([]string, error) {
	scalar := func(e any) (string, error) {
		switch x := e.(type) {
		case string:
			return x, nil
		case bool:
			return strconv.FormatBool(x), nil
		case int:
			return strconv.Itoa(x), nil
		case float64:
			return strconv.FormatFloat(x, 'f', -1, 64), nil
		default:
			return "", fmt.Errorf("want a string, number or boolean, got %s", typeName(e))
		}
	}
	if list, ok := v.([]any); ok {
		if len(list) == 0 {
			return nil, errors.New("empty list")
		}
		out := make([]string, 0, len(list))
		for _, e := range list {
			s, err := scalar(e)
			if err != nil {
				return nil, err
			}
			out = append(out, s)
		}
		return out, nil
	}
	s, err := scalar(v)
	if err != nil {
		return nil, err
	}
	return []string{s}, nil
}

// holds evaluates c against the request context (keys in lower case).
func (c Condition) holds(ctx map[string][]string) bool {
	values, present := ctx[c.Key]
	if c.Operator == "Null" {
		wantAbsent, _ := strconv.ParseBool(c.Values[0])
		return wantAbsent == (!present || len(values) == 0)
	}
	op := operators[c.Operator]
	if !present || len(values) == 0 {
		switch {
		case c.IfExists, c.Set == "ForAllValues":
			return true
		case c.Set == "ForAnyValue":
			return false
		default:
			// A missing key matches no value: positive operators fail,
			// negated ones hold.
			return op.negated
		}
	}
	perValue := func(v string) bool {
		m := slices.ContainsFunc(c.Values, func(p string) bool { return op.match(v, p) })
		return m != op.negated
	}
	switch c.Set {
	case "ForAllValues":
		return !slices.ContainsFunc(values, func(v string) bool { return !perValue(v) })
	case "ForAnyValue":
		return slices.ContainsFunc(values, perValue)
	default:
		if op.negated {
			return !slices.ContainsFunc(values, func(v string) bool { return !perValue(v) })
		}
		return slices.ContainsFunc(values, perValue)
	}
}

// ConditionKeys returns the condition keys p uses (lower case, sorted,
// without duplicates), so a caller can refuse keys it never supplies.
func (p Policy) ConditionKeys() []string {
	var keys []string
	for _, st := range p.Statements {
		for _, c := range st.Conditions {
			keys = append(keys, c.Key)
		}
	}
	slices.Sort(keys)
	return slices.Compact(keys)
}
