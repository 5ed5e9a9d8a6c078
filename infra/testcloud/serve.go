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
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	resp := rec.Result()
	ValidateResponse(t, req, resp)
	return Response{Status: resp.StatusCode, Header: resp.Header, Body: rec.Body.Bytes()}
}
