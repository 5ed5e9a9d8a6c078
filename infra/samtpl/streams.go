package samtpl

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// StreamSource is a function's DynamoDB event: Lambda polls the table's
// stream and invokes the function synchronously with batches of records,
// in order per shard (an event source mapping).
type StreamSource struct {
	// Function is the function's logical id; Event the event's name.
	Function string
	Event    string
	// StreamARN is the Stream property as resolved
	// (arn:...:table/NAME/stream/LABEL); Table is the table's logical id.
	StreamARN string
	Table     string
	// StartingPosition is TRIM_HORIZON or LATEST.
	StartingPosition string
	// BatchSize is the most records of one invocation (1–10,000, default
	// 100).
	BatchSize int
	// BatchingWindow is how long records are gathered before the function
	// is invoked with fewer than BatchSize (0–300 s, default 0).
	BatchingWindow time.Duration
	// Filters are the FilterCriteria patterns: a record reaches the
	// function when any of them matches it (all records without filters).
	Filters []StreamFilter
	// MaxRetryAttempts bounds the retries of a failed batch; -1 (the
	// default) retries until the records expire.
	MaxRetryAttempts int
	// MaxRecordAge discards older records instead of invoking with them;
	// 0 (the default, written -1) keeps them until they expire.
	MaxRecordAge time.Duration
	// BisectOnError splits a failed batch in two before retrying.
	BisectOnError bool
	// OnFailure is DestinationConfig.OnFailure.Destination: where the
	// discarded records' metadata goes ("" drops it).
	OnFailure string
	// ReportBatchItemFailures lets the function answer which records
	// failed (FunctionResponseTypes: [ReportBatchItemFailures]).
	ReportBatchItemFailures bool
	// Enabled is false when the mapping is disabled: nothing is polled.
	Enabled bool
}

// Limits of an event source mapping for DynamoDB Streams, as Lambda
// enforces them.
const (
	streamBatchSizeDefault = 100
	streamBatchSizeMax     = 10000
	streamWindowMax        = 300
	streamRetriesMax       = 10000
	streamRecordAgeMin     = 60
	streamRecordAgeMax     = 604800
	streamFiltersMax       = 5
)

// StreamSources returns every Type: DynamoDB event of the template's
// functions, in function then event order. An event whose stream is not
// a table's StreamArn, or with a value Lambda would refuse, is an error
// naming the function, the event and the property.
func (t *Template) StreamSources() ([]StreamSource, error) {
	var out []StreamSource
	for _, fn := range t.Functions {
		for _, ev := range fn.Events {
			if ev.Type != "DynamoDB" {
				continue
			}
			s, err := t.streamSource(fn.LogicalID, ev)
			if err != nil {
				return nil, fmt.Errorf("samtpl: %s event %s: %w", fn.LogicalID, ev.Name, err)
			}
			out = append(out, s)
		}
	}
	return out, nil
}

// streamProps are the properties StreamSources reads; CheckEmulated
// refuses the others (features.go).
type streamProps struct {
	Stream                         string `yaml:"Stream"`
	StartingPosition               string `yaml:"StartingPosition"`
	BatchSize                      any    `yaml:"BatchSize"`
	MaximumBatchingWindowInSeconds any    `yaml:"MaximumBatchingWindowInSeconds"`
	MaximumRetryAttempts           any    `yaml:"MaximumRetryAttempts"`
	MaximumRecordAgeInSeconds      any    `yaml:"MaximumRecordAgeInSeconds"`
	BisectBatchOnFunctionError     any    `yaml:"BisectBatchOnFunctionError"`
	Enabled                        any    `yaml:"Enabled"`
	ParallelizationFactor          any    `yaml:"ParallelizationFactor"`
	FilterCriteria                 struct {
		Filters []struct {
			Pattern string `yaml:"Pattern"`
		} `yaml:"Filters"`
	} `yaml:"FilterCriteria"`
	DestinationConfig struct {
		OnFailure struct {
			Destination string `yaml:"Destination"`
		} `yaml:"OnFailure"`
	} `yaml:"DestinationConfig"`
}

func (t *Template) streamSource(function string, ev Event) (StreamSource, error) {
	var p streamProps
	if err := decodeValue(ev.Properties, &p); err != nil {
		return StreamSource{}, err
	}
	// Read apart: CloudFormation accepts a single string as a list.
	types, err := stringList(ev.Properties["FunctionResponseTypes"])
	if err != nil {
		return StreamSource{}, fmt.Errorf("property FunctionResponseTypes: %w", err)
	}
	s := StreamSource{Function: function, Event: ev.Name, StreamARN: p.Stream, StartingPosition: p.StartingPosition,
		OnFailure: p.DestinationConfig.OnFailure.Destination}
	if s.Table, err = t.streamTable(p.Stream); err != nil {
		return StreamSource{}, fmt.Errorf("property Stream: %w", err)
	}
	switch s.StartingPosition {
	case "TRIM_HORIZON", "LATEST":
	case "":
		return StreamSource{}, fmt.Errorf("property StartingPosition: required (TRIM_HORIZON or LATEST)")
	default:
		return StreamSource{}, fmt.Errorf("property StartingPosition: %q: want TRIM_HORIZON or LATEST", s.StartingPosition)
	}
	var window, age, parallel int
	for _, f := range []struct {
		name     string
		v        any
		def      int
		min, max int
		out      *int
	}{
		{"BatchSize", p.BatchSize, streamBatchSizeDefault, 1, streamBatchSizeMax, &s.BatchSize},
		{"MaximumBatchingWindowInSeconds", p.MaximumBatchingWindowInSeconds, 0, 0, streamWindowMax, &window},
		{"MaximumRetryAttempts", p.MaximumRetryAttempts, -1, -1, streamRetriesMax, &s.MaxRetryAttempts},
		{"MaximumRecordAgeInSeconds", p.MaximumRecordAgeInSeconds, -1, -1, streamRecordAgeMax, &age},
		{"ParallelizationFactor", p.ParallelizationFactor, 1, 1, 1, &parallel},
	} {
		n, err := intValue(f.v, f.def)
		if err != nil {
			return StreamSource{}, fmt.Errorf("property %s: %w", f.name, err)
		}
		if f.name == "ParallelizationFactor" && n != 1 {
			return StreamSource{}, fmt.Errorf("property ParallelizationFactor: %d: the local cloud polls each shard with one consumer (only 1 is emulated)", n)
		}
		if n < f.min || n > f.max {
			return StreamSource{}, fmt.Errorf("property %s: %d: want %d to %d", f.name, n, f.min, f.max)
		}
		*f.out = n
	}
	if age != -1 && age < streamRecordAgeMin {
		return StreamSource{}, fmt.Errorf("property MaximumRecordAgeInSeconds: %d: want -1 or %d to %d", age, streamRecordAgeMin, streamRecordAgeMax)
	}
	s.BatchingWindow = time.Duration(window) * time.Second
	if age > 0 {
		s.MaxRecordAge = time.Duration(age) * time.Second
	}
	if s.BisectOnError, err = boolValue(p.BisectBatchOnFunctionError, false); err != nil {
		return StreamSource{}, fmt.Errorf("property BisectBatchOnFunctionError: %w", err)
	}
	if s.Enabled, err = boolValue(p.Enabled, true); err != nil {
		return StreamSource{}, fmt.Errorf("property Enabled: %w", err)
	}
	for _, typ := range types {
		if typ != "ReportBatchItemFailures" {
			return StreamSource{}, fmt.Errorf("property FunctionResponseTypes: %q: want ReportBatchItemFailures", typ)
		}
		s.ReportBatchItemFailures = true
	}
	if len(p.FilterCriteria.Filters) > streamFiltersMax {
		return StreamSource{}, fmt.Errorf("property FilterCriteria: %d filters: Lambda accepts at most %d", len(p.FilterCriteria.Filters), streamFiltersMax)
	}
	for i, f := range p.FilterCriteria.Filters {
		filter, err := ParseStreamFilter(f.Pattern)
		if err != nil {
			return StreamSource{}, fmt.Errorf("property FilterCriteria.Filters[%d].Pattern: %w", i, err)
		}
		s.Filters = append(s.Filters, filter)
	}
	return s, nil
}

// streamTable returns the logical id of the table whose stream arn names.
// GetAtt T.StreamArn resolves to arn:aws:dynamodb:REGION:ACCOUNT:table/
// NAME/stream/LABEL; the local cloud reads the table's current stream, so
// a literal ARN is accepted when it names a table of the template.
func (t *Template) streamTable(arn string) (string, error) {
	if arn == "" {
		return "", fmt.Errorf("required (!GetAtt Table.StreamArn)")
	}
	_, rest, ok := strings.Cut(arn, ":table/")
	name, label, isStream := strings.Cut(rest, "/stream/")
	if !ok || !isStream || name == "" || label == "" || !strings.HasPrefix(arn, "arn:") {
		return "", fmt.Errorf("%q is not a DynamoDB stream ARN (!GetAtt Table.StreamArn)", arn)
	}
	i := slices.IndexFunc(t.Tables, func(tb Table) bool { return tb.Name == name })
	if i < 0 {
		return "", fmt.Errorf("%q: no table %s in the template", arn, name)
	}
	if t.Tables[i].StreamViewType == "" {
		return "", fmt.Errorf("table %s has no StreamSpecification", t.Tables[i].LogicalID)
	}
	return t.Tables[i].LogicalID, nil
}

// boolValue reads a CloudFormation boolean: true, false or their strings.
func boolValue(v any, def bool) (bool, error) {
	switch scalarString(v) {
	case "":
		return def, nil
	case "true":
		return true, nil
	case "false":
		return false, nil
	default:
		return false, fmt.Errorf("want true or false, got %q", scalarString(v))
	}
}

// stringList reads a string or a list of strings.
func stringList(v any) ([]string, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case string:
		return []string{x}, nil
	case []any:
		out := make([]string, 0, len(x))
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return nil, fmt.Errorf("want strings, got %T", e)
			}
			out = append(out, s)
		}
		return out, nil
	default:
		return nil, fmt.Errorf("want a list of strings, got %T", v)
	}
}
