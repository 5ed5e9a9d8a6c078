package contactus

import (
	"context"
	"encoding/json"
	"fmt"
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

func token(t *testing.T, role auth.Role) string {
	t.Helper()
	iss := authtest.Issuer(t, time.Hour)
	tok, err := iss.Issue(auth.Principal{UserID: "u-1", Role: role})
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

const validBody = `{"name":"Anna","email":"anna@example.ch","subject":"Tiles","message":"Hello"}`

func postReq(body, contentType string) *http.Request {
	r := httptest.NewRequest(http.MethodPost, "/api/v1/contact-us", strings.NewReader(body))
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	r.RemoteAddr = "192.0.2.44"
	return r
}

func errorOf(t *testing.T, rec *httptest.ResponseRecorder) httpx.ErrorDetail {
	t.Helper()
	var b httpx.ErrorBody
	if err := json.Unmarshal(rec.Body.Bytes(), &b); err != nil {
		t.Fatalf("body %q: %v", rec.Body, err)
	}
	return b.Error
}

func TestPostContactUs(t *testing.T) {
	tests := []struct {
		name        string
		body        string
		contentType string
		setup       func(*fixture)
		status      int
		code        apperr.Code
		fields      map[string]string
		retryAfter  string
	}{
		{name: "created", body: validBody, contentType: "application/json", status: 201},
		{name: "created with charset", body: validBody, contentType: "application/json; charset=utf-8", status: 201},
		{name: "mail down still created", body: validBody, contentType: "application/json",
			setup: func(f *fixture) { f.sender.Err = fmt.Errorf("ses down") }, status: 201},
		{name: "missing fields", body: `{"name":"Anna"}`, contentType: "application/json", status: 400,
			code: apperr.CodeValidationFailed, fields: map[string]string{"email": "required", "subject": "required", "message": "required"}},
		{name: "bad email", body: `{"name":"A","email":"nope","subject":"s","message":"m"}`, contentType: "application/json", status: 400,
			code: apperr.CodeValidationFailed, fields: map[string]string{"email": "invalid_email"}},
		{name: "unknown field", body: `{"name":"A","email":"a@b.ch","subject":"s","message":"m","admin":true}`, contentType: "application/json",
			status: 400, code: apperr.CodeInvalidJSON},
		{name: "malformed", body: `{"name":`, contentType: "application/json", status: 400, code: apperr.CodeInvalidJSON},
		{name: "not a string", body: `{"name":1,"email":"a@b.ch","subject":"s","message":"m"}`, contentType: "application/json",
			status: 400, code: apperr.CodeInvalidJSON},
		{name: "form content type", body: "name=a", contentType: "application/x-www-form-urlencoded", status: 415, code: apperr.CodeUnsupportedMediaType},
		{name: "no content type", body: validBody, status: 415, code: apperr.CodeUnsupportedMediaType},
		{name: "body too large", body: `{"name":"A","email":"a@b.ch","subject":"s","message":"` + strings.Repeat("m", MaxBodyBytes) + `"}`,
			contentType: "application/json", status: 413, code: apperr.CodePayloadTooLarge},
		{name: "rate limited", body: validBody, contentType: "application/json", setup: func(f *fixture) { f.limiter.n = 0 },
			status: 429, code: apperr.CodeTooManyRequests, retryAfter: "1200"},
		{name: "store down", body: validBody, contentType: "application/json",
			setup: func(f *fixture) { f.store.createErr = fmt.Errorf("dynamodb: table remat-dev gone") }, status: 500, code: apperr.CodeInternal},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture()
			if tt.setup != nil {
				tt.setup(f)
			}
			rec := httptest.NewRecorder()
			newTestHandler(t, f).ServeHTTP(rec, postReq(tt.body, tt.contentType))
			if rec.Code != tt.status {
				t.Fatalf("status: got %v, want %v (body %s)", rec.Code, tt.status, rec.Body)
			}
			if got := rec.Header().Get("Content-Type"); got != httpx.ContentTypeJSON {
				t.Errorf("content type: got %v, want %v", got, httpx.ContentTypeJSON)
			}
			if got := rec.Header().Get("Cache-Control"); got != "no-store" {
				t.Errorf("cache control: got %v, want no-store", got)
			}
			if tt.status == 201 {
				var body map[string]string
				if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
					t.Fatal(err)
				}
				stored := f.store.all()
				if body["message"] != MessageSent || len(stored) != 1 || body["id"] != stored[0].ID || len(body) != 2 {
					t.Errorf("body: got %v, want message_sent and the stored id", body)
				}
				if stored[0].ClientHash == "" || strings.Contains(stored[0].ClientHash, "192.0.2.44") {
					t.Errorf("client hash: got %q, want a hash of the address", stored[0].ClientHash)
				}
				return
			}
			e := errorOf(t, rec)
			if e.Code != tt.code {
				t.Errorf("code: got %v, want %v", e.Code, tt.code)
			}
			if fmt.Sprint(e.Fields) != fmt.Sprint(tt.fields) {
				t.Errorf("fields: got %v, want %v", e.Fields, tt.fields)
			}
			if got := rec.Header().Get("Retry-After"); got != tt.retryAfter {
				t.Errorf("Retry-After: got %q, want %q", got, tt.retryAfter)
			}
			if strings.Contains(rec.Body.String(), "remat-dev") {
				t.Errorf("body: got %s, want no internal detail", rec.Body)
			}
			if len(f.store.all()) != 0 {
				t.Errorf("stored: got %v, want none", len(f.store.all()))
			}
		})
	}
}

func TestPostUsesViewerAddressForTheLimit(t *testing.T) {
	f := newFixture()
	r := postReq(validBody, "application/json")
	r.Header.Set(httpx.ViewerAddressHeader, "198.51.100.7:55123")
	newTestHandler(t, f).ServeHTTP(httptest.NewRecorder(), r)
	if got := f.limiter.keys; len(got) != 1 || got[0] != "198.51.100.7" {
		t.Errorf("got %v, want [198.51.100.7]", got)
	}
}

func TestGetContactUs(t *testing.T) {
	tests := []struct {
		name   string
		auth   string
		query  string
		status int
		code   apperr.Code
	}{
		{"anonymous", "", "", 401, apperr.CodeNotLoggedIn},
		{"garbage token", "Bearer abc", "", 401, apperr.CodeInvalidToken},
		{"user", "Bearer " + token(t, auth.RoleUser), "", 403, apperr.CodeForbidden},
		{"admin", "Bearer " + token(t, auth.RoleAdmin), "", 200, ""},
		{"admin limit 1", "Bearer " + token(t, auth.RoleAdmin), "?limit=1", 200, ""},
		{"limit zero", "Bearer " + token(t, auth.RoleAdmin), "?limit=0", 400, apperr.CodeValidationFailed},
		{"limit too big", "Bearer " + token(t, auth.RoleAdmin), "?limit=101", 400, apperr.CodeValidationFailed},
		{"limit not a number", "Bearer " + token(t, auth.RoleAdmin), "?limit=ten", 400, apperr.CodeValidationFailed},
		{"bad cursor", "Bearer " + token(t, auth.RoleAdmin), "?cursor=forged", 400, apperr.CodeInvalidCursor},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture()
			h := newTestHandler(t, f)
			for i := range 3 {
				at := fixedNow.Add(time.Duration(i) * time.Minute)
				if _, err := f.svc.WithClock(func() time.Time { return at }).Submit(context.Background(), valid(), Client{Address: "192.0.2.1"}); err != nil {
					t.Fatalf("seed: got %v, want nil", err)
				}
			}
			r := httptest.NewRequest(http.MethodGet, "/api/v1/contact-us"+tt.query, nil)
			if tt.auth != "" {
				r.Header.Set("Authorization", tt.auth)
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			if rec.Code != tt.status {
				t.Fatalf("status: got %v, want %v (body %s)", rec.Code, tt.status, rec.Body)
			}
			if tt.code != "" {
				if got := errorOf(t, rec).Code; got != tt.code {
					t.Errorf("code: got %v, want %v", got, tt.code)
				}
				return
			}
			var body struct {
				Items      []map[string]any `json:"items"`
				NextCursor *string          `json:"nextCursor"`
			}
			if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
				t.Fatal(err)
			}
			wantItems, wantNext := 3, false
			if tt.query == "?limit=1" {
				wantItems, wantNext = 1, true
			}
			if len(body.Items) != wantItems || (body.NextCursor != nil) != wantNext {
				t.Errorf("got %d items, next %v, want %d items, next %v", len(body.Items), body.NextCursor, wantItems, wantNext)
			}
			first := body.Items[0]
			for _, k := range []string{"id", "name", "email", "subject", "message", "status", "createdAt", "handledAt", "handledBy"} {
				if _, ok := first[k]; !ok {
					t.Errorf("item: got %v, want key %q", first, k)
				}
			}
			if len(first) != 9 || first["handledAt"] != nil || first["handledBy"] != nil {
				t.Errorf("item: got %v, want exactly the 9 fields, no handling while new", first)
			}
			if first["createdAt"] != fixedNow.Add(2*time.Minute).Format(time.RFC3339Nano) {
				t.Errorf("newest first: got %v, want %v", first["createdAt"], fixedNow.Add(2*time.Minute).Format(time.RFC3339Nano))
			}
		})
	}
}

func TestGetContactUsEmptyListIsArray(t *testing.T) {
	f := newFixture()
	r := httptest.NewRequest(http.MethodGet, "/api/v1/contact-us", nil)
	r.Header.Set("Authorization", "Bearer "+token(t, auth.RoleAdmin))
	rec := httptest.NewRecorder()
	newTestHandler(t, f).ServeHTTP(rec, r)
	if got, want := strings.TrimSpace(rec.Body.String()), `{"items":[],"nextCursor":null}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestContactUsUnmatched(t *testing.T) {
	tests := []struct {
		method, path string
		status       int
		code         apperr.Code
	}{
		{http.MethodDelete, "/api/v1/contact-us", 405, apperr.CodeMethodNotAllowed},
		{http.MethodGet, "/api/v1/contact-us/123", 405, apperr.CodeMethodNotAllowed},
		{http.MethodPatch, "/api/v1/contact-us/123/status", 404, apperr.CodeNotFound},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		newTestHandler(t, newFixture()).ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
		if rec.Code != tt.status || errorOf(t, rec).Code != tt.code {
			t.Errorf("%s %s: got %v %s, want %v %v", tt.method, tt.path, rec.Code, rec.Body, tt.status, tt.code)
		}
	}
}
