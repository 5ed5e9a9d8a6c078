package httpx

import (
	"context"
	"net/http"
	"time"
)

// budgetKey holds the request's own deadline (the Lambda invocation's)
// under the earlier one Budget gives the handler.
type budgetKey struct{}

// cleanupMargin is what CleanupContext leaves before the invocation's own
// deadline: the time to write the answer and hand it to the runtime.
const cleanupMargin = 500 * time.Millisecond

// cleanupWithoutDeadline bounds CleanupContext when the request has no
// deadline (tests, a plain net/http server).
const cleanupWithoutDeadline = 5 * time.Second

// Budget gives every request a deadline reserve before its own (the
// Lambda invocation's, which the adapter puts in the request context), or
// a quarter of the time left when that is less. A dependency that stalls
// then fails the handler's call (context.DeadlineExceeded, which
// httpx.Error answers as 503 service_unavailable) while the function still
// has the reserve to undo what it wrote (CleanupContext) and to answer,
// instead of being killed at its timeout, which the user would see as API
// Gateway's bare 500. A request without a deadline is served unchanged.
func Budget(reserve time.Duration) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			deadline, ok := r.Context().Deadline()
			if !ok {
				next.ServeHTTP(w, r)
				return
			}
			keep := min(reserve, time.Until(deadline)/4)
			ctx := context.WithValue(r.Context(), budgetKey{}, deadline)
			ctx, cancel := context.WithDeadline(ctx, deadline.Add(-keep))
			defer cancel()
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// CleanupContext returns a context for work that must still run after
// ctx has ended, such as the compensating write that undoes half a
// request: it keeps ctx's values but not its cancellation, and ends
// shortly before the invocation's own deadline (when Budget set one) or
// after a few seconds.
func CleanupContext(ctx context.Context) (context.Context, context.CancelFunc) {
	detached := context.WithoutCancel(ctx)
	if deadline, ok := ctx.Value(budgetKey{}).(time.Time); ok {
		return context.WithDeadline(detached, deadline.Add(-cleanupMargin))
	}
	return context.WithTimeout(detached, cleanupWithoutDeadline)
}
