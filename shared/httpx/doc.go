// Package httpx holds the HTTP plumbing every Remat function shares: JSON
// responses, the error renderer for the apperr vocabulary, strict JSON
// request decoding, the standard middleware chain, the client address, and
// the request's time budget (Budget, CleanupContext: a stalled dependency
// fails the call in time to undo and answer before the Lambda's timeout).
//
// Handlers are plain net/http code on an http.ServeMux with method patterns;
// NewHandler wraps such a mux with everything a Lambda behind API Gateway
// (through aws-lambda-go-api-proxy) needs, so tests drive exactly the handler
// that runs in production.
//
// Response bodies:
//
//	error:   {"error":{"code":"validation_failed","message":"...","fields":{"email":"invalid_email"}}}
//	success: {"message":"message_sent","id":"..."} or a resource
package httpx
