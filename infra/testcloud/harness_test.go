package testcloud_test

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/remat/remat/infra/testcloud"
)

func TestClock(t *testing.T) {
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	c := testcloud.NewClock(start)
	if got := c.Now(); !got.Equal(start) {
		t.Errorf("got %v, want %v", got, start)
	}
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() { c.Advance(time.Minute) })
	}
	wg.Wait()
	if got, want := c.Now(), start.Add(10*time.Minute); !got.Equal(want) {
		t.Errorf("after 10 advances: got %v, want %v", got, want)
	}
}

func TestResponseCodes(t *testing.T) {
	tests := []struct {
		name, body, code, field string
	}{
		{"validation error", `{"error":{"code":"validation_failed","fields":{"title":"required"}}}`, "validation_failed", "required"},
		{"other error", `{"error":{"code":"not_found"}}`, "not_found", ""},
		{"no error", `{"items":[]}`, "", ""},
		{"not JSON", `nope`, "", ""},
	}
	for _, tt := range tests {
		r := testcloud.Response{Body: []byte(tt.body)}
		if got := r.Code(); got != tt.code {
			t.Errorf("%s: Code: got %q, want %q", tt.name, got, tt.code)
		}
		if got := r.FieldCode("title"); got != tt.field {
			t.Errorf("%s: FieldCode: got %q, want %q", tt.name, got, tt.field)
		}
	}
}

func TestServe(t *testing.T) {
	var gotAuth, gotType, gotAddr string
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		gotAuth, gotType, gotAddr = r.Header.Get("Authorization"), r.Header.Get("Content-Type"), r.RemoteAddr
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(`{"error":{"code":"internal_error","message":"x"}}`))
	})
	tests := []struct {
		name, token  string
		body         any
		wantAuth     string
		wantJSONType string
	}{
		{"anonymous, no body", "", nil, "", ""},
		{"token and body", "tok", map[string]any{"a": 1}, "Bearer tok", "application/json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := testcloud.Serve(t, h, http.MethodGet, "/api/v1/settings", tt.token, tt.body)
			if gotAuth != tt.wantAuth || gotType != tt.wantJSONType {
				t.Errorf("request headers: got %q, %q, want %q, %q", gotAuth, gotType, tt.wantAuth, tt.wantJSONType)
			}
			if r.Status != http.StatusInternalServerError || r.Code() != "internal_error" {
				t.Errorf("got %d %q, want 500 internal_error", r.Status, r.Code())
			}
			if e, _ := r.JSON["error"].(map[string]any); e["message"] != "x" {
				t.Errorf("JSON: got %v, want the decoded body", r.JSON)
			}
		})
	}
	t.Run("request set up by the test", func(t *testing.T) {
		req := testcloud.NewRequest(t, http.MethodGet, "/api/v1/settings", nil)
		req.RemoteAddr = "198.51.100.7:4000"
		testcloud.ServeRequest(t, h, req, "")
		if gotAddr != "198.51.100.7:4000" {
			t.Errorf("got remote address %q, want the test's", gotAddr)
		}
	})
}
