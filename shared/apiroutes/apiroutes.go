// Package apiroutes answers what no route of the HTTP API serves, in the
// API's JSON error envelope like every other error: it is the handler of
// the API's $default route (NotFoundFunction). A path no route of
// template.yaml declares is 404 not_found; a path some route declares,
// with another method, is 405 method_not_allowed with an Allow header
// naming the methods the template declares for it. Without it, API
// Gateway would answer both with its own 404 {"message":"Not Found"}.
//
// The routes are template.yaml's, copied into routes_gen.go; a test fails
// when the two differ, and go generate rewrites the file.
package apiroutes

//go:generate go test -run TestRoutesMatchTemplate -update .

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/httpx"
)

// NewHandler returns the catch-all API: every request is answered 404
// not_found or 405 method_not_allowed (see the package comment), with
// httpx's standard middleware (the access log names its route
// "unmatched"). There is no http.ServeMux: one would redirect a path it
// cleans ("//", dot segments) instead of answering it.
func NewHandler() http.Handler {
	return httpx.Chain(http.HandlerFunc(catchAll), httpx.RequestID, httpx.AccessLog, httpx.Defaults, httpx.Recover)
}

func catchAll(w http.ResponseWriter, r *http.Request) {
	methods := Allowed(r.URL.EscapedPath())
	if len(methods) == 0 {
		httpx.Error(w, r, apperr.New(apperr.CodeNotFound, fmt.Errorf("apiroutes: no route for %s %s", r.Method, r.URL.Path)))
		return
	}
	w.Header().Set("Allow", strings.Join(methods, ", "))
	httpx.Error(w, r, apperr.New(apperr.CodeMethodNotAllowed, fmt.Errorf("apiroutes: %s %s: the template declares %v", r.Method, r.URL.Path, methods)))
}

// Allowed returns the methods the template declares for the escaped
// request path, sorted, or none when no route matches the path. A path
// matches a route as API Gateway matches it: literal segments equal, a
// {param} one non-empty segment, a final {param+} the non-empty rest.
// Several routes may match one path (/products/mine and /products/{id}):
// their methods are merged, as each of them would have served its own.
func Allowed(escapedPath string) []string {
	parts := strings.Split(strings.TrimPrefix(escapedPath, "/"), "/")
	for i, p := range parts {
		if v, err := url.PathUnescape(p); err == nil {
			parts[i] = v
		}
	}
	var out []string
	for _, rt := range table {
		if rt.matches(parts) {
			out = append(out, rt.methods...)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// route is one declared path, split into segments, with its methods.
type route struct {
	segs    []string
	methods []string
}

// table is declared, compiled once.
var table = compile(declared)

func compile(paths map[string][]string) []route {
	out := make([]route, 0, len(paths))
	for p, methods := range paths {
		out = append(out, route{segs: strings.Split(strings.TrimPrefix(p, "/"), "/"), methods: methods})
	}
	return out
}

func (rt route) matches(parts []string) bool {
	for i, s := range rt.segs {
		switch {
		case strings.HasPrefix(s, "{") && strings.HasSuffix(s, "+}"):
			return i < len(parts) && strings.Join(parts[i:], "") != ""
		case i >= len(parts):
			return false
		case strings.HasPrefix(s, "{") && strings.HasSuffix(s, "}"):
			if parts[i] == "" {
				return false
			}
		case parts[i] != s:
			return false
		}
	}
	return len(parts) == len(rt.segs)
}
