// Package faults is the local cloud's fault table: rules that make chosen
// calls to DynamoDB, S3 or SES fail with the error the real service sends,
// or stall, so tests can show what a user sees and what is left written
// when a dependency fails in the middle of a request.
//
// A Fault names a service and optionally narrows it to an operation (the
// API's name, PutItem, or the IAM action, dynamodb:PutItem), the calling
// function (its logical id), a table or bucket, and a key prefix (an item's
// partition or sort key, an object key, a recipient address). It applies to
// the next Count matching calls, or to every one until it is cleared.
// Each emulator builds a Call for every request it has authorized and asks
// Inject what to do: proceed, answer with an *APIError in its own wire
// shape, or (a stall the caller gave up on) drop the request unanswered.
// A stalled call whose caller hangs up is never carried out: the stall
// models a call that did not reach the service, not one whose answer was
// lost.
//
// The table is set over HTTP by the local gateway's dev endpoint
// (Handler: POST, GET and DELETE /_dev/faults) and directly by tests.
package faults

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"
)

// Services a fault can target.
const (
	DynamoDB = "dynamodb"
	S3       = "s3"
	SES      = "ses"
)

// MaxStall bounds a fault's stall: longer than any function's timeout, so
// a stall can outlast every caller, but never a hung test.
const MaxStall = 5 * time.Minute

// APIError is an error answer in a service's terms: the HTTP status, the
// error code on the wire (DynamoDB's __type, S3's <Code>, SES's
// x-amzn-ErrorType) and the message.
type APIError struct {
	Status  int
	Code    string
	Message string
}

// Errors are the errors a fault may inject, by service and by the name a
// fault gives (the code the SDK reports). They are the answers the real
// services send when they are throttled or fail internally; the SDK
// retries every one of them.
var Errors = map[string]map[string]APIError{
	DynamoDB: {
		"InternalServerError": {500, "com.amazonaws.dynamodb.v20120810#InternalServerError", "Internal server error"},
		"ProvisionedThroughputExceededException": {400, "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
			"The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API."},
		"ThrottlingException":  {400, "com.amazon.coral.availability#ThrottlingException", "Rate of requests exceeds the allowed throughput."},
		"RequestLimitExceeded": {400, "com.amazonaws.dynamodb.v20120810#RequestLimitExceeded", "Throughput exceeds the current throughput limit for your account. Please contact AWS Support at https://aws.amazon.com/support request a limit increase"},
	},
	S3: {
		"InternalError":      {500, "InternalError", "We encountered an internal error. Please try again."},
		"SlowDown":           {503, "SlowDown", "Please reduce your request rate."},
		"ServiceUnavailable": {503, "ServiceUnavailable", "Service is unable to handle request."},
	},
	SES: {
		"TooManyRequestsException": {429, "TooManyRequestsException", "Too many requests have been made to the operation."},
		"InternalFailure":          {500, "InternalFailure", "The request processing has failed because of an unknown error, exception or failure."},
	},
}

// Fault is one rule of the table, in the JSON shape of the dev endpoint.
type Fault struct {
	// ID is given by the table ("f1", "f2", ...).
	ID string `json:"id"`
	// Service is dynamodb, s3 or ses.
	Service string `json:"service"`
	// Operation narrows to one operation: the API's name (PutItem,
	// TransactWriteItems, HeadObject, PutObject, SendEmail) or the IAM
	// action (dynamodb:PutItem, s3:GetObject: GET and HEAD), any case.
	Operation string `json:"operation,omitempty"`
	// Principal narrows to one caller: a function's logical id
	// (ContactRequestFunction), cloudfront, root or anonymous.
	Principal string `json:"principal,omitempty"`
	// Resource narrows to one table or bucket (by name).
	Resource string `json:"resource,omitempty"`
	// KeyPrefix narrows to calls touching a key that starts with it:
	// DynamoDB, a key attribute of an item read or written (or, for Query,
	// a value of the key condition); S3, the object key; SES, a recipient.
	KeyPrefix string `json:"keyPrefix,omitempty"`
	// Error is the error to answer with, one of Errors[Service]; empty
	// means the call proceeds after the stall.
	Error string `json:"error,omitempty"`
	// StallSeconds delays the call (before the error, if any).
	StallSeconds float64 `json:"stallSeconds,omitempty"`
	// Count is how many matching calls the fault applies to; 0 means every
	// one until it is cleared.
	Count int `json:"count,omitempty"`
	// Hits counts the calls it applied to so far; Active turns false once
	// Count calls were hit.
	Hits   int  `json:"hits"`
	Active bool `json:"active"`
}

// Validate reports what is wrong with f as a new rule.
func (f Fault) Validate() error {
	var problems []string
	errs, ok := Errors[f.Service]
	if !ok {
		problems = append(problems, fmt.Sprintf("service %q: want dynamodb, s3 or ses", f.Service))
	}
	if f.Error != "" && ok {
		if _, known := errs[f.Error]; !known {
			problems = append(problems, fmt.Sprintf("error %q: want one of %s", f.Error, strings.Join(sortedKeys(errs), ", ")))
		}
	}
	if f.Error == "" && f.StallSeconds == 0 {
		problems = append(problems, "want an error, a stallSeconds or both")
	}
	if f.StallSeconds < 0 || time.Duration(f.StallSeconds*float64(time.Second)) > MaxStall {
		problems = append(problems, fmt.Sprintf("stallSeconds %g: want 0 to %g", f.StallSeconds, MaxStall.Seconds()))
	}
	if f.Count < 0 {
		problems = append(problems, fmt.Sprintf("count %d: want 0 (until cleared) or more", f.Count))
	}
	if len(problems) > 0 {
		return fmt.Errorf("faults: %s", strings.Join(problems, "; "))
	}
	return nil
}

func sortedKeys(m map[string]APIError) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Call is one authorized request to an emulator, as the table matches it.
type Call struct {
	Service string
	// Operation is the API operation (PutItem, HeadObject, SendEmail).
	Operation string
	// Action is the IAM action the operation is authorized as
	// (dynamodb:PutItem, s3:GetObject, ses:SendEmail).
	Action string
	// Principal is the caller's name (iam.Principal.Name), "" if unknown.
	Principal string
	// Targets are the tables or buckets and the keys the call touches.
	Targets []Target
}

// Target is a table or bucket and the keys a call touches in it.
type Target struct {
	Resource string
	Keys     []string
}

func (f *Fault) matches(c Call) bool {
	if !f.Active || f.Service != c.Service {
		return false
	}
	if op := f.Operation; op != "" && !strings.EqualFold(op, c.Operation) && !strings.EqualFold(op, c.Action) {
		return false
	}
	if f.Principal != "" && f.Principal != c.Principal {
		return false
	}
	if f.Resource == "" && f.KeyPrefix == "" {
		return true
	}
	for _, t := range c.Targets {
		if f.Resource != "" && f.Resource != t.Resource {
			continue
		}
		if f.KeyPrefix == "" || slices.ContainsFunc(t.Keys, func(k string) bool { return strings.HasPrefix(k, f.KeyPrefix) }) {
			return true
		}
	}
	return false
}

// Table is the set of faults. The zero value is not usable; call New.
// Safe for concurrent use.
type Table struct {
	log *slog.Logger

	mu     sync.Mutex
	faults []*Fault
	seq    int
}

// New returns an empty table logging each injection to log (nil: the
// default logger).
func New(log *slog.Logger) *Table {
	if log == nil {
		log = slog.Default()
	}
	return &Table{log: log}
}

// Add validates f and adds it after the faults already there (the first
// matching fault applies). It returns f as stored, with its id.
func (t *Table) Add(f Fault) (Fault, error) {
	if err := f.Validate(); err != nil {
		return Fault{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.seq++
	f.ID, f.Hits, f.Active = fmt.Sprintf("f%d", t.seq), 0, true
	t.faults = append(t.faults, &f)
	return f, nil
}

// List returns every fault, spent ones included, in the order they apply.
func (t *Table) List() []Fault {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]Fault, len(t.faults))
	for i, f := range t.faults {
		out[i] = *f
	}
	return out
}

// Get returns fault id.
func (t *Table) Get(id string) (Fault, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, f := range t.faults {
		if f.ID == id {
			return *f, true
		}
	}
	return Fault{}, false
}

// Remove deletes fault id and reports whether it was there.
func (t *Table) Remove(id string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(t.faults)
	t.faults = slices.DeleteFunc(t.faults, func(f *Fault) bool { return f.ID == id })
	return len(t.faults) < n
}

// Clear deletes every fault and returns how many there were.
func (t *Table) Clear() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := len(t.faults)
	t.faults = nil
	return n
}

// Matches reports whether an active fault matches c, without counting a
// hit (an emulator that has not read the request body yet reads it first,
// so that a caller hanging up during a stall is noticed).
func (t *Table) Matches(c Call) bool {
	if t == nil {
		return false
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.ContainsFunc(t.faults, func(f *Fault) bool { return f.matches(c) })
}

// Inject applies the first active fault matching c, if any: it counts the
// hit, stalls for the fault's StallSeconds and returns the error to answer
// with (nil: carry out the call). A non-nil error means ctx ended during
// the stall (the caller hung up): the emulator must drop the request
// without carrying it out. A nil Table injects nothing.
func (t *Table) Inject(ctx context.Context, c Call) (*APIError, error) {
	if t == nil {
		return nil, nil
	}
	t.mu.Lock()
	var hit *Fault
	for _, f := range t.faults {
		if f.matches(c) {
			hit = f
			break
		}
	}
	if hit == nil {
		t.mu.Unlock()
		return nil, nil
	}
	hit.Hits++
	if hit.Count > 0 && hit.Hits >= hit.Count {
		hit.Active = false
	}
	f := *hit
	t.mu.Unlock()

	t.log.InfoContext(ctx, "faults: injected", "fault", f.ID, "service", c.Service, "operation", c.Operation,
		"principal", c.Principal, "error", f.Error, "stallSeconds", f.StallSeconds)
	if f.StallSeconds > 0 {
		timer := time.NewTimer(time.Duration(f.StallSeconds * float64(time.Second)))
		defer timer.Stop()
		select {
		case <-timer.C:
		case <-ctx.Done():
			t.log.InfoContext(ctx, "faults: the caller gave up during the stall; the call is dropped", "fault", f.ID, "operation", c.Operation)
			return nil, fmt.Errorf("faults: %s %s stalled by %s: %w", c.Service, c.Operation, f.ID, ctx.Err())
		}
	}
	if f.Error == "" {
		return nil, nil
	}
	e := Errors[f.Service][f.Error]
	return &e, nil
}
