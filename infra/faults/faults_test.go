package faults

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func newTable() *Table { return New(slog.New(slog.DiscardHandler)) }

func putItem(principal, table string, keys ...string) Call {
	return Call{Service: DynamoDB, Operation: "PutItem", Action: "dynamodb:PutItem", Principal: principal,
		Targets: []Target{{Resource: table, Keys: keys}}}
}

func TestMatching(t *testing.T) {
	call := putItem("AuthFunction", "remat-local", "USER#1", "PROFILE")
	tests := []struct {
		name  string
		fault Fault
		want  bool
	}{
		{"the service alone", Fault{Service: DynamoDB, Error: "InternalServerError"}, true},
		{"another service", Fault{Service: S3, Error: "InternalError"}, false},
		{"the operation", Fault{Service: DynamoDB, Operation: "PutItem", Error: "InternalServerError"}, true},
		{"the operation in another case", Fault{Service: DynamoDB, Operation: "putitem", Error: "InternalServerError"}, true},
		{"the IAM action", Fault{Service: DynamoDB, Operation: "dynamodb:PutItem", Error: "InternalServerError"}, true},
		{"another operation", Fault{Service: DynamoDB, Operation: "GetItem", Error: "InternalServerError"}, false},
		{"the principal", Fault{Service: DynamoDB, Principal: "AuthFunction", Error: "InternalServerError"}, true},
		{"another principal", Fault{Service: DynamoDB, Principal: "ProductsFunction", Error: "InternalServerError"}, false},
		{"the table", Fault{Service: DynamoDB, Resource: "remat-local", Error: "InternalServerError"}, true},
		{"another table", Fault{Service: DynamoDB, Resource: "other", Error: "InternalServerError"}, false},
		{"a key prefix", Fault{Service: DynamoDB, KeyPrefix: "USER#", Error: "InternalServerError"}, true},
		{"a sort key prefix", Fault{Service: DynamoDB, KeyPrefix: "PROF", Error: "InternalServerError"}, true},
		{"another key prefix", Fault{Service: DynamoDB, KeyPrefix: "CREQ#", Error: "InternalServerError"}, false},
		{"table and key of different targets", Fault{Service: DynamoDB, Resource: "other", KeyPrefix: "USER#", Error: "InternalServerError"}, false},
	}
	for _, tt := range tests {
		ft := newTable()
		if _, err := ft.Add(tt.fault); err != nil {
			t.Fatalf("%s: Add: %v", tt.name, err)
		}
		fail, err := ft.Inject(t.Context(), call)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if got := fail != nil; got != tt.want {
			t.Errorf("%s: got injected %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestCountAndOrder(t *testing.T) {
	ft := newTable()
	first, _ := ft.Add(Fault{Service: DynamoDB, Error: "ThrottlingException", Count: 2})
	if _, err := ft.Add(Fault{Service: DynamoDB, Error: "InternalServerError"}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for range 4 {
		fail, _ := ft.Inject(t.Context(), putItem("Fn", "t", "k"))
		got = append(got, fail.Code)
	}
	want := []string{Errors[DynamoDB]["ThrottlingException"].Code, Errors[DynamoDB]["ThrottlingException"].Code,
		Errors[DynamoDB]["InternalServerError"].Code, Errors[DynamoDB]["InternalServerError"].Code}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("codes: got %q, want %q", got, want)
	}
	f, _ := ft.Get(first.ID)
	if f.Hits != 2 || f.Active {
		t.Errorf("spent fault: got hits %d active %v, want 2 false", f.Hits, f.Active)
	}
	if n := ft.Clear(); n != 2 {
		t.Errorf("Clear: got %d, want 2", n)
	}
	if fail, _ := ft.Inject(t.Context(), putItem("Fn", "t", "k")); fail != nil {
		t.Errorf("after Clear: got %v, want nothing injected", fail)
	}
}

func TestStall(t *testing.T) {
	ft := newTable()
	if _, err := ft.Add(Fault{Service: SES, StallSeconds: 0.2}); err != nil {
		t.Fatal(err)
	}
	call := Call{Service: SES, Operation: "SendEmail", Targets: []Target{{Resource: "noreply@remat.ch", Keys: []string{"a@example.ch"}}}}
	start := time.Now()
	fail, err := ft.Inject(t.Context(), call)
	if err != nil || fail != nil || time.Since(start) < 200*time.Millisecond {
		t.Errorf("stall alone: got %v, %v after %v, want to proceed after 200ms", fail, err, time.Since(start))
	}

	// A caller that gives up during the stall: the call is dropped.
	ctx, cancel := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel()
	if _, err := ft.Inject(ctx, call); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("caller gone: got %v, want context.DeadlineExceeded", err)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		fault Fault
		want  string
	}{
		{Fault{Service: "sqs", Error: "x"}, `service "sqs"`},
		{Fault{Service: S3, Error: "Throttling"}, `error "Throttling": want one of InternalError, ServiceUnavailable, SlowDown`},
		{Fault{Service: SES}, "want an error, a stallSeconds or both"},
		{Fault{Service: SES, StallSeconds: 301}, "stallSeconds 301"},
		{Fault{Service: SES, StallSeconds: 1, Count: -1}, "count -1"},
	}
	for _, tt := range tests {
		if err := tt.fault.Validate(); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v: got %v, want an error containing %q", tt.fault, err, tt.want)
		}
	}
}

func TestHandler(t *testing.T) {
	ft := newTable()
	srv := httptest.NewServer(ft.Handler())
	defer srv.Close()
	do := func(method, query, body string) (int, map[string]any) {
		t.Helper()
		req, _ := http.NewRequestWithContext(t.Context(), method, srv.URL+query, strings.NewReader(body))
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = resp.Body.Close() }()
		var out map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out
	}
	status, out := do(http.MethodPost, "", `{"service":"s3","operation":"PutObject","principal":"ProductsFunction","error":"SlowDown","count":1}`)
	if status != http.StatusCreated || out["id"] != "f1" || out["active"] != true {
		t.Fatalf("POST: got %d %v, want 201 f1 active", status, out)
	}
	if status, out := do(http.MethodPost, "", `{"service":"s3","eror":"SlowDown"}`); status != http.StatusBadRequest || !strings.Contains(out["error"].(string), "unknown field") {
		t.Errorf("POST with a typo: got %d %v, want 400 naming the field", status, out)
	}
	if status, out := do(http.MethodPost, "", `{"service":"s3","error":"NoSuchKey"}`); status != http.StatusBadRequest || !strings.Contains(out["error"].(string), "NoSuchKey") {
		t.Errorf("POST with an unknown error: got %d %v, want 400", status, out)
	}
	if _, out := do(http.MethodGet, "", ""); len(out["faults"].([]any)) != 1 {
		t.Errorf("GET: got %v, want one fault", out)
	}
	if status, _ := do(http.MethodDelete, "?id=f9", ""); status != http.StatusNotFound {
		t.Errorf("DELETE an unknown id: got %d, want 404", status)
	}
	if status, out := do(http.MethodDelete, "", ""); status != http.StatusOK || out["cleared"] != float64(1) {
		t.Errorf("DELETE: got %d %v, want 200 cleared 1", status, out)
	}
	if status, _ := do(http.MethodPut, "", ""); status != http.StatusMethodNotAllowed {
		t.Errorf("PUT: got %d, want 405", status)
	}
}
