package awsx

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
)

// transientChecks are the SDK's own rules for an error worth another
// attempt: throttling codes (ProvisionedThroughputExceededException,
// ThrottlingException, SlowDown, TooManyRequestsException, ...), HTTP 500,
// 502, 503 and 504, RequestTimeout, and broken or timed-out connections.
var transientChecks = retry.IsErrorRetryables(retry.DefaultRetryables)

// Transient reports whether err is a dependency failure that passes: a
// call the SDK would have retried (and did, as often as its retryer
// allows, before returning err), a retry quota spent on such failures, or
// the function's own deadline reached while waiting on a dependency
// (context.DeadlineExceeded). A user who sends the same request again
// later can succeed, so the API answers 503 service_unavailable (see
// httpx.Error) rather than 500. Refusals such as AccessDenied, a failed
// condition or a validation error are not transient.
func Transient(err error) bool {
	if err == nil {
		return false
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return true
	}
	return transientChecks.IsErrorRetryable(err) == aws.TrueTernary
}
