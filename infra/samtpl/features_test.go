package samtpl

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// emulatedBase is a small template the local cloud emulates entirely; the
// cases of TestCheckEmulated replace its #PLACEHOLDER comments (or other
// text) to add one feature each.
const emulatedBase = `AWSTemplateFormatVersion: "2010-09-09"
Transform: AWS::Serverless-2016-10-31
#TOP
Parameters:
  Stage: {Type: String, Default: dev, AllowedValues: [dev, prod]}
#PARAMS
Conditions:
  IsProd: !Equals [!Ref Stage, prod]
Globals:
  Function:
    Runtime: provided.al2023
    Handler: bootstrap
    MemorySize: 256
#GLOBALS
Resources:
  Api:
    Type: AWS::Serverless::HttpApi
    Properties:
      StageName: $default
#API
  Fn:
    Type: AWS::Serverless::Function
    Metadata:
      BuildMethod: go1.x
    Properties:
      CodeUri: functions/fn
#FN
      Events:
        Get:
          Type: HttpApi
          Properties:
            ApiId: !Ref Api
            Path: /api/v1/things
            Method: GET
#GET
#EVENTS
  Bucket:
    Type: AWS::S3::Bucket
    DeletionPolicy: Retain
    Properties:
      BucketName: !Sub things-${Stage}
#BUCKET
#RESOURCES
Outputs:
  BucketName:
    Value: !Ref Bucket
`

// streamTable and streamEvent add a table with a stream and a function's
// DynamoDB event on it to emulatedBase.
const (
	streamTable = `  Table:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: things
      AttributeDefinitions: [{AttributeName: PK, AttributeType: S}]
      KeySchema: [{AttributeName: PK, KeyType: HASH}]
      StreamSpecification: {StreamViewType: NEW_AND_OLD_IMAGES}`
	streamEvent = `        Changes:
          Type: DynamoDB
          Properties:
            Stream: !GetAtt Table.StreamArn
            StartingPosition: TRIM_HORIZON`
)

// problem is what a test expects of one Problem: its path, and a part of
// its message.
type problem struct{ path, message string }

const notEmulated = "not emulated by the local cloud (remove it, or emulate it in infra/ and add it to infra/samtpl/features.go)"

func TestCheckEmulated(t *testing.T) {
	tests := []struct {
		name  string
		patch []string // old, new pairs applied to emulatedBase
		want  []problem
	}{
		{"the base", nil, nil},
		{
			"known differences",
			[]string{"#FN", "      MemorySize: 1024\n      Tracing: Active\n      Architectures: [arm64]\n      Description: d"},
			nil,
		},
		{
			"a resource whose condition is false",
			[]string{"#RESOURCES", "  ProdQueue:\n    Type: AWS::SQS::Queue\n    Condition: IsProd"},
			nil,
		},
		{
			"a schedule, disabled",
			[]string{"#EVENTS", "        Nightly:\n          Type: Schedule\n          Properties: {Schedule: 'cron(0 3 * * ? *)', Enabled: false, Name: n}"},
			nil,
		},
		{
			"a function layer",
			[]string{"#FN", "      Layers: [arn:aws:lambda:eu-central-2:123456789012:layer:x:1]"},
			[]problem{{"Resources.Fn.Properties.Layers", notEmulated}},
		},
		{
			"a function role",
			[]string{"#FN", "      Role: arn:aws:iam::123456789012:role/fn"},
			[]problem{{"Resources.Fn.Properties.Role", notEmulated}},
		},
		{
			"an SQS event",
			[]string{"#EVENTS", "        Upload:\n          Type: SQS\n          Properties: {Queue: arn:aws:sqs:eu-central-2:123456789012:q}"},
			[]problem{{"Resources.Fn.Properties.Events.Upload (Type SQS)", notEmulated}},
		},
		{
			"a DynamoDB stream event with every emulated property",
			[]string{"#RESOURCES", streamTable, "#EVENTS", streamEvent + `
            BatchSize: 10
            MaximumBatchingWindowInSeconds: 2
            MaximumRetryAttempts: 3
            MaximumRecordAgeInSeconds: 3600
            BisectBatchOnFunctionError: true
            ParallelizationFactor: 1
            Enabled: true
            FunctionResponseTypes: [ReportBatchItemFailures]
            DestinationConfig: {OnFailure: {Type: SQS, Destination: arn:aws:sqs:eu-central-2:123456789012:failed}}
            FilterCriteria:
              Filters:
                - Pattern: '{"eventName": ["INSERT", "MODIFY"], "dynamodb": {"NewImage": {"status": {"S": ["active"]}}}}'`},
			nil,
		},
		{
			"a stream event's tumbling window",
			[]string{"#RESOURCES", streamTable, "#EVENTS", streamEvent + "\n            TumblingWindowInSeconds: 60"},
			[]problem{{"Resources.Fn.Properties.Events.Changes.Properties.TumblingWindowInSeconds", "not emulated by the local cloud: keep state in the table instead"}},
		},
		{
			"a stream event's parallelization factor",
			[]string{"#RESOURCES", streamTable, "#EVENTS", streamEvent + "\n            ParallelizationFactor: 2"},
			[]problem{{"Resources.Fn.Properties.Events.Changes.Properties.ParallelizationFactor", `"2" is not emulated by the local cloud, which supports only 1`}},
		},
		{
			"a stream event's unknown property",
			[]string{"#RESOURCES", streamTable, "#EVENTS", streamEvent + "\n            KmsKeyArn: k"},
			[]problem{{"Resources.Fn.Properties.Events.Changes.Properties.KmsKeyArn", notEmulated}},
		},
		{
			"a stream event's batch too large",
			[]string{"#RESOURCES", streamTable, "#EVENTS", streamEvent + "\n            BatchSize: 10001"},
			[]problem{{"Resources.Fn.Properties.Events.Changes", "property BatchSize: 10001: want 1 to 10000"}},
		},
		{
			"a stream event's filter on another field",
			[]string{"#RESOURCES", streamTable, "#EVENTS", streamEvent + "\n            FilterCriteria: {Filters: [{Pattern: '{\"awsRegion\": [\"x\"]}'}]}"},
			[]problem{{"Resources.Fn.Properties.Events.Changes", "FilterCriteria.Filters[0].Pattern: field awsRegion: not emulated"}},
		},
		{
			"a stream event on a table without a stream",
			[]string{"#RESOURCES", strings.Replace(streamTable, "StreamSpecification", "Tags", 1), "#EVENTS", streamEvent},
			[]problem{{"Resources.Fn.Properties.Events.Changes", "property Stream: table Table has no StreamSpecification"}},
		},
		{
			"an HttpApi event's Auth",
			[]string{"#GET", "            Auth: {Authorizer: NONE}"},
			[]problem{{"Resources.Fn.Properties.Events.Get.Properties.Auth", notEmulated}},
		},
		{
			"payload format 1.0",
			[]string{"#GET", `            PayloadFormatVersion: "1.0"`},
			[]problem{{"Resources.Fn.Properties.Events.Get.Properties.PayloadFormatVersion", `"1.0" is not emulated by the local cloud, which supports only 2.0`}},
		},
		{
			"a schedule's Input",
			[]string{"#EVENTS", "        Hourly:\n          Type: Schedule\n          Properties: {Schedule: rate(1 hour), Input: '{}'}"},
			[]problem{{"Resources.Fn.Properties.Events.Hourly.Properties.Input", notEmulated}},
		},
		{
			"an unknown resource type",
			[]string{"#RESOURCES", "  Queue:\n    Type: AWS::SQS::Queue"},
			[]problem{{"Resources.Queue (Type AWS::SQS::Queue)", notEmulated}},
		},
		{
			"an unknown resource attribute",
			[]string{"#RESOURCES", "  Other:\n    Type: AWS::S3::Bucket\n    CreationPolicy: {}"},
			[]problem{{"Resources.Other.CreationPolicy", notEmulated}},
		},
		{
			"Globals.HttpApi",
			[]string{"#GLOBALS", "  HttpApi:\n    CorsConfiguration: {AllowOrigins: ['*']}"},
			[]problem{{"Globals.HttpApi", notEmulated}},
		},
		{
			"a layer in Globals.Function",
			[]string{"#GLOBALS", "    Layers: [arn:aws:lambda:eu-central-2:123456789012:layer:x:1]"},
			[]problem{{"Globals.Function.Layers", notEmulated}},
		},
		{
			"a runtime in Globals.Function",
			[]string{"Runtime: provided.al2023", "Runtime: python3.12"},
			[]problem{{"Globals.Function.Runtime", `"python3.12" is not emulated by the local cloud, which supports only provided.al2023, provided.al2 (use that, or emulate it in infra/`}},
		},
		{
			"a Rules section",
			[]string{"#TOP", "Rules:\n  ProdOnly:\n    Assertions: []"},
			[]problem{{"Rules", notEmulated}},
		},
		{
			"a bucket's NotificationConfiguration",
			[]string{"#BUCKET", "      NotificationConfiguration:\n        LambdaConfigurations: []"},
			[]problem{{"Resources.Bucket.Properties.NotificationConfiguration", "not emulated by the local cloud: declare S3 notifications as the function's `S3` event (remove it"}},
		},
		{
			"a BuildMethod other than go1.x",
			[]string{"BuildMethod: go1.x", "BuildMethod: makefile"},
			[]problem{{"Resources.Fn.Metadata.BuildMethod", `"makefile" is not emulated by the local cloud, which supports only go1.x`}},
		},
		{
			"function metadata other than BuildMethod",
			[]string{"#FN", "      Description: d", "BuildMethod: go1.x", "BuildMethod: go1.x\n      BuildProperties: {}"},
			[]problem{{"Resources.Fn.Metadata.BuildProperties", notEmulated}},
		},
		{
			"a second transform",
			[]string{"Transform: AWS::Serverless-2016-10-31", "Transform: [AWS::LanguageExtensions, AWS::Serverless-2016-10-31]"},
			[]problem{{"Transform", `"AWS::LanguageExtensions" is not emulated by the local cloud, which supports only AWS::Serverless-2016-10-31`}},
		},
		{
			"CodeUri in S3",
			[]string{"CodeUri: functions/fn", "CodeUri: {Bucket: b, Key: k}"},
			[]problem{{"Resources.Fn.Properties.CodeUri", "a mapping is not emulated by the local cloud here"}},
		},
		{
			"an HTTP API authorizer and another stage",
			[]string{"#API", "      Auth: {DefaultAuthorizer: Jwt}", "StageName: $default", "StageName: prod"},
			[]problem{
				{"Resources.Api.Properties.Auth", notEmulated},
				{"Resources.Api.Properties.StageName", `"prod" is not emulated`},
			},
		},
		{
			"a parameter read from SSM",
			[]string{"#PARAMS", "  Key: {Type: 'AWS::SSM::Parameter::Value<String>', Default: /remat/key}"},
			[]problem{{"Parameters.Key.Type", `"AWS::SSM::Parameter::Value<String>" is not emulated`}},
		},
		{
			"CloudFront features the gateway does not reproduce",
			[]string{"#RESOURCES", `  Cdn:
    Type: AWS::CloudFront::Distribution
    Properties:
      DistributionConfig:
        Enabled: true
        Origins:
          - {Id: web, DomainName: !GetAtt Bucket.RegionalDomainName, OriginShield: {Enabled: true}}
        CustomErrorResponses: [{ErrorCode: 404, ResponseCode: 200, ResponsePagePath: /index.html}]
        DefaultCacheBehavior:
          TargetOriginId: web
          LambdaFunctionAssociations: [{EventType: origin-request, LambdaFunctionARN: x}]
        CacheBehaviors:
          - {PathPattern: /api/*, TargetOriginId: web}
          - {PathPattern: /docs/*, TargetOriginId: web}`},
			[]problem{
				{"Resources.Cdn.Properties.DistributionConfig.CustomErrorResponses", notEmulated},
				{"Resources.Cdn.Properties.DistributionConfig.DefaultCacheBehavior.LambdaFunctionAssociations", notEmulated},
				{"Resources.Cdn.Properties.DistributionConfig.Origins[0].OriginShield", notEmulated},
			},
		},
		{
			"several problems at once",
			[]string{
				"#FN", "      Layers: [x]",
				"#EVENTS", "        Upload:\n          Type: SQS\n          Properties: {Queue: q}",
				"#TOP", "Rules: {}",
				"Transform: AWS::Serverless-2016-10-31", "Transform: AWS::Include",
			},
			[]problem{
				{"Resources.Fn.Properties.Events.Upload (Type SQS)", notEmulated},
				{"Resources.Fn.Properties.Layers", notEmulated},
				{"Rules", notEmulated},
				{"Transform", `"AWS::Include" is not emulated`},
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.NewReplacer(tc.patch...).Replace(emulatedBase)
			tpl, err := Parse([]byte(src), Options{Parameters: map[string]string{"Stage": "local"}})
			if err != nil {
				t.Fatal(err)
			}
			err = tpl.CheckEmulated()
			var got []Problem
			var ne *NotEmulatedError
			if errors.As(err, &ne) {
				got = ne.Problems
			} else if err != nil {
				t.Fatalf("got error %v, want a *NotEmulatedError or nil", err)
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %d problems %v, want %d %v", len(got), got, len(tc.want), tc.want)
			}
			for i, w := range tc.want {
				if got[i].Path != w.path || !strings.Contains(got[i].Message, w.message) {
					t.Errorf("problem %d: got %q, want path %q and a message containing %q", i, got[i], w.path, w.message)
				}
				if !strings.Contains(err.Error(), "\n  "+got[i].String()) {
					t.Errorf("the error does not list problem %d: %v", i, err)
				}
			}
			if len(tc.want) > 1 && !strings.Contains(err.Error(), fmt.Sprintf(" %d features ", len(tc.want))) {
				t.Errorf("got %q, want the count of features in the first line", err)
			}
		})
	}
}

// TestCheckEmulatedRealTemplate: the local cloud emulates all of
// template.yaml, as it loads it.
func TestCheckEmulatedRealTemplate(t *testing.T) {
	tpl, err := Load(filepath.Join("..", "..", TemplateFile), Options{Parameters: map[string]string{"Stage": "local"}, AccountID: "000000000000"})
	if err != nil {
		t.Fatal(err)
	}
	if err := tpl.CheckEmulated(); err != nil {
		t.Errorf("got %v, want nil", err)
	}
}

func TestCheckEmulatedNeedsParse(t *testing.T) {
	if err := new(Template).CheckEmulated(); err == nil {
		t.Error("got nil for a template not made by Parse, want an error")
	}
}

// TestFeatureRows checks the table's own rules.
func TestFeatureRows(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range featureRows {
		name := f.scope + " " + f.path
		if seen[name] {
			t.Errorf("%s: listed twice", name)
		}
		seen[name] = true
		if f.support == knownDifference && f.reason == "" {
			t.Errorf("%s: a known difference needs a reason", name)
		}
		if strings.ContainsAny(f.reason, "|\n") {
			t.Errorf("%s: the reason must be one line without |", name)
		}
		for _, seg := range strings.Split(strings.ReplaceAll(f.path, "[]", ""), ".") {
			if seg == "" && f.path != "" {
				t.Errorf("%s: malformed path", name)
			}
		}
		if f.scope != scopeTemplate && f.scope != scopeResource {
			if _, ok := featureIdx.rows[f.scope][""]; !ok {
				t.Errorf("%s: scope %q has no row for the type itself", name, f.scope)
			}
		}
		if f.likeScope != "" && !featureIdx.known(f.likeScope, f.likePath) {
			t.Errorf("%s: like %s %s, which the table does not have", name, f.likeScope, f.likePath)
		}
	}
}

var updateDoc = flag.Bool("update-doc", false, "rewrite the generated table in docs/local-cloud.md")

// Markers around the generated part of the section of docs/local-cloud.md
// "What the local cloud emulates, and what it refuses".
const (
	docBegin = "<!-- begin: generated from infra/samtpl/features.go; go test ./infra/samtpl -run TestFeaturesDoc -update-doc -->"
	docEnd   = "<!-- end: generated from infra/samtpl/features.go -->"
)

// TestFeaturesDoc keeps the table in docs/local-cloud.md equal to
// featureRows.
func TestFeaturesDoc(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "local-cloud.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	before, rest, ok1 := strings.Cut(doc, docBegin+"\n")
	got, after, ok2 := strings.Cut(rest, docEnd)
	if !ok1 || !ok2 {
		t.Fatalf("%s: the markers around the features table are missing:\n%s\n%s", path, docBegin, docEnd)
	}
	want := featuresMarkdown()
	if got == want {
		return
	}
	if *updateDoc {
		if err := os.WriteFile(path, []byte(before+docBegin+"\n"+want+docEnd+after), 0o600); err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: table rewritten", path)
		return
	}
	gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(gl), len(wl)) {
		g, w := line(gl, i), line(wl, i)
		if g != w {
			t.Fatalf("%s differs from infra/samtpl/features.go at line %d of the table:\ngot  %s\nwant %s\n(run go test ./infra/samtpl -run TestFeaturesDoc -update-doc)", path, i+1, g, w)
		}
	}
}

func line(lines []string, i int) string {
	if i < len(lines) {
		return lines[i]
	}
	return "(end of table)"
}

// featuresMarkdown renders featureRows as the docs show them: one table
// per scope, in the order of the rows.
func featuresMarkdown() string {
	var b strings.Builder
	var scopes []string
	byScope := map[string][]feature{}
	for _, f := range featureRows {
		if _, ok := byScope[f.scope]; !ok {
			scopes = append(scopes, f.scope)
		}
		byScope[f.scope] = append(byScope[f.scope], f)
	}
	for _, scope := range scopes {
		fmt.Fprintf(&b, "### %s\n\n| Feature | Local cloud | Note |\n|---|---|---|\n", scopeTitle(scope))
		for _, f := range byScope[scope] {
			feature := "`" + f.path + "`"
			if f.path == "" {
				feature = "*the type itself*"
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", feature, supportText(f), f.reason)
		}
		b.WriteString("\n")
	}
	return b.String()
}

func scopeTitle(scope string) string {
	switch {
	case scope == scopeTemplate:
		return "Template sections"
	case scope == scopeResource:
		return "Attributes of every resource"
	case strings.HasPrefix(scope, typeServerlessFunction+" event "):
		return fmt.Sprintf("`%s` events of Type `%s`", typeServerlessFunction, strings.TrimPrefix(scope, typeServerlessFunction+" event "))
	default:
		return "`" + scope + "`"
	}
}

func supportText(f feature) string {
	s := f.support.String()
	switch {
	case len(f.values) > 0:
		vs := slices.Clone(f.values)
		for i, v := range vs {
			vs[i] = "`" + v + "`"
		}
		s += ": only " + strings.Join(vs, ", ")
	case f.scalar:
		s += ": one value"
	case f.likeScope != "":
		s += fmt.Sprintf(", like `%s` `%s`", f.likeScope, f.likePath)
	}
	return s
}
