package pages

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
)

// API answers the site's GET API calls. The pages inline its answers, so
// they must be the bodies the browser would get: HandlerAPI runs the API's
// own handlers in-process.
type API interface {
	// Get returns the status and body of GET /api/v1/<path> for an
	// anonymous caller.
	Get(ctx context.Context, path string) (status int, body []byte, err error)
}

// HandlerAPI is an API served by http.Handlers that route the full path
// (/api/v1/...), such as the functions' own handlers behind a mux.
type HandlerAPI struct {
	Handler http.Handler
}

// Get runs GET /api/v1/<path> through the handler.
func (a HandlerAPI) Get(ctx context.Context, path string) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "/api/v1/"+path, nil)
	if err != nil {
		return 0, nil, fmt.Errorf("pages: request %s: %w", path, err)
	}
	req.RemoteAddr = "127.0.0.1:0" // an in-process call; no viewer address is involved
	rec := &bufferedResponse{header: http.Header{}, status: http.StatusOK}
	a.Handler.ServeHTTP(rec, req)
	return rec.status, rec.body.Bytes(), nil
}

// bufferedResponse collects a handler's answer.
type bufferedResponse struct {
	header      http.Header
	status      int
	wroteHeader bool
	body        bytes.Buffer
}

func (r *bufferedResponse) Header() http.Header { return r.header }

func (r *bufferedResponse) WriteHeader(status int) {
	if !r.wroteHeader {
		r.status, r.wroteHeader = status, true
	}
}

func (r *bufferedResponse) Write(p []byte) (int, error) {
	r.wroteHeader = true
	return r.body.Write(p) //nolint:wrapcheck // a bytes.Buffer write never fails
}
