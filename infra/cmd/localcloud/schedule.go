package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"github.com/remat/remat/infra/gateway"
	"github.com/remat/remat/infra/samtpl"
)

// firstScheduledRun is when each enabled schedule first fires after start,
// so `make dev` shows the scheduled work without waiting for the rate.
const firstScheduledRun = 10 * time.Second

// invoker runs a function with a payload (*lambdart.Service).
type invoker interface {
	Invoke(ctx context.Context, name string, payload []byte) ([]byte, error)
}

// scheduler plays EventBridge for the template's Schedule events: each
// enabled rate schedule invokes its function with a "Scheduled Event"
// 10 s after start and then every period; Trigger (POST
// /_dev/schedule/<id>) runs any scheduled function now. Cron schedules
// are not timed locally, only triggered.
type scheduler struct {
	lambdas   invoker
	schedules map[string]samtpl.Schedule // by function logical id
	region    string
	accountID string
	log       *slog.Logger
	stop      context.CancelFunc
	wg        sync.WaitGroup
}

var _ gateway.Scheduler = (*scheduler)(nil)

func newScheduler(lambdas invoker, list []samtpl.Schedule, region, accountID string, log *slog.Logger) *scheduler {
	s := &scheduler{lambdas: lambdas, schedules: map[string]samtpl.Schedule{}, region: region, accountID: accountID, log: log}
	for _, sc := range list {
		if _, dup := s.schedules[sc.Function]; !dup || sc.Enabled {
			s.schedules[sc.Function] = sc
		}
	}
	return s
}

// start begins the timed runs; stopAll ends them and waits.
func (s *scheduler) start(first time.Duration) {
	ctx, cancel := context.WithCancel(context.Background())
	s.stop = cancel
	for _, sc := range s.schedules {
		if !sc.Enabled || sc.Every <= 0 {
			continue
		}
		s.wg.Go(func() {
			timer := time.NewTimer(first)
			defer timer.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-timer.C:
				}
				if err := s.run(ctx, sc); err != nil && ctx.Err() == nil {
					s.log.Warn("localcloud: scheduled run failed", "function", sc.Function, "err", err.Error())
				}
				timer.Reset(sc.Every)
			}
		})
	}
}

func (s *scheduler) stopAll() error {
	if s.stop != nil {
		s.stop()
	}
	s.wg.Wait()
	return nil
}

// Trigger implements gateway.Scheduler.
func (s *scheduler) Trigger(ctx context.Context, function string) error {
	sc, ok := s.schedules[function]
	if !ok {
		return fmt.Errorf("%w: %s", gateway.ErrNoSchedule, function)
	}
	return s.run(ctx, sc)
}

// run invokes sc's function with the event EventBridge would send.
func (s *scheduler) run(ctx context.Context, sc samtpl.Schedule) error {
	var id [16]byte
	_, _ = rand.Read(id[:])
	ev := events.CloudWatchEvent{
		Version:    "0",
		ID:         hex.EncodeToString(id[:]),
		DetailType: "Scheduled Event",
		Source:     "aws.events",
		AccountID:  s.accountID,
		Time:       time.Now().UTC().Truncate(time.Second),
		Region:     s.region,
		Resources:  []string{fmt.Sprintf("arn:aws:events:%s:%s:rule/%s-%s", s.region, s.accountID, sc.Function, sc.Event)},
		Detail:     json.RawMessage("{}"),
	}
	payload, err := json.Marshal(ev)
	if err != nil {
		return fmt.Errorf("localcloud: schedule %s: %w", sc.Function, err)
	}
	start := time.Now()
	if _, err := s.lambdas.Invoke(ctx, sc.Function, payload); err != nil {
		return fmt.Errorf("localcloud: schedule %s: %w", sc.Function, err)
	}
	s.log.Info("localcloud: scheduled run", "function", sc.Function, "schedule", sc.Expression, "ms", time.Since(start).Milliseconds())
	return nil
}
