package samtpl

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// PolicyTemplatesPath is where aws-sam-cli's translator keeps SAM's policy
// templates inside a Python environment, relative to its site-packages.
const PolicyTemplatesPath = "samtranslator/policy_templates_data/policy_templates.json"

// PolicyTemplates are SAM's policy templates (SSMParameterReadPolicy,
// DynamoDBCrudPolicy, …) as the SAM translator expands them, read from the
// translator's own policy_templates.json rather than copied by hand.
type PolicyTemplates struct {
	// Version is the file's version field.
	Version   string
	templates map[string]policyTemplate
}

type policyTemplate struct {
	Definition map[string]any            `json:"Definition"`
	Parameters map[string]map[string]any `json:"Parameters"`
}

// FindPolicyTemplates returns the policy_templates.json of the SAM
// translator installed in the project's Python environment (.venv under
// moduleRoot), or an error saying how to install it.
func FindPolicyTemplates(moduleRoot string) (string, error) {
	pattern := filepath.Join(moduleRoot, ".venv", "lib", "python3*", "site-packages", filepath.FromSlash(PolicyTemplatesPath))
	matches, err := filepath.Glob(pattern)
	if err != nil {
		return "", fmt.Errorf("samtpl: policy templates: %w", err)
	}
	if len(matches) == 0 {
		return "", fmt.Errorf("samtpl: SAM's policy templates (%s) are not installed under %s: run `make tools` (it installs aws-sam-cli into .venv)",
			PolicyTemplatesPath, filepath.Join(moduleRoot, ".venv"))
	}
	slices.Sort(matches)
	return matches[len(matches)-1], nil
}

// LoadPolicyTemplates reads a policy_templates.json.
func LoadPolicyTemplates(path string) (*PolicyTemplates, error) {
	data, err := os.ReadFile(path) //nolint:gosec // G304: the file of the installed SAM translator
	if err != nil {
		return nil, fmt.Errorf("samtpl: policy templates: %w", err)
	}
	var doc struct {
		Version   string                    `json:"Version"`
		Templates map[string]policyTemplate `json:"Templates"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("samtpl: policy templates %s: %w", path, err)
	}
	if len(doc.Templates) == 0 {
		return nil, fmt.Errorf("samtpl: policy templates %s: no Templates", path)
	}
	return &PolicyTemplates{Version: doc.Version, templates: doc.Templates}, nil
}

// Names returns the template names, sorted.
func (pt *PolicyTemplates) Names() []string { return slices.Sorted(maps.Keys(pt.templates)) }

// FunctionPolicy is one policy of a function's execution role, as a
// policy document (a mapping with Statement) ready for iam.ParsePolicy.
type FunctionPolicy struct {
	// Name says where it comes from: "ProductsFunction Policies[2]" or
	// "ProductsFunction Policies[1] (SSMParameterReadPolicy)", or the
	// managed policy SAM attaches on its own.
	Name string
	// Document is the resolved policy document.
	Document map[string]any
	// Implicit marks the managed policies SAM attaches to every function
	// role by itself (CloudWatch Logs; X-Ray with Tracing: Active).
	Implicit bool
}

// The AWS managed policies SAM attaches to a function's generated role:
// AWSLambdaBasicExecutionRole always, AWSXrayWriteOnlyAccess with
// Tracing: Active. Their documents are AWS's published ones.
var (
	basicExecutionRole = map[string]any{"Version": "2012-10-17", "Statement": []any{map[string]any{
		"Effect": "Allow", "Resource": "*",
		"Action": []any{"logs:CreateLogGroup", "logs:CreateLogStream", "logs:PutLogEvents"},
	}}}
	xrayWriteOnlyAccess = map[string]any{"Version": "2012-10-17", "Statement": []any{map[string]any{
		"Effect": "Allow", "Resource": "*",
		"Action": []any{"xray:PutTraceSegments", "xray:PutTelemetryRecords", "xray:GetSamplingRules",
			"xray:GetSamplingTargets", "xray:GetSamplingStatisticSummaries"},
	}}}
)

// FunctionPolicies expands fn's Policies the way the SAM translator does:
// an inline document stays as it is, a policy template ({Name: {Param:
// value}}) becomes its Definition with the parameters substituted and the
// intrinsics resolved (pseudo parameters and all), and SAM's implicit
// managed policies are added. Managed policies named by the template
// (a string entry) are refused: their content is AWS's, not the
// template's, and the local cloud cannot know it. Every problem is named
// with the function and the entry's index.
func (t *Template) FunctionPolicies(fn Function, pt *PolicyTemplates) ([]FunctionPolicy, error) {
	if fn.Role != "" {
		return nil, fmt.Errorf("samtpl: %s: Role: an explicit execution role is not emulated by the local cloud (use Policies)", fn.LogicalID)
	}
	var out []FunctionPolicy
	var errs []error
	for i, entry := range fn.Policies {
		name := fmt.Sprintf("%s Policies[%d]", fn.LogicalID, i)
		doc, tmplName, err := t.expandPolicy(entry, pt, name)
		if err != nil {
			errs = append(errs, fmt.Errorf("samtpl: %s: %w", name, err))
			continue
		}
		if tmplName != "" {
			name += " (" + tmplName + ")"
		}
		out = append(out, FunctionPolicy{Name: name, Document: doc})
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	out = append(out, FunctionPolicy{Name: fn.LogicalID + " AWSLambdaBasicExecutionRole", Document: basicExecutionRole, Implicit: true})
	if fn.Tracing == "Active" {
		out = append(out, FunctionPolicy{Name: fn.LogicalID + " AWSXrayWriteOnlyAccess", Document: xrayWriteOnlyAccess, Implicit: true})
	}
	return out, nil
}

func (t *Template) expandPolicy(entry any, pt *PolicyTemplates, path string) (map[string]any, string, error) {
	switch e := entry.(type) {
	case string:
		return nil, "", fmt.Errorf("managed policy %q: managed policies are not emulated by the local cloud (write the statements inline)", e)
	case map[string]any:
		if _, ok := e["Statement"]; ok {
			return e, "", nil
		}
		if len(e) != 1 {
			return nil, "", errors.New("want a policy document (with Statement) or one SAM policy template ({Name: {Parameter: value}})")
		}
		var name string
		var args any
		for name, args = range e {
		}
		if pt == nil {
			return nil, "", fmt.Errorf("policy template %s: SAM's policy templates were not loaded", name)
		}
		tmpl, ok := pt.templates[name]
		if !ok {
			return nil, "", fmt.Errorf("%q is neither a policy document nor a SAM policy template", name)
		}
		params, ok := args.(map[string]any)
		if !ok && args != nil {
			return nil, "", fmt.Errorf("policy template %s: want a mapping of its parameters, got %T", name, args)
		}
		var problems []string
		for p := range tmpl.Parameters {
			if _, ok := params[p]; !ok {
				problems = append(problems, "missing parameter "+p)
			}
		}
		for p := range params {
			if _, ok := tmpl.Parameters[p]; !ok {
				problems = append(problems, "unknown parameter "+p)
			}
		}
		if len(problems) > 0 {
			slices.Sort(problems)
			return nil, "", fmt.Errorf("policy template %s: %s (it takes %s)", name, strings.Join(problems, ", "), strings.Join(slices.Sorted(maps.Keys(tmpl.Parameters)), ", "))
		}
		def := substituteRefs(tmpl.Definition, params)
		resolved, err := t.resolver.resolve(def, path+"."+name)
		if err != nil {
			return nil, "", fmt.Errorf("policy template %s: %w", name, err)
		}
		doc, ok := resolved.(map[string]any)
		if !ok {
			return nil, "", fmt.Errorf("policy template %s: its definition is not a policy document", name)
		}
		return doc, name, nil
	default:
		return nil, "", fmt.Errorf("want a policy document, a SAM policy template or a managed policy name, got %T", entry)
	}
}

// substituteRefs returns a deep copy of v with every {"Ref": P} whose P is
// a template parameter replaced by its value, as the SAM translator does
// before CloudFormation resolves the rest.
func substituteRefs(v any, params map[string]any) any {
	switch x := v.(type) {
	case map[string]any:
		if len(x) == 1 {
			if name, ok := x["Ref"].(string); ok {
				if val, ok := params[name]; ok {
					return val
				}
			}
		}
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = substituteRefs(e, params)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = substituteRefs(e, params)
		}
		return out
	default:
		return v
	}
}

// BucketPolicy is an AWS::S3::BucketPolicy: the bucket's name and its
// resolved policy document.
type BucketPolicy struct {
	LogicalID string
	Bucket    string
	Document  map[string]any
}

// BucketPolicies returns the template's bucket policies.
func (t *Template) BucketPolicies() ([]BucketPolicy, error) {
	var out []BucketPolicy
	for _, res := range t.Resources {
		if res.Type != "AWS::S3::BucketPolicy" {
			continue
		}
		bucket, _ := res.Properties["Bucket"].(string)
		doc, _ := res.Properties["PolicyDocument"].(map[string]any)
		if bucket == "" || doc == nil {
			return nil, fmt.Errorf("samtpl: %s: a bucket policy needs Bucket and PolicyDocument", res.LogicalID)
		}
		out = append(out, BucketPolicy{LogicalID: res.LogicalID, Bucket: bucket, Document: doc})
	}
	return out, nil
}

// SSMParameter is an AWS::SSM::Parameter the stack creates.
type SSMParameter struct {
	LogicalID string
	Name      string
	// Type is String or StringList (CloudFormation cannot create
	// SecureString parameters).
	Type  string
	Value string
}

// SSMParameters returns the template's AWS::SSM::Parameter resources with
// their resolved names and values.
func (t *Template) SSMParameters() ([]SSMParameter, error) {
	var out []SSMParameter
	for _, res := range t.Resources {
		if res.Type != "AWS::SSM::Parameter" {
			continue
		}
		name, _ := res.Properties["Name"].(string)
		typ, _ := res.Properties["Type"].(string)
		if name == "" || typ == "" {
			return nil, fmt.Errorf("samtpl: %s: the local cloud needs an SSM parameter's Name and Type", res.LogicalID)
		}
		out = append(out, SSMParameter{LogicalID: res.LogicalID, Name: name, Type: typ, Value: scalarString(res.Properties["Value"])})
	}
	return out, nil
}
