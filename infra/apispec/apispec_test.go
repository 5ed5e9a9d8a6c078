package apispec

import (
	"io"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remat/remat/infra/samtpl"
)

func loadTestSpec(t *testing.T) *Spec {
	t.Helper()
	s, err := Load(filepath.Join("testdata", "openapi.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestPaths(t *testing.T) {
	s := loadTestSpec(t)
	var got []string
	for _, r := range s.Paths() {
		got = append(got, r.String())
	}
	wantSorted := "GET /api/v1/admin/{proxy},POST /api/v1/items,GET /api/v1/items/{itemId}"
	if strings.Join(got, ",") != wantSorted {
		t.Errorf("got %q, want %q", got, wantSorted)
	}
}

func TestMissing(t *testing.T) {
	s := loadTestSpec(t)
	routes := []Route{
		{Method: "GET", Path: "/api/v1/items/{id}"},     // other parameter name: documented
		{Method: "POST", Path: "/api/v1/items"},         // documented
		{Method: "DELETE", Path: "/api/v1/items/{id}"},  // method missing
		{Method: "ANY", Path: "/api/v1/admin/{proxy+}"}, // some method documented
		{Method: "GET", Path: "/api/v1/nowhere"},        // path missing
	}
	got := s.Missing(routes)
	if len(got) != 2 || got[0].String() != "DELETE /api/v1/items/{id}" || got[1].String() != "GET /api/v1/nowhere" {
		t.Errorf("got %v, want the DELETE and the unknown path", got)
	}
}

func TestValidate(t *testing.T) {
	s := loadTestSpec(t)
	tests := []struct {
		name        string
		method      string
		path        string
		status      int
		contentType string
		body        string
		wantErr     string // empty: valid
	}{
		{"valid", "GET", "/api/v1/items/abc", 200, "application/json", `{"id":"abc","price":5}`, ""},
		{"valid error shape", "GET", "/api/v1/items/abc", 404, "application/json", `{"error":{"code":"product_not_found"}}`, ""},
		{"valid no content", "POST", "/api/v1/items", 204, "", ``, ""},
		{"wrong type", "GET", "/api/v1/items/abc", 200, "application/json", `{"id":"abc","price":"5"}`, "price"},
		{"extra property", "GET", "/api/v1/items/abc", 200, "application/json", `{"id":"abc","price":5,"x":1}`, "x"},
		{"missing required", "GET", "/api/v1/items/abc", 200, "application/json", `{"id":"abc"}`, "price"},
		{"undocumented status", "GET", "/api/v1/items/abc", 500, "application/json", `{}`, "500"},
		{"wrong content type", "GET", "/api/v1/items/abc", 200, "text/html", `<p>`, "text/html"},
		{"unknown path", "GET", "/api/v1/nope", 200, "application/json", `{}`, "/api/v1/nope"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest(tc.method, "http://127.0.0.1:8080"+tc.path, nil)
			rec := httptest.NewRecorder()
			if tc.contentType != "" {
				rec.Header().Set("Content-Type", tc.contentType)
			}
			rec.WriteHeader(tc.status)
			_, _ = io.WriteString(rec, tc.body)
			resp := rec.Result()

			err := s.Validate(req, resp)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Errorf("got %v, want valid", err)
			case tc.wantErr != "" && err == nil:
				t.Errorf("got valid, want an error mentioning %q", tc.wantErr)
			case tc.wantErr != "" && !strings.Contains(err.Error(), tc.wantErr):
				t.Errorf("got %v, want it to mention %q", err, tc.wantErr)
			}
			// The body is still readable by the caller.
			b, _ := io.ReadAll(resp.Body)
			if string(b) != tc.body {
				t.Errorf("got body %q after Validate, want %q", b, tc.body)
			}
		})
	}
}

func TestParseRejectsBadDocument(t *testing.T) {
	for _, doc := range []string{"not: [yaml", "swagger: '2.0'\ninfo: {title: x, version: '1'}\npaths: {}\n"} {
		if _, err := Parse([]byte(doc)); err == nil {
			t.Errorf("%q: got no error", doc)
		}
	}
}

// TestEveryTemplateRouteIsDocumented fails until docs/openapi.yaml
// describes every route that template.yaml serves.
func TestEveryTemplateRouteIsDocumented(t *testing.T) {
	tpl, err := samtpl.LoadDefault(samtpl.Options{})
	if err != nil {
		t.Fatal(err)
	}
	spec, err := LoadDefault()
	if err != nil {
		t.Fatalf("load %s (every route in template.yaml must be documented there): %v", DefaultPath, err)
	}
	var routes []Route
	for _, r := range tpl.Routes() {
		if r.Path == "$default" {
			// The catch-all serves no operation: it answers what no
			// documented route does (info.description, responses
			// NotFound and MethodNotAllowed).
			continue
		}
		if !strings.HasPrefix(r.Path, "/api/") {
			// The site's HTML pages (PagesFunction, docs/front-door.md),
			// not operations of the JSON API.
			continue
		}
		routes = append(routes, r.Route)
	}
	if missing := spec.Missing(routes); len(missing) > 0 {
		var b strings.Builder
		for _, r := range missing {
			b.WriteString("\n  " + r.String())
		}
		t.Errorf("%s does not document %d route(s) of template.yaml:%s", DefaultPath, len(missing), b.String())
	}
}
