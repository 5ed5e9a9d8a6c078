package samtpl

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Resource types this package models.
const (
	typeServerlessFunction = "AWS::Serverless::Function"
	typeLambdaFunction     = "AWS::Lambda::Function"
	typeDynamoDBTable      = "AWS::DynamoDB::Table"
	typeS3Bucket           = "AWS::S3::Bucket"
	typeResponseHeaders    = "AWS::CloudFront::ResponseHeadersPolicy"
	typeDistribution       = "AWS::CloudFront::Distribution"
)

// noValue is what Ref AWS::NoValue resolves to; containers drop it.
type noValue struct{}

// resolver evaluates intrinsic functions against local values. Physical
// names and conditions are computed on demand and cached; the in-progress
// sets turn reference cycles into errors instead of endless recursion.
type resolver struct {
	raw     *rawTemplate
	opts    Options
	params  map[string]any // string or []any for list parameters
	conds   map[string]bool
	inCond  map[string]bool
	names   map[string]string
	inNames map[string]bool
}

func newResolver(raw *rawTemplate, opts Options) (*resolver, error) {
	r := &resolver{
		raw:     raw,
		opts:    opts,
		params:  make(map[string]any, len(raw.Parameters)),
		conds:   map[string]bool{},
		inCond:  map[string]bool{},
		names:   map[string]string{},
		inNames: map[string]bool{},
	}
	for name := range opts.Parameters {
		if _, ok := raw.Parameters[name]; !ok {
			return nil, fmt.Errorf("samtpl: parameter override %q: the template declares no such parameter", name)
		}
	}
	for name, p := range raw.Parameters {
		var value string
		if v, ok := opts.Parameters[name]; ok {
			value = v
		} else if p.Default != nil {
			value = scalarString(p.Default)
		} else {
			return nil, fmt.Errorf("samtpl: parameter %s has no Default; set it in Options.Parameters", name)
		}
		if p.Type == "CommaDelimitedList" || strings.HasPrefix(p.Type, "List<") {
			var list []any
			for s := range strings.SplitSeq(value, ",") {
				list = append(list, strings.TrimSpace(s))
			}
			r.params[name] = list
		} else {
			r.params[name] = value
		}
	}
	return r, nil
}

// resolve returns v with every intrinsic function evaluated. Only single-key
// mappings whose key is Ref or Fn::* are intrinsics; {Condition: X} is one
// only inside condition expressions, because IAM statements use the same key.
func (r *resolver) resolve(v any, path string) (any, error) {
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 1 {
			for k, arg := range x {
				if k == "Ref" || strings.HasPrefix(k, "Fn::") {
					out, err := r.intrinsic(k, arg, path)
					if err != nil {
						return nil, err
					}
					return out, nil
				}
			}
		}
		out := make(map[string]any, len(x))
		for _, k := range slices.Sorted(maps.Keys(x)) {
			rv, err := r.resolve(x[k], path+"."+k)
			if err != nil {
				return nil, err
			}
			if _, drop := rv.(noValue); !drop {
				out[k] = rv
			}
		}
		return out, nil
	case []any:
		out := make([]any, 0, len(x))
		for i, e := range x {
			rv, err := r.resolve(e, fmt.Sprintf("%s[%d]", path, i))
			if err != nil {
				return nil, err
			}
			if _, drop := rv.(noValue); !drop {
				out = append(out, rv)
			}
		}
		return out, nil
	default:
		return v, nil
	}
}

func (r *resolver) intrinsic(fn string, arg any, path string) (any, error) {
	wrap := func(err error) error { return fmt.Errorf("%s: %s: %w", path, fn, err) }
	switch fn {
	case "Ref":
		name, ok := arg.(string)
		if !ok {
			return nil, wrap(fmt.Errorf("want a name, got %T", arg))
		}
		v, err := r.ref(name)
		if err != nil {
			return nil, wrap(err)
		}
		return v, nil

	case "Fn::GetAtt":
		var res, attr string
		switch a := arg.(type) {
		case string:
			var ok bool
			if res, attr, ok = strings.Cut(a, "."); !ok {
				return nil, wrap(fmt.Errorf("%q: want Resource.Attribute", a))
			}
		case []any:
			args, err := r.resolveStrings(a, path)
			if err != nil || len(args) != 2 {
				return nil, wrap(errors.New("want [Resource, Attribute]"))
			}
			res, attr = args[0], args[1]
		default:
			return nil, wrap(fmt.Errorf("want [Resource, Attribute], got %T", arg))
		}
		v, err := r.getAtt(res, attr)
		if err != nil {
			return nil, wrap(err)
		}
		return v, nil

	case "Fn::Sub":
		var tmpl string
		vars := map[string]any{}
		switch a := arg.(type) {
		case string:
			tmpl = a
		case []any:
			if len(a) != 2 {
				return nil, wrap(errors.New("want a string or [string, {variables}]"))
			}
			s, ok := a[0].(string)
			m, ok2 := a[1].(map[string]any)
			if !ok || !ok2 {
				return nil, wrap(errors.New("want [string, {variables}]"))
			}
			tmpl = s
			for k, v := range m {
				rv, err := r.resolve(v, path+"."+k)
				if err != nil {
					return nil, err
				}
				vars[k] = rv
			}
		default:
			return nil, wrap(fmt.Errorf("want a string, got %T", arg))
		}
		s, err := r.sub(tmpl, vars)
		if err != nil {
			return nil, wrap(err)
		}
		return s, nil

	case "Fn::If":
		a, ok := arg.([]any)
		if !ok || len(a) != 3 {
			return nil, wrap(errors.New("want [Condition, ValueIfTrue, ValueIfFalse]"))
		}
		name, ok := a[0].(string)
		if !ok {
			return nil, wrap(errors.New("the first argument must be a condition name"))
		}
		cond, err := r.condition(name)
		if err != nil {
			return nil, wrap(err)
		}
		if cond {
			return r.resolve(a[1], path+"[1]")
		}
		return r.resolve(a[2], path+"[2]")

	case "Fn::Equals":
		a, ok := arg.([]any)
		if !ok || len(a) != 2 {
			return nil, wrap(errors.New("want [value, value]"))
		}
		x, err := r.resolve(a[0], path+"[0]")
		if err != nil {
			return nil, err
		}
		y, err := r.resolve(a[1], path+"[1]")
		if err != nil {
			return nil, err
		}
		return scalarString(x) == scalarString(y), nil

	case "Fn::And", "Fn::Or":
		a, ok := arg.([]any)
		if !ok || len(a) == 0 {
			return nil, wrap(errors.New("want a list of conditions"))
		}
		and := fn == "Fn::And"
		for i, c := range a {
			b, err := r.evalCondition(c, fmt.Sprintf("%s[%d]", path, i))
			if err != nil {
				return nil, err
			}
			if b != and {
				return b, nil
			}
		}
		return and, nil

	case "Fn::Not":
		a, ok := arg.([]any)
		if !ok || len(a) != 1 {
			return nil, wrap(errors.New("want [condition]"))
		}
		b, err := r.evalCondition(a[0], path+"[0]")
		if err != nil {
			return nil, err
		}
		return !b, nil

	case "Fn::Join":
		a, ok := arg.([]any)
		if !ok || len(a) != 2 {
			return nil, wrap(errors.New("want [delimiter, [values]]"))
		}
		sep, ok := a[0].(string)
		if !ok {
			return nil, wrap(errors.New("the delimiter must be a string"))
		}
		list, err := r.resolve(a[1], path+"[1]")
		if err != nil {
			return nil, err
		}
		items, ok := list.([]any)
		if !ok {
			return nil, wrap(errors.New("the second argument must be a list"))
		}
		parts := make([]string, len(items))
		for i, it := range items {
			switch it.(type) {
			case []any, map[string]any:
				return nil, wrap(fmt.Errorf("item %d is not a scalar", i))
			}
			parts[i] = scalarString(it)
		}
		return strings.Join(parts, sep), nil

	case "Fn::Split":
		a, ok := arg.([]any)
		if !ok || len(a) != 2 {
			return nil, wrap(errors.New("want [delimiter, string]"))
		}
		args, err := r.resolveStrings(a, path)
		if err != nil {
			return nil, wrap(err)
		}
		var out []any
		for _, s := range strings.Split(args[1], args[0]) {
			out = append(out, s)
		}
		return out, nil

	case "Fn::Select":
		a, ok := arg.([]any)
		if !ok || len(a) != 2 {
			return nil, wrap(errors.New("want [index, list]"))
		}
		idx, err := r.resolve(a[0], path+"[0]")
		if err != nil {
			return nil, err
		}
		i, err := intValue(idx, -1)
		if err != nil {
			return nil, wrap(err)
		}
		list, err := r.resolve(a[1], path+"[1]")
		if err != nil {
			return nil, err
		}
		items, ok := list.([]any)
		if !ok || i < 0 || i >= len(items) {
			return nil, wrap(fmt.Errorf("index %d out of range", i))
		}
		return items[i], nil

	case "Fn::FindInMap":
		a, ok := arg.([]any)
		if !ok || len(a) < 3 {
			return nil, wrap(errors.New("want [MapName, TopLevelKey, SecondLevelKey]"))
		}
		keys, err := r.resolveStrings(a[:3], path)
		if err != nil {
			return nil, wrap(err)
		}
		m, _ := r.raw.Mappings[keys[0]].(map[string]any)
		top, _ := m[keys[1]].(map[string]any)
		v, ok := top[keys[2]]
		if !ok {
			if len(a) == 4 { // Fn::FindInMap with DefaultValue (LanguageExtensions)
				if d, ok := a[3].(map[string]any); ok {
					if dv, ok := d["DefaultValue"]; ok {
						return r.resolve(dv, path+"[3]")
					}
				}
			}
			return nil, wrap(fmt.Errorf("no mapping %s.%s.%s", keys[0], keys[1], keys[2]))
		}
		return r.resolve(v, path)

	case "Fn::GetAZs":
		return []any{r.opts.Region + "a", r.opts.Region + "b", r.opts.Region + "c"}, nil

	case "Fn::Base64":
		// Kept as plain text: nothing local decodes it, and it stays readable.
		return r.resolve(arg, path)

	case "Fn::ImportValue":
		v, err := r.resolve(arg, path)
		if err != nil {
			return nil, err
		}
		return "import:" + scalarString(v), nil

	default:
		return nil, wrap(errors.New("not supported by the local resolver"))
	}
}

func (r *resolver) resolveStrings(args []any, path string) ([]string, error) {
	out := make([]string, len(args))
	for i, a := range args {
		v, err := r.resolve(a, fmt.Sprintf("%s[%d]", path, i))
		if err != nil {
			return nil, err
		}
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("argument %d: want a string, got %T", i, v)
		}
		out[i] = s
	}
	return out, nil
}

// evalCondition evaluates a condition expression: {Condition: Name} or any
// intrinsic yielding a bool.
func (r *resolver) evalCondition(v any, path string) (bool, error) {
	if m, ok := v.(map[string]any); ok && len(m) == 1 {
		if name, ok := m["Condition"]; ok {
			s, ok := name.(string)
			if !ok {
				return false, fmt.Errorf("%s: Condition: want a name", path)
			}
			return r.condition(s)
		}
	}
	out, err := r.resolve(v, path)
	if err != nil {
		return false, err
	}
	switch b := out.(type) {
	case bool:
		return b, nil
	case string:
		if pb, err := strconv.ParseBool(b); err == nil {
			return pb, nil
		}
	}
	return false, fmt.Errorf("%s: condition is not a boolean (%v)", path, out)
}

// condition returns the value of the named entry of Conditions.
func (r *resolver) condition(name string) (bool, error) {
	if v, ok := r.conds[name]; ok {
		return v, nil
	}
	expr, ok := r.raw.Conditions[name]
	if !ok {
		return false, fmt.Errorf("unknown condition %q", name)
	}
	if r.inCond[name] {
		return false, fmt.Errorf("condition %q refers to itself", name)
	}
	r.inCond[name] = true
	defer delete(r.inCond, name)
	v, err := r.evalCondition(expr, "Conditions."+name)
	if err != nil {
		return false, err
	}
	r.conds[name] = v
	return v, nil
}

// ref implements Ref: parameters, pseudo parameters, then resources.
func (r *resolver) ref(name string) (any, error) {
	if v, ok := r.params[name]; ok {
		return v, nil
	}
	switch name {
	case "AWS::AccountId":
		return r.opts.AccountID, nil
	case "AWS::Region":
		return r.opts.Region, nil
	case "AWS::Partition":
		return "aws", nil
	case "AWS::URLSuffix":
		return "amazonaws.com", nil
	case "AWS::StackName":
		return r.opts.StackName, nil
	case "AWS::StackId":
		return fmt.Sprintf("arn:aws:cloudformation:%s:%s:stack/%s/local", r.opts.Region, r.opts.AccountID, r.opts.StackName), nil
	case "AWS::NotificationARNs":
		return []any{}, nil
	case "AWS::NoValue":
		return noValue{}, nil
	}
	if _, ok := r.raw.Resources[name]; ok {
		return r.physicalName(name)
	}
	return nil, fmt.Errorf("%q is neither a parameter nor a resource", name)
}

// nameProperty is the property holding a resource's physical name, for the
// types whose Ref returns that name.
var nameProperty = map[string]string{
	typeDynamoDBTable:      "TableName",
	typeS3Bucket:           "BucketName",
	typeServerlessFunction: "FunctionName",
	typeLambdaFunction:     "FunctionName",
}

// physicalName is what Ref returns for a resource: its resolved name
// property where the type has one (TableName, BucketName, ...), otherwise
// the logical id (the local stand-in for a generated id).
func (r *resolver) physicalName(id string) (string, error) {
	if n, ok := r.names[id]; ok {
		return n, nil
	}
	res := r.raw.Resources[id]
	name := id
	if res.Type == typeS3Bucket {
		name = strings.ToLower(id)
	}
	if prop, ok := nameProperty[res.Type]; ok {
		if raw, ok := res.Properties[prop]; ok {
			if r.inNames[id] {
				return "", fmt.Errorf("resource %s: %s refers to itself", id, prop)
			}
			r.inNames[id] = true
			v, err := r.resolve(raw, "Resources."+id+".Properties."+prop)
			delete(r.inNames, id)
			if err != nil {
				return "", err
			}
			s, ok := v.(string)
			if !ok {
				return "", fmt.Errorf("resource %s: %s: want a string, got %T", id, prop, v)
			}
			name = s
		}
	}
	r.names[id] = name
	return name, nil
}

// getAtt returns a fake but well-formed attribute value.
func (r *resolver) getAtt(id, attr string) (any, error) {
	res, ok := r.raw.Resources[id]
	if !ok {
		return nil, fmt.Errorf("unknown resource %q", id)
	}
	name, err := r.physicalName(id)
	if err != nil {
		return nil, err
	}
	region, account := r.opts.Region, r.opts.AccountID
	switch res.Type + "." + attr {
	case typeDynamoDBTable + ".Arn":
		return fmt.Sprintf("arn:aws:dynamodb:%s:%s:table/%s", region, account, name), nil
	case typeDynamoDBTable + ".StreamArn":
		return fmt.Sprintf("arn:aws:dynamodb:%s:%s:table/%s/stream/1970-01-01T00:00:00.000", region, account, name), nil
	case typeS3Bucket + ".Arn":
		return "arn:aws:s3:::" + name, nil
	case typeS3Bucket + ".DomainName":
		return name + ".s3.amazonaws.com", nil
	case typeS3Bucket + ".RegionalDomainName":
		return fmt.Sprintf("%s.s3.%s.amazonaws.com", name, region), nil
	case typeServerlessFunction + ".Arn", typeLambdaFunction + ".Arn":
		return fmt.Sprintf("arn:aws:lambda:%s:%s:function:%s", region, account, name), nil
	case typeDistribution + ".DomainName":
		return strings.ToLower(id) + ".cloudfront.net", nil
	}
	if attr == "Arn" || strings.HasSuffix(attr, ".Arn") || strings.HasSuffix(attr, "ARN") {
		return fmt.Sprintf("arn:aws:local:%s:%s:%s/%s", region, account, id, attr), nil
	}
	return fmt.Sprintf("%s-%s", name, strings.ToLower(strings.ReplaceAll(attr, ".", "-"))), nil
}

var subVar = regexp.MustCompile(`\$\{([^}]*)\}`)

// sub implements Fn::Sub: ${Name} is a variable, parameter, pseudo
// parameter or resource (Ref), ${Res.Attr} is GetAtt, ${!Text} is literal.
func (r *resolver) sub(tmpl string, vars map[string]any) (string, error) {
	var firstErr error
	out := subVar.ReplaceAllStringFunc(tmpl, func(m string) string {
		inner := strings.TrimSpace(m[2 : len(m)-1])
		if strings.HasPrefix(inner, "!") {
			return "${" + inner[1:] + "}"
		}
		var v any
		var err error
		if val, ok := vars[inner]; ok {
			v = val
		} else if res, attr, ok := strings.Cut(inner, "."); ok && !strings.HasPrefix(inner, "AWS::") {
			v, err = r.getAtt(res, attr)
		} else {
			v, err = r.ref(inner)
		}
		if err == nil {
			switch v.(type) {
			case []any, map[string]any, noValue:
				err = fmt.Errorf("${%s} is not a string", inner)
			}
		}
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			return m
		}
		return scalarString(v)
	})
	return out, firstErr
}
