package contactreq

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/httpx"
)

func newTestHandler(t *testing.T, f *fixture) http.Handler {
	t.Helper()
	v := authtest.Verifier(t)
	return NewHandler(f.svc, v)
}

func token(t *testing.T, uid string) string {
	t.Helper()
	iss := authtest.Issuer(t, time.Hour)
	tok, err := iss.Issue(auth.Principal{UserID: uid, Role: auth.RoleUser})
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func serve(t *testing.T, h http.Handler, method, path, auth, contentType, body string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	if auth != "" {
		r.Header.Set("Authorization", "Bearer "+auth)
	}
	r.RemoteAddr = "192.0.2.44"
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

func codeOf(t *testing.T, rec *httptest.ResponseRecorder) apperr.Code {
	t.Helper()
	var b httpx.ErrorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &b); err != nil {
		t.Fatalf("body %q: %v", rec.Body, err)
	}
	return b.Error.Code
}

func TestHandlerRequests(t *testing.T) {
	valid := `{"adId":"` + adActive + `","name":"Anna","email":"anna@example.ch","message":"Hello there"}`
	tests := []struct {
		name, method, path, auth, contentType, body string
		status                                      int
		code                                        apperr.Code
	}{
		{"send", "POST", "/api/v1/contact-request", "", "application/json", valid, 201, ""},
		{"send with a garbage token", "POST", "/api/v1/contact-request", "garbage", "application/json", valid, 201, ""},
		{"send about own ad", "POST", "/api/v1/contact-request", token(t, sellerID), "application/json", valid, 403, apperr.CodeContactRequestOwnAd},
		{"send as form", "POST", "/api/v1/contact-request", "", "application/x-www-form-urlencoded", "a=b", 415, apperr.CodeUnsupportedMediaType},
		{"send unknown field", "POST", "/api/v1/contact-request", "", "application/json", `{"adId":"x","sellerEmail":"y"}`, 400, apperr.CodeInvalidJSON},
		{"send too large", "POST", "/api/v1/contact-request", "", "application/json", `{"message":"` + strings.Repeat("m", MaxBodyBytes) + `"}`, 413, apperr.CodePayloadTooLarge},
		{"list anonymous", "GET", "/api/v1/contact-request", "", "", "", 401, apperr.CodeNotLoggedIn},
		{"list bad archived", "GET", "/api/v1/contact-request?archived=maybe", token(t, sellerID), "", "", 400, apperr.CodeValidationFailed},
		{"list bad limit", "GET", "/api/v1/contact-request?limit=0", token(t, sellerID), "", "", 400, apperr.CodeValidationFailed},
		{"get other", "GET", "/api/v1/contact-request/missing", token(t, "other"), "", "", 404, apperr.CodeContactRequestNotFound},
		{"patch empty", "PATCH", "/api/v1/contact-request/x", token(t, sellerID), "application/json", `{}`, 400, apperr.CodeValidationFailed},
		{"patch not a bool", "PATCH", "/api/v1/contact-request/x", token(t, sellerID), "application/json", `{"read":"yes"}`, 400, apperr.CodeInvalidJSON},
		{"put", "PUT", "/api/v1/contact-request/x", token(t, sellerID), "", "", 405, apperr.CodeMethodNotAllowed},
		{"deeper path", "GET", "/api/v1/contact-request/x/y", token(t, sellerID), "", "", 404, apperr.CodeNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := serve(t, newTestHandler(t, newFixture()), tt.method, tt.path, tt.auth, tt.contentType, tt.body)
			if rec.Code != tt.status {
				t.Fatalf("status: got %d %s, want %d", rec.Code, rec.Body, tt.status)
			}
			if tt.code != "" {
				if got := codeOf(t, rec); got != tt.code {
					t.Errorf("code: got %v, want %v", got, tt.code)
				}
			}
			if got := rec.Header().Get("Cache-Control"); got != "no-store" {
				t.Errorf("cache control: got %q, want no-store", got)
			}
		})
	}
}

func TestListBodyShape(t *testing.T) {
	f := newFixture()
	for range 3 {
		if _, err := f.svc.Send(context.Background(), valid(), Sender{Address: "192.0.2.1"}); err != nil {
			t.Fatal(err)
		}
	}
	h := newTestHandler(t, f)
	empty := serve(t, h, "GET", "/api/v1/contact-request", token(t, "nobody"), "", "")
	if got, want := strings.TrimSpace(empty.Body.String()), `{"items":[],"nextCursor":null,"unreadCount":0,"categories":[]}`; got != want {
		t.Errorf("empty: got %s, want %s", got, want)
	}
	rec := serve(t, h, "GET", "/api/v1/contact-request?limit=2", token(t, sellerID), "", "")
	var body struct {
		Items       []map[string]any `json:"items"`
		NextCursor  *string          `json:"nextCursor"`
		UnreadCount int              `json:"unreadCount"`
		Categories  []string         `json:"categories"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if len(body.Items) != 2 || body.NextCursor == nil || body.UnreadCount != 3 || strings.Join(body.Categories, ",") != "unread,unread,unread" {
		t.Errorf("got %s, want 2 items, a cursor and 3 unread", rec.Body)
	}
	for _, k := range []string{"sellerId", "clientHash", "buyerId", "userAgent", "notified"} {
		if _, ok := body.Items[0][k]; ok {
			t.Errorf("item: got %q, want internal fields left out", k)
		}
	}
}

func TestCategoriesAreCapped(t *testing.T) {
	f := newFixture()
	f.limiter.n = 1000
	for range CategoriesMax + 5 {
		if _, err := f.svc.Send(context.Background(), valid(), Sender{Address: "192.0.2.1"}); err != nil {
			t.Fatal(err)
		}
	}
	rec := serve(t, newTestHandler(t, f), "GET", "/api/v1/contact-request?limit=1", token(t, sellerID), "", "")
	var body struct {
		UnreadCount int      `json:"unreadCount"`
		Categories  []string `json:"categories"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
		t.Fatal(err)
	}
	if body.UnreadCount != CategoriesMax+5 || len(body.Categories) != CategoriesMax {
		t.Errorf("got %d unread, %d categories, want %d and %d", body.UnreadCount, len(body.Categories), CategoriesMax+5, CategoriesMax)
	}
}
