package lambdahttp

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ssm"
	"github.com/aws/aws-sdk-go-v2/service/ssm/types"
)

// rotatingSecrets is what SSM holds; loads counts the reads.
type rotatingSecrets struct {
	values []string
	loads  int
	err    error
}

func (s *rotatingSecrets) load(context.Context) ([]string, error) {
	s.loads++
	return s.values, s.err
}

func TestOriginGuard(t *testing.T) {
	src := &rotatingSecrets{values: []string{"current"}}
	g, err := NewOriginGuard(context.Background(), src.load)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	g.now = func() time.Time { return now }
	var seen http.Header
	h := g.Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = r.Header.Clone()
		w.WriteHeader(http.StatusNoContent)
	}))
	call := func(hdr map[string]string) *httptest.ResponseRecorder {
		r := httptest.NewRequest(http.MethodGet, "/api/v1/settings", nil)
		for k, v := range hdr {
			r.Header.Set(k, v)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	forbidden := func(name string, w *httptest.ResponseRecorder) {
		t.Helper()
		var body struct {
			Error struct{ Code string } `json:"error"`
		}
		_ = json.Unmarshal(w.Body.Bytes(), &body)
		if w.Code != http.StatusForbidden || body.Error.Code != "forbidden" {
			t.Errorf("%s: got %d %s, want 403 forbidden", name, w.Code, w.Body)
		}
	}

	if w := call(map[string]string{OriginHeader: "current"}); w.Code != http.StatusNoContent || seen.Get(OriginHeader) != "" {
		t.Errorf("through CloudFront: got %d (header passed on: %q), want 204 without the header", w.Code, seen.Get(OriginHeader))
	}
	forbidden("no header", call(nil))
	forbidden("a forged viewer address", call(map[string]string{"CloudFront-Viewer-Address": "203.0.113.9:443"}))
	forbidden("a wrong secret", call(map[string]string{OriginHeader: "guess"}))
	if src.loads != 1 {
		t.Errorf("loads: got %d, want 1 (reloads at most every %s)", src.loads, originRefresh)
	}

	// Rotation: SSM gets a new value and keeps the old as previous; warm
	// instances learn it at the first request that carries it.
	src.values = []string{"next", "current"}
	forbidden("the new secret before the refresh interval", call(map[string]string{OriginHeader: "next"}))
	now = now.Add(originRefresh)
	if w := call(map[string]string{OriginHeader: "next"}); w.Code != http.StatusNoContent {
		t.Errorf("the new secret after a rotation: got %d, want 204", w.Code)
	}
	if w := call(map[string]string{OriginHeader: "current"}); w.Code != http.StatusNoContent {
		t.Errorf("the previous secret during the rotation: got %d, want 204", w.Code)
	}
	if src.loads != 2 {
		t.Errorf("loads: got %d, want 2", src.loads)
	}

	// A failed reload keeps the known values.
	src.err = errors.New("throttled")
	now = now.Add(originRefresh)
	forbidden("unknown value while SSM fails", call(map[string]string{OriginHeader: "other"}))
	if w := call(map[string]string{OriginHeader: "next"}); w.Code != http.StatusNoContent {
		t.Errorf("known value while SSM fails: got %d, want 204", w.Code)
	}

	if _, err := NewOriginGuard(context.Background(), (&rotatingSecrets{err: errors.New("AccessDeniedException")}).load); err == nil {
		t.Error("a guard whose secret cannot be read: got no error, want the cold start to fail")
	}
}

// fakeSSM answers GetParameters from a map.
type fakeSSM map[string]string

func (f fakeSSM) GetParameters(_ context.Context, in *ssm.GetParametersInput, _ ...func(*ssm.Options)) (*ssm.GetParametersOutput, error) {
	out := &ssm.GetParametersOutput{}
	for _, n := range in.Names {
		if v, ok := f[n]; ok {
			out.Parameters = append(out.Parameters, types.Parameter{Name: aws.String(n), Value: aws.String(v)})
		} else {
			out.InvalidParameters = append(out.InvalidParameters, n)
		}
	}
	return out, nil
}

func TestSSMOriginSecrets(t *testing.T) {
	got, err := SSMOriginSecrets(fakeSSM{"/remat/dev/origin-secret": "a", "/remat/dev/origin-secret-previous": "b"}, "/remat/dev")(context.Background())
	if err != nil || strings.Join(got, ",") != "a,b" {
		t.Errorf("both: got %v, %v, want [a b]", got, err)
	}
	got, err = SSMOriginSecrets(fakeSSM{"/remat/dev/origin-secret": "a"}, "/remat/dev")(context.Background())
	if err != nil || strings.Join(got, ",") != "a" {
		t.Errorf("current only: got %v, %v, want [a]", got, err)
	}
	if _, err := SSMOriginSecrets(fakeSSM{}, "/remat/dev")(context.Background()); err == nil || !strings.Contains(err.Error(), "/remat/dev/origin-secret") {
		t.Errorf("missing: got %v, want an error naming the parameter", err)
	}
}
