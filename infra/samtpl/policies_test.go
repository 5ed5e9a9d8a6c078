package samtpl

import (
	"reflect"
	"strings"
	"testing"
)

// policyTemplates loads the SAM translator's templates from the project's
// .venv (make tools installs it; the test command always has it).
func policyTemplates(t *testing.T) *PolicyTemplates {
	t.Helper()
	root, err := ModuleRoot("")
	if err != nil {
		t.Fatal(err)
	}
	path, err := FindPolicyTemplates(root)
	if err != nil {
		t.Fatal(err)
	}
	pt, err := LoadPolicyTemplates(path)
	if err != nil {
		t.Fatal(err)
	}
	return pt
}

const policyTestTemplate = `Transform: AWS::Serverless-2016-10-31
Parameters:
  Stage:
    Type: String
    Default: dev
Resources:
  Table:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: !Sub app-${Stage}
      AttributeDefinitions:
        - AttributeName: PK
          AttributeType: S
      KeySchema:
        - AttributeName: PK
          KeyType: HASH
  Fn:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: fn
      Tracing: Active
      Policies:
        - SSMParameterWithSlashPrefixReadPolicy:
            ParameterName: !Sub /remat/${Stage}
        - DynamoDBReadPolicy:
            TableName: !Ref Table
        - Statement:
            - Effect: Allow
              Action: s3:GetObject
              Resource: !Sub arn:${AWS::Partition}:s3:::bucket-${Stage}/*
`

func TestFunctionPolicies(t *testing.T) {
	pt := policyTemplates(t)
	tpl, err := Parse([]byte(policyTestTemplate), Options{Parameters: map[string]string{"Stage": "local"}, AccountID: "000000000000", Region: "eu-central-2"})
	if err != nil {
		t.Fatal(err)
	}
	fn, _ := tpl.Function("Fn")
	got, err := tpl.FunctionPolicies(fn, pt)
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(got))
	for i, p := range got {
		names[i] = p.Name
	}
	wantNames := []string{
		"Fn Policies[0] (SSMParameterWithSlashPrefixReadPolicy)",
		"Fn Policies[1] (DynamoDBReadPolicy)",
		"Fn Policies[2]",
		"Fn AWSLambdaBasicExecutionRole",
		"Fn AWSXrayWriteOnlyAccess",
	}
	if !reflect.DeepEqual(names, wantNames) {
		t.Fatalf("got %q, want %q", names, wantNames)
	}
	// The SSM template grants the parameter named by ParameterName: with
	// /remat/local that is the parameter /remat/local itself, not the
	// parameters under it.
	ssm := got[0].Document["Statement"].([]any)[1].(map[string]any)
	if want := "arn:aws:ssm:eu-central-2:000000000000:parameter/remat/local"; ssm["Resource"] != want {
		t.Errorf("SSM resource: got %v, want %s", ssm["Resource"], want)
	}
	ddb := got[1].Document["Statement"].([]any)[0].(map[string]any)
	wantDDB := []any{"arn:aws:dynamodb:eu-central-2:000000000000:table/app-local", "arn:aws:dynamodb:eu-central-2:000000000000:table/app-local/index/*"}
	if !reflect.DeepEqual(ddb["Resource"], wantDDB) {
		t.Errorf("DynamoDB resources: got %v, want %v", ddb["Resource"], wantDDB)
	}
	inline := got[2].Document["Statement"].([]any)[0].(map[string]any)
	if inline["Resource"] != "arn:aws:s3:::bucket-local/*" {
		t.Errorf("inline resource: got %v", inline["Resource"])
	}
	if !got[3].Implicit || got[2].Implicit {
		t.Error("only SAM's own managed policies are implicit")
	}
}

func TestFunctionPoliciesErrors(t *testing.T) {
	pt := policyTemplates(t)
	tests := []struct {
		name, policies, want string
	}{
		{"managed policy", "- AmazonDynamoDBFullAccess", `managed policy "AmazonDynamoDBFullAccess": managed policies are not emulated`},
		{"unknown template", "- SSMParameterReadPolicyy:\n            ParameterName: x", `"SSMParameterReadPolicyy" is neither a policy document nor a SAM policy template`},
		{"missing parameter", "- DynamoDBCrudPolicy: {}", "policy template DynamoDBCrudPolicy: missing parameter TableName (it takes TableName)"},
		{"unknown parameter", "- DynamoDBCrudPolicy:\n            TableName: t\n            Table: t", "unknown parameter Table"},
		{"two keys", "- A: 1\n          B: 2", "want a policy document"},
	}
	for _, tt := range tests {
		src := `Resources:
  Fn:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: fn
      Policies:
        ` + tt.policies + "\n"
		tpl, err := Parse([]byte(src), Options{})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		fn, _ := tpl.Function("Fn")
		_, err = tpl.FunctionPolicies(fn, pt)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "Fn Policies[0]") {
			t.Errorf("%s: got %v, want an error naming Fn Policies[0] and containing %q", tt.name, err, tt.want)
		}
	}

	src := `Resources:
  Fn:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: fn
      Role: arn:aws:iam::000000000000:role/x
`
	tpl, err := Parse([]byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	fn, _ := tpl.Function("Fn")
	if _, err := tpl.FunctionPolicies(fn, pt); err == nil || !strings.Contains(err.Error(), "Fn: Role") {
		t.Errorf("explicit role: got %v, want it refused", err)
	}
}

func TestFindPolicyTemplatesMissing(t *testing.T) {
	_, err := FindPolicyTemplates(t.TempDir())
	if err == nil || !strings.Contains(err.Error(), "run `make tools`") {
		t.Errorf("got %v, want it to say how to install them", err)
	}
}
