package main

import (
	"log/slog"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/awslabs/aws-lambda-go-api-proxy/httpadapter"

	"github.com/remat/remat/infra/testcloud"
)

// env is the template's global environment of the function.
var env = map[string]string{
	"STAGE": "local", "TABLE_NAME": "remat-local", "IMAGES_BUCKET": "remat-local-images-000000000000",
	"SSM_PREFIX": "/remat/local", "LOG_LEVEL": "warn", "MAIL_FROM": "no-reply@remat.ch", "AWS_REGION": testcloud.Region,
}

func lookup(k string) (string, bool) { v, ok := env[k]; return v, ok }

// TestEventThroughLambdaBoundary invokes the function with event.json (PUT
// on the login route, which the template declares for POST) exactly as the
// Lambda runtime would: 405 method_not_allowed with Allow: POST; then an
// unknown path: 404 not_found.
func TestEventThroughLambdaBoundary(t *testing.T) {
	level := new(slog.LevelVar)
	h, err := newHandler(t.Context(), lookup, level)
	if err != nil {
		t.Fatalf("got %v, want nil", err)
	}
	if level.Level() != slog.LevelWarn {
		t.Errorf("log level: got %v, want %v", level.Level(), slog.LevelWarn)
	}
	lh := lambda.NewHandler(httpadapter.NewV2(h).ProxyWithContext)
	event := testcloud.EventJSON(t)
	resp := testcloud.Invoke(t, lh, event)
	if resp.StatusCode != 405 || !strings.Contains(resp.Body, `"code":"method_not_allowed"`) || resp.Headers["Allow"] != "POST" {
		t.Errorf("got %d %s (Allow %q), want 405 method_not_allowed, Allow POST", resp.StatusCode, resp.Body, resp.Headers["Allow"])
	}
	if got := resp.Headers["X-Request-Id"]; got != "event-json-not-found" {
		t.Errorf("request id: got %q, want the API Gateway request id", got)
	}
	event.RawPath, event.RequestContext.HTTP.Path, event.RequestContext.HTTP.Method = "/api/v1/nope", "/api/v1/nope", "GET"
	resp = testcloud.Invoke(t, lh, event)
	if resp.StatusCode != 404 || !strings.Contains(resp.Body, `"code":"not_found"`) || resp.Headers["Allow"] != "" {
		t.Errorf("unknown path: got %d %s, want 404 not_found", resp.StatusCode, resp.Body)
	}
}

func TestInitFailsOnBadConfig(t *testing.T) {
	_, err := newHandler(t.Context(), func(string) (string, bool) { return "", false }, new(slog.LevelVar))
	if err == nil || !strings.Contains(err.Error(), "TABLE_NAME") {
		t.Errorf("got %v, want the missing settings named", err)
	}
}
