package lambdart

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrUnknownFunction is returned by Invoke for a name that was never added.
var ErrUnknownFunction = errors.New("unknown function")

// ErrClosed is returned by Invoke and Add once Close has been called.
var ErrClosed = errors.New("lambda service closed")

// FunctionError is an invocation that failed inside the function: the
// handler returned an error or panicked (reported by the runtime on
// /invocation/{id}/error), or the process died while handling the event
// (Type "Runtime.ExitError", as on AWS).
type FunctionError struct {
	Function  string
	RequestID string
	// Type and Message are the runtime's errorType and errorMessage.
	Type    string
	Message string
	// StackTrace is the runtime's stackTrace as sent, if any.
	StackTrace json.RawMessage
}

func (e *FunctionError) Error() string {
	return fmt.Sprintf("function error (request %s): %s: %s", e.RequestID, e.Type, e.Message)
}

// TimeoutError is an invocation that did not finish within the function's
// timeout. The instance that ran it has been killed.
type TimeoutError struct {
	Function  string
	RequestID string
	Timeout   time.Duration
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("request %s: task timed out after %.2f seconds", e.RequestID, e.Timeout.Seconds())
}

// InitError is an instance that failed before it asked for its first event:
// the process exited (Type "Runtime.ExitError") or the runtime posted to
// /runtime/init/error (Type as posted). The invocation never ran.
type InitError struct {
	Function string
	Type     string
	Message  string
	// Output holds the last lines the process wrote, which usually say why
	// (for example a missing setting logged before os.Exit).
	Output []string
}

func (e *InitError) Error() string {
	msg := fmt.Sprintf("init failed: %s: %s", e.Type, e.Message)
	if n := len(e.Output); n > 0 {
		msg += " (last output: " + strings.TrimSpace(e.Output[n-1]) + ")"
	}
	return msg
}

// PayloadTooLargeError is an invocation whose request payload exceeds
// Lambda's synchronous invocation limit (MaxPayloadSize). Nothing ran.
type PayloadTooLargeError struct {
	Function string
	Size     int
	Limit    int
}

func (e *PayloadTooLargeError) Error() string {
	return fmt.Sprintf("request payload of %d bytes exceeds the %d bytes limit", e.Size, e.Limit)
}
