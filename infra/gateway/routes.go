package gateway

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/remat/remat/infra/samtpl"
)

// Route is one HTTP API route and the function that serves it.
type Route struct {
	// Method is an upper-case HTTP method or ANY.
	Method string
	// Path is the route path as in the template: literal segments,
	// {name} for one segment, a final {name+} for the rest of the path, or
	// $default for the catch-all route.
	Path string
	// Function is the name the Invoker knows the function by (its logical
	// id).
	Function string
}

// Key returns the route key API Gateway puts in events: "METHOD /path", or
// "$default" for the catch-all route.
func (r Route) Key() string {
	if r.Path == defaultRoute {
		return defaultRoute
	}
	return r.Method + " " + r.Path
}

const defaultRoute = "$default"

// RoutesFromTemplate returns every HttpApi route of the template's
// functions.
func RoutesFromTemplate(t *samtpl.Template) []Route {
	var out []Route
	for _, fr := range t.Routes() {
		out = append(out, Route{Method: fr.Method, Path: fr.Path, Function: fr.FunctionID})
	}
	return out
}

// segment kinds, in increasing order of specificity.
const (
	segGreedy = iota
	segParam
	segLiteral
)

type segment struct {
	kind int
	text string // the literal, or the parameter's name
}

// router selects routes the way HTTP APIs do: the most specific path wins
// (a literal segment beats {param}, which beats {proxy+}), then a route
// with the request's method beats ANY; $default catches the rest.
type router struct {
	routes []compiledRoute
	def    *compiledRoute
}

type compiledRoute struct {
	Route
	segs []segment
}

func newRouter(routes []Route) (*router, error) {
	rt := &router{}
	seen := map[string]bool{}
	for _, r := range routes {
		if r.Function == "" {
			return nil, fmt.Errorf("route %s: no function", r.Key())
		}
		r.Method = strings.ToUpper(r.Method)
		if seen[r.Key()] {
			return nil, fmt.Errorf("route %s: declared twice", r.Key())
		}
		seen[r.Key()] = true
		if r.Path == defaultRoute {
			rt.def = &compiledRoute{Route: r}
			continue
		}
		segs, err := compilePath(r.Path)
		if err != nil {
			return nil, fmt.Errorf("route %s: %w", r.Key(), err)
		}
		rt.routes = append(rt.routes, compiledRoute{Route: r, segs: segs})
	}
	return rt, nil
}

func compilePath(p string) ([]segment, error) {
	if !strings.HasPrefix(p, "/") {
		return nil, fmt.Errorf("path must start with /")
	}
	parts := strings.Split(p[1:], "/")
	segs := make([]segment, len(parts))
	for i, part := range parts {
		switch {
		case strings.HasPrefix(part, "{") && strings.HasSuffix(part, "+}"):
			if i != len(parts)-1 {
				return nil, fmt.Errorf("greedy parameter %s must be the last segment", part)
			}
			segs[i] = segment{kind: segGreedy, text: part[1 : len(part)-2]}
		case strings.HasPrefix(part, "{") && strings.HasSuffix(part, "}"):
			segs[i] = segment{kind: segParam, text: part[1 : len(part)-1]}
		default:
			segs[i] = segment{kind: segLiteral, text: part}
		}
	}
	return segs, nil
}

// match returns the route for method and the request's escaped path, with
// its path parameters (decoded).
func (rt *router) match(method, rawPath string) (*compiledRoute, map[string]string, bool) {
	parts := strings.Split(strings.TrimPrefix(rawPath, "/"), "/")
	var (
		best       *compiledRoute
		bestParams map[string]string
	)
	for i := range rt.routes {
		r := &rt.routes[i]
		if r.Method != "ANY" && r.Method != method {
			continue
		}
		params, ok := r.matchPath(parts)
		if !ok {
			continue
		}
		if best == nil || moreSpecific(r, best) {
			best, bestParams = r, params
		}
	}
	if best != nil {
		return best, bestParams, true
	}
	if rt.def != nil {
		return rt.def, nil, true
	}
	return nil, nil, false
}

func (r *compiledRoute) matchPath(parts []string) (map[string]string, bool) {
	var params map[string]string
	set := func(k, v string) {
		if params == nil {
			params = map[string]string{}
		}
		params[k] = v
	}
	for i, s := range r.segs {
		if s.kind == segGreedy {
			rest := parts[i:]
			if len(rest) == 0 || strings.Join(rest, "") == "" {
				return nil, false
			}
			set(s.text, unescape(strings.Join(rest, "/")))
			return params, true
		}
		if i >= len(parts) {
			return nil, false
		}
		v := unescape(parts[i])
		switch s.kind {
		case segLiteral:
			if v != s.text {
				return nil, false
			}
		case segParam:
			if v == "" {
				return nil, false
			}
			set(s.text, v)
		}
	}
	return params, len(parts) == len(r.segs)
}

// moreSpecific reports whether a should win over b when both match.
func moreSpecific(a, b *compiledRoute) bool {
	for i := 0; i < len(a.segs) && i < len(b.segs); i++ {
		if a.segs[i].kind != b.segs[i].kind {
			return a.segs[i].kind > b.segs[i].kind
		}
	}
	if len(a.segs) != len(b.segs) {
		return len(a.segs) > len(b.segs)
	}
	return a.Method != "ANY" && b.Method == "ANY"
}

func unescape(s string) string {
	if v, err := url.PathUnescape(s); err == nil {
		return v
	}
	return s
}

// BucketForPathPattern returns the template bucket that the CloudFront
// distribution serves for a cache behaviour's path pattern (for example
// "/images/*"), found through the behaviour's origin domain name. It
// reports false when no behaviour with that pattern targets a bucket of
// the template.
func BucketForPathPattern(t *samtpl.Template, pattern string) (string, bool) {
	for _, res := range t.Resources {
		if res.Type != "AWS::CloudFront::Distribution" {
			continue
		}
		cfg, _ := res.Properties["DistributionConfig"].(map[string]any)
		origin := ""
		behaviours, _ := cfg["CacheBehaviors"].([]any)
		for _, b := range behaviours {
			if bm, _ := b.(map[string]any); bm["PathPattern"] == pattern {
				origin, _ = bm["TargetOriginId"].(string)
			}
		}
		origins, _ := cfg["Origins"].([]any)
		for _, o := range origins {
			om, _ := o.(map[string]any)
			if origin == "" || om["Id"] != origin {
				continue
			}
			domain, _ := om["DomainName"].(string)
			for _, bucket := range t.Buckets {
				if strings.HasPrefix(domain, bucket.Name+".s3.") {
					return bucket.Name, true
				}
			}
		}
	}
	return "", false
}
