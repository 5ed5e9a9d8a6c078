// Package apispec loads the API's OpenAPI 3.1 document (docs/openapi.yaml)
// and checks real responses against it, so integration tests prove that
// what the functions answer is what the document promises, and a test
// proves that every route in template.yaml is documented.
package apispec

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/pb33f/libopenapi"
	validator "github.com/pb33f/libopenapi-validator"

	"github.com/remat/remat/infra/samtpl"
)

// DefaultPath is the document's location relative to the module root.
const DefaultPath = "docs/openapi.yaml"

// Route is a method and path, as in samtpl.
type Route = samtpl.Route

// Spec is a loaded OpenAPI document. Safe for concurrent use.
type Spec struct {
	path   string
	routes []Route

	mu sync.Mutex // the validator's caches are not documented as concurrency-safe
	v  validator.Validator
}

// Load reads and checks the document at path.
func Load(path string) (*Spec, error) {
	data, err := os.ReadFile(path) //nolint:gosec // G304: the document path is the caller's choice
	if err != nil {
		return nil, fmt.Errorf("apispec: %w", err)
	}
	s, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("apispec: %s: %w", path, err)
	}
	s.path = path
	return s, nil
}

// LoadDefault loads DefaultPath from the module root above the working
// directory.
func LoadDefault() (*Spec, error) {
	root, err := samtpl.ModuleRoot("")
	if err != nil {
		return nil, fmt.Errorf("apispec: %w", err)
	}
	return Load(filepath.Join(root, DefaultPath))
}

// Parse builds a Spec from the document's bytes; the document must be
// OpenAPI 3.x and valid against its schema.
func Parse(data []byte) (*Spec, error) {
	doc, err := libopenapi.NewDocument(data)
	if err != nil {
		return nil, fmt.Errorf("parse: %w", err)
	}
	model, err := doc.BuildV3Model()
	if err != nil {
		return nil, fmt.Errorf("build model: %w", err)
	}
	if model == nil {
		return nil, errors.New("not an OpenAPI 3 document")
	}
	v, errs := validator.NewValidator(doc)
	if len(errs) > 0 {
		return nil, fmt.Errorf("validator: %w", errors.Join(errs...))
	}
	if ok, verrs := v.ValidateDocument(); !ok {
		msgs := make([]string, len(verrs))
		for i, e := range verrs {
			msgs[i] = e.Error()
		}
		return nil, fmt.Errorf("invalid document: %s", strings.Join(msgs, "; "))
	}
	s := &Spec{v: v}
	if model.Model.Paths != nil && model.Model.Paths.PathItems != nil {
		for path, item := range model.Model.Paths.PathItems.FromOldest() {
			for method := range item.GetOperations().FromOldest() {
				s.routes = append(s.routes, Route{Method: strings.ToUpper(method), Path: path})
			}
		}
	}
	slices.SortFunc(s.routes, func(a, b Route) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return strings.Compare(a.Method, b.Method)
	})
	return s, nil
}

// Paths returns every documented operation, sorted by path then method.
func (s *Spec) Paths() []Route { return slices.Clone(s.routes) }

var pathParam = regexp.MustCompile(`\{[^}]*\}`)

// normalise makes /items/{id} and /items/{itemId} compare equal.
func normalise(path string) string { return pathParam.ReplaceAllString(path, "{}") }

// Documents reports whether the template route r is documented: the same
// path (parameter names may differ) with the same method; an ANY route
// needs at least one documented method on its path.
func (s *Spec) Documents(r Route) bool {
	p := normalise(r.Path)
	for _, d := range s.routes {
		if normalise(d.Path) == p && (r.Method == "ANY" || strings.EqualFold(d.Method, r.Method)) {
			return true
		}
	}
	return false
}

// Missing returns the routes the document does not describe.
func (s *Spec) Missing(routes []Route) []Route {
	var out []Route
	for _, r := range routes {
		if !s.Documents(r) {
			out = append(out, r)
		}
	}
	return out
}

// Validate checks resp (status, content type, headers, body) against the
// operation that req matches. It reads resp.Body and puts back an
// equivalent reader, so the caller can still read it. The error lists
// every violation.
func (s *Spec) Validate(req *http.Request, resp *http.Response) error {
	if req == nil || resp == nil {
		return errors.New("apispec: Validate needs the request and the response")
	}
	var body []byte
	if resp.Body != nil {
		var err error
		body, err = io.ReadAll(resp.Body)
		_ = resp.Body.Close()
		if err != nil {
			return fmt.Errorf("apispec: read response body: %w", err)
		}
	}
	restore := func() { resp.Body = io.NopCloser(bytes.NewReader(body)) }
	restore()
	defer restore()
	if resp.Request == nil {
		resp.Request = req
	}

	s.mu.Lock()
	ok, errs := s.v.ValidateHttpResponse(req, resp)
	s.mu.Unlock()
	if ok {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "apispec: %s %s -> %d does not match %s:", req.Method, req.URL.Path, resp.StatusCode, cmp.Or(s.path, "the OpenAPI document"))
	for _, e := range errs {
		b.WriteString("\n  - " + e.Message)
		if e.Reason != "" {
			b.WriteString(": " + e.Reason)
		}
		for _, f := range e.SchemaValidationErrors {
			loc := f.FieldPath
			if loc == "" {
				loc = "/" + strings.Join(f.InstancePath, "/")
			}
			fmt.Fprintf(&b, "\n      %s: %s", loc, f.Reason)
		}
	}
	if len(body) > 0 {
		snippet := string(body)
		if len(snippet) > 500 {
			snippet = snippet[:500] + "..."
		}
		b.WriteString("\n  body: " + snippet)
	}
	return errors.New(b.String())
}
