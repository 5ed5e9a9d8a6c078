package apispec

import (
	"fmt"
	"slices"
	"strings"
)

// Enum returns the values of the enum of components/schemas/name, in the
// document's order.
func (d *Document) Enum(name string) ([]string, error) {
	s, err := d.schema("#/components/schemas/" + name)
	if err != nil {
		return nil, err
	}
	values, ok := s["enum"].([]any)
	if !ok {
		return nil, fmt.Errorf("apispec: %s has no enum", name)
	}
	out := make([]string, len(values))
	for i, v := range values {
		if out[i], ok = v.(string); !ok {
			return nil, fmt.Errorf("apispec: %s: enum value %v is not a string", name, v)
		}
	}
	return out, nil
}

// Statuses returns the x-status extension of components/schemas/name: a
// value of its enum (an error code) -> the HTTP status it is sent with.
func (d *Document) Statuses(name string) (map[string]int, error) {
	s, err := d.schema("#/components/schemas/" + name)
	if err != nil {
		return nil, err
	}
	m, ok := s["x-status"].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("apispec: %s has no x-status map", name)
	}
	out := make(map[string]int, len(m))
	for code, v := range m {
		status, ok := v.(int)
		if !ok {
			return nil, fmt.Errorf("apispec: %s x-status %s: %v is not an HTTP status", name, code, v)
		}
		out[code] = status
	}
	return out, nil
}

// Text is one description or summary of the document.
type Text struct {
	Where string // the keys leading to it, as in "paths./api/v1/auth/signup.post.description"
	// Op is the operation it describes or sits in ("POST /api/v1/auth/signup"),
	// "" for one outside the paths; Statuses are the operation's response
	// statuses ("201", "400", "default").
	Op       string
	Statuses []string
	Text     string
}

// Texts returns every description and summary of the document, in no
// particular order.
func (d *Document) Texts() []Text {
	var out []Text
	var walk func(node any, where []string, op string, statuses []string)
	walk = func(node any, where []string, op string, statuses []string) {
		switch n := node.(type) {
		case map[string]any:
			for k, v := range n {
				if s, ok := v.(string); ok && (k == "description" || k == "summary") {
					out = append(out, Text{Where: strings.Join(append(where, k), "."), Op: op, Statuses: statuses, Text: s})
					continue
				}
				walk(v, append(slices.Clip(where), k), op, statuses)
			}
		case []any:
			for i, v := range n {
				walk(v, append(slices.Clip(where), fmt.Sprint(i)), op, statuses)
			}
		}
	}
	paths, _ := d.root["paths"].(map[string]any)
	for path, item := range paths {
		item, _ := item.(map[string]any)
		for key, v := range item {
			operation, isOp := v.(map[string]any)
			if !isOp || !isMethod(key) {
				walk(map[string]any{key: v}, []string{"paths", path}, "", nil)
				continue
			}
			responses, _ := operation["responses"].(map[string]any)
			statuses := make([]string, 0, len(responses))
			for status := range responses {
				statuses = append(statuses, status)
			}
			slices.Sort(statuses)
			walk(operation, []string{"paths", path, key}, strings.ToUpper(key)+" "+path, statuses)
		}
	}
	for key, v := range d.root {
		if key != "paths" {
			walk(v, []string{key}, "", nil)
		}
	}
	return out
}

func isMethod(key string) bool {
	switch key {
	case "get", "put", "post", "delete", "options", "head", "patch", "trace":
		return true
	}
	return false
}

// OpenResponseObjects returns where an object schema that a response can
// carry leaves its other properties unsaid: it sets no
// additionalProperties (false for a closed Go type, true or a schema for a
// map or a deliberately open snapshot), and no enclosing allOf closes it
// with unevaluatedProperties: false. Validating a response against such a
// schema lets any unknown field through.
func (d *Document) OpenResponseObjects() []string {
	var open []string
	type visit struct {
		ref    string
		closed bool
	}
	visited := map[visit]bool{}
	var walk func(v any, where string, closed bool)
	walk = func(v any, where string, closed bool) {
		s, ok := v.(map[string]any)
		if !ok {
			return
		}
		if ref, ok := s["$ref"].(string); ok {
			if visited[visit{ref, closed}] {
				return
			}
			visited[visit{ref, closed}] = true
			target, err := d.schema(ref)
			if err != nil {
				open = append(open, where+": "+err.Error())
				return
			}
			walk(target, strings.TrimPrefix(ref, "#/components/schemas/"), closed)
			return
		}
		_, hasProps := s["properties"]
		isObject := s["type"] == "object" || hasProps
		if list, ok := s["type"].([]any); ok && slices.Contains(list, any("object")) {
			isObject = true
		}
		if _, set := s["additionalProperties"]; isObject && !set && !closed {
			open = append(open, where)
		}
		membersClosed := closed || s["unevaluatedProperties"] == false
		for _, k := range []string{"allOf", "oneOf", "anyOf"} {
			members, _ := s[k].([]any)
			for i, m := range members {
				walk(m, fmt.Sprintf("%s.%s[%d]", where, k, i), membersClosed && k == "allOf")
			}
		}
		props, _ := s["properties"].(map[string]any)
		for name, p := range props {
			walk(p, where+"."+name, false)
		}
		walk(s["items"], where+"[]", false)
		walk(s["additionalProperties"], where+"{}", false)
	}
	walkResponse := func(r any, where string) {
		resp, _ := r.(map[string]any)
		if ref, ok := resp["$ref"].(string); ok {
			if resp, _ = d.deref(map[string]any{"$ref": ref}); resp == nil {
				open = append(open, where+": no "+ref)
				return
			}
		}
		content, _ := resp["content"].(map[string]any)
		for mediaType, c := range content {
			c, _ := c.(map[string]any)
			walk(c["schema"], where+" "+mediaType, false)
		}
	}
	paths, _ := d.root["paths"].(map[string]any)
	for path, item := range paths {
		item, _ := item.(map[string]any)
		for method, op := range item {
			op, _ := op.(map[string]any)
			if !isMethod(method) || op == nil {
				continue
			}
			responses, _ := op["responses"].(map[string]any)
			for status, r := range responses {
				walkResponse(r, strings.ToUpper(method)+" "+path+" "+status)
			}
		}
	}
	slices.Sort(open)
	return slices.Compact(open)
}
