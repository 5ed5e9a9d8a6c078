package gateway

import (
	"net/http/httptest"
	"testing"
)

// TestNormalizePath: RFC 3986's normalisation as CloudFront applies it
// before it picks a behaviour; reserved escapes (%2F) stay escaped.
func TestNormalizePath(t *testing.T) {
	tests := []struct{ raw, wantPath, wantEscaped string }{
		{"/images/products/a.jpg", "/images/products/a.jpg", "/images/products/a.jpg"},
		{"/images/../private/x.pdf", "/private/x.pdf", "/private/x.pdf"},
		{"/images/%2e%2e/private/x.pdf", "/private/x.pdf", "/private/x.pdf"},
		{"/images/%2E%2e/private/x.pdf", "/private/x.pdf", "/private/x.pdf"},
		{"/images/.%2E/private/x.pdf", "/private/x.pdf", "/private/x.pdf"},
		{"/images/./products/../a.jpg", "/images/a.jpg", "/images/a.jpg"},
		{"/../../etc/passwd", "/etc/passwd", "/etc/passwd"},
		{"/images/a/..", "/images/", "/images/"},
		{"/images/a/.", "/images/a/", "/images/a/"},
		{"/images//../a.jpg", "/images/a.jpg", "/images/a.jpg"},
		{"/images/..%2fprivate/x.pdf", "/images/../private/x.pdf", "/images/..%2fprivate/x.pdf"},
		{"/images/%2e%2e%2Fprivate/x.pdf", "/images/../private/x.pdf", "/images/..%2Fprivate/x.pdf"},
		{"/api/v1/products/%41b", "/api/v1/products/Ab", "/api/v1/products/Ab"},
		{"/api/v1/files/a%20b", "/api/v1/files/a b", "/api/v1/files/a%20b"},
		{"/fr/annonces...", "/fr/annonces...", "/fr/annonces..."},
	}
	for _, tt := range tests {
		r := normalizePath(httptest.NewRequest("GET", tt.raw, nil))
		if r.URL.Path != tt.wantPath || r.URL.EscapedPath() != tt.wantEscaped {
			t.Errorf("%s: got %q (escaped %q), want %q (%q)", tt.raw, r.URL.Path, r.URL.EscapedPath(), tt.wantPath, tt.wantEscaped)
		}
	}
}
