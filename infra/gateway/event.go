package gateway

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/aws/aws-lambda-go/events"
)

// newEvent turns an HTTP request into the payload format 2.0 event an HTTP
// API sends to a Lambda proxy integration.
func (g *Gateway) newEvent(r *http.Request, route *compiledRoute, params map[string]string, body []byte, requestID string, now time.Time) events.APIGatewayV2HTTPRequest {
	rawPath := r.URL.EscapedPath()
	sourceIP := clientIP(r)

	headers := make(map[string]string, len(r.Header)+4)
	var cookies []string
	for name, values := range r.Header {
		key := strings.ToLower(name)
		if key == "cookie" {
			// Payload 2.0 moves cookies to their own array, one per cookie.
			for _, v := range values {
				for c := range strings.SplitSeq(v, ";") {
					if c = strings.TrimSpace(c); c != "" {
						cookies = append(cookies, c)
					}
				}
			}
			continue
		}
		headers[key] = strings.Join(values, ",")
	}
	headers["host"] = r.Host
	if xff := headers["x-forwarded-for"]; xff != "" {
		headers["x-forwarded-for"] = xff + ", " + sourceIP
	} else {
		headers["x-forwarded-for"] = sourceIP
	}
	headers["x-forwarded-proto"] = "http"
	if _, port, err := net.SplitHostPort(g.localAddr(r)); err == nil {
		headers["x-forwarded-port"] = port
	}
	traceID := fmt.Sprintf("Root=1-%08x-%s", now.Unix(), randomHex(12))
	headers["x-amzn-trace-id"] = traceID

	var query map[string]string
	if r.URL.RawQuery != "" {
		values, _ := url.ParseQuery(r.URL.RawQuery) // keep what parses, as API Gateway does
		query = make(map[string]string, len(values))
		for k, vs := range values {
			query[k] = strings.Join(vs, ",")
		}
	}

	ev := events.APIGatewayV2HTTPRequest{
		Version:               "2.0",
		RouteKey:              route.Key(),
		RawPath:               rawPath,
		RawQueryString:        r.URL.RawQuery,
		Cookies:               cookies,
		Headers:               headers,
		QueryStringParameters: query,
		PathParameters:        params,
		RequestContext: events.APIGatewayV2HTTPRequestContext{
			RouteKey:     route.Key(),
			AccountID:    g.cfg.AccountID,
			Stage:        "$default",
			RequestID:    requestID,
			APIID:        g.cfg.APIID,
			DomainName:   r.Host,
			DomainPrefix: domainPrefix(r.Host),
			Time:         now.UTC().Format("02/Jan/2006:15:04:05 -0700"),
			TimeEpoch:    now.UnixMilli(),
			HTTP: events.APIGatewayV2HTTPRequestContextHTTPDescription{
				Method:    r.Method,
				Path:      rawPath,
				Protocol:  r.Proto,
				SourceIP:  sourceIP,
				UserAgent: r.UserAgent(),
			},
		},
	}
	if len(body) > 0 {
		if isTextual(r.Header.Get("Content-Type")) && utf8.Valid(body) {
			ev.Body = string(body)
		} else {
			ev.Body = base64.StdEncoding.EncodeToString(body)
			ev.IsBase64Encoded = true
		}
	}
	return ev
}

// decodeResponse reads a function's payload format 2.0 response. A JSON
// response without statusCode is taken as the body of a 200
// application/json response, as HTTP APIs do.
func decodeResponse(payload []byte) (events.APIGatewayV2HTTPResponse, error) {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(payload, &probe); err == nil {
		if _, ok := probe["statusCode"]; ok {
			var resp events.APIGatewayV2HTTPResponse
			if err := json.Unmarshal(payload, &resp); err != nil {
				return resp, fmt.Errorf("malformed Lambda proxy response: %w", err)
			}
			if resp.StatusCode < 100 || resp.StatusCode > 599 {
				return resp, fmt.Errorf("malformed Lambda proxy response: statusCode %d", resp.StatusCode)
			}
			return resp, nil
		}
	}
	if !json.Valid(payload) {
		return events.APIGatewayV2HTTPResponse{}, errors.New("malformed Lambda proxy response: not JSON")
	}
	return events.APIGatewayV2HTTPResponse{
		StatusCode: http.StatusOK,
		Headers:    map[string]string{"Content-Type": "application/json"},
		Body:       string(payload),
	}, nil
}

// writeResponse sends a function's response: headers (the security
// headers already set win, as the CloudFront policy overrides the origin),
// multi-value headers, cookies as Set-Cookie lines, and the body, decoded
// from base64 when flagged and compressed when the client accepts it.
func (g *Gateway) writeResponse(w http.ResponseWriter, r *http.Request, resp events.APIGatewayV2HTTPResponse) error {
	body := []byte(resp.Body)
	if resp.IsBase64Encoded {
		var err error
		if body, err = base64.StdEncoding.DecodeString(resp.Body); err != nil {
			return fmt.Errorf("malformed Lambda proxy response: body: %w", err)
		}
	}
	h := w.Header()
	keys := make([]string, 0, len(resp.Headers))
	for k := range resp.Headers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if g.isSecurityHeader(k) || hopByHop(k) {
			continue
		}
		h.Set(k, resp.Headers[k])
	}
	for k, vs := range resp.MultiValueHeaders {
		if g.isSecurityHeader(k) || hopByHop(k) {
			continue
		}
		if _, single := resp.Headers[k]; !single {
			h.Del(k)
		}
		for _, v := range vs {
			h.Add(k, v)
		}
	}
	for _, c := range resp.Cookies {
		h.Add("Set-Cookie", c)
	}
	writeBody(w, r, resp.StatusCode, body)
	return nil
}

// hopByHop reports headers a proxy does not pass on; Content-Length is
// recomputed.
func hopByHop(k string) bool {
	switch strings.ToLower(k) {
	case "connection", "keep-alive", "transfer-encoding", "upgrade", "content-length":
		return true
	}
	return false
}

// isTextual reports whether a request body of this content type is sent
// to the function as text (when it is valid UTF-8) rather than base64.
func isTextual(contentType string) bool {
	if contentType == "" {
		return true
	}
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return false
	}
	if strings.HasPrefix(mt, "text/") {
		return true
	}
	switch mt {
	case "application/json", "application/xml", "application/javascript",
		"application/x-www-form-urlencoded", "application/graphql":
		return true
	}
	return strings.HasSuffix(mt, "+json") || strings.HasSuffix(mt, "+xml")
}

// clientIP is the request's remote address without its port.
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// domainPrefix is the first label of the host name, as in requestContext.
func domainPrefix(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	prefix, _, _ := strings.Cut(host, ".")
	return prefix
}

func (g *Gateway) localAddr(r *http.Request) string {
	if a, ok := r.Context().Value(http.LocalAddrContextKey).(net.Addr); ok {
		return a.String()
	}
	return r.Host
}
