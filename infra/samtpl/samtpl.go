package samtpl

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Defaults for the pseudo parameters when Options leaves them empty.
const (
	DefaultAccountID = "123456789012"
	DefaultRegion    = "eu-central-2"
	DefaultStackName = "remat-local"
)

// Options sets the values a deployment would provide.
type Options struct {
	// Parameters overrides template parameters by name; every other
	// parameter takes its Default. Naming a parameter the template does not
	// declare is an error (it is almost always a typo). AllowedValues is
	// deliberately not enforced, so the local cloud may use e.g. Stage=local.
	Parameters map[string]string
	// AccountID is AWS::AccountId (default DefaultAccountID).
	AccountID string
	// Region is AWS::Region (default DefaultRegion).
	Region string
	// StackName is AWS::StackName (default DefaultStackName).
	StackName string
}

// Template is a resolved SAM template. Slices are sorted by logical id, so
// the result is deterministic; callers may read but should not modify it.
type Template struct {
	Description string
	// Parameters holds every parameter's effective value (list parameters
	// joined with commas).
	Parameters map[string]string
	// Conditions holds every condition's value.
	Conditions map[string]bool
	// Resources holds every resource whose Condition holds, with resolved
	// properties, including types this package does not model.
	Resources []Resource
	// Functions are the AWS::Serverless::Function resources, Globals merged.
	Functions []Function
	// Tables are the AWS::DynamoDB::Table resources.
	Tables []Table
	// Buckets are the AWS::S3::Bucket resources.
	Buckets []Bucket
	// Outputs holds each output's resolved value (lists joined with commas).
	Outputs map[string]string

	// resolver evaluates intrinsics in values the template did not
	// resolve itself (expanded SAM policy templates).
	resolver *resolver

	// raw and opts keep the template as written, for CheckEmulated.
	raw  *rawTemplate
	opts Options
}

// Resource is any resource of the template after intrinsic resolution.
type Resource struct {
	LogicalID string
	Type      string
	// Properties after resolution: map[string]any, []any, string, int,
	// float64, bool or nil, as decoded from YAML.
	Properties map[string]any
}

// Function is an AWS::Serverless::Function with Globals.Function merged in.
type Function struct {
	LogicalID string
	// Name is FunctionName if set, else the logical id.
	Name          string
	CodeURI       string
	Handler       string
	Runtime       string
	Architectures []string
	// Timeout in seconds (SAM default 3 when unset).
	Timeout int
	// MemorySize in MB (SAM default 128 when unset).
	MemorySize int
	// Env is Environment.Variables: Globals first, the function's own
	// variables override. Never nil.
	Env map[string]string
	// Routes are the HttpApi events, sorted by Path then Method. Method is
	// upper-cased (ANY stays ANY); Path is as written in the template. An
	// event without Path and Method is the default route {ANY $default}.
	Routes []Route
	// Events are all events of the function (any Type), sorted by name,
	// with resolved properties, for event sources other than HttpApi.
	Events []Event
	// Policies is the resolved Policies property as written: SAM policy
	// templates, inline documents and managed policy names (see
	// Template.FunctionPolicies, which expands them).
	Policies []any
	// Role is an explicit execution role (SAM then adds no policies).
	Role string
	// Tracing is Active or PassThrough ("" when unset).
	Tracing string
}

// Route is one HTTP API route.
type Route struct {
	Method string
	Path   string
}

// String returns "METHOD /path".
func (r Route) String() string { return r.Method + " " + r.Path }

// Event is one entry of a function's Events.
type Event struct {
	Name       string
	Type       string
	Properties map[string]any
}

// Bucket is an AWS::S3::Bucket.
type Bucket struct {
	LogicalID string
	// Name is BucketName if set, else the lower-cased logical id.
	Name string
}

// Load reads and resolves the template at path.
func Load(path string, opts Options) (*Template, error) {
	data, err := os.ReadFile(path) //nolint:gosec // G304: the template path is the caller's choice
	if err != nil {
		return nil, fmt.Errorf("samtpl: %w", err)
	}
	t, err := Parse(data, opts)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// rawTemplate is the template after short-form expansion, before resolution.
type rawTemplate struct {
	Description string                  `yaml:"Description"`
	Parameters  map[string]rawParameter `yaml:"Parameters"`
	Mappings    map[string]any          `yaml:"Mappings"`
	Conditions  map[string]any          `yaml:"Conditions"`
	Globals     map[string]any          `yaml:"Globals"`
	Resources   map[string]rawResource  `yaml:"Resources"`
	Outputs     map[string]rawOutput    `yaml:"Outputs"`

	// sections is every top-level section as written (short forms
	// expanded, nothing resolved), attributes and all: the fields above
	// drop what the local cloud does not read, CheckEmulated needs it.
	sections map[string]any
}

type rawParameter struct {
	Type    string `yaml:"Type"`
	Default any    `yaml:"Default"`
}

type rawResource struct {
	Type       string         `yaml:"Type"`
	Condition  string         `yaml:"Condition"`
	Properties map[string]any `yaml:"Properties"`
}

type rawOutput struct {
	Condition string `yaml:"Condition"`
	Value     any    `yaml:"Value"`
}

// Parse resolves a template given as YAML (or JSON) bytes.
func Parse(data []byte, opts Options) (*Template, error) {
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("samtpl: parse: %w", err)
	}
	if err := expandShortForm(&doc); err != nil {
		return nil, fmt.Errorf("samtpl: %w", err)
	}
	var raw rawTemplate
	if err := doc.Decode(&raw); err != nil {
		return nil, fmt.Errorf("samtpl: decode: %w", err)
	}
	if err := doc.Decode(&raw.sections); err != nil {
		return nil, fmt.Errorf("samtpl: decode: %w", err)
	}
	if len(raw.Resources) == 0 {
		return nil, errors.New("samtpl: template has no Resources")
	}
	if opts.AccountID == "" {
		opts.AccountID = DefaultAccountID
	}
	if opts.Region == "" {
		opts.Region = DefaultRegion
	}
	if opts.StackName == "" {
		opts.StackName = DefaultStackName
	}

	r, err := newResolver(&raw, opts)
	if err != nil {
		return nil, err
	}
	t := &Template{
		Description: strings.TrimSpace(raw.Description),
		Parameters:  make(map[string]string, len(r.params)),
		Conditions:  make(map[string]bool, len(raw.Conditions)),
		Outputs:     make(map[string]string, len(raw.Outputs)),
		resolver:    r,
		raw:         &raw,
		opts:        opts,
	}
	for name, v := range r.params {
		t.Parameters[name] = scalarString(v)
	}
	for _, name := range slices.Sorted(maps.Keys(raw.Conditions)) {
		ok, err := r.condition(name)
		if err != nil {
			return nil, err
		}
		t.Conditions[name] = ok
	}

	var globalFunction map[string]any
	if g, ok := raw.Globals["Function"]; ok {
		globalFunction, ok = g.(map[string]any)
		if !ok {
			return nil, errors.New("samtpl: Globals.Function: want a mapping")
		}
	}

	for _, id := range slices.Sorted(maps.Keys(raw.Resources)) {
		res := raw.Resources[id]
		if res.Condition != "" {
			ok, err := r.condition(res.Condition)
			if err != nil {
				return nil, fmt.Errorf("samtpl: resource %s: %w", id, err)
			}
			if !ok {
				continue
			}
		}
		props := res.Properties
		if res.Type == typeServerlessFunction && globalFunction != nil {
			props, _ = mergeGlobals(globalFunction, props).(map[string]any)
		}
		resolved, err := r.resolve(props, "Resources."+id+".Properties")
		if err != nil {
			return nil, fmt.Errorf("samtpl: %w", err)
		}
		pm, _ := resolved.(map[string]any)
		if pm == nil {
			pm = map[string]any{}
		}
		t.Resources = append(t.Resources, Resource{LogicalID: id, Type: res.Type, Properties: pm})

		switch res.Type {
		case typeServerlessFunction:
			f, err := buildFunction(id, pm)
			if err != nil {
				return nil, fmt.Errorf("samtpl: resource %s: %w", id, err)
			}
			t.Functions = append(t.Functions, f)
		case typeDynamoDBTable:
			tb, err := buildTable(id, pm)
			if err != nil {
				return nil, fmt.Errorf("samtpl: resource %s: %w", id, err)
			}
			t.Tables = append(t.Tables, tb)
		case typeS3Bucket:
			name, err := r.physicalName(id)
			if err != nil {
				return nil, err
			}
			t.Buckets = append(t.Buckets, Bucket{LogicalID: id, Name: name})
		}
	}

	for _, name := range slices.Sorted(maps.Keys(raw.Outputs)) {
		out := raw.Outputs[name]
		if out.Condition != "" {
			ok, err := r.condition(out.Condition)
			if err != nil {
				return nil, fmt.Errorf("samtpl: output %s: %w", name, err)
			}
			if !ok {
				continue
			}
		}
		v, err := r.resolve(out.Value, "Outputs."+name+".Value")
		if err != nil {
			return nil, fmt.Errorf("samtpl: %w", err)
		}
		t.Outputs[name] = scalarString(v)
	}
	return t, nil
}

// Resource returns the resource with the given logical id.
func (t *Template) Resource(logicalID string) (Resource, bool) {
	i, ok := slices.BinarySearchFunc(t.Resources, logicalID, func(r Resource, id string) int { return strings.Compare(r.LogicalID, id) })
	if !ok {
		return Resource{}, false
	}
	return t.Resources[i], true
}

// Function returns the function with the given logical id.
func (t *Template) Function(logicalID string) (Function, bool) {
	for _, f := range t.Functions {
		if f.LogicalID == logicalID {
			return f, true
		}
	}
	return Function{}, false
}

// Table returns the table with the given logical id.
func (t *Template) Table(logicalID string) (Table, bool) {
	for _, tb := range t.Tables {
		if tb.LogicalID == logicalID {
			return tb, true
		}
	}
	return Table{}, false
}

// Bucket returns the bucket with the given logical id.
func (t *Template) Bucket(logicalID string) (Bucket, bool) {
	for _, b := range t.Buckets {
		if b.LogicalID == logicalID {
			return b, true
		}
	}
	return Bucket{}, false
}

// Routes returns every function's routes, sorted by Path then Method, each
// with the logical id of the function that serves it.
func (t *Template) Routes() []FunctionRoute {
	var out []FunctionRoute
	for _, f := range t.Functions {
		for _, rt := range f.Routes {
			out = append(out, FunctionRoute{Route: rt, FunctionID: f.LogicalID})
		}
	}
	slices.SortFunc(out, func(a, b FunctionRoute) int { return compareRoutes(a.Route, b.Route) })
	return out
}

// FunctionRoute is a route together with the function serving it.
type FunctionRoute struct {
	Route
	FunctionID string
}

func compareRoutes(a, b Route) int {
	if c := strings.Compare(a.Path, b.Path); c != 0 {
		return c
	}
	return strings.Compare(a.Method, b.Method)
}

// functionProps is the subset of AWS::Serverless::Function properties the
// local cloud uses.
type functionProps struct {
	FunctionName  string   `yaml:"FunctionName"`
	CodeURI       any      `yaml:"CodeUri"`
	Handler       string   `yaml:"Handler"`
	Runtime       string   `yaml:"Runtime"`
	Architectures []string `yaml:"Architectures"`
	Timeout       any      `yaml:"Timeout"`
	MemorySize    any      `yaml:"MemorySize"`
	Environment   struct {
		Variables map[string]any `yaml:"Variables"`
	} `yaml:"Environment"`
	Events map[string]struct {
		Type       string         `yaml:"Type"`
		Properties map[string]any `yaml:"Properties"`
	} `yaml:"Events"`
	Policies any    `yaml:"Policies"`
	Role     any    `yaml:"Role"`
	Tracing  string `yaml:"Tracing"`
}

func buildFunction(id string, props map[string]any) (Function, error) {
	var p functionProps
	if err := decodeValue(props, &p); err != nil {
		return Function{}, err
	}
	f := Function{
		LogicalID:     id,
		Name:          cmp.Or(p.FunctionName, id),
		Handler:       p.Handler,
		Runtime:       p.Runtime,
		Architectures: p.Architectures,
		Env:           make(map[string]string, len(p.Environment.Variables)),
	}
	if s, ok := p.CodeURI.(string); ok {
		f.CodeURI = s
	}
	// SAM accepts one policy or a list of them.
	switch pol := p.Policies.(type) {
	case nil:
	case []any:
		f.Policies = pol
	default:
		f.Policies = []any{pol}
	}
	if p.Role != nil {
		f.Role = scalarString(p.Role)
	}
	f.Tracing = p.Tracing
	var err error
	if f.Timeout, err = intValue(p.Timeout, 3); err != nil {
		return Function{}, fmt.Errorf("property Timeout: %w", err)
	}
	if f.MemorySize, err = intValue(p.MemorySize, 128); err != nil {
		return Function{}, fmt.Errorf("property MemorySize: %w", err)
	}
	for k, v := range p.Environment.Variables {
		switch v.(type) {
		case []any, map[string]any:
			return Function{}, fmt.Errorf("Environment.Variables.%s: want a scalar, got %T", k, v)
		}
		f.Env[k] = scalarString(v)
	}
	for _, name := range slices.Sorted(maps.Keys(p.Events)) {
		ev := p.Events[name]
		f.Events = append(f.Events, Event{Name: name, Type: ev.Type, Properties: ev.Properties})
		if ev.Type != "HttpApi" {
			continue
		}
		method, _ := ev.Properties["Method"].(string)
		path, _ := ev.Properties["Path"].(string)
		if method == "" && path == "" {
			method, path = "ANY", "$default"
		}
		if method == "" || path == "" {
			return Function{}, fmt.Errorf("event %s: HttpApi needs both Path and Method", name)
		}
		f.Routes = append(f.Routes, Route{Method: strings.ToUpper(method), Path: path})
	}
	slices.SortFunc(f.Routes, compareRoutes)
	return f, nil
}

// decodeValue converts a resolved generic value into a typed struct through
// YAML, so the structs' yaml tags (which must name every field: yaml.v3
// would otherwise expect lower-case keys) define the mapping.
func decodeValue(v any, out any) error {
	var n yaml.Node
	if err := n.Encode(v); err != nil {
		return err
	}
	return n.Decode(out)
}

func intValue(v any, def int) (int, error) {
	switch x := v.(type) {
	case nil:
		return def, nil
	case int:
		return x, nil
	case float64:
		if x != float64(int(x)) {
			return 0, fmt.Errorf("want an integer, got %v", x)
		}
		return int(x), nil
	case string:
		n, err := strconv.Atoi(strings.TrimSpace(x))
		if err != nil {
			return 0, fmt.Errorf("want an integer, got %q", x)
		}
		return n, nil
	default:
		return 0, fmt.Errorf("want an integer, got %T", v)
	}
}

// scalarString renders a resolved value as CloudFormation would pass it to
// a string property: lists are comma-joined, nil is empty.
func scalarString(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case int:
		return strconv.Itoa(x)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = scalarString(e)
		}
		return strings.Join(parts, ",")
	default:
		return fmt.Sprint(x)
	}
}
