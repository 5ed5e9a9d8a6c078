package awsemu

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// SSM emulates the read side of SSM Parameter Store over the AWS JSON 1.1
// protocol (X-Amz-Target: AmazonSSM.GetParameter, AmazonSSM.GetParameters,
// AmazonSSM.GetParametersByPath). Every parameter is a SecureString; its
// value is returned only WithDecryption (otherwise an opaque stand-in for
// the ciphertext, as on AWS). Safe for concurrent use.
type SSM struct {
	region, account string

	mu     sync.RWMutex
	params map[string]string
}

// NewSSM serves the given parameters (name -> plain value). Names are full
// paths such as /remat/local/jwt-secret. The map is copied.
func NewSSM(params map[string]string) *SSM {
	return &SSM{region: "eu-central-2", account: "123456789012", params: maps.Clone(params)}
}

// Set adds or replaces a parameter.
func (s *SSM) Set(name, value string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.params == nil {
		s.params = map[string]string{}
	}
	s.params[name] = value
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
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&req); err != nil && err != io.EOF {
		ssmError(w, &APIError{Status: http.StatusBadRequest, Code: "SerializationException", Message: err.Error()})
		return
	}
	s.mu.RLock()
	defer s.mu.RUnlock()

	switch op := r.Header.Get("X-Amz-Target"); op {
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
	if !decrypt {
		v = base64.StdEncoding.EncodeToString([]byte("local-kms:" + v))
	}
	return ssmParameter{
		Name:             name,
		Type:             "SecureString",
		Value:            v,
		Version:          1,
		ARN:              fmt.Sprintf("arn:aws:ssm:%s:%s:parameter/%s", s.region, s.account, strings.TrimPrefix(name, "/")),
		DataType:         "text",
		LastModifiedDate: float64(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Unix()),
	}, true
}

// ssmError writes an AWS JSON 1.1 error (type in __type).
func ssmError(w http.ResponseWriter, e *APIError) {
	writeJSON(w, e.Status, ssmContentType, map[string]string{"__type": e.Code, "message": e.Message})
}
