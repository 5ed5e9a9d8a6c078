// Package awsemu holds small emulators of the AWS services the functions
// call besides DynamoDB and S3: SES v2 (SendEmail into a dev mailbox) and
// SSM Parameter Store (GetParameter, GetParameters, GetParametersByPath).
// Each is an http.Handler speaking the wire protocol the real
// aws-sdk-go-v2 clients use, so code under test runs unchanged with only
// the endpoint (AWS_ENDPOINT_URL_SESV2, AWS_ENDPOINT_URL_SSM) pointed here.
// Given an iam.Enforcer (WithIAM), they authenticate every request's SigV4
// signature and authorize it with the caller's policies, as the services
// do; without one they check nothing (unit tests).
package awsemu

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

// Serve serves h on a new 127.0.0.1 listener with a free port and returns
// its base URL ("http://127.0.0.1:PORT") and a function that shuts it down.
// It panics if no loopback port can be had, which only happens on a broken
// machine; callers are test harnesses and dev tools.
func Serve(h http.Handler) (url string, closeFn func()) {
	url, closeFn, err := ServeAddr("127.0.0.1:0", h)
	if err != nil {
		panic(err)
	}
	return url, closeFn
}

// ServeAddr is Serve on a chosen loopback address (for fixed dev ports).
func ServeAddr(addr string, h http.Handler) (url string, closeFn func(), err error) {
	ln, err := (&net.ListenConfig{}).Listen(context.Background(), "tcp", addr)
	if err != nil {
		return "", nil, fmt.Errorf("awsemu: listen %s: %w", addr, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = srv.Serve(ln)
	}()
	return "http://" + ln.Addr().String(), func() {
		_ = srv.Close()
		<-done
	}, nil
}

// APIError is an AWS-style error an emulator answers with. Pass one to a
// SetFailure method to choose the status and error code; any other error
// becomes a 500 InternalFailure.
type APIError struct {
	Status  int
	Code    string
	Message string
}

func (e *APIError) Error() string { return e.Code + ": " + e.Message }

func asAPIError(err error) *APIError {
	var ae *APIError
	if errors.As(err, &ae) {
		return ae
	}
	return &APIError{Status: http.StatusInternalServerError, Code: "InternalFailure", Message: err.Error()}
}

// writeJSON writes v with the given status and content type.
func writeJSON(w http.ResponseWriter, status int, contentType string, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("x-amzn-RequestId", requestID())
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
