package iam

import (
	"strings"
	"testing"
)

const acct = "000000000000"

func mustPolicy(t *testing.T, doc map[string]any) Policy {
	t.Helper()
	p, err := ParsePolicy("test", doc, false)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestGlob(t *testing.T) {
	tests := []struct {
		pattern, s string
		want       bool
	}{
		{"*", "", true},
		{"*", "anything", true},
		{"a*c", "abc", true},
		{"a*c", "ac", true},
		{"a*c", "abd", false},
		{"a?c", "abc", true},
		{"a?c", "ac", false},
		{"*x*y*", "axbyc", true},
		{"*x*y*", "aybxc", false},
		{"abc", "ABC", false},
		{"uploads/*", "uploads/ad/img", true},
		{"uploads/*", "images/uploads/x", false},
		{strings.Repeat("*a", 20) + "b", strings.Repeat("a", 60), false}, // no exponential backtracking
	}
	for _, tt := range tests {
		if got := Glob(tt.pattern, tt.s); got != tt.want {
			t.Errorf("Glob(%q, %q): got %v, want %v", tt.pattern, tt.s, got, tt.want)
		}
	}
}

func TestMatchActionAndARN(t *testing.T) {
	actions := []struct {
		pattern, action string
		want            bool
	}{
		{"dynamodb:GetItem", "dynamodb:GetItem", true},
		{"dynamodb:getitem", "dynamodb:GetItem", true},
		{"dynamodb:Get*", "dynamodb:GetItem", true},
		{"dynamodb:*", "dynamodb:Query", true},
		{"*", "s3:GetObject", true},
		{"dynamodb:GetItem", "dynamodb:GetItems", false},
		{"s3:Get*", "dynamodb:GetItem", false},
	}
	for _, tt := range actions {
		if got := MatchAction(tt.pattern, tt.action); got != tt.want {
			t.Errorf("MatchAction(%q, %q): got %v, want %v", tt.pattern, tt.action, got, tt.want)
		}
	}
	table := "arn:aws:dynamodb:eu-central-2:000000000000:table/remat-local"
	arns := []struct {
		pattern, arn string
		want         bool
	}{
		{table, table, true},
		{table, table + "/index/GSI1", false},
		{table + "/index/*", table + "/index/GSI1", true},
		{table + "/index/GSI1", table + "/index/GSI2", false},
		{"arn:aws:dynamodb:*:*:table/remat-local", table, true},
		{"arn:aws:dynamodb:*:table/remat-local", table, false}, // a * never spans segments
		{"*", table, true},
		{"arn:aws:s3:::bucket/uploads/*", "arn:aws:s3:::bucket/uploads/a/b.jpg", true},
		{"arn:aws:s3:::bucket/uploads/*", "arn:aws:s3:::bucket", false},
		{"arn:aws:s3:::bucket", "arn:aws:s3:::bucket/x", false},
		{"arn:aws:ssm:eu-central-2:000000000000:parameter/remat/dev", "arn:aws:ssm:eu-central-2:000000000000:parameter/remat/dev/jwt-signing-key", false},
		{"arn:aws:ssm:eu-central-2:000000000000:parameter/remat/dev/*", "arn:aws:ssm:eu-central-2:000000000000:parameter/remat/dev/jwt-signing-key", true},
	}
	for _, tt := range arns {
		if got := MatchARN(tt.pattern, tt.arn); got != tt.want {
			t.Errorf("MatchARN(%q, %q): got %v, want %v", tt.pattern, tt.arn, got, tt.want)
		}
	}
}

func TestParsePolicyErrors(t *testing.T) {
	stmt := func(kv ...any) map[string]any {
		m := map[string]any{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return map[string]any{"Statement": []any{m}}
	}
	tests := []struct {
		name string
		doc  any
		want string
	}{
		{"not a mapping", "AdministratorAccess", "want a policy document"},
		{"no statement", map[string]any{"Version": "2012-10-17"}, "no Statement"},
		{"bad version", map[string]any{"Version": "2020-01-01", "Statement": []any{}}, "Version"},
		{"unknown element", map[string]any{"Statement": []any{}, "Foo": 1}, `unknown policy element "Foo"`},
		{"no effect", stmt("Action", "s3:GetObject", "Resource", "*"), "no Effect"},
		{"bad effect", stmt("Effect", "Permit", "Action", "s3:GetObject", "Resource", "*"), "want Allow or Deny"},
		{"no action", stmt("Effect", "Allow", "Resource", "*"), "no Action"},
		{"no resource", stmt("Effect", "Allow", "Action", "s3:GetObject"), "no Resource"},
		{"action without service", stmt("Effect", "Allow", "Action", "GetObject", "Resource", "*"), "want service:Action"},
		{"resource not an ARN", stmt("Effect", "Allow", "Action", "s3:GetObject", "Resource", "bucket/*"), "want an ARN"},
		{"policy variable", stmt("Effect", "Allow", "Action", "s3:GetObject", "Resource", "arn:aws:s3:::b/${aws:username}/*"), "policy variables"},
		{"principal in identity policy", stmt("Effect", "Allow", "Principal", "*", "Action", "s3:GetObject", "Resource", "*"), "must not name a principal"},
		{"unknown operator", stmt("Effect", "Allow", "Action", "s3:GetObject", "Resource", "*",
			"Condition", map[string]any{"StringSortOf": map[string]any{"k": "v"}}), "operator not emulated"},
		{"bad bool", stmt("Effect", "Allow", "Action", "s3:GetObject", "Resource", "*",
			"Condition", map[string]any{"Bool": map[string]any{"aws:SecureTransport": "maybe"}}), "want true or false"},
		{"both action kinds", stmt("Effect", "Allow", "Action", "s3:GetObject", "NotAction", "s3:PutObject", "Resource", "*"), "both Action and NotAction"},
	}
	for _, tt := range tests {
		_, err := ParsePolicy("Fn Policies[0]", tt.doc, false)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error containing %q", tt.name, err, tt.want)
			continue
		}
		if !strings.HasPrefix(err.Error(), "Fn Policies[0]") {
			t.Errorf("%s: got %v, want it to name the policy", tt.name, err)
		}
	}
}

func TestEvaluate(t *testing.T) {
	table := "arn:aws:dynamodb:eu-central-2:000000000000:table/remat-local"
	identity := mustPolicy(t, map[string]any{
		"Statement": []any{
			map[string]any{"Effect": "Allow", "Action": []any{"dynamodb:GetItem", "dynamodb:PutItem"}, "Resource": table},
			map[string]any{"Effect": "Allow", "Action": "dynamodb:Query", "Resource": table + "/index/GSI1"},
			map[string]any{"Effect": "Allow", "Action": "ses:SendEmail", "Resource": "*",
				"Condition": map[string]any{"StringEquals": map[string]any{"ses:FromAddress": "no-reply@remat.ch"}}},
			map[string]any{"Effect": "Deny", "Action": "dynamodb:PutItem", "Resource": table,
				"Condition": map[string]any{"StringEquals": map[string]any{"dynamodb:ReturnValues": "ALL_OLD"}}},
		},
	})
	p, err := NewRolePrincipal(acct, "remat-local-FnRole", "Fn", []Policy{identity})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		req      Request
		allowed  bool
		denyMsg  string
		resource string
	}{
		{name: "allowed item read", req: Request{Action: "dynamodb:GetItem", Resource: table}, allowed: true},
		{name: "action not granted", req: Request{Action: "dynamodb:DeleteItem", Resource: table},
			denyMsg: "because no identity-based policy allows the dynamodb:DeleteItem action"},
		{name: "query on the granted index", req: Request{Action: "dynamodb:Query", Resource: table + "/index/GSI1"}, allowed: true},
		{name: "query on another index", req: Request{Action: "dynamodb:Query", Resource: table + "/index/GSI2"},
			denyMsg: "no identity-based policy allows"},
		{name: "query on the table itself", req: Request{Action: "dynamodb:Query", Resource: table}, denyMsg: "no identity-based policy allows"},
		{name: "condition holds", req: Request{Action: "ses:SendEmail", Resource: "arn:aws:ses:eu-central-2:000000000000:identity/no-reply@remat.ch",
			Context: map[string][]string{"ses:FromAddress": {"no-reply@remat.ch"}}}, allowed: true},
		{name: "condition fails", req: Request{Action: "ses:SendEmail", Resource: "arn:aws:ses:eu-central-2:000000000000:identity/x@evil.example",
			Context: map[string][]string{"ses:FromAddress": {"x@evil.example"}}}, denyMsg: "no identity-based policy allows"},
		{name: "condition key missing", req: Request{Action: "ses:SendEmail", Resource: "*"}, denyMsg: "no identity-based policy allows"},
		{name: "explicit deny wins", req: Request{Action: "dynamodb:PutItem", Resource: table,
			Context: map[string][]string{"dynamodb:ReturnValues": {"ALL_OLD"}}}, denyMsg: "with an explicit deny in an identity-based policy"},
		{name: "deny condition not met", req: Request{Action: "dynamodb:PutItem", Resource: table,
			Context: map[string][]string{"dynamodb:ReturnValues": {"NONE"}}}, allowed: true},
	}
	for _, tt := range tests {
		d := Evaluate(p, nil, tt.req)
		if d.Allowed != tt.allowed {
			t.Errorf("%s: allowed %v, want %v", tt.name, d.Allowed, tt.allowed)
			continue
		}
		if !tt.allowed {
			msg := d.Message(false)
			wantPrefix := "User: arn:aws:sts::000000000000:assumed-role/remat-local-FnRole/Fn is not authorized to perform: " + tt.req.Action + " on resource: " + tt.req.Resource
			if !strings.HasPrefix(msg, wantPrefix) || !strings.Contains(msg, tt.denyMsg) {
				t.Errorf("%s: got %q, want %q … %q", tt.name, msg, wantPrefix, tt.denyMsg)
			}
		}
	}
}

func TestEvaluateResourcePolicies(t *testing.T) {
	bucket := "arn:aws:s3:::remat-local-images-000000000000"
	dist := "arn:aws:cloudfront::000000000000:distribution/Distribution"
	bucketPolicy, err := ParsePolicy("ImagesBucketPolicy", map[string]any{
		"Version": "2012-10-17",
		"Statement": []any{
			map[string]any{"Sid": "CloudFrontReadsImages", "Effect": "Allow", "Principal": map[string]any{"Service": "cloudfront.amazonaws.com"},
				"Action": "s3:GetObject", "Resource": bucket + "/*",
				"Condition": map[string]any{"StringEquals": map[string]any{"AWS:SourceArn": dist}}},
			map[string]any{"Sid": "DenyInsecureTransport", "Effect": "Deny", "Principal": "*", "Action": "s3:*",
				"Resource": []any{bucket, bucket + "/*"}, "Condition": map[string]any{"Bool": map[string]any{"aws:SecureTransport": false}}},
			map[string]any{"Sid": "AccountDelegates", "Effect": "Allow", "Principal": map[string]any{"AWS": "arn:aws:iam::000000000000:root"},
				"Action": "s3:DeleteObject", "Resource": bucket + "/*"},
		},
	}, true)
	if err != nil {
		t.Fatal(err)
	}
	cf, err := NewServicePrincipal(acct, "cloudfront.amazonaws.com", dist)
	if err != nil {
		t.Fatal(err)
	}
	otherCF, err := NewServicePrincipal(acct, "cloudfront.amazonaws.com", "arn:aws:cloudfront::000000000000:distribution/Other")
	if err != nil {
		t.Fatal(err)
	}
	fn, err := NewRolePrincipal(acct, "FnRole", "Fn", nil)
	if err != nil {
		t.Fatal(err)
	}
	root := NewRootPrincipal(acct, fn.Credentials)
	tests := []struct {
		name    string
		p       *Principal
		req     Request
		allowed bool
	}{
		{"cloudfront of this distribution reads", cf, Request{Action: "s3:GetObject", Resource: bucket + "/images/a.jpg"}, true},
		{"cloudfront of another distribution", otherCF, Request{Action: "s3:GetObject", Resource: bucket + "/images/a.jpg"}, false},
		{"cloudfront may not write", cf, Request{Action: "s3:PutObject", Resource: bucket + "/images/a.jpg"}, false},
		{"insecure transport denied even to root", root, Request{Action: "s3:GetObject", Resource: bucket + "/x",
			Context: map[string][]string{"aws:SecureTransport": {"false"}}}, false},
		{"root over TLS", root, Request{Action: "s3:GetObject", Resource: bucket + "/x"}, true},
		{"anonymous", Anonymous(acct), Request{Action: "s3:GetObject", Resource: bucket + "/images/a.jpg"}, false},
		{"naming the account grants nothing by itself", fn, Request{Action: "s3:DeleteObject", Resource: bucket + "/x"}, false},
	}
	for _, tt := range tests {
		d := Evaluate(tt.p, []Policy{bucketPolicy}, tt.req)
		if d.Allowed != tt.allowed {
			t.Errorf("%s: allowed %v, want %v (%s)", tt.name, d.Allowed, tt.allowed, d.Message(true))
		}
	}
	d := Evaluate(root, []Policy{bucketPolicy}, Request{Action: "s3:GetObject", Resource: bucket + "/x", Context: map[string][]string{"aws:SecureTransport": {"false"}}})
	if got := d.Message(true); !strings.Contains(got, `on resource: "`+bucket+`/x" with an explicit deny in a resource-based policy`) {
		t.Errorf("got %q, want the quoted resource and the resource-based deny", got)
	}
}

func TestConditions(t *testing.T) {
	cond := func(op, key string, values ...any) Condition {
		v := any(values)
		if len(values) == 1 {
			v = values[0]
		}
		cs, err := parseConditions(map[string]any{op: map[string]any{key: v}})
		if err != nil {
			t.Fatal(err)
		}
		return cs[0]
	}
	ctx := map[string][]string{
		"ses:fromaddress":     {"no-reply@remat.ch"},
		"ses:recipients":      {"a@example.ch", "b@example.ch"},
		"aws:securetransport": {"true"},
		"aws:sourceip":        {"192.0.2.10"},
		"s3:max-keys":         {"50"},
		"aws:sourcearn":       {"arn:aws:cloudfront::000000000000:distribution/D1"},
	}
	tests := []struct {
		name string
		c    Condition
		want bool
	}{
		{"StringEquals", cond("StringEquals", "ses:FromAddress", "no-reply@remat.ch"), true},
		{"StringEquals any of", cond("StringEquals", "ses:FromAddress", "x@y", "no-reply@remat.ch"), true},
		{"StringEquals is case-sensitive", cond("StringEquals", "ses:FromAddress", "No-Reply@remat.ch"), false},
		{"key names are case-insensitive", cond("StringEquals", "SES:FROMADDRESS", "no-reply@remat.ch"), true},
		{"StringEqualsIgnoreCase", cond("StringEqualsIgnoreCase", "ses:FromAddress", "NO-REPLY@REMAT.CH"), true},
		{"StringNotEquals", cond("StringNotEquals", "ses:FromAddress", "x@y"), true},
		{"StringNotEquals missing key holds", cond("StringNotEquals", "ses:FeedbackAddress", "x@y"), true},
		{"StringEquals missing key fails", cond("StringEquals", "ses:FeedbackAddress", "x@y"), false},
		{"StringEqualsIfExists missing key holds", cond("StringEqualsIfExists", "ses:FeedbackAddress", "x@y"), true},
		{"StringLike", cond("StringLike", "ses:FromAddress", "*@remat.ch"), true},
		{"StringNotLike", cond("StringNotLike", "ses:FromAddress", "*@remat.ch"), false},
		{"ForAllValues all match", cond("ForAllValues:StringLike", "ses:Recipients", "*@example.ch"), true},
		{"ForAllValues one does not", cond("ForAllValues:StringEquals", "ses:Recipients", "a@example.ch"), false},
		{"ForAllValues missing key holds", cond("ForAllValues:StringEquals", "ses:Nothing", "a"), true},
		{"ForAnyValue one matches", cond("ForAnyValue:StringEquals", "ses:Recipients", "b@example.ch"), true},
		{"ForAnyValue missing key fails", cond("ForAnyValue:StringEquals", "ses:Nothing", "a"), false},
		{"Bool", cond("Bool", "aws:SecureTransport", true), true},
		{"Bool false", cond("Bool", "aws:SecureTransport", false), false},
		{"Null absent", cond("Null", "ses:Nothing", "true"), true},
		{"Null present", cond("Null", "ses:FromAddress", "true"), false},
		{"IpAddress", cond("IpAddress", "aws:SourceIp", "192.0.2.0/24"), true},
		{"NotIpAddress", cond("NotIpAddress", "aws:SourceIp", "192.0.2.0/24"), false},
		{"NumericLessThanEquals", cond("NumericLessThanEquals", "s3:max-keys", 50), true},
		{"NumericLessThan", cond("NumericLessThan", "s3:max-keys", "50"), false},
		{"ArnLike", cond("ArnLike", "aws:SourceArn", "arn:aws:cloudfront::*:distribution/*"), true},
		{"ArnEquals other", cond("ArnEquals", "aws:SourceArn", "arn:aws:cloudfront::000000000000:distribution/D2"), false},
	}
	for _, tt := range tests {
		if got := tt.c.holds(ctx); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestRecorder(t *testing.T) {
	table := "arn:aws:dynamodb:eu-central-2:000000000000:table/t"
	pol := mustPolicy(t, map[string]any{"Statement": []any{
		map[string]any{"Effect": "Allow", "Action": []any{"dynamodb:GetItem", "dynamodb:Query"}, "Resource": []any{table, table + "/index/*"}},
	}})
	p, err := NewRolePrincipal(acct, "R", "Fn", []Policy{pol})
	if err != nil {
		t.Fatal(err)
	}
	r := NewRecorder()
	for range 3 {
		r.Record(Evaluate(p, nil, Request{Action: "dynamodb:GetItem", Resource: table}))
	}
	r.Record(Evaluate(p, nil, Request{Action: "dynamodb:Query", Resource: table + "/index/GSI1"}))
	r.Record(Evaluate(p, nil, Request{Action: "dynamodb:DeleteItem", Resource: table}))
	u := r.Usage()
	want := []GrantUse{
		{Principal: "Fn", Policy: "test", Action: "dynamodb:GetItem", Resource: table, Calls: 3},
		{Principal: "Fn", Policy: "test", Action: "dynamodb:Query", Resource: table + "/index/*", Calls: 1},
	}
	if len(u.Grants) != len(want) {
		t.Fatalf("grants: got %+v, want %+v", u.Grants, want)
	}
	for i := range want {
		if u.Grants[i] != want[i] {
			t.Errorf("grant %d: got %+v, want %+v", i, u.Grants[i], want[i])
		}
	}
	if len(u.Denied) != 1 || u.Denied[0].Action != "dynamodb:DeleteItem" || u.Denied[0].Calls != 1 {
		t.Errorf("denied: got %+v, want one DeleteItem", u.Denied)
	}
	merged := u.Merge(u)
	if merged.Grants[0].Calls != 6 || merged.Calls[0].Calls != 6 || merged.Denied[0].Calls != 2 {
		t.Errorf("merge: got %+v, want the counts doubled", merged)
	}
	path := t.TempDir() + "/usage.json"
	if err := r.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	back, err := ReadUsage(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(back.Grants) != 2 || back.Grants[0].Calls != 3 {
		t.Errorf("read back: got %+v", back)
	}
}
