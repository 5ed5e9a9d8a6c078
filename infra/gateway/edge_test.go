package gateway

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
)

func TestThroughCloudFrontOrNot(t *testing.T) {
	f := newFixture(t, func(c *Config) {
		c.OriginHeaders = http.Header{"X-Origin-Verify": {"edge-secret"}}
	})
	api := httptest.NewServer(mustGateway(t, f).API())
	defer api.Close()
	forged := http.Header{"X-Origin-Verify": {"guess"}, "CloudFront-Viewer-Address": {"203.0.113.9:443"}}

	// Through the distribution: the origin header and the viewer's real
	// address, whatever the client claimed.
	resp, body := f.do(t, "GET", "/api/v1/echo/x", nil, forged)
	var ev events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(body, &ev); err != nil {
		t.Fatalf("got %d %s", resp.StatusCode, body)
	}
	if got := ev.Headers["x-origin-verify"]; got != "edge-secret" {
		t.Errorf("origin header through CloudFront: got %q, want the distribution's", got)
	}
	if got := ev.Headers["cloudfront-viewer-address"]; !strings.HasPrefix(got, "127.0.0.1:") {
		t.Errorf("viewer address: got %q, want the client's socket address", got)
	}

	// Straight to the execute-api endpoint: what the client sent, nothing
	// more, and no CloudFront response headers.
	req, _ := http.NewRequest(http.MethodGet, api.URL+"/api/v1/echo/x", nil)
	req.Header = forged.Clone()
	direct, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ = io.ReadAll(direct.Body)
	_ = direct.Body.Close()
	ev = events.APIGatewayV2HTTPRequest{}
	if err := json.Unmarshal(body, &ev); err != nil {
		t.Fatalf("direct: got %d %s", direct.StatusCode, body)
	}
	if ev.Headers["x-origin-verify"] != "guess" || ev.Headers["cloudfront-viewer-address"] != "203.0.113.9:443" {
		t.Errorf("direct: got %v, want the client's own headers", ev.Headers)
	}
	if direct.Header.Get("Strict-Transport-Security") != "" {
		t.Error("direct: got CloudFront's response headers on the execute-api endpoint")
	}
	for _, p := range []string{"/fr/", "/_dev/mailbox", "/images/x.jpg"} {
		r, err := http.Get(api.URL + p)
		if err != nil {
			t.Fatal(err)
		}
		_ = r.Body.Close()
		if r.StatusCode != http.StatusNotFound {
			t.Errorf("execute-api %s: got %d, want 404", p, r.StatusCode)
		}
	}
}

func TestThrottle(t *testing.T) {
	f := newFixture(t, func(c *Config) { c.ThrottleRate, c.ThrottleBurst = 1, 3 })
	var codes []int
	for range 5 {
		resp, _ := f.do(t, "GET", "/api/v1/echo/x", nil, nil)
		codes = append(codes, resp.StatusCode)
	}
	if fmt.Sprint(codes) != "[201 201 201 429 429]" {
		t.Errorf("got %v, want the burst of 3 then 429", codes)
	}
	b := newTokenBucket(10, 2)
	now := time.Now()
	first, second, third := b.allow(now), b.allow(now), b.allow(now)
	if !first || !second || third {
		t.Error("bucket: want a burst of 2")
	}
	if !b.allow(now.Add(100 * time.Millisecond)) {
		t.Error("bucket: want a token back after 1/rate")
	}
}
