package apispec

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/remat/remat/infra/samtpl"
)

// Bounds are the validation keywords of one schema in the document; a
// keyword the schema does not set is nil (Pattern "").
type Bounds struct {
	MinLength, MaxLength *int
	Minimum, Maximum     *float64
	ExclusiveMinimum     *float64
	ExclusiveMaximum     *float64
	Pattern              string
}

// Document is the OpenAPI document as a plain tree, for reading the bounds
// it promises so tests can hold the code to the same figures.
type Document struct {
	root map[string]any
}

// LoadDocument reads the document at path.
func LoadDocument(path string) (*Document, error) {
	data, err := os.ReadFile(path) //nolint:gosec // G304: the document path is the caller's choice
	if err != nil {
		return nil, fmt.Errorf("apispec: %w", err)
	}
	var root map[string]any
	if err := yaml.Unmarshal(data, &root); err != nil {
		return nil, fmt.Errorf("apispec: %s: %w", path, err)
	}
	return &Document{root: root}, nil
}

// LoadDefaultDocument loads DefaultPath from the module root above the
// working directory.
func LoadDefaultDocument() (*Document, error) {
	root, err := samtpl.ModuleRoot("")
	if err != nil {
		return nil, fmt.Errorf("apispec: %w", err)
	}
	return LoadDocument(filepath.Join(root, DefaultPath))
}

// Property returns the bounds of a property of components/schemas/schema;
// path names nested properties with dots ("location.locality"). $ref and
// allOf are followed on the way.
func (d *Document) Property(schema, path string) (Bounds, error) {
	s, err := d.schema("#/components/schemas/" + schema)
	if err != nil {
		return Bounds{}, err
	}
	for name := range strings.SplitSeq(path, ".") {
		if s, err = d.property(s, name); err != nil {
			return Bounds{}, fmt.Errorf("apispec: %s.%s: %w", schema, path, err)
		}
	}
	return bounds(s), nil
}

// Parameter returns the bounds of the schema of parameter name of
// operation op ("GET /api/v1/products").
func (d *Document) Parameter(op, name string) (Bounds, error) {
	method, path, ok := strings.Cut(op, " ")
	if !ok {
		return Bounds{}, fmt.Errorf("apispec: operation %q is not \"METHOD /path\"", op)
	}
	paths, _ := d.root["paths"].(map[string]any)
	item, _ := paths[path].(map[string]any)
	operation, _ := item[strings.ToLower(method)].(map[string]any)
	if operation == nil {
		return Bounds{}, fmt.Errorf("apispec: no operation %s", op)
	}
	params, _ := operation["parameters"].([]any)
	for _, p := range params {
		param, _ := p.(map[string]any)
		if param["name"] != name {
			continue
		}
		s, err := d.deref(param["schema"])
		if err != nil {
			return Bounds{}, fmt.Errorf("apispec: %s %s: %w", op, name, err)
		}
		return bounds(s), nil
	}
	return Bounds{}, fmt.Errorf("apispec: %s has no parameter %s", op, name)
}

// schema resolves a local reference (#/components/schemas/Name).
func (d *Document) schema(ref string) (map[string]any, error) {
	var node any = d.root
	for seg := range strings.SplitSeq(strings.TrimPrefix(ref, "#/"), "/") {
		m, _ := node.(map[string]any)
		if node = m[seg]; node == nil {
			return nil, fmt.Errorf("apispec: no %s", ref)
		}
	}
	s, ok := node.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("apispec: %s is not a schema", ref)
	}
	return s, nil
}

// deref returns the schema v, following its $ref.
func (d *Document) deref(v any) (map[string]any, error) {
	s, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("not a schema")
	}
	if ref, ok := s["$ref"].(string); ok {
		return d.schema(ref)
	}
	return s, nil
}

// property finds property name of s, in s itself or in its allOf members.
func (d *Document) property(s map[string]any, name string) (map[string]any, error) {
	s, err := d.deref(s)
	if err != nil {
		return nil, err
	}
	if props, ok := s["properties"].(map[string]any); ok {
		if p, ok := props[name]; ok {
			return d.deref(p)
		}
	}
	all, _ := s["allOf"].([]any)
	for _, member := range all {
		m, err := d.deref(member)
		if err != nil {
			continue
		}
		if p, err := d.property(m, name); err == nil {
			return p, nil
		}
	}
	return nil, fmt.Errorf("no property %s", name)
}

func bounds(s map[string]any) Bounds {
	integer := func(k string) *int {
		if n, ok := s[k].(int); ok {
			return &n
		}
		return nil
	}
	number := func(k string) *float64 {
		switch n := s[k].(type) {
		case int:
			f := float64(n)
			return &f
		case float64:
			return &n
		}
		return nil
	}
	b := Bounds{
		MinLength: integer("minLength"), MaxLength: integer("maxLength"),
		Minimum: number("minimum"), Maximum: number("maximum"),
		ExclusiveMinimum: number("exclusiveMinimum"), ExclusiveMaximum: number("exclusiveMaximum"),
	}
	b.Pattern, _ = s["pattern"].(string)
	return b
}
