package gateway

import (
	"testing"

	"github.com/remat/remat/infra/samtpl"
)

func TestMatchPathPattern(t *testing.T) {
	tests := []struct {
		pattern, path string
		want          bool
	}{
		{"*", "/anything/at/all", true},
		{"/api/*", "/api/v1/products", true},
		{"/api/*", "/api", false},
		{"/api/*", "/apis/x", false},
		{"api/*", "/api/x", true},
		{"/assets/*", "/assets/index-abc.js", true},
		{"/assets/*", "/Assets/index.js", false},
		{"/favicon.svg", "/favicon.svg", true},
		{"/favicon.svg", "/favicon.svgz", false},
		{"/*.xml", "/sitemaps/ads.xml", true},
		{"/*.xml", "/sitemap.xmlx", false},
		{"/images/*.jpg", "/images/products/a/b-card.jpg", true},
		{"/images/?.jpg", "/images/a.jpg", true},
		{"/images/?.jpg", "/images/ab.jpg", false},
		{"/a*b*c", "/aXbYbZc", true},
		{"/a*b*c", "/aXbYbZ", false},
	}
	for _, tc := range tests {
		if got := matchPathPattern(tc.pattern, tc.path); got != tc.want {
			t.Errorf("%q ~ %q: got %v, want %v", tc.pattern, tc.path, got, tc.want)
		}
	}
}

// TestBehaviorsOfTheTemplate: the distribution of template.yaml sends the
// API, the images and the build's files to their origins and everything
// else (the pages) to the API, in that order.
func TestBehaviorsOfTheTemplate(t *testing.T) {
	tpl, err := samtpl.Load("../../template.yaml", samtpl.Options{Parameters: map[string]string{"Stage": "local"}})
	if err != nil {
		t.Fatal(err)
	}
	got, err := BehaviorsFromTemplate(tpl)
	if err != nil {
		t.Fatal(err)
	}
	want := []Behavior{
		{"/api/*", OriginAPI}, {"/images/*", OriginImages}, {"/assets/*", OriginWeb}, {"/favicon.svg", OriginWeb}, {"*", OriginAPI},
	}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("behaviour %d: got %v, want %v", i, got[i], want[i])
		}
	}
	g := &Gateway{cfg: Config{Behaviors: got}}
	for path, origin := range map[string]string{
		"/fr/product/01J": OriginAPI, "/": OriginAPI, "/sitemap.xml": OriginAPI, "/robots.txt": OriginAPI,
		"/api/v1/settings": OriginAPI, "/images/products/a/b-card.jpg": OriginImages, "/assets/index-abc.js": OriginWeb,
		"/favicon.svg": OriginWeb, "/index.html": OriginAPI,
	} {
		if o := g.origin(path); o != origin {
			t.Errorf("%s: got origin %s, want %s", path, o, origin)
		}
	}
}
