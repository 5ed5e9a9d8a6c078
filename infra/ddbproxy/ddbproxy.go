// Package ddbproxy puts IAM in front of DynamoDB Local, which checks no
// credentials at all: every request is authenticated (SigV4, with the
// caller's own credentials), its operation read from X-Amz-Target and its
// tables and indexes from the body, and each action it needs authorized
// with the caller's policies, as DynamoDB does. Allowed requests are
// forwarded to DynamoDB Local unchanged; a denied one gets DynamoDB's 400
// AccessDeniedException and never reaches the table, so a transaction with
// one item the caller may not write is refused whole. With WithFaults, an
// authorized request may instead fail with DynamoDB's own error or stall
// (package faults).
package ddbproxy

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/remat/remat/infra/faults"
	"github.com/remat/remat/infra/iam"
)

// MaxRequestBytes bounds a request body (DynamoDB's own limit is 16 MB
// for a BatchWriteItem).
const MaxRequestBytes = 16 << 20

// Proxy is the http.Handler described in the package comment.
type Proxy struct {
	target  *url.URL
	iam     *iam.Enforcer
	region  string
	account string
	client  *http.Client
	log     *slog.Logger
	// faults, when set, may fail or stall authorized requests (WithFaults).
	faults   *faults.Table
	keyAttrs map[string][]string
}

// New returns a Proxy forwarding to the DynamoDB Local endpoint target
// (http://127.0.0.1:PORT) for the given region and account.
func New(target string, e *iam.Enforcer, region, account string, log *slog.Logger) (*Proxy, error) {
	u, err := url.Parse(target)
	if err != nil || u.Scheme == "" || u.Host == "" {
		return nil, fmt.Errorf("ddbproxy: target %q: want an absolute URL", target)
	}
	if e == nil {
		return nil, errors.New("ddbproxy: no IAM enforcer")
	}
	if log == nil {
		log = slog.Default()
	}
	return &Proxy{
		target: u, iam: e, region: region, account: account, log: log,
		client: &http.Client{Transport: &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 64, IdleConnTimeout: 90 * time.Second}},
	}, nil
}

// ServeHTTP authenticates, authorizes and forwards one request.
func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		writeError(w, http.StatusBadRequest, "UnknownOperationException", "")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, MaxRequestBytes+1))
	if err != nil {
		writeError(w, http.StatusBadRequest, "SerializationException", "could not read the request body")
		return
	}
	if len(body) > MaxRequestBytes {
		writeError(w, http.StatusRequestEntityTooLarge, "ValidationException", "request too large")
		return
	}
	sum := sha256.Sum256(body)
	principal, err := p.iam.Authenticate(r.Context(), r, iam.AuthOptions{Service: "dynamodb", PayloadHash: hex.EncodeToString(sum[:])}, false)
	if err != nil {
		code, msg := authFailure(err)
		writeError(w, http.StatusBadRequest, code, msg)
		return
	}
	service, op, _ := strings.Cut(r.Header.Get("X-Amz-Target"), ".")
	if service != "DynamoDB_20120810" {
		writeError(w, http.StatusBadRequest, "UnknownOperationException", "")
		return
	}
	reqs, err := Requirements(op, body, p.region, p.account)
	if err != nil {
		var ve *validationError
		if errors.As(err, &ve) {
			writeError(w, http.StatusBadRequest, "ValidationException", ve.msg)
			return
		}
		writeError(w, http.StatusBadRequest, "UnknownOperationException", err.Error())
		return
	}
	for _, req := range reqs {
		if req.Context == nil {
			req.Context = map[string][]string{}
		}
		req.Context["aws:RequestedRegion"] = []string{p.region}
		if d := p.iam.Authorize(r.Context(), principal, nil, req); !d.Allowed {
			writeError(w, http.StatusBadRequest, "com.amazon.coral.service#AccessDeniedException", d.Message(false))
			return
		}
	}
	if p.faults != nil {
		fail, err := p.faults.Inject(r.Context(), p.faultCall(op, principal.Name, body))
		if err != nil {
			return // the caller hung up during a stall: the call never reaches the table
		}
		if fail != nil {
			writeError(w, fail.Status, fail.Code, fail.Message)
			return
		}
	}
	p.forward(w, r, body)
}

// forward sends the request on to DynamoDB Local and copies its answer.
func (p *Proxy) forward(w http.ResponseWriter, r *http.Request, body []byte) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Minute)
	defer cancel()
	u := *p.target
	u.Path = r.URL.Path
	out, err := http.NewRequestWithContext(ctx, http.MethodPost, u.String(), bytes.NewReader(body))
	if err != nil {
		writeError(w, http.StatusInternalServerError, "InternalServerError", "")
		return
	}
	for k, vs := range r.Header {
		out.Header[k] = vs
	}
	resp, err := p.client.Do(out)
	if err != nil {
		p.log.ErrorContext(r.Context(), "ddbproxy: DynamoDB Local unreachable", "err", err.Error())
		writeError(w, http.StatusInternalServerError, "InternalServerError", "")
		return
	}
	defer func() { _ = resp.Body.Close() }()
	for k, vs := range resp.Header {
		w.Header()[k] = vs
	}
	w.WriteHeader(resp.StatusCode)
	_, _ = io.Copy(w, resp.Body)
}

// authFailure maps an authentication failure to DynamoDB's error code and
// message (all 400).
func authFailure(err error) (string, string) {
	var ae *iam.AuthError
	if !errors.As(err, &ae) {
		return "UnrecognizedClientException", "The security token included in the request is invalid."
	}
	switch ae.Kind {
	case iam.AuthMissing:
		return "MissingAuthenticationTokenException", "Request is missing Authentication Token"
	case iam.AuthUnknownKey, iam.AuthInvalidToken:
		return "UnrecognizedClientException", "The security token included in the request is invalid."
	default:
		return "InvalidSignatureException", ae.Msg
	}
}

// writeError answers in DynamoDB's JSON 1.0 error shape, with the CRC32
// header DynamoDB sends (the SDK checks it).
func writeError(w http.ResponseWriter, status int, code, msg string) {
	if !strings.Contains(code, "#") {
		code = "com.amazonaws.dynamodb.v20120810#" + code
	}
	body, _ := json.Marshal(map[string]string{"__type": code, "Message": msg})
	h := w.Header()
	h.Set("Content-Type", "application/x-amz-json-1.0")
	h.Set("X-Amz-Crc32", strconv.FormatUint(uint64(crc32.ChecksumIEEE(body)), 10))
	h.Set("X-Amzn-Requestid", requestID())
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
