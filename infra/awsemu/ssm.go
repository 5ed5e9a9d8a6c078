package awsemu

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/remat/remat/infra/iam"
)

// SSM emulates the read side of SSM Parameter Store over the AWS JSON 1.1
// protocol (X-Amz-Target: AmazonSSM.GetParameter, AmazonSSM.GetParameters,
// AmazonSSM.GetParametersByPath). Every parameter is a SecureString; its
// value is returned only WithDecryption (otherwise an opaque stand-in for
// the ciphertext, as on AWS). Safe for concurrent use.
type SSM struct {
	region, account string
	iam             *iam.Enforcer

	mu     sync.RWMutex
	params map[string]string
	types  map[string]string // name -> String or StringList; default SecureString
}

// NewSSM serves the given parameters (name -> plain value) as
// SecureStrings. Names are full paths such as /remat/local/jwt-secret. The
// map is copied.
func NewSSM(params map[string]string) *SSM {
	return &SSM{region: "eu-central-2", account: "123456789012", params: maps.Clone(params), types: map[string]string{}}
}

// WithIAM makes s authenticate every request and authorize it with the
// caller's policies (ssm:GetParameter, ssm:GetParameters on every name,
// ssm:GetParametersByPath on the path), answering AccessDeniedException as
// SSM does; ARNs use region and account. It returns s.
func (s *SSM) WithIAM(e *iam.Enforcer, region, account string) *SSM {
	s.iam, s.region, s.account = e, region, account
	return s
}

// Value returns a parameter's plain value.
func (s *SSM) Value(name string) (string, bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	v, ok := s.params[name]
	return v, ok
}

// Set adds or replaces a SecureString parameter.
func (s *SSM) Set(name, value string) { s.Put(name, "SecureString", value) }

// Put adds or replaces a parameter of the given type (String, StringList
// or SecureString).
func (s *SSM) Put(name, typ, value string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.params == nil {
		s.params = map[string]string{}
	}
	if s.types == nil {
		s.types = map[string]string{}
	}
	s.params[name] = value
	s.types[name] = typ
}

const ssmContentType = "application/x-amz-json-1.1"

type ssmParameter struct {
	Name             string
	Type             string
	Value            string
	Version          int
	ARN              string
	DataType         string
	LastModifiedDate float64
}

// ServeHTTP implements the SSM JSON endpoint.
func (s *SSM) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		ssmError(w, &APIError{Status: http.StatusMethodNotAllowed, Code: "UnknownOperationException", Message: "POST only"})
		return
	}
	var req struct {
		Name           string
		Names          []string
		Path           string
		Recursive      bool
		WithDecryption bool
		MaxResults     int
		NextToken      string
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	if err != nil {
		ssmError(w, &APIError{Status: http.StatusBadRequest, Code: "SerializationException", Message: err.Error()})
		return
	}
	if len(bytes.TrimSpace(body)) > 0 {
		if err := json.Unmarshal(body, &req); err != nil {
			ssmError(w, &APIError{Status: http.StatusBadRequest, Code: "SerializationException", Message: err.Error()})
			return
		}
	}
	op := r.Header.Get("X-Amz-Target")
	if apiErr := s.authorize(r, body, op, req.Name, req.Names, req.Path); apiErr != nil {
		ssmError(w, apiErr)
		return
	}
	s.mu.RLock()
	defer s.mu.RUnlock()

	switch op {
	case "AmazonSSM.GetParameter":
		p, ok := s.lookup(req.Name, req.WithDecryption)
		if !ok {
			ssmError(w, &APIError{Status: http.StatusBadRequest, Code: "ParameterNotFound", Message: fmt.Sprintf("parameter %s not found", req.Name)})
			return
		}
		writeJSON(w, http.StatusOK, ssmContentType, map[string]any{"Parameter": p})

	case "AmazonSSM.GetParameters":
		if len(req.Names) == 0 || len(req.Names) > 10 {
			ssmError(w, &APIError{Status: http.StatusBadRequest, Code: "ValidationException", Message: "Names must hold 1 to 10 names"})
			return
		}
		params, invalid := []ssmParameter{}, []string{}
		for _, n := range req.Names {
			if p, ok := s.lookup(n, req.WithDecryption); ok {
				params = append(params, p)
			} else {
				invalid = append(invalid, n)
			}
		}
		writeJSON(w, http.StatusOK, ssmContentType, map[string]any{"Parameters": params, "InvalidParameters": invalid})

	case "AmazonSSM.GetParametersByPath":
		s.byPath(w, req.Path, req.Recursive, req.WithDecryption, req.MaxResults, req.NextToken)

	default:
		ssmError(w, &APIError{Status: http.StatusBadRequest, Code: "UnknownOperationException", Message: fmt.Sprintf("the local SSM emulator does not implement %q", op)})
	}
}

func (s *SSM) byPath(w http.ResponseWriter, path string, recursive, decrypt bool, max int, token string) {
	if !strings.HasPrefix(path, "/") {
		ssmError(w, &APIError{Status: http.StatusBadRequest, Code: "ValidationException", Message: "Path must start with /"})
		return
	}
	if max <= 0 || max > 10 {
		max = 10
	}
	prefix := strings.TrimSuffix(path, "/") + "/"
	var names []string
	for _, n := range slices.Sorted(maps.Keys(s.params)) {
		rest, ok := strings.CutPrefix(n, prefix)
		if !ok || rest == "" || (!recursive && strings.Contains(rest, "/")) {
			continue
		}
		names = append(names, n)
	}
	start := 0
	if token != "" {
		i, err := strconv.Atoi(token)
		if err != nil || i < 0 || i > len(names) {
			ssmError(w, &APIError{Status: http.StatusBadRequest, Code: "InvalidNextToken", Message: "invalid NextToken"})
			return
		}
		start = i
	}
	end := min(start+max, len(names))
	params := []ssmParameter{}
	for _, n := range names[start:end] {
		p, _ := s.lookup(n, decrypt)
		params = append(params, p)
	}
	out := map[string]any{"Parameters": params}
	if end < len(names) {
		out["NextToken"] = strconv.Itoa(end)
	}
	writeJSON(w, http.StatusOK, ssmContentType, out)
}

// lookup must be called with s.mu held.
func (s *SSM) lookup(name string, decrypt bool) (ssmParameter, bool) {
	v, ok := s.params[name]
	if !ok {
		return ssmParameter{}, false
	}
	typ := cmp.Or(s.types[name], "SecureString")
	if !decrypt && typ == "SecureString" {
		v = base64.StdEncoding.EncodeToString([]byte("local-kms:" + v))
	}
	return ssmParameter{
		Name:             name,
		Type:             typ,
		Value:            v,
		Version:          1,
		ARN:              s.parameterARN(name),
		DataType:         "text",
		LastModifiedDate: float64(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Unix()),
	}, true
}

// ssmError writes an AWS JSON 1.1 error (type in __type).
func ssmError(w http.ResponseWriter, e *APIError) {
	writeJSON(w, e.Status, ssmContentType, map[string]string{"__type": e.Code, "message": e.Message})
}

// parameterARN is a parameter's ARN: arn:aws:ssm:<region>:<account>:parameter
// followed by the name, with its leading slash.
func (s *SSM) parameterARN(name string) string {
	return fmt.Sprintf("arn:aws:ssm:%s:%s:parameter/%s", s.region, s.account, strings.TrimPrefix(name, "/"))
}

// authorize authenticates the caller and checks the operation's actions
// on every parameter it names; nil when allowed (or without IAM).
func (s *SSM) authorize(r *http.Request, body []byte, op, name string, names []string, path string) *APIError {
	if s.iam == nil {
		return nil
	}
	sum := sha256.Sum256(body)
	p, err := s.iam.Authenticate(r.Context(), r, iam.AuthOptions{Service: "ssm", PayloadHash: hex.EncodeToString(sum[:])}, false)
	if err != nil {
		return jsonAuthError(err)
	}
	var reqs []iam.Request
	switch op {
	case "AmazonSSM.GetParameter":
		reqs = append(reqs, iam.Request{Action: "ssm:GetParameter", Resource: s.parameterARN(name)})
	case "AmazonSSM.GetParameters":
		for _, n := range names {
			reqs = append(reqs, iam.Request{Action: "ssm:GetParameters", Resource: s.parameterARN(n)})
		}
	case "AmazonSSM.GetParametersByPath":
		reqs = append(reqs, iam.Request{Action: "ssm:GetParametersByPath", Resource: s.parameterARN(strings.TrimSuffix(path, "/"))})
	}
	for _, req := range reqs {
		req.Context = map[string][]string{"aws:RequestedRegion": {s.region}}
		if d := s.iam.Authorize(r.Context(), p, nil, req); !d.Allowed {
			return &APIError{Status: http.StatusBadRequest, Code: "AccessDeniedException", Message: d.Message(false)}
		}
	}
	return nil
}

// jsonAuthError is the answer of the JSON-protocol services (SSM) to a
// request whose signature does not check out.
func jsonAuthError(err error) *APIError {
	var ae *iam.AuthError
	if !errors.As(err, &ae) {
		return &APIError{Status: http.StatusBadRequest, Code: "UnrecognizedClientException", Message: "The security token included in the request is invalid."}
	}
	switch ae.Kind {
	case iam.AuthMissing:
		return &APIError{Status: http.StatusBadRequest, Code: "MissingAuthenticationTokenException", Message: "Request is missing Authentication Token"}
	case iam.AuthUnknownKey, iam.AuthInvalidToken:
		return &APIError{Status: http.StatusBadRequest, Code: "UnrecognizedClientException", Message: "The security token included in the request is invalid."}
	default:
		return &APIError{Status: http.StatusBadRequest, Code: "InvalidSignatureException", Message: ae.Msg}
	}
}
