package imageproc

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"

	"github.com/aws/aws-lambda-go/events"
)

// HandleEvent is the images function's Lambda handler: it processes the
// object of every ObjectCreated record of ev that is in the processor's
// bucket (S3 sends one record per event; more are handled in turn). The
// keys arrive URL-encoded, as S3 writes them. The error joins those of
// the records that could not be processed: the invocation fails and
// Lambda retries it, which redoes only what is not done.
func (p *Processor) HandleEvent(ctx context.Context, ev events.S3Event) error {
	var errs []error
	for _, r := range ev.Records {
		if !strings.HasPrefix(r.EventName, "ObjectCreated:") {
			slog.WarnContext(ctx, "imageproc: ignoring event", "event", r.EventName)
			continue
		}
		if r.S3.Bucket.Name != p.bucket {
			slog.WarnContext(ctx, "imageproc: ignoring another bucket's event", "bucket", r.S3.Bucket.Name)
			continue
		}
		key, err := url.QueryUnescape(r.S3.Object.Key)
		if err != nil {
			slog.WarnContext(ctx, "imageproc: ignoring an undecodable key", "key", r.S3.Object.Key)
			continue
		}
		if _, err := p.Process(ctx, key); err != nil {
			errs = append(errs, err)
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("imageproc: event: %w", err)
	}
	return nil
}
