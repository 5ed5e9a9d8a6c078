package samtpl

import (
	"strings"
)

// What the local cloud does with each feature of a template. The table
// below is the only list of it: CheckEmulated refuses whatever it does not
// name, and docs/local-cloud.md shows it (TestFeaturesDoc keeps the two
// equal). Adding a row is a promise that infra/ reproduces the feature,
// or a statement of how and why it differs from AWS.
//
// A row names a scope and a path inside it:
//   - scopeTemplate: the top-level sections ("Transform",
//     "Parameters.*.Type");
//   - scopeResource: the attributes every resource may have ("DependsOn");
//   - a resource type ("AWS::S3::Bucket"): the type itself (path "") and
//     its attributes and properties ("Properties.BucketName"); a type's
//     rows under an attribute replace scopeResource's for that attribute
//     (functions accept only Metadata.BuildMethod);
//   - eventScope("HttpApi"): a function event type itself (path "") and
//     the event's Properties ("PayloadFormatVersion").
//
// In paths, "." separates mapping keys, "*" stands for any key and "[]"
// for every item of a list. A row with rows below it accepts only those
// keys; a row without accepts its whole value as written.

// featureSupport is how the local cloud treats a feature.
type featureSupport int

const (
	// refused features stop the local cloud; so does every feature the
	// table does not name. A refused row exists only to say what to do
	// instead.
	refused featureSupport = iota
	// emulated features are reproduced by the local cloud.
	emulated
	// knownDifference features are accepted although the local cloud does
	// not reproduce them; the row's reason says how it differs.
	knownDifference
)

func (s featureSupport) String() string {
	switch s {
	case emulated:
		return "emulated"
	case knownDifference:
		return "known difference"
	default:
		return "refused"
	}
}

// feature is one row of the table.
type feature struct {
	scope, path string
	support     featureSupport
	// reason is the one line shown in the docs: required for a known
	// difference, optional otherwise.
	reason string
	// values, when set, are the only values accepted (compared as
	// CloudFormation passes them to a string property), for a scalar or
	// for each item of a list.
	values []string
	// scalar refuses a mapping or a list.
	scalar bool
	// likeScope and likePath check the value with another row's rules
	// (Globals.Function with a function's Properties).
	likeScope, likePath string
}

func feat(scope, path string, s featureSupport, reason string) feature {
	return feature{scope: scope, path: path, support: s, reason: reason}
}

// only restricts the row to the given values.
func (f feature) only(values ...string) feature {
	f.values = values
	return f
}

// single refuses a mapping or list value.
func (f feature) single() feature {
	f.scalar = true
	return f
}

// like checks the value with the rules of path in scope.
func (f feature) like(scope, path string) feature {
	f.likeScope, f.likePath = scope, path
	return f
}

// Scopes of the table besides resource types.
const (
	scopeTemplate = "template"
	scopeResource = "resource"
)

// eventScope is the scope of a function event type's Properties.
func eventScope(eventType string) string {
	return typeServerlessFunction + " event " + eventType
}

// eventsPath is the function property whose entries are typed events,
// each checked in its eventScope.
const eventsPath = "Properties.Events"

// remedy ends every problem: what to do besides removing the feature.
const remedy = "emulate it in infra/ and add it to infra/samtpl/features.go"

// featureRows is the table. Order matters only for the docs.
var featureRows = newFeatureRows()

func newFeatureRows() []feature {
	const (
		tpl         = scopeTemplate
		res         = scopeResource
		fn          = typeServerlessFunction
		httpEv      = fn + " event HttpApi"
		s3Ev        = fn + " event S3"
		schedEv     = fn + " event Schedule"
		ddbEv       = fn + " event DynamoDB"
		api         = "AWS::Serverless::HttpApi"
		table       = "AWS::DynamoDB::Table"
		bucket      = "AWS::S3::Bucket"
		policy      = "AWS::S3::BucketPolicy"
		param       = "AWS::SSM::Parameter"
		dist        = "AWS::CloudFront::Distribution"
		cfFn        = "AWS::CloudFront::Function"
		headers     = "AWS::CloudFront::ResponseHeadersPolicy"
		oac         = "AWS::CloudFront::OriginAccessControl"
		cachePolicy = "AWS::CloudFront::CachePolicy"

		doc        = "documentation only: nothing reads it"
		notChecked = "not checked locally (so the local stage can be `Stage=local`)"
	)
	rows := []feature{
		// Top-level sections.
		feat(tpl, "AWSTemplateFormatVersion", emulated, "").only("2010-09-09"),
		feat(tpl, "Transform", emulated, "`Globals` and the `AWS::Serverless` types are read by `infra/samtpl`").only("AWS::Serverless-2016-10-31"),
		feat(tpl, "Description", knownDifference, doc),
		feat(tpl, "Metadata", knownDifference, "not read by the local cloud"),
		feat(tpl, "Parameters.*.Type", emulated, "a parameter of an AWS-specific or SSM type would resolve to its name, not its value").only("String", "Number", "List<Number>", "CommaDelimitedList"),
		feat(tpl, "Parameters.*.Default", emulated, "the local cloud overrides `Stage` (`local`) and `SiteUrl` (its own URL)"),
		feat(tpl, "Parameters.*.Description", knownDifference, doc),
		feat(tpl, "Parameters.*.AllowedValues", knownDifference, notChecked),
		feat(tpl, "Parameters.*.AllowedPattern", knownDifference, notChecked),
		feat(tpl, "Parameters.*.ConstraintDescription", knownDifference, notChecked),
		feat(tpl, "Parameters.*.MinLength", knownDifference, notChecked),
		feat(tpl, "Parameters.*.MaxLength", knownDifference, notChecked),
		feat(tpl, "Parameters.*.MinValue", knownDifference, notChecked),
		feat(tpl, "Parameters.*.MaxValue", knownDifference, notChecked),
		feat(tpl, "Parameters.*.NoEcho", knownDifference, "no console or API shows parameters locally"),
		feat(tpl, "Conditions", emulated, "evaluated for the local stage; a resource or output whose condition is false is left out"),
		feat(tpl, "Mappings", emulated, "read by `Fn::FindInMap`"),
		feat(tpl, "Globals.Function", emulated, "merged into every function; checked with the rules of a function's properties").like(fn, "Properties"),
		feat(tpl, "Resources", emulated, "each resource by its type, below"),
		feat(tpl, "Outputs.*.Value", knownDifference, "resolved, but nothing reads them: the local cloud prints its own URL"),
		feat(tpl, "Outputs.*.Description", knownDifference, doc),
		feat(tpl, "Outputs.*.Condition", emulated, ""),
		feat(tpl, "Outputs.*.Export", knownDifference, "no other stack runs locally to import it (`Fn::ImportValue` yields a placeholder)"),

		// Attributes of every resource.
		feat(res, "Type", emulated, "only the types below"),
		feat(res, "Properties", emulated, "only those listed under each type"),
		feat(res, "Condition", emulated, "a resource whose condition is false is not created"),
		feat(res, "DependsOn", knownDifference, "the local cloud starts everything in its own fixed order"),
		feat(res, "DeletionPolicy", knownDifference, "a deployment never deletes anything locally; `.data` survives restarts"),
		feat(res, "UpdateReplacePolicy", knownDifference, "a deployment never replaces anything locally; `.data` survives restarts"),
		feat(res, "Metadata", knownDifference, "not read by the local cloud (functions: only `BuildMethod`, below)"),

		// Functions and their events.
		feat(fn, "", emulated, "compiled with `go build` and run as a process behind a local Lambda Runtime API (`infra/lambdart`)"),
		feat(fn, "Metadata.BuildMethod", emulated, "the local cloud builds with `go build`, as `sam build` does for `go1.x`").only("go1.x"),
		feat(fn, "Properties.CodeUri", emulated, "the Go package's directory inside the module").single(),
		feat(fn, "Properties.Handler", emulated, "passed as `_HANDLER`"),
		feat(fn, "Properties.Runtime", emulated, "").only("provided.al2023", "provided.al2"),
		feat(fn, "Properties.Architectures", knownDifference, "built for the host's architecture"),
		feat(fn, "Properties.Timeout", emulated, "an invocation is stopped at the timeout"),
		feat(fn, "Properties.MemorySize", knownDifference, "advertised to the function, not enforced"),
		feat(fn, "Properties.Environment.Variables", emulated, "plus the local endpoints and credentials"),
		feat(fn, "Properties.Description", knownDifference, "inert"),
		feat(fn, "Properties.Tracing", knownDifference, "X-Ray is not emulated"),
		feat(fn, "Properties.FunctionName", knownDifference, "Ref yields it, but the local process is named by the logical id"),
		feat(fn, "Properties.Policies", emulated, "IAM is enforced on the function's calls to the local services"),
		feat(fn, "Properties.Events", emulated, "by event type, below; every other type (SQS, Kinesis, Api, SNS, EventBridgeRule, ScheduleV2, …) is refused"),

		feat(httpEv, "", emulated, "a route of the gateway, invoked with an API Gateway v2 event (`infra/gateway`)"),
		feat(httpEv, "ApiId", emulated, "the local cloud serves one HTTP API"),
		feat(httpEv, "Path", emulated, "without Path and Method, the `$default` route: the gateway picks it when no other route matches, as API Gateway does"),
		feat(httpEv, "Method", emulated, ""),
		feat(httpEv, "PayloadFormatVersion", emulated, "").only("2.0"),

		feat(s3Ev, "", emulated, "objects stored in the S3 emulator invoke the function asynchronously, retried twice"),
		feat(s3Ev, "Bucket", emulated, ""),
		feat(s3Ev, "Events", emulated, "object-created events are told apart only as `ObjectCreated:Put` and `ObjectCreated:Copy`"),
		feat(s3Ev, "Filter.S3Key.Rules", emulated, "prefix and suffix"),

		feat(schedEv, "", emulated, "`rate(...)` is timed; `cron(...)` runs only on demand (`POST /_dev/schedule/<function>`)"),
		feat(schedEv, "Schedule", emulated, ""),
		feat(schedEv, "Enabled", emulated, "a disabled schedule is not timed"),
		feat(schedEv, "State", emulated, "a disabled schedule is not timed"),
		feat(schedEv, "Description", knownDifference, "inert"),
		feat(schedEv, "Name", knownDifference, "the local scheduler names the rule after the function and event"),

		feat(ddbEv, "", emulated, "the table's stream in DynamoDB Local is polled and the function invoked synchronously with batches of records, in order per shard (`infra/cmd/localcloud/streams.go`)"),
		feat(ddbEv, "Stream", emulated, "`!GetAtt Table.StreamArn` of a table of the template; the event carries DynamoDB Local's stream ARN"),
		feat(ddbEv, "StartingPosition", emulated, "").only("TRIM_HORIZON", "LATEST"),
		feat(ddbEv, "BatchSize", emulated, "").single(),
		feat(ddbEv, "MaximumBatchingWindowInSeconds", emulated, "").single(),
		feat(ddbEv, "FilterCriteria.Filters[].Pattern", emulated, "on `eventName`, `dynamodb.Keys`, `dynamodb.NewImage` and `dynamodb.OldImage`: exact values, `prefix`, `anything-but`, `exists`, `numeric`"),
		feat(ddbEv, "MaximumRetryAttempts", emulated, "retries come after 0.1 to 2 s instead of Lambda's back-off").single(),
		feat(ddbEv, "MaximumRecordAgeInSeconds", emulated, "").single(),
		feat(ddbEv, "BisectBatchOnFunctionError", emulated, "").only("true", "false"),
		feat(ddbEv, "DestinationConfig.OnFailure.Destination", knownDifference, "no SQS or SNS locally: the invocation records are logged and listed at `/_dev/streams/failures`"),
		feat(ddbEv, "DestinationConfig.OnFailure.Type", knownDifference, "SAM gives the role the permission to send there; locally nothing is sent").only("SQS", "SNS"),
		feat(ddbEv, "FunctionResponseTypes", emulated, "").only("ReportBatchItemFailures"),
		feat(ddbEv, "Enabled", emulated, "a disabled mapping is not polled").only("true", "false"),
		feat(ddbEv, "ParallelizationFactor", emulated, "one consumer per shard").only("1"),
		feat(ddbEv, "TumblingWindowInSeconds", refused, "keep state in the table instead"),
		feat(ddbEv, "StartingPositionTimestamp", refused, "DynamoDB streams start at TRIM_HORIZON or LATEST"),

		// The HTTP API.
		feat(api, "", emulated, "the gateway, on the site's port"),
		feat(api, "Properties.StageName", emulated, "").only("$default"),
		feat(api, "Properties.DefaultRouteSettings.ThrottlingBurstLimit", emulated, "enforced by the gateway"),
		feat(api, "Properties.DefaultRouteSettings.ThrottlingRateLimit", emulated, "enforced by the gateway"),
		feat(api, "Properties.Description", knownDifference, "inert"),

		// The table: what ddblocal.EnsureTable creates.
		feat(table, "", emulated, "created in DynamoDB Local (`infra/ddblocal`)"),
		feat(table, "Properties.TableName", emulated, ""),
		feat(table, "Properties.AttributeDefinitions", emulated, ""),
		feat(table, "Properties.KeySchema", emulated, ""),
		feat(table, "Properties.GlobalSecondaryIndexes[].IndexName", emulated, ""),
		feat(table, "Properties.GlobalSecondaryIndexes[].KeySchema", emulated, ""),
		feat(table, "Properties.GlobalSecondaryIndexes[].Projection.ProjectionType", emulated, ""),
		feat(table, "Properties.GlobalSecondaryIndexes[].Projection.NonKeyAttributes", emulated, ""),
		feat(table, "Properties.LocalSecondaryIndexes[].IndexName", emulated, ""),
		feat(table, "Properties.LocalSecondaryIndexes[].KeySchema", emulated, ""),
		feat(table, "Properties.LocalSecondaryIndexes[].Projection.ProjectionType", emulated, ""),
		feat(table, "Properties.LocalSecondaryIndexes[].Projection.NonKeyAttributes", emulated, ""),
		feat(table, "Properties.BillingMode", knownDifference, "DynamoDB Local neither bills nor throttles; the table is created `PAY_PER_REQUEST`"),
		feat(table, "Properties.TimeToLiveSpecification", knownDifference, "enabled on the local table, but DynamoDB Local deletes expired items within seconds, AWS within days (until then reads return them)"),
		feat(table, "Properties.StreamSpecification", knownDifference, "enabled on the local table; a function's `DynamoDB` event consumes it (below); shards split and records expire as DynamoDB Local decides"),
		feat(table, "Properties.SSESpecification", knownDifference, "DynamoDB Local stores the table unencrypted under `.data/dynamodb`"),
		feat(table, "Properties.PointInTimeRecoverySpecification", knownDifference, "no backups locally"),
		feat(table, "Properties.DeletionProtectionEnabled", knownDifference, "not set on the local table; the local cloud never deletes tables"),
		feat(table, "Properties.Tags", knownDifference, "not set locally; nothing reads them"),

		// Buckets.
		feat(bucket, "", emulated, "created in the S3 emulator (`infra/s3local`)"),
		feat(bucket, "Properties.BucketName", emulated, ""),
		feat(bucket, "Properties.CorsConfiguration", emulated, "applied by the S3 emulator"),
		feat(bucket, "Properties.PublicAccessBlockConfiguration", knownDifference, "the S3 emulator listens on loopback only; viewers reach objects through the gateway"),
		feat(bucket, "Properties.OwnershipControls", knownDifference, "the S3 emulator has no ACLs"),
		feat(bucket, "Properties.BucketEncryption", knownDifference, "objects are stored unencrypted under `.data/s3`"),
		feat(bucket, "Properties.VersioningConfiguration", knownDifference, "the S3 emulator is not versioned: an overwrite or delete loses the previous object"),
		feat(bucket, "Properties.LifecycleConfiguration", knownDifference, "no lifecycle rule runs: nothing expires locally"),
		feat(bucket, "Properties.Tags", knownDifference, "not set locally; nothing reads them"),
		feat(bucket, "Properties.NotificationConfiguration", refused, "declare S3 notifications as the function's `S3` event"),

		feat(policy, "", emulated, ""),
		feat(policy, "Properties.Bucket", emulated, ""),
		feat(policy, "Properties.PolicyDocument", emulated, ""),

		// Parameters.
		feat(param, "", emulated, "created in the local SSM emulator"),
		feat(param, "Properties.Name", emulated, ""),
		feat(param, "Properties.Type", emulated, ""),
		feat(param, "Properties.Value", emulated, ""),
		feat(param, "Properties.Description", knownDifference, "inert"),

		// CloudFront: what infra/gateway reproduces.
		feat(dist, "", emulated, "the gateway serves the site, `/api/*` and `/images/*` on one port"),
		feat(dist, "Properties.DistributionConfig.Enabled", emulated, "").only("true"),
		feat(dist, "Properties.DistributionConfig.DefaultRootObject", emulated, "`/` serves `index.html`"),
		feat(dist, "Properties.DistributionConfig.Origins[].Id", emulated, ""),
		feat(dist, "Properties.DistributionConfig.Origins[].DomainName", emulated, "a bucket's domain name selects that bucket in the S3 emulator"),
		feat(dist, "Properties.DistributionConfig.Origins[].OriginAccessControlId", emulated, "the gateway reads the buckets as CloudFront"),
		feat(dist, "Properties.DistributionConfig.Origins[].S3OriginConfig", emulated, ""),
		feat(dist, "Properties.DistributionConfig.Origins[].OriginCustomHeaders", emulated, "sent by the gateway to the origin"),
		feat(dist, "Properties.DistributionConfig.Origins[].CustomOriginConfig", knownDifference, "the gateway calls the HTTP API in-process: protocols and TLS do not apply"),
		feat(dist, "Properties.DistributionConfig.CacheBehaviors[].PathPattern", emulated, "the gateway matches the patterns in order as CloudFront does (`*`, `?`, case-sensitive), the default behaviour last"),
		feat(dist, "Properties.DistributionConfig.Aliases", knownDifference, "the site is `http://127.0.0.1:PORT`"),
		feat(dist, "Properties.DistributionConfig.ViewerCertificate", knownDifference, "no TLS locally"),
		feat(dist, "Properties.DistributionConfig.PriceClass", knownDifference, "one local edge"),
		feat(dist, "Properties.DistributionConfig.HttpVersion", knownDifference, "the gateway speaks HTTP/1.1"),
		feat(dist, "Properties.DistributionConfig.IPV6Enabled", knownDifference, "the gateway listens on `127.0.0.1` only"),
		feat(dist, "Properties.DistributionConfig.Logging", knownDifference, "the gateway logs every request to stderr instead"),
		feat(dist, "Properties.DistributionConfig.Comment", knownDifference, doc),
	}
	// Cache behaviours: the same rows under DefaultCacheBehavior and each
	// of CacheBehaviors.
	for _, prefix := range []string{"DefaultCacheBehavior.", "CacheBehaviors[]."} {
		p := "Properties.DistributionConfig." + prefix
		rows = append(rows,
			feat(dist, p+"TargetOriginId", emulated, ""),
			feat(dist, p+"Compress", emulated, "brotli when the client accepts it, else gzip, from 1,000 bytes").only("true"),
			feat(dist, p+"ResponseHeadersPolicyId", emulated, "the policy's headers are set on every response of the gateway"),
			feat(dist, p+"AllowedMethods", knownDifference, "the gateway allows `GET` and `HEAD` on the site and `/images/*`, every method on `/api/*`, whatever is declared"),
			feat(dist, p+"CachePolicyId", knownDifference, "the gateway caches nothing; origins send their own `Cache-Control`"),
			feat(dist, p+"OriginRequestPolicyId", knownDifference, "the gateway passes every viewer header, cookie and query parameter to `/api/*`, whatever policy is named"),
			feat(dist, p+"ViewerProtocolPolicy", knownDifference, "no TLS locally: the gateway serves plain HTTP on loopback"),
			feat(dist, p+"FunctionAssociations", knownDifference, "the gateway's built-in SPA fallback stands in for the function on the site; no function code runs"),
		)
	}
	rows = append(rows,
		feat(cachePolicy, "", knownDifference, "the gateway caches nothing: every request reaches the origin, which sends its own `Cache-Control`"),
		feat(cachePolicy, "Properties", knownDifference, "kept as written; nothing is cached locally"),
		feat(cfFn, "", knownDifference, "the gateway reproduces the SPA fallback function; its code is not run"),
		feat(cfFn, "Properties", knownDifference, "kept as written; the code is not run"),

		feat(headers, "", emulated, "its headers are set on every response of the gateway, over the origin's"),
		feat(headers, "Properties.ResponseHeadersPolicyConfig.Name", knownDifference, "names the policy on AWS only"),
		feat(headers, "Properties.ResponseHeadersPolicyConfig.Comment", knownDifference, doc),
	)
	// What Template.SecurityHeaders reads. Override must be true: the
	// gateway always replaces the origin's header.
	for _, h := range []struct{ name, fields string }{
		{"ContentSecurityPolicy", "ContentSecurityPolicy"},
		{"StrictTransportSecurity", "AccessControlMaxAgeSec IncludeSubdomains Preload"},
		{"FrameOptions", "FrameOption"},
		{"ReferrerPolicy", "ReferrerPolicy"},
		{"ContentTypeOptions", ""},
		{"XSSProtection", "Protection ModeBlock ReportUri"},
	} {
		p := "Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig." + h.name + "."
		for f := range strings.FieldsSeq(h.fields) {
			rows = append(rows, feat(headers, p+f, emulated, ""))
		}
		rows = append(rows, feat(headers, p+"Override", emulated, "").only("true"))
	}
	p := "Properties.ResponseHeadersPolicyConfig.CustomHeadersConfig.Items[]."
	return append(rows,
		feat(headers, p+"Header", emulated, ""),
		feat(headers, p+"Value", emulated, ""),
		feat(headers, p+"Override", emulated, "").only("true"),

		feat(oac, "", emulated, "the gateway reads the buckets as CloudFront"),
		feat(oac, "Properties.OriginAccessControlConfig", emulated, ""),
	)
}

// featureIndex answers the checker's lookups.
type featureIndex struct {
	rows map[string]map[string]feature // by scope, then path
	// inner holds the paths with rows below them, by scope.
	inner map[string]map[string]bool
}

var featureIdx = newFeatureIndex(featureRows)

func newFeatureIndex(table []feature) featureIndex {
	idx := featureIndex{rows: map[string]map[string]feature{}, inner: map[string]map[string]bool{}}
	for _, f := range table {
		if idx.rows[f.scope] == nil {
			idx.rows[f.scope] = map[string]feature{}
			idx.inner[f.scope] = map[string]bool{}
		}
		idx.rows[f.scope][f.path] = f
		for i := range len(f.path) {
			if f.path[i] == '.' || strings.HasPrefix(f.path[i:], "[]") {
				idx.inner[f.scope][f.path[:i]] = true
			}
		}
	}
	return idx
}

// known reports whether the table says anything about path in scope.
func (idx featureIndex) known(scope, path string) bool {
	_, ok := idx.rows[scope][path]
	return ok || idx.inner[scope][path]
}
