package samtpl

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// StreamFilter is one pattern of an event source mapping's FilterCriteria
// (Lambda event filtering) for a DynamoDB stream. The local cloud
// emulates the part of the pattern language a stream consumer needs:
//
//   - on eventName, and on dynamodb.Keys, dynamodb.NewImage and
//     dynamodb.OldImage in the DynamoDB-JSON shape ({"status": {"S":
//     [...]}}); any other field is refused;
//   - a leaf is a list of rules, of which one must hold: an exact value
//     (string, number, true, false, null), {"prefix": "..."},
//     {"anything-but": value or [values]}, {"exists": true|false} and
//     {"numeric": [op, n, op, n]} with <, <=, =, >=, > (on a number, or on
//     the string of a DynamoDB N value);
//   - every field of a pattern must match (AND); of a mapping's patterns,
//     one (OR).
type StreamFilter struct {
	// Pattern is the JSON pattern as written.
	Pattern string
	root    *filterNode
}

// filterNode is a mapping of fields (all must match) or a leaf's rules
// (one must match).
type filterNode struct {
	fields map[string]*filterNode
	rules  []filterRule
}

type ruleKind int

const (
	ruleEquals ruleKind = iota
	rulePrefix
	ruleAnythingBut
	ruleExists
	ruleNumeric
)

type filterRule struct {
	kind   ruleKind
	value  any   // ruleEquals: string, float64, bool or nil
	values []any // ruleAnythingBut
	prefix string
	exists bool
	conds  []numericCond
}

type numericCond struct {
	op string
	n  float64
}

// streamFilterFields are the fields a pattern may name, below the record:
// nil means a leaf (rules), else the fields allowed inside (a mapping
// whose keys are free, such as an image's attribute names, is "*").
var streamFilterFields = map[string][]string{
	"":          {"eventName", "dynamodb"},
	"dynamodb":  {"Keys", "NewImage", "OldImage"},
	"eventName": nil,
}

// ParseStreamFilter parses and checks a FilterCriteria pattern.
func ParseStreamFilter(pattern string) (StreamFilter, error) {
	var v any
	dec := json.NewDecoder(strings.NewReader(pattern))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return StreamFilter{}, fmt.Errorf("invalid JSON: %w", err)
	}
	m, ok := v.(map[string]any)
	if !ok || len(m) == 0 {
		return StreamFilter{}, fmt.Errorf("want a JSON object naming the fields to match")
	}
	root, err := parseFilterNode(m, "")
	if err != nil {
		return StreamFilter{}, err
	}
	return StreamFilter{Pattern: pattern, root: root}, nil
}

func parseFilterNode(m map[string]any, path string) (*filterNode, error) {
	n := &filterNode{fields: map[string]*filterNode{}}
	allowed, fixed := streamFilterFields[path]
	for _, k := range slices.Sorted(maps.Keys(m)) {
		p := joinPath(path, k)
		if fixed && !slices.Contains(allowed, k) {
			return nil, fmt.Errorf("field %s: not emulated by the local cloud (filter on eventName, dynamodb.Keys, dynamodb.NewImage or dynamodb.OldImage)", p)
		}
		switch x := m[k].(type) {
		case map[string]any:
			if leaf, ok := streamFilterFields[p]; ok && leaf == nil {
				return nil, fmt.Errorf("field %s: want a list of rules", p)
			}
			if len(x) == 0 {
				return nil, fmt.Errorf("field %s: empty object", p)
			}
			child, err := parseFilterNode(x, p)
			if err != nil {
				return nil, err
			}
			n.fields[k] = child
		case []any:
			if path == "" && k == "dynamodb" || path == "dynamodb" {
				return nil, fmt.Errorf("field %s: want an object", p)
			}
			rules, err := parseFilterRules(x, p)
			if err != nil {
				return nil, err
			}
			n.fields[k] = &filterNode{rules: rules}
		default:
			return nil, fmt.Errorf("field %s: want an object or a list of rules, got %v", p, x)
		}
	}
	return n, nil
}

func parseFilterRules(list []any, path string) ([]filterRule, error) {
	if len(list) == 0 {
		return nil, fmt.Errorf("field %s: empty list of rules", path)
	}
	var rules []filterRule
	for _, item := range list {
		r, err := parseFilterRule(item)
		if err != nil {
			return nil, fmt.Errorf("field %s: %w", path, err)
		}
		rules = append(rules, r)
	}
	return rules, nil
}

func parseFilterRule(item any) (filterRule, error) {
	if v, ok := filterScalar(item); ok {
		return filterRule{kind: ruleEquals, value: v}, nil
	}
	m, ok := item.(map[string]any)
	if !ok || len(m) != 1 {
		return filterRule{}, fmt.Errorf("rule %v: want a value or an object with one operator", item)
	}
	var (
		op  string
		arg any
	)
	for k, v := range m { // the one operator
		op, arg = k, v
	}
	switch op {
	case "prefix":
		s, ok := arg.(string)
		if !ok {
			return filterRule{}, fmt.Errorf("prefix: want a string, got %v", arg)
		}
		return filterRule{kind: rulePrefix, prefix: s}, nil
	case "anything-but":
		args, isList := arg.([]any)
		if !isList {
			args = []any{arg}
		}
		r := filterRule{kind: ruleAnythingBut}
		for _, a := range args {
			v, ok := filterScalar(a)
			if !ok || v == nil {
				return filterRule{}, fmt.Errorf("anything-but: want strings or numbers, got %v", a)
			}
			r.values = append(r.values, v)
		}
		return r, nil
	case "exists":
		b, ok := arg.(bool)
		if !ok {
			return filterRule{}, fmt.Errorf("exists: want true or false, got %v", arg)
		}
		return filterRule{kind: ruleExists, exists: b}, nil
	case "numeric":
		conds, err := parseNumeric(arg)
		if err != nil {
			return filterRule{}, fmt.Errorf("numeric: %w", err)
		}
		return filterRule{kind: ruleNumeric, conds: conds}, nil
	default:
		return filterRule{}, fmt.Errorf("operator %q: not emulated by the local cloud (prefix, anything-but, exists, numeric)", op)
	}
}

// filterScalar returns a pattern's literal: string, float64, bool or nil.
func filterScalar(v any) (any, bool) {
	switch x := v.(type) {
	case nil, string, bool:
		return x, true
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case float64:
		return x, true
	default:
		return nil, false
	}
}

func parseNumeric(arg any) ([]numericCond, error) {
	list, ok := arg.([]any)
	if !ok || (len(list) != 2 && len(list) != 4) {
		return nil, fmt.Errorf("want [op, number] or [op, number, op, number], got %v", arg)
	}
	var conds []numericCond
	for i := 0; i < len(list); i += 2 {
		op, _ := list[i].(string)
		switch op {
		case "<", "<=", "=", ">=", ">":
		default:
			return nil, fmt.Errorf("operator %v: want <, <=, =, >= or >", list[i])
		}
		f, ok := filterScalar(list[i+1])
		n, isNum := f.(float64)
		if !ok || !isNum {
			return nil, fmt.Errorf("want a number after %s, got %v", op, list[i+1])
		}
		conds = append(conds, numericCond{op: op, n: n})
	}
	if len(conds) == 2 && (!strings.HasPrefix(conds[0].op, ">") || !strings.HasPrefix(conds[1].op, "<")) {
		return nil, fmt.Errorf("a range is [>|>=, low, <|<=, high]")
	}
	return conds, nil
}

// Matches reports whether the pattern matches record, a stream record as
// decoded from its JSON (events.DynamoDBEventRecord's shape).
func (f StreamFilter) Matches(record map[string]any) bool {
	if f.root == nil {
		return true
	}
	return f.root.match(record, true)
}

func (n *filterNode) match(v any, present bool) bool {
	if n.fields == nil {
		return matchRules(n.rules, v, present)
	}
	m, _ := v.(map[string]any)
	for k, child := range n.fields {
		cv, ok := m[k]
		if !child.match(cv, ok) {
			return false
		}
	}
	return true
}

func matchRules(rules []filterRule, v any, present bool) bool {
	for _, r := range rules {
		if r.kind == ruleExists {
			if r.exists == present {
				return true
			}
			continue
		}
		if !present {
			continue
		}
		if list, ok := v.([]any); ok {
			if slices.ContainsFunc(list, r.matches) {
				return true
			}
		} else if r.matches(v) {
			return true
		}
	}
	return false
}

func (r filterRule) matches(v any) bool {
	switch r.kind {
	case ruleEquals:
		return v == r.value
	case rulePrefix:
		s, ok := v.(string)
		return ok && strings.HasPrefix(s, r.prefix)
	case ruleAnythingBut:
		if _, ok := filterScalar(v); !ok || v == nil {
			return false
		}
		return !slices.Contains(r.values, v)
	case ruleNumeric:
		var f float64
		switch x := v.(type) {
		case float64:
			f = x
		case string: // a DynamoDB N value
			var err error
			if f, err = strconv.ParseFloat(x, 64); err != nil {
				return false
			}
		default:
			return false
		}
		for _, c := range r.conds {
			if !c.holds(f) {
				return false
			}
		}
		return true
	}
	return false
}

func (c numericCond) holds(f float64) bool {
	switch c.op {
	case "<":
		return f < c.n
	case "<=":
		return f <= c.n
	case "=":
		return f == c.n
	case ">=":
		return f >= c.n
	default:
		return f > c.n
	}
}
