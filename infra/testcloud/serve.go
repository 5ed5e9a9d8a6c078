package testcloud

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// Response is a handler's recorded answer.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
	// JSON is the body decoded as a JSON object; nil for any other body.
	JSON map[string]any
}

// Code is the error code of an error body ("" for any other body).
func (r Response) Code() string {
	var b struct {
		Error struct {
			Code string `json:"code"`
		} `json:"error"`
	}
	_ = json.Unmarshal(r.Body, &b)
	return b.Error.Code
}

// FieldCode is the code a validation error body gives field ("" when it
// names no such field, or for any other body).
func (r Response) FieldCode(field string) string {
	var b struct {
		Error struct {
			Fields map[string]string `json:"fields"`
		} `json:"error"`
	}
	_ = json.Unmarshal(r.Body, &b)
	return b.Error.Fields[field]
}

// Decode unmarshals the body into v, failing the test when it cannot.
func (r Response) Decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("testcloud: decode %s: %v", r.Body, err)
	}
}

// Serve sends one request to h — body, when not nil, as JSON; token, when
// not empty, as the Bearer token — and checks the answer against
// docs/openapi.yaml (ValidateResponse).
func Serve(t testing.TB, h http.Handler, method, path, token string, body any) Response {
	t.Helper()
	return ServeRequest(t, h, NewRequest(t, method, path, body), token)
}

// NewRequest returns a request to path with body, when not nil, as JSON,
// for a test that sets more on it before ServeRequest.
func NewRequest(t testing.TB, method, path string, body any) *http.Request {
	t.Helper()
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			t.Fatalf("testcloud: encode request body: %v", err)
		}
	}
	req := httptest.NewRequestWithContext(t.Context(), method, path, bytes.NewReader(payload))
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

// ServeRequest sends req to h — token, when not empty, as the Bearer
// token — and checks the answer against docs/openapi.yaml
// (ValidateResponse).
func ServeRequest(t testing.TB, h http.Handler, req *http.Request, token string) Response {
	t.Helper()
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	resp := rec.Result()
	ValidateResponse(t, req, resp)
	out := Response{Status: resp.StatusCode, Header: resp.Header, Body: rec.Body.Bytes()}
	_ = json.Unmarshal(out.Body, &out.JSON)
	return out
}
