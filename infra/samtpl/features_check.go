package samtpl

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// CheckEmulated walks a template against the feature table (features.go)
// and reports every feature the local cloud does not emulate.

// NotEmulatedError lists every feature of a template that the local
// cloud does not emulate.
type NotEmulatedError struct {
	Problems []Problem
}

// Problem is one feature the local cloud does not emulate.
type Problem struct {
	// Path is the feature's full path in the template, such as
	// "Resources.F.Properties.Layers" or, for a resource or event of a
	// type the local cloud does not emulate, "Resources.Q (Type
	// AWS::SQS::Queue)".
	Path string
	// Message says what is wrong and what to do about it.
	Message string
}

// String returns "path: message", one line of a NotEmulatedError.
func (p Problem) String() string { return p.Path + ": " + p.Message }

// Error names the count of problems, then each problem on a line of its
// own.
func (e *NotEmulatedError) Error() string {
	var b strings.Builder
	s := "s"
	if len(e.Problems) == 1 {
		s = ""
	}
	fmt.Fprintf(&b, "samtpl: the template uses %d feature%s the local cloud does not emulate:", len(e.Problems), s)
	for _, p := range e.Problems {
		b.WriteString("\n  " + p.String())
	}
	return b.String()
}

// CheckEmulated checks the template as written (Globals.Function and each
// function's own properties apart; resources and outputs whose Condition
// is false left out; intrinsic functions resolved) against the table of
// what the local cloud emulates, in infra/samtpl/features.go. It returns
// nil, or a *NotEmulatedError naming every feature the table refuses or
// does not list, so that what passes locally does not fail on AWS for a
// feature the local cloud silently skipped.
func (t *Template) CheckEmulated() error {
	if t.raw == nil {
		return errors.New("samtpl: check emulated: the template was not made by Parse or Load")
	}
	r, err := newResolver(t.raw, t.opts)
	if err != nil {
		return err
	}
	c := &featureChecker{r: r}
	for _, k := range slices.Sorted(maps.Keys(t.raw.sections)) {
		v := t.raw.sections[k]
		switch k {
		case "Resources":
			err = c.resources(v)
		case "Globals":
			err = c.globals(v)
		case "Outputs":
			err = c.outputs(v)
		default:
			c.walk(scopeTemplate, k, k, v)
		}
		if err != nil {
			return err
		}
	}
	c.streamValues(t)
	if len(c.problems) > 0 {
		return &NotEmulatedError{Problems: c.problems}
	}
	return nil
}

// streamValues checks the values of each DynamoDB event the table let
// through (batch size, window, retries, filter patterns …) as
// StreamSources reads them, so that the local cloud refuses to start on
// what Lambda would refuse or the poller cannot reproduce.
func (c *featureChecker) streamValues(t *Template) {
	for _, fn := range t.Functions {
		for _, ev := range fn.Events {
			if ev.Type != "DynamoDB" {
				continue
			}
			at := "Resources." + fn.LogicalID + ".Properties.Events." + ev.Name
			if slices.ContainsFunc(c.problems, func(p Problem) bool {
				return p.Path == at || strings.HasPrefix(p.Path, at+".") || strings.HasPrefix(p.Path, at+" ")
			}) {
				continue // already reported property by property
			}
			if _, err := t.streamSource(fn.LogicalID, ev); err != nil {
				c.add(at, "%v", err)
			}
		}
	}
}

// featureChecker walks a template against the index, collecting problems.
type featureChecker struct {
	r        *resolver
	problems []Problem
}

func (c *featureChecker) add(path, format string, args ...any) {
	c.problems = append(c.problems, Problem{Path: path, Message: fmt.Sprintf(format, args...)})
}

// refuse reports a feature the table refuses or does not list.
func (c *featureChecker) refuse(path, reason string) {
	if reason != "" {
		reason = ": " + reason
	}
	c.add(path, "not emulated by the local cloud%s (remove it, or %s)", reason, remedy)
}

// globals checks Globals with Globals.Function resolved, as it is merged.
func (c *featureChecker) globals(v any) error {
	g, ok := v.(map[string]any)
	if !ok {
		c.walk(scopeTemplate, "Globals", "Globals", v)
		return nil
	}
	g = maps.Clone(g)
	if f, ok := g["Function"]; ok {
		rf, err := c.r.resolve(f, "Globals.Function")
		if err != nil {
			return fmt.Errorf("samtpl: %w", err)
		}
		g["Function"] = rf
	}
	c.walk(scopeTemplate, "Globals", "Globals", g)
	return nil
}

// outputs checks the outputs whose Condition holds.
func (c *featureChecker) outputs(v any) error {
	outs, ok := v.(map[string]any)
	if !ok {
		c.walk(scopeTemplate, "Outputs", "Outputs", v)
		return nil
	}
	kept := map[string]any{}
	for name, o := range outs {
		ok, err := c.holds(o)
		if err != nil {
			return fmt.Errorf("samtpl: output %s: %w", name, err)
		}
		if ok {
			kept[name] = o
		}
	}
	c.walk(scopeTemplate, "Outputs", "Outputs", kept)
	return nil
}

// holds reports whether a resource's or output's Condition holds (true
// without one).
func (c *featureChecker) holds(v any) (bool, error) {
	m, _ := v.(map[string]any)
	name, ok := m["Condition"].(string)
	if !ok {
		return true, nil
	}
	return c.r.condition(name)
}

func (c *featureChecker) resources(v any) error {
	res, ok := v.(map[string]any)
	if !ok {
		c.add("Resources", "want a mapping of resources")
		return nil
	}
	for _, id := range slices.Sorted(maps.Keys(res)) {
		at := "Resources." + id
		m, ok := res[id].(map[string]any)
		if !ok {
			c.add(at, "want a resource with Type and Properties")
			continue
		}
		ok, err := c.holds(m)
		if err != nil {
			return fmt.Errorf("samtpl: resource %s: %w", id, err)
		}
		if !ok {
			continue
		}
		typ, _ := m["Type"].(string)
		if typ == "" {
			c.add(at, "resource without Type")
			continue
		}
		if f, ok := featureIdx.rows[typ][""]; !ok || f.support == refused {
			c.refuse(fmt.Sprintf("%s (Type %s)", at, typ), f.reason)
			continue
		}
		for _, k := range slices.Sorted(maps.Keys(m)) {
			switch k {
			case "Type":
			case "Properties":
				props, err := c.r.resolve(m[k], at+".Properties")
				if err != nil {
					return fmt.Errorf("samtpl: %w", err)
				}
				c.walk(typ, k, at+"."+k, props)
			default:
				scope := scopeResource
				if featureIdx.known(typ, k) {
					scope = typ
				}
				c.walk(scope, k, at+"."+k, m[k])
			}
		}
	}
	return nil
}

// walk checks value v, found at path (in the table's terms) in scope and
// at `at` in the template.
func (c *featureChecker) walk(scope, path, at string, v any) {
	f, listed := featureIdx.rows[scope][path]
	if listed && f.likeScope != "" {
		c.walk(f.likeScope, f.likePath, at, v)
		return
	}
	inner := featureIdx.inner[scope][path]
	if (!listed && !inner) || (listed && f.support == refused) {
		c.refuse(at, f.reason)
		return
	}
	if scope == typeServerlessFunction && path == eventsPath {
		c.events(at, v)
		return
	}
	if listed && !c.value(f, at, v) {
		return
	}
	if !inner {
		return
	}
	switch x := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			p := joinPath(path, k)
			if w := joinPath(path, "*"); !featureIdx.known(scope, p) && featureIdx.known(scope, w) {
				p = w
			}
			c.walk(scope, p, at+"."+k, x[k])
		}
	case []any:
		for i, e := range x {
			c.walk(scope, path+"[]", fmt.Sprintf("%s[%d]", at, i), e)
		}
	case nil:
	default:
		c.add(at, "want a mapping or a list, got %q", scalarString(v))
	}
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// value checks the row's value rules; it reports whether v passed.
func (c *featureChecker) value(f feature, at string, v any) bool {
	if f.scalar || len(f.values) > 0 {
		switch v.(type) {
		case map[string]any:
			c.add(at, "a mapping is not emulated by the local cloud here: write one value (or %s)", remedy)
			return false
		case []any:
			if f.scalar {
				c.add(at, "a list is not emulated by the local cloud here: write one value (or %s)", remedy)
				return false
			}
		}
	}
	if len(f.values) == 0 {
		return true
	}
	items, ok := v.([]any)
	if !ok {
		items = []any{v}
	}
	for _, it := range items {
		if s := scalarString(it); !slices.Contains(f.values, s) {
			c.add(at, "%q is not emulated by the local cloud, which supports only %s (use that, or %s)", s, strings.Join(f.values, ", "), remedy)
			return false
		}
	}
	return true
}

// events checks a function's Events, each in the scope of its type.
func (c *featureChecker) events(at string, v any) {
	evs, ok := v.(map[string]any)
	if !ok {
		if v != nil {
			c.add(at, "want a mapping of events")
		}
		return
	}
	for _, name := range slices.Sorted(maps.Keys(evs)) {
		evAt := at + "." + name
		ev, ok := evs[name].(map[string]any)
		if !ok {
			c.add(evAt, "want an event with Type and Properties")
			continue
		}
		typ, _ := ev["Type"].(string)
		if typ == "" {
			c.add(evAt, "event without Type")
			continue
		}
		scope := eventScope(typ)
		if f, ok := featureIdx.rows[scope][""]; !ok || f.support == refused {
			c.refuse(fmt.Sprintf("%s (Type %s)", evAt, typ), f.reason)
			continue
		}
		for _, k := range slices.Sorted(maps.Keys(ev)) {
			switch k {
			case "Type":
			case "Properties":
				props, ok := ev[k].(map[string]any)
				if !ok && ev[k] != nil {
					c.add(evAt+"."+k, "want a mapping")
					continue
				}
				for _, p := range slices.Sorted(maps.Keys(props)) {
					c.walk(scope, p, evAt+".Properties."+p, props[p])
				}
			default:
				c.refuse(evAt+"."+k, "")
			}
		}
	}
}
