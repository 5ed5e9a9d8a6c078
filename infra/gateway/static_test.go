package gateway

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
)

func TestStaticSite(t *testing.T) {
	f := newFixture(t, nil)
	tests := []struct {
		name, path string
		wantStatus int
		wantBody   string // substring
		wantCache  string
		wantType   string
	}{
		{"root", "/", 200, "<title>Remat</title>", "no-cache", "text/html; charset=utf-8"},
		{"client route", "/fr/annonces/123", 200, "<title>Remat</title>", "no-cache", "text/html; charset=utf-8"},
		{"client route with slash", "/de/", 200, "<title>Remat</title>", "no-cache", "text/html; charset=utf-8"},
		{"index.html", "/index.html", 200, "<title>Remat</title>", "no-cache", "text/html; charset=utf-8"},
		{"hashed asset", "/assets/index-abc123.js", 200, "console.log", "public, max-age=31536000, immutable", "text/javascript; charset=utf-8"},
		{"other file", "/robots.txt", 200, "User-agent", "no-cache", "text/plain; charset=utf-8"},
		{"missing asset", "/assets/missing-123.js", 404, "Not Found", "", ""},
		{"missing file with a dot", "/fr/annonce.1", 404, "Not Found", "", ""},
		{"api path without slash is the SPA", "/api", 200, "<title>Remat</title>", "no-cache", "text/html; charset=utf-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := f.do(t, "GET", tt.path, nil, nil)
			if resp.StatusCode != tt.wantStatus || !strings.Contains(string(body), tt.wantBody) {
				t.Fatalf("got %d %q, want %d containing %q", resp.StatusCode, body, tt.wantStatus, tt.wantBody)
			}
			if tt.wantCache != "" && resp.Header.Get("Cache-Control") != tt.wantCache {
				t.Errorf("Cache-Control: got %q, want %q", resp.Header.Get("Cache-Control"), tt.wantCache)
			}
			if tt.wantType != "" && resp.Header.Get("Content-Type") != tt.wantType {
				t.Errorf("Content-Type: got %q, want %q", resp.Header.Get("Content-Type"), tt.wantType)
			}
			assertSecurityHeaders(t, f.headers, resp)
		})
	}

	t.Run("gzip when accepted", func(t *testing.T) {
		resp, body := f.do(t, "GET", "/assets/index-abc123.js", nil, http.Header{"Accept-Encoding": {"gzip"}})
		if resp.Header.Get("Content-Encoding") != "gzip" {
			t.Fatalf("Content-Encoding: got %q, want gzip", resp.Header.Get("Content-Encoding"))
		}
		if got := gunzip(t, body); !strings.HasPrefix(got, "console.log") {
			t.Errorf("gunzipped: got %.30q…, want the script", got)
		}
		// Revalidation with the ETag gives 304.
		resp2, _ := f.do(t, "GET", "/assets/index-abc123.js", nil, http.Header{"Accept-Encoding": {"gzip"}, "If-None-Match": {resp.Header.Get("ETag")}})
		if resp2.StatusCode != http.StatusNotModified {
			t.Errorf("If-None-Match: got %d, want 304", resp2.StatusCode)
		}
	})
	t.Run("brotli first when accepted", func(t *testing.T) {
		resp, body := f.do(t, "GET", "/assets/index-abc123.js", nil, http.Header{"Accept-Encoding": {"gzip, deflate, br"}})
		if resp.Header.Get("Content-Encoding") != "br" {
			t.Fatalf("Content-Encoding: got %q, want br", resp.Header.Get("Content-Encoding"))
		}
		if got := unbrotli(t, body); !strings.HasPrefix(got, "console.log") {
			t.Errorf("decoded: got %.30q…, want the script", got)
		}
		gz, _ := f.do(t, "GET", "/assets/index-abc123.js", nil, http.Header{"Accept-Encoding": {"gzip"}})
		if resp.Header.Get("ETag") == gz.Header.Get("ETag") {
			t.Errorf("brotli and gzip forms share the ETag %s", resp.Header.Get("ETag"))
		}
	})
	t.Run("not compressed without Accept-Encoding", func(t *testing.T) {
		resp, body := f.do(t, "GET", "/assets/index-abc123.js", nil, nil)
		if resp.Header.Get("Content-Encoding") != "" || !strings.HasPrefix(string(body), "console.log") {
			t.Errorf("got Content-Encoding %q, want the identity body", resp.Header.Get("Content-Encoding"))
		}
	})
	t.Run("only GET and HEAD", func(t *testing.T) {
		resp, _ := f.do(t, "POST", "/", strings.NewReader("x"), nil)
		if resp.StatusCode != http.StatusForbidden {
			t.Errorf("POST /: got %d, want 403 like CloudFront", resp.StatusCode)
		}
	})
	t.Run("no escape from the build directory", func(t *testing.T) {
		writeFile(t, filepath.Join(filepath.Dir(f.web), "secret.txt"), "secret")
		gw := f.srv.Config.Handler
		rec := httptest.NewRecorder()
		gw.ServeHTTP(rec, httptest.NewRequest("GET", "/../secret.txt", nil))
		if rec.Code != http.StatusNotFound || strings.Contains(rec.Body.String(), "secret") {
			t.Errorf("got %d %q, want 404", rec.Code, rec.Body.String())
		}
	})
}

func TestMissingBuild(t *testing.T) {
	f := newFixture(t, func(c *Config) { c.WebDir = filepath.Join(t.TempDir(), "dist") })
	resp, body := f.do(t, "GET", "/fr/", nil, nil)
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "npm --prefix frontend run build") {
		t.Fatalf("got %d %q, want 503 with the build command", resp.StatusCode, body)
	}
	page := string(body)
	if strings.Contains(page, "<script") || strings.Contains(page, "<style") || strings.Contains(page, "style=") {
		t.Errorf("the page has inline script or style, which the CSP forbids: %s", page)
	}
	assertSecurityHeaders(t, f.headers, resp)

	// The page's stylesheet is served.
	resp, body = f.do(t, "GET", "/_dev/dev.css", nil, nil)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "text/css; charset=utf-8" || len(body) == 0 {
		t.Errorf("dev.css: got %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	// The API still works.
	resp, _ = f.do(t, "GET", "/api/v1/echo/x", nil, nil)
	if resp.StatusCode != http.StatusCreated {
		t.Errorf("API without a build: got %d, want 201", resp.StatusCode)
	}
}

func TestImagesOrigin(t *testing.T) {
	var gotPath, gotCookie, gotAuth string
	origin := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotPath, gotCookie, gotAuth = r.URL.Path, r.Header.Get("Cookie"), r.Header.Get("Authorization")
		w.Header().Set("Content-Type", "image/jpeg")
		w.Header().Set("X-Amz-Request-Id", "internal")
		_, _ = w.Write([]byte("jpeg"))
	}))
	defer origin.Close()
	f := newFixture(t, func(c *Config) {
		c.ImagesOrigin = origin.URL + "/remat-local-images-000000000000"
		c.ImagesCredentials = aws.Credentials{AccessKeyID: "ASIACLOUDFRONT", SecretAccessKey: "s", SessionToken: "t"}
	})

	resp, body := f.do(t, "GET", "/images/ads/1/photo.jpg", nil, http.Header{"Cookie": {"session=abc"}})
	if resp.StatusCode != 200 || string(body) != "jpeg" {
		t.Fatalf("got %d %q, want the origin's image", resp.StatusCode, body)
	}
	if want := "/remat-local-images-000000000000/images/ads/1/photo.jpg"; gotPath != want {
		t.Errorf("origin path: got %q, want %q", gotPath, want)
	}
	if !strings.HasPrefix(gotAuth, "AWS4-HMAC-SHA256 Credential=ASIACLOUDFRONT/") {
		t.Errorf("origin request: got Authorization %q, want it signed as CloudFront", gotAuth)
	}
	if gotCookie != "" || resp.Header.Get("X-Amz-Request-Id") != "" {
		t.Errorf("cookie forwarded (%q) or x-amz header leaked (%q)", gotCookie, resp.Header.Get("X-Amz-Request-Id"))
	}
	assertSecurityHeaders(t, f.headers, resp)
}
