package samtpl

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// base is a minimal template the table tests extend with one resource.
const base = `
Transform: AWS::Serverless-2016-10-31
Parameters:
  Stage:
    Type: String
    Default: dev
  Zones:
    Type: CommaDelimitedList
    Default: "a, b"
Conditions:
  IsProd: !Equals [!Ref Stage, prod]
  IsNotProd: !Not [!Condition IsProd]
  Both: !And [!Condition IsProd, {Condition: IsNotProd}]
Resources:
  Table:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: !Sub app-${Stage}
      AttributeDefinitions: [{AttributeName: PK, AttributeType: S}]
      KeySchema: [{AttributeName: PK, KeyType: HASH}]
  Bucket:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: !Sub "up-${Stage}-${AWS::AccountId}"
  Probe:
    Type: Custom::Probe
    Properties:
      Value: %s
`

func TestIntrinsics(t *testing.T) {
	tests := []struct {
		name   string
		expr   string
		params map[string]string
		want   any
	}{
		{"ref parameter default", "!Ref Stage", nil, "dev"},
		{"ref parameter override", "!Ref Stage", map[string]string{"Stage": "local"}, "local"},
		{"ref list parameter", "!Ref Zones", nil, []any{"a", "b"}},
		{"ref table is its name", "!Ref Table", nil, "app-dev"},
		{"ref bucket is its name", "!Ref Bucket", nil, "up-dev-123456789012"},
		{"ref other resource is its id", "!Ref Probe2", nil, "Probe2"},
		{"ref pseudo region", "!Ref AWS::Region", nil, "eu-central-2"},
		{"ref pseudo partition", "!Ref AWS::Partition", nil, "aws"},
		{"ref pseudo url suffix", "!Ref AWS::URLSuffix", nil, "amazonaws.com"},
		{"long-form ref", "{Ref: Stage}", nil, "dev"},
		{"sub parameters and pseudo", "!Sub '/x/${Stage}/${AWS::Region}'", nil, "/x/dev/eu-central-2"},
		{"sub resource and attribute", "!Sub '${Table}|${Bucket.Arn}/*'", nil, "app-dev|arn:aws:s3:::up-dev-123456789012/*"},
		{"sub literal", "!Sub '${!Literal}-${Stage}'", nil, "${Literal}-dev"},
		{"sub with variables", "!Sub ['${A}-${Stage}', {A: !Ref Table}]", nil, "app-dev-dev"},
		{"getatt dotted", "!GetAtt Table.Arn", nil, "arn:aws:dynamodb:eu-central-2:123456789012:table/app-dev"},
		{"getatt list", "!GetAtt [Bucket, RegionalDomainName]", nil, "up-dev-123456789012.s3.eu-central-2.amazonaws.com"},
		{"getatt long form", "{'Fn::GetAtt': [Table, StreamArn]}", nil, "arn:aws:dynamodb:eu-central-2:123456789012:table/app-dev/stream/1970-01-01T00:00:00.000"},
		{"if false", "!If [IsProd, yes, no]", nil, "no"},
		{"if true", "!If [IsProd, yes, no]", map[string]string{"Stage": "prod"}, "yes"},
		{"if keeps types", "!If [IsProd, true, 7]", nil, 7},
		{"equals", "!Equals [!Ref Stage, dev]", nil, true},
		{"or", "!Or [!Condition IsProd, !Equals [a, a]]", nil, true},
		{"and", "!If [Both, x, y]", nil, "y"},
		{"join", "!Join ['-', [a, !Ref Stage, 3]]", nil, "a-dev-3"},
		{"select split", "!Select [1, !Split [',', 'x,y,z']]", nil, "y"},
		{"nested sub in join", "!Join ['', [!Sub '${Stage}', '!']]", nil, "dev!"},
		{"list drops no value", "[a, !Ref AWS::NoValue, b]", nil, []any{"a", "b"}},
		{"plain scalar untouched", "'${Stage}'", nil, "${Stage}"},
		{"number", "42", nil, 42},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(base, "%s", tc.expr, 1) + "  Probe2:\n    Type: Custom::Other\n"
			tpl, err := Parse([]byte(src), Options{Parameters: tc.params})
			if err != nil {
				t.Fatal(err)
			}
			res, ok := tpl.Resource("Probe")
			if !ok {
				t.Fatal("resource Probe missing")
			}
			if got := res.Properties["Value"]; !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %#v, want %#v", got, tc.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name    string
		src     string
		params  map[string]string
		wantErr string
	}{
		{"unknown ref", strings.Replace(base, "%s", "!Ref Nope", 1), nil, `"Nope" is neither a parameter nor a resource`},
		{"unknown getatt", strings.Replace(base, "%s", "!GetAtt Nope.Arn", 1), nil, `unknown resource "Nope"`},
		{"getatt without attribute", strings.Replace(base, "%s", "!GetAtt Table", 1), nil, "want Resource.Attribute"},
		{"unknown condition", strings.Replace(base, "%s", "!If [Nope, a, b]", 1), nil, `unknown condition "Nope"`},
		{"unsupported function", strings.Replace(base, "%s", "!Cidr [a, 1, 2]", 1), nil, "Fn::Cidr: not supported"},
		{"sub unknown variable", strings.Replace(base, "%s", "!Sub '${Nope}'", 1), nil, `"Nope" is neither`},
		{"unknown override", strings.Replace(base, "%s", "x", 1), map[string]string{"Stag": "x"}, `parameter override "Stag"`},
		{"parameter without default", "Parameters: {P: {Type: String}}\nResources: {R: {Type: X}}", nil, "parameter P has no Default"},
		{"no resources", "Parameters: {}", nil, "no Resources"},
		{"self-referencing name", "Resources:\n  T:\n    Type: AWS::S3::Bucket\n    Properties: {BucketName: !Ref T}", nil, "refers to itself"},
		{"bad yaml", "Resources: [", nil, "parse"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse([]byte(tc.src), Options{Parameters: tc.params})
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("got error %v, want one containing %q", err, tc.wantErr)
			}
		})
	}
}

const functionsTemplate = `
Parameters:
  Stage: {Type: String, Default: dev}
Conditions:
  IsProd: !Equals [!Ref Stage, prod]
Globals:
  Function:
    Runtime: provided.al2023
    Handler: bootstrap
    Architectures: [arm64]
    Timeout: 10
    Environment:
      Variables:
        STAGE: !Ref Stage
        TABLE_NAME: !Ref Table
        SHARED: global
Resources:
  Table:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: !Sub t-${Stage}
      AttributeDefinitions: [{AttributeName: PK, AttributeType: S}]
      KeySchema: [{AttributeName: PK, KeyType: HASH}]
  ZFunction:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: functions/z
      MemorySize: 512
      Environment:
        Variables:
          SHARED: mine
          OWN: !GetAtt Table.Arn
      Events:
        B: {Type: HttpApi, Properties: {Path: "/api/v1/items/{id}", Method: get}}
        A: {Type: HttpApi, Properties: {Path: /api/v1/items, Method: post}}
        C: {Type: HttpApi, Properties: {Path: "/api/v1/admin/{proxy+}", Method: ANY}}
        Upload: {Type: S3, Properties: {Bucket: !Ref Table, Events: s3:ObjectCreated:*}}
  AFunction:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: functions/a
      FunctionName: !Sub a-${Stage}
      Handler: other
      Timeout: !If [IsProd, 30, 5]
      Events:
        Default: {Type: HttpApi}
  ProdOnly:
    Type: AWS::Serverless::Function
    Condition: IsProd
    Properties: {CodeUri: functions/prod}
`

func TestFunctions(t *testing.T) {
	tpl, err := Parse([]byte(functionsTemplate), Options{Parameters: map[string]string{"Stage": "local"}})
	if err != nil {
		t.Fatal(err)
	}
	want := []Function{
		{
			LogicalID: "AFunction", Name: "a-local", CodeURI: "functions/a", Handler: "other",
			Runtime: "provided.al2023", Architectures: []string{"arm64"}, Timeout: 5, MemorySize: 128,
			Env:    map[string]string{"STAGE": "local", "TABLE_NAME": "t-local", "SHARED": "global"},
			Routes: []Route{{"ANY", "$default"}},
			Events: []Event{{Name: "Default", Type: "HttpApi"}},
		},
		{
			LogicalID: "ZFunction", Name: "ZFunction", CodeURI: "functions/z", Handler: "bootstrap",
			Runtime: "provided.al2023", Architectures: []string{"arm64"}, Timeout: 10, MemorySize: 512,
			Env: map[string]string{
				"STAGE": "local", "TABLE_NAME": "t-local", "SHARED": "mine",
				"OWN": "arn:aws:dynamodb:eu-central-2:123456789012:table/t-local",
			},
			Routes: []Route{
				{"ANY", "/api/v1/admin/{proxy+}"},
				{"POST", "/api/v1/items"},
				{"GET", "/api/v1/items/{id}"},
			},
		},
	}
	if len(tpl.Functions) != len(want) {
		t.Fatalf("got %d functions, want %d (ProdOnly must be dropped by its condition)", len(tpl.Functions), len(want))
	}
	for i, w := range want {
		got := tpl.Functions[i]
		events := got.Events
		got.Events, w.Events = nil, nil
		if !reflect.DeepEqual(got, w) {
			t.Errorf("function %d:\ngot  %+v\nwant %+v", i, got, w)
		}
		if i == 1 {
			if len(events) != 4 || events[3].Name != "Upload" || events[3].Properties["Bucket"] != "t-local" {
				t.Errorf("got events %+v, want 4 sorted with a resolved S3 event", events)
			}
		}
	}
	// The global map must not be shared between functions.
	tpl.Functions[0].Env["X"] = "y"
	if _, ok := tpl.Functions[1].Env["X"]; ok {
		t.Error("functions share one Env map")
	}
	routes := tpl.Routes()
	var got []string
	for _, r := range routes {
		got = append(got, r.String()+" "+r.FunctionID)
	}
	wantRoutes := []string{
		"ANY $default AFunction",
		"ANY /api/v1/admin/{proxy+} ZFunction",
		"POST /api/v1/items ZFunction",
		"GET /api/v1/items/{id} ZFunction",
	}
	if !reflect.DeepEqual(got, wantRoutes) {
		t.Errorf("got routes %q, want %q", got, wantRoutes)
	}
}

func TestMergeGlobals(t *testing.T) {
	tests := []struct {
		name          string
		global, local any
		want          any
	}{
		{"scalar override", "a", "b", "b"},
		{"local absent", map[string]any{"A": "g"}, nil, map[string]any{"A": "g"}},
		{"maps merge", map[string]any{"A": "g", "B": "g"}, map[string]any{"B": "l", "C": "l"}, map[string]any{"A": "g", "B": "l", "C": "l"}},
		{"lists append", []any{"g"}, []any{"l"}, []any{"g", "l"}},
		{"intrinsic replaces map", map[string]any{"A": "g"}, map[string]any{"Ref": "X"}, map[string]any{"Ref": "X"}},
		{"nested", map[string]any{"E": map[string]any{"V": map[string]any{"A": "g"}}}, map[string]any{"E": map[string]any{"V": map[string]any{"B": "l"}}}, map[string]any{"E": map[string]any{"V": map[string]any{"A": "g", "B": "l"}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := mergeGlobals(tc.global, tc.local); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("got %#v, want %#v", got, tc.want)
			}
		})
	}
}

const tableTemplate = `
Resources:
  Main:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: main
      BillingMode: PROVISIONED
      AttributeDefinitions:
        - {AttributeName: PK, AttributeType: S}
        - {AttributeName: SK, AttributeType: S}
        - {AttributeName: G, AttributeType: N}
      KeySchema:
        - {AttributeName: PK, KeyType: HASH}
        - {AttributeName: SK, KeyType: RANGE}
      GlobalSecondaryIndexes:
        - IndexName: ByG
          KeySchema: [{AttributeName: PK, KeyType: HASH}, {AttributeName: G, KeyType: RANGE}]
          Projection: {ProjectionType: INCLUDE, NonKeyAttributes: [title]}
      TimeToLiveSpecification: {AttributeName: ttl, Enabled: true}
      StreamSpecification: {StreamViewType: NEW_IMAGE}
  NoTTL:
    Type: AWS::DynamoDB::Table
    Properties:
      AttributeDefinitions: [{AttributeName: PK, AttributeType: S}]
      KeySchema: [{AttributeName: PK, KeyType: HASH}]
      TimeToLiveSpecification: {AttributeName: ttl, Enabled: false}
`

func TestTables(t *testing.T) {
	tpl, err := Parse([]byte(tableTemplate), Options{})
	if err != nil {
		t.Fatal(err)
	}
	main, ok := tpl.Table("Main")
	if !ok {
		t.Fatal("table Main missing")
	}
	if main.TTLAttribute != "ttl" {
		t.Errorf("got TTL %q, want ttl", main.TTLAttribute)
	}
	in := main.CreateTableInput()
	if got := aws.ToString(in.TableName); got != "main" {
		t.Errorf("got name %q, want main", got)
	}
	if in.BillingMode != types.BillingModePayPerRequest {
		t.Errorf("got billing %v, want PAY_PER_REQUEST", in.BillingMode)
	}
	if len(in.AttributeDefinitions) != 3 || in.AttributeDefinitions[2].AttributeType != types.ScalarAttributeTypeN {
		t.Errorf("got attributes %+v", in.AttributeDefinitions)
	}
	if len(in.KeySchema) != 2 || in.KeySchema[1].KeyType != types.KeyTypeRange {
		t.Errorf("got key schema %+v", in.KeySchema)
	}
	if len(in.GlobalSecondaryIndexes) != 1 {
		t.Fatalf("got %d GSIs, want 1", len(in.GlobalSecondaryIndexes))
	}
	gsi := in.GlobalSecondaryIndexes[0]
	if aws.ToString(gsi.IndexName) != "ByG" || gsi.Projection.ProjectionType != types.ProjectionTypeInclude ||
		!reflect.DeepEqual(gsi.Projection.NonKeyAttributes, []string{"title"}) || aws.ToString(gsi.KeySchema[1].AttributeName) != "G" {
		t.Errorf("got GSI %+v", gsi)
	}
	if in.StreamSpecification == nil || in.StreamSpecification.StreamViewType != types.StreamViewTypeNewImage {
		t.Errorf("got stream %+v, want NEW_IMAGE", in.StreamSpecification)
	}
	if got := aws.ToString(main.WithName("other").CreateTableInput().TableName); got != "other" {
		t.Errorf("WithName: got %q, want other", got)
	}

	other, _ := tpl.Table("NoTTL")
	if other.Name != "NoTTL" || other.TTLAttribute != "" || other.CreateTableInput().StreamSpecification != nil {
		t.Errorf("got %+v, want name NoTTL, no TTL, no stream", other)
	}
}

const headersTemplate = `
Resources:
  Policy:
    Type: AWS::CloudFront::ResponseHeadersPolicy
    Properties:
      ResponseHeadersPolicyConfig:
        Name: p
        SecurityHeadersConfig:
          ContentSecurityPolicy:
            Override: true
            ContentSecurityPolicy: >-
              default-src   'self';
              img-src 'self' data:
          StrictTransportSecurity: {Override: true, AccessControlMaxAgeSec: 600, IncludeSubdomains: false, Preload: true}
          FrameOptions: {Override: true, FrameOption: SAMEORIGIN}
          ReferrerPolicy: {Override: true, ReferrerPolicy: no-referrer}
          ContentTypeOptions: {Override: true}
          XSSProtection: {Override: true, Protection: true, ModeBlock: true}
        CustomHeadersConfig:
          Items:
            - {Header: X-Custom, Override: true, Value: "a=(), b=(self)"}
`

func TestSecurityHeaders(t *testing.T) {
	tpl, err := Parse([]byte(headersTemplate), Options{})
	if err != nil {
		t.Fatal(err)
	}
	h, err := tpl.SecurityHeaders()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"Content-Security-Policy":   "default-src 'self'; img-src 'self' data:",
		"Strict-Transport-Security": "max-age=600; preload",
		"X-Frame-Options":           "SAMEORIGIN",
		"Referrer-Policy":           "no-referrer",
		"X-Content-Type-Options":    "nosniff",
		"X-Xss-Protection":          "1; mode=block",
		"X-Custom":                  "a=(), b=(self)",
	}
	if len(h) != len(want) {
		t.Errorf("got %d headers %v, want %d", len(h), h, len(want))
	}
	for k, v := range want {
		if got := h.Get(k); got != v {
			t.Errorf("%s: got %q, want %q", k, got, v)
		}
	}

	noPolicy, err := Parse([]byte(tableTemplate), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := noPolicy.SecurityHeaders(); err == nil {
		t.Error("got no error for a template without a policy")
	}
}

// TestRealTemplate loads the project's template.yaml, as the local cloud
// does with Stage=local.
func TestRealTemplate(t *testing.T) {
	root, err := ModuleRoot("")
	if err != nil {
		t.Fatal(err)
	}
	tpl, err := Load(filepath.Join(root, TemplateFile), Options{Parameters: map[string]string{"Stage": "local"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(tpl.Functions) == 0 {
		t.Fatal("no functions")
	}
	for _, f := range tpl.Functions {
		if f.Runtime != "provided.al2023" || f.Handler != "bootstrap" || f.CodeURI == "" {
			t.Errorf("%s: got runtime %q handler %q code %q; Globals not merged?", f.LogicalID, f.Runtime, f.Handler, f.CodeURI)
		}
		if got := f.Env["TABLE_NAME"]; got != "remat-local" {
			t.Errorf("%s: got TABLE_NAME %q, want remat-local", f.LogicalID, got)
		}
		if got := f.Env["SSM_PREFIX"]; got != "/remat/local" {
			t.Errorf("%s: got SSM_PREFIX %q, want /remat/local", f.LogicalID, got)
		}
		for _, r := range f.Routes {
			if r.Path == "$default" && r.Method == "ANY" {
				continue // the catch-all (NotFoundFunction)
			}
			if f.LogicalID == "PagesFunction" && (r.Path == "/" || r.Path == "/{proxy+}") && (r.Method == "GET" || r.Method == "HEAD") {
				continue // the site's pages, CloudFront's default behaviour
			}
			if !strings.HasPrefix(r.Path, "/api/v1/") || r.Method != strings.ToUpper(r.Method) {
				t.Errorf("%s: route %s is outside /api/v1 or not upper-case", f.LogicalID, r)
			}
		}
	}
	if _, ok := tpl.Function("ContactUsFunction"); !ok {
		t.Error("ContactUsFunction missing")
	}

	app, ok := tpl.Table("AppTable")
	if !ok {
		t.Fatal("AppTable missing")
	}
	if app.Name != "remat-local" || app.TTLAttribute != "ttl" || len(app.GlobalSecondaryIndexes) == 0 {
		t.Errorf("got AppTable %+v", app)
	}
	images, ok := tpl.Bucket("ImagesBucket")
	if !ok || images.Name != "remat-local-images-"+DefaultAccountID {
		t.Errorf("got ImagesBucket %+v", images)
	}

	h, err := tpl.SecurityHeaders()
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{
		"Strict-Transport-Security": "max-age=63072000; includeSubDomains; preload",
		"X-Frame-Options":           "DENY",
		"X-Content-Type-Options":    "nosniff",
	} {
		if got := h.Get(k); got != v {
			t.Errorf("%s: got %q, want %q", k, got, v)
		}
	}
	csp := h.Get("Content-Security-Policy")
	if !strings.HasPrefix(csp, "default-src 'self';") || strings.Contains(csp, "\n") || strings.Contains(csp, "  ") {
		t.Errorf("got CSP %q, want one line with single spaces", csp)
	}
	if h.Get("Referrer-Policy") == "" {
		t.Error("Referrer-Policy missing")
	}
}

func TestModuleRoot(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "a", "b")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ModuleRoot(sub)
	if err != nil || got != dir {
		t.Errorf("got %q, %v, want %q", got, err, dir)
	}
}
