package lambdart

import (
	"cmp"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
)

// MaxPayloadSize is Lambda's limit for a synchronous invocation's request
// and response payloads (6 MB).
const MaxPayloadSize = 6 * 1024 * 1024

// Defaults for Options and Function fields left zero.
const (
	DefaultMaxInstances  = 4
	DefaultTimeout       = 3 * time.Second // SAM's default Timeout
	DefaultMemorySize    = 128             // SAM's default MemorySize
	DefaultRegion        = "eu-central-2"
	DefaultAccountID     = "000000000000"
	DefaultShutdownGrace = 2 * time.Second
)

// Function is one function the service can run.
type Function struct {
	// Name identifies the function in Invoke and is its
	// AWS_LAMBDA_FUNCTION_NAME (the template's logical id locally).
	Name string
	// Binary is the path of the compiled bootstrap executable. The process
	// runs in the binary's directory, like /var/task on AWS.
	Binary string
	// Handler is _HANDLER (default "bootstrap").
	Handler string
	// Timeout bounds each invocation (default DefaultTimeout).
	Timeout time.Duration
	// MemorySize in MB is advertised in AWS_LAMBDA_FUNCTION_MEMORY_SIZE
	// (default DefaultMemorySize); it is not enforced.
	MemorySize int
	// Env is the function's environment (template Environment.Variables).
	Env map[string]string
	// Credentials, when set, are the function's own (its role's session),
	// given to the process as AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and
	// AWS_SESSION_TOKEN like the Lambda runtime does; they override
	// Options.Env.
	Credentials aws.Credentials
}

// Options configures a Service. The zero value is usable.
type Options struct {
	// Logger receives the service's own events (cold starts, crashes,
	// timeouts). Default slog.Default().
	Logger *slog.Logger
	// Output receives every line the function processes write to stdout
	// and stderr, prefixed with "[FunctionName] ". Default os.Stderr.
	Output io.Writer
	// MaxInstances caps the instances per function (default
	// DefaultMaxInstances).
	MaxInstances int
	// Env is added to every function's environment after the function's
	// own variables (the local cloud puts its endpoints and fake
	// credentials here). The runtime's reserved variables
	// (AWS_LAMBDA_RUNTIME_API, AWS_LAMBDA_FUNCTION_NAME, _HANDLER, ...)
	// cannot be overridden.
	Env map[string]string
	// Region and AccountID make up the invoked function ARN and the default
	// AWS_REGION (defaults DefaultRegion and DefaultAccountID).
	Region    string
	AccountID string
	// ShutdownGrace is how long Close waits after SIGTERM before it sends
	// SIGKILL (default DefaultShutdownGrace).
	ShutdownGrace time.Duration
}

// Stats describes one function's pool.
type Stats struct {
	// Instances is the number of live processes, Busy those running an
	// invocation now.
	Instances, Busy int
	// ColdStarts counts processes started, Invocations invocations handed
	// to an instance.
	ColdStarts, Invocations int
	// LastInit is the init duration of the most recent cold start: from
	// process start to its first /next request.
	LastInit time.Duration
}

// Service runs functions on demand. It is safe for concurrent use. Close
// must be called to stop the processes it started.
type Service struct {
	opts   Options
	outMu  sync.Mutex // serialises lines on opts.Output
	closed atomic.Bool
	done   chan struct{}
	wg     sync.WaitGroup // one per live instance

	mu  sync.Mutex
	fns map[string]*function
}

// New returns a Service with no functions.
func New(opts Options) *Service {
	opts.Logger = cmp.Or(opts.Logger, slog.Default())
	if opts.Output == nil {
		opts.Output = os.Stderr
	}
	opts.MaxInstances = cmp.Or(opts.MaxInstances, DefaultMaxInstances)
	opts.Region = cmp.Or(opts.Region, DefaultRegion)
	opts.AccountID = cmp.Or(opts.AccountID, DefaultAccountID)
	opts.ShutdownGrace = cmp.Or(opts.ShutdownGrace, DefaultShutdownGrace)
	opts.Env = maps.Clone(opts.Env)
	return &Service{opts: opts, done: make(chan struct{}), fns: map[string]*function{}}
}

// Add registers a function. It starts nothing: the first Invoke does. The
// binary must exist; names must be unique.
func (s *Service) Add(fn Function) error {
	if fn.Name == "" {
		return errors.New("lambdart: add: function without a name")
	}
	if s.closed.Load() {
		return fmt.Errorf("lambdart: add %s: %w", fn.Name, ErrClosed)
	}
	st, err := os.Stat(fn.Binary)
	if err != nil {
		return fmt.Errorf("lambdart: add %s: %w", fn.Name, err)
	}
	if st.IsDir() || st.Mode().Perm()&0o111 == 0 {
		return fmt.Errorf("lambdart: add %s: %s is not an executable file", fn.Name, fn.Binary)
	}
	fn.Handler = cmp.Or(fn.Handler, "bootstrap")
	fn.Timeout = cmp.Or(fn.Timeout, DefaultTimeout)
	fn.MemorySize = cmp.Or(fn.MemorySize, DefaultMemorySize)
	fn.Env = maps.Clone(fn.Env)

	s.mu.Lock()
	defer s.mu.Unlock()
	if _, dup := s.fns[fn.Name]; dup {
		return fmt.Errorf("lambdart: add %s: already added", fn.Name)
	}
	s.fns[fn.Name] = &function{
		svc:       s,
		cfg:       fn,
		arn:       fmt.Sprintf("arn:aws:lambda:%s:%s:function:%s", s.opts.Region, s.opts.AccountID, fn.Name),
		idle:      make(chan *instance),
		instances: map[*instance]struct{}{},
		changed:   make(chan struct{}),
	}
	return nil
}

// Functions returns the names of the added functions, sorted.
func (s *Service) Functions() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Sorted(maps.Keys(s.fns))
}

// Stats returns the pool statistics of the named function.
func (s *Service) Stats(name string) (Stats, bool) {
	fn, err := s.function(name)
	if err != nil {
		return Stats{}, false
	}
	fn.mu.Lock()
	defer fn.mu.Unlock()
	st := fn.stats
	st.Instances, st.Busy = len(fn.instances), fn.busy
	return st, true
}

// Invoke runs one synchronous invocation of the named function with the
// given JSON payload and returns the function's JSON response. It starts an
// instance when none is free (a cold start) and waits for one when the pool
// is full. Errors wrap *FunctionError, *TimeoutError, *InitError,
// *PayloadTooLargeError, ErrUnknownFunction, ErrClosed or ctx's error. When
// ctx ends during an invocation Invoke returns at once but the instance
// finishes the event, as on AWS.
func (s *Service) Invoke(ctx context.Context, name string, payload []byte) ([]byte, error) {
	fn, err := s.function(name)
	if err != nil {
		return nil, fmt.Errorf("lambdart: invoke %s: %w", name, err)
	}
	out, err := fn.invoke(ctx, payload)
	if err != nil {
		return nil, fmt.Errorf("lambdart: invoke %s: %w", name, err)
	}
	return out, nil
}

// Close stops every instance (SIGTERM, then SIGKILL after
// Options.ShutdownGrace) and returns once all processes have exited.
// Pending and later invokes fail with ErrClosed. Close is idempotent.
func (s *Service) Close() error {
	if s.closed.Swap(true) {
		s.wg.Wait()
		return nil
	}
	close(s.done)
	s.mu.Lock()
	fns := slices.Collect(maps.Values(s.fns))
	s.mu.Unlock()
	var all []*instance
	for _, fn := range fns {
		fn.mu.Lock()
		all = slices.AppendSeq(all, maps.Keys(fn.instances))
		fn.mu.Unlock()
	}
	var wg sync.WaitGroup
	for _, inst := range all {
		wg.Go(func() { inst.shutdown(s.opts.ShutdownGrace) })
	}
	wg.Wait()
	s.wg.Wait()
	return nil
}

func (s *Service) function(name string) (*function, error) {
	if s.closed.Load() {
		return nil, ErrClosed
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	fn, ok := s.fns[name]
	if !ok {
		return nil, ErrUnknownFunction
	}
	return fn, nil
}

// function is one function's pool of instances.
type function struct {
	svc *Service
	cfg Function
	arn string
	// idle carries instances that wait in /next to the invokes that need
	// one; it is unbuffered, so a receive means the instance is free now.
	idle chan *instance

	mu        sync.Mutex // guards the fields below and every instance's state
	instances map[*instance]struct{}
	busy      int // instances running an invocation
	waiting   int // invokes waiting for an instance
	seq       int
	// changed is closed (and replaced) whenever an instance exits, so
	// waiting invokes re-check whether they should start one.
	changed chan struct{}
	stats   Stats
}

// invocation is one event on its way through an instance.
type invocation struct {
	id       string
	payload  []byte
	deadline time.Time
	traceID  string
	start    time.Time
	done     chan result // buffered; receives exactly one result
	once     sync.Once
}

type result struct {
	payload []byte
	err     error
}

func (inv *invocation) finish(r result) {
	inv.once.Do(func() { inv.done <- r })
}

func (fn *function) invoke(ctx context.Context, payload []byte) ([]byte, error) {
	if len(payload) > MaxPayloadSize {
		return nil, &PayloadTooLargeError{Function: fn.cfg.Name, Size: len(payload), Limit: MaxPayloadSize}
	}
	inv := &invocation{id: newUUID(), payload: payload, traceID: newTraceID(), done: make(chan result, 1)}
	inst, err := fn.acquire(ctx, inv)
	if err != nil {
		return nil, err
	}
	timer := time.NewTimer(time.Until(inv.deadline))
	defer timer.Stop()
	select {
	case r := <-inv.done:
		fn.svc.opts.Logger.Debug("lambda report", "function", fn.cfg.Name, "requestId", inv.id,
			"duration", time.Since(inv.start), "error", r.err != nil)
		return r.payload, r.err
	case <-timer.C:
		fn.svc.opts.Logger.Warn("lambda timeout: killing the instance", "function", fn.cfg.Name,
			"requestId", inv.id, "instance", inst.seq, "timeout", fn.cfg.Timeout)
		inst.kill()
		return nil, &TimeoutError{Function: fn.cfg.Name, RequestID: inv.id, Timeout: fn.cfg.Timeout}
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-fn.svc.done:
		return nil, ErrClosed
	}
}

// acquire hands inv to a free instance, starting one when fewer instances
// are free than invokes wait for one, and returns that instance.
func (fn *function) acquire(ctx context.Context, inv *invocation) (*instance, error) {
	fn.mu.Lock()
	fn.waiting++
	fn.mu.Unlock()
	assigned := false
	defer func() {
		if !assigned {
			fn.mu.Lock()
			fn.waiting--
			fn.mu.Unlock()
		}
	}()

	var mine *instance // the instance this invoke started, if any
	for {
		fn.mu.Lock()
		if mine != nil && mine.initErr != nil {
			fn.mu.Unlock()
			return nil, mine.initErr
		}
		free := len(fn.instances) - fn.busy
		if mine == nil && free < fn.waiting && len(fn.instances) < fn.svc.opts.MaxInstances {
			inst, err := fn.startLocked()
			if err != nil {
				fn.mu.Unlock()
				return nil, err
			}
			mine = inst
		}
		changed := fn.changed
		fn.mu.Unlock()

		var initFailed <-chan struct{}
		if mine != nil {
			initFailed = mine.initFailed
		}
		select {
		case inst := <-fn.idle:
			if inst.assign(inv) {
				assigned = true
				return inst, nil
			}
		case <-initFailed:
			return nil, mine.initErr
		case <-changed:
			// An instance exited: maybe ours, maybe one we waited for.
			if mine != nil {
				fn.mu.Lock()
				if _, live := fn.instances[mine]; !live && mine.initErr == nil {
					mine = nil // it served others and died later; start anew
				}
				fn.mu.Unlock()
			}
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-fn.svc.done:
			return nil, ErrClosed
		}
	}
}

// newUUID returns a random (version 4) UUID, the format of Lambda request
// ids.
func newUUID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:32]
}

// newTraceID returns an X-Ray trace header in Lambda's format, not sampled
// (nothing collects traces locally).
func newTraceID() string {
	var b [20]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("Root=1-%08x-%s;Parent=%s;Sampled=0",
		time.Now().Unix(), hex.EncodeToString(b[:12]), hex.EncodeToString(b[12:]))
}
