package main

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/remat/remat/infra/s3local"
	"github.com/remat/remat/infra/samtpl"
)

// s3RetryDelays are the waits before the retries of a failed S3-triggered
// invocation. Lambda retries an asynchronous invocation twice, after about
// one and two minutes; locally the same two retries come after a second
// and two, so a failing function shows up at once in the logs.
var s3RetryDelays = []time.Duration{time.Second, 2 * time.Second}

// s3Notifier plays the buckets' event notifications: every object the S3
// emulator stores is matched against the template's S3 events
// (samtpl.S3Notification), and each matching function is invoked with
// the S3 event, asynchronously as on AWS (the upload's answer does not
// wait), retried on failure like Lambda's asynchronous invocations.
type s3Notifier struct {
	region string
	log    *slog.Logger
	retry  []time.Duration

	mu      sync.Mutex
	lambdas invoker // nil until the functions are built
	targets []samtpl.S3Notification
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup
	stopped bool
}

func newS3Notifier(region string, log *slog.Logger) *s3Notifier {
	ctx, cancel := context.WithCancel(context.Background())
	return &s3Notifier{region: region, log: log, retry: s3RetryDelays, ctx: ctx, cancel: cancel}
}

// attach starts delivering to the functions; objects stored before are
// not announced (no function could have received them).
func (n *s3Notifier) attach(lambdas invoker, targets []samtpl.S3Notification) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.lambdas, n.targets = lambdas, targets
}

// objectCreated is the S3 emulator's hook (s3local.Options.OnObjectCreated).
func (n *s3Notifier) objectCreated(obj s3local.ObjectCreated) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.stopped || n.lambdas == nil {
		return
	}
	for _, t := range n.targets {
		if !t.Matches(obj.Bucket, obj.Key, obj.EventName) {
			continue
		}
		payload, err := s3local.NotificationEvent(n.region, t.Event, obj)
		if err != nil {
			n.log.Error("localcloud: S3 event", "function", t.Function, "key", obj.Key, "err", err.Error())
			continue
		}
		lambdas, fn := n.lambdas, t.Function
		n.wg.Go(func() { n.deliver(lambdas, fn, obj, payload) })
	}
}

// deliver invokes fn with payload, retrying after each delay of n.retry.
func (n *s3Notifier) deliver(lambdas invoker, fn string, obj s3local.ObjectCreated, payload []byte) {
	for attempt := 0; ; attempt++ {
		start := time.Now()
		_, err := lambdas.Invoke(n.ctx, fn, payload)
		if err == nil {
			n.log.Info("localcloud: S3 event delivered", "function", fn, "event", obj.EventName,
				"bucket", obj.Bucket, "key", obj.Key, "ms", time.Since(start).Milliseconds())
			return
		}
		if n.ctx.Err() != nil {
			return
		}
		if attempt == len(n.retry) {
			n.log.Error("localcloud: S3 event dropped after retries", "function", fn, "key", obj.Key, "err", err.Error())
			return
		}
		n.log.Warn("localcloud: S3 event failed, retrying", "function", fn, "key", obj.Key, "in", n.retry[attempt], "err", err.Error())
		select {
		case <-time.After(n.retry[attempt]):
		case <-n.ctx.Done():
			return
		}
	}
}

// stop drops later events, ends the waits between retries and waits for
// the invocations in flight.
func (n *s3Notifier) stop() error {
	n.mu.Lock()
	n.stopped = true
	n.mu.Unlock()
	n.cancel()
	n.wg.Wait()
	return nil
}
