package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/remat/remat/infra/iam"
	"github.com/remat/remat/infra/samtpl"
)

// templateVariant writes template.yaml changed by edit into a directory of
// the module (functions are built from the module root) and returns its
// path; the directory is removed when the test ends.
func templateVariant(t *testing.T, edit func(string) string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(moduleRoot, "template.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(moduleRoot, ".data"), 0o750); err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp(filepath.Join(moduleRoot, ".data"), "iam-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	src := string(data)
	changed := edit(src)
	if changed == src {
		t.Fatal("the edit changed nothing: the template no longer looks like the test expects")
	}
	path := filepath.Join(dir, "template.yaml")
	if err := os.WriteFile(path, []byte(changed), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// functionBlock returns the start and end of a function's resource in the
// template text.
func functionBlock(t *testing.T, src, logicalID string) (int, int) {
	t.Helper()
	start := strings.Index(src, "\n  "+logicalID+":\n")
	if start < 0 {
		t.Fatalf("no %s in the template", logicalID)
	}
	next := regexp.MustCompile(`\n  [A-Za-z]+:\n    Type: `).FindStringIndex(src[start+1:])
	if next == nil {
		return start, len(src)
	}
	return start, start + 1 + next[0]
}

func deniedCalls(c *Cloud) []iam.DeniedCall { return c.iam.recorder.Usage().Denied }

func hasDenial(denied []iam.DeniedCall, principal, action, resourceSuffix string) bool {
	for _, d := range denied {
		if d.Principal == principal && d.Action == action && strings.HasSuffix(d.Resource, resourceSuffix) {
			return true
		}
	}
	return false
}

// TestIAMBitesOnTemplateMistakes runs a local cloud on the template with
// three mistakes AWS would punish, and shows the local cloud punishes them
// the same way:
//   - the SSM policy of the first deploy review: SAM's
//     SSMParameterWithSlashPrefixReadPolicy with ParameterName /remat/${Stage}
//     grants the parameter named /remat/local, not the parameters under it,
//     so the function's cold start fails with AccessDeniedException;
//   - a policy without an action the function uses (the auth function
//     without dynamodb:GetItem): the login answers 500 with the usual JSON
//     error;
//   - a CORS rule naming another origin than the site: the browser's
//     preflight of a photo upload is refused.
func TestIAMBitesOnTemplateMistakes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts DynamoDB Local and builds every function")
	}
	tplPath := templateVariant(t, func(src string) string {
		// ContactUsFunction: its SSM statement becomes the policy template.
		start, end := functionBlock(t, src, "ContactUsFunction")
		block := src[start:end]
		ssm := regexp.MustCompile(`(?s)        # SSM, each parameter by name:.*?(\n        - Statement:\n            - Effect: Allow\n              Action: ssm:GetParameters\n              Resource:\n(?:                - [^\n]+\n)+)`)
		block = ssm.ReplaceAllString(block, "        - SSMParameterWithSlashPrefixReadPolicy:\n            ParameterName: !Sub /remat/${Stage}\n")
		src = src[:start] + block + src[end:]
		// AuthFunction: its DynamoDB statement loses GetItem.
		start, end = functionBlock(t, src, "AuthFunction")
		block = strings.Replace(src[start:end], "                - dynamodb:GetItem\n", "", 1)
		src = src[:start] + block + src[end:]
		// The images bucket's CORS rule names another site.
		return regexp.MustCompile(`(?s)(AllowedOrigins:\n)\s+- !If\n.*?Distribution\.DomainName\}"\]\n`).
			ReplaceAllString(src, "${1}              - https://remat.example\n")
	})
	c := startCloud(t, Config{Memory: true, Template: tplPath})
	defer func() { _ = c.Stop() }()

	// The cold start that cannot read its secrets: API Gateway's 500.
	status, body := post(t, c.URL+"/api/v1/contact-us", `{"name":"Anna","email":"anna@example.ch","subject":"Tuiles","message":"Bonjour"}`, nil)
	if status != http.StatusInternalServerError || string(body) != `{"message":"Internal Server Error"}` {
		t.Errorf("contact-us with the prefix policy: got %d %s, want 500 {\"message\":\"Internal Server Error\"}", status, body)
	}
	denied := deniedCalls(c)
	if !hasDenial(denied, "ContactUsFunction", "ssm:GetParameters", ":parameter/remat/local/jwt-public-key") {
		t.Errorf("denied calls: got %+v, want ContactUsFunction's ssm:GetParameters on /remat/local/jwt-public-key", denied)
	}
	for _, d := range denied {
		if d.Principal == "ContactUsFunction" && !strings.Contains(d.Message, "is not authorized to perform: ssm:GetParameters on resource: arn:aws:ssm:eu-central-2:000000000000:parameter/remat/local/") {
			t.Errorf("message: got %q, want AWS's wording", d.Message)
		}
	}

	// The missing action: the function answers its JSON 500.
	status, body = post(t, c.URL+"/api/v1/auth/login", `{"email":"anna@example.ch","password":"not-her-password"}`, nil)
	var e struct {
		Error struct{ Code string } `json:"error"`
	}
	if status != http.StatusInternalServerError || json.Unmarshal(body, &e) != nil || e.Error.Code != "internal_error" {
		t.Errorf("login without dynamodb:GetItem: got %d %s, want 500 internal_error", status, body)
	}
	if !hasDenial(deniedCalls(c), "AuthFunction", "dynamodb:GetItem", ":table/remat-local") {
		t.Errorf("denied calls: got %+v, want AuthFunction's dynamodb:GetItem", deniedCalls(c))
	}

	// The wrong CORS rule: the site's upload preflight is refused.
	if status, _ := preflight(t, c.S3URL+"/remat-local-images-000000000000/uploads/a/b", c.URL); status != http.StatusForbidden {
		t.Errorf("preflight from the site with a rule for another origin: got %d, want 403", status)
	}
}

// TestOnlyCloudFrontReachesTheAPI shows the rule of the template's
// distribution locally: the functions answer only requests that came
// through it (the site's port), not the API's own endpoint, whatever
// headers the caller forges; and the photo upload's cross-origin preflight
// from the site passes the bucket's CORS rule while another origin's does
// not.
func TestOnlyCloudFrontReachesTheAPI(t *testing.T) {
	if testing.Short() {
		t.Skip("starts DynamoDB Local and builds every function")
	}
	c := startCloud(t, Config{Memory: true})
	defer func() { _ = c.Stop() }()

	if status, _ := get(t, c.URL+"/api/v1/settings"); status != http.StatusOK {
		t.Errorf("through the site: got %d, want 200", status)
	}
	for name, hdr := range map[string]http.Header{
		"no header":                    nil,
		"a forged viewer address":      {"Cloudfront-Viewer-Address": {"203.0.113.7:443"}},
		"a guessed origin secret":      {"X-Origin-Verify": {"guess"}, "Cloudfront-Viewer-Address": {"203.0.113.7:443"}},
		"the site's own Host and more": {"Host": {strings.TrimPrefix(c.URL, "http://")}, "X-Forwarded-For": {"203.0.113.7"}},
	} {
		status, body := do(t, http.MethodGet, c.APIURL+"/api/v1/settings", "", hdr)
		var e struct {
			Error struct{ Code string } `json:"error"`
		}
		if status != http.StatusForbidden || json.Unmarshal(body, &e) != nil || e.Error.Code != "forbidden" {
			t.Errorf("straight to the API, %s: got %d %s, want 403 forbidden", name, status, body)
		}
	}
	status, body := post(t, c.APIURL+"/api/v1/auth/login", `{"email":"a@example.ch","password":"x"}`, http.Header{"Cloudfront-Viewer-Address": {"203.0.113.8:1"}})
	if status != http.StatusForbidden {
		t.Errorf("login straight to the API: got %d %s, want 403", status, body)
	}

	// CSP: connect-src names the bucket's own host, which locally is the
	// S3 emulator's origin.
	resp, err := http.Get(c.URL + "/fr/")
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "connect-src 'self' https://api.stripe.com "+c.S3URL+";") {
		t.Errorf("CSP: got %q, want connect-src to name %s", csp, c.S3URL)
	}
	upload := c.S3URL + "/remat-local-images-000000000000/uploads/a/b"
	if status, h := preflight(t, upload, c.URL); status != http.StatusOK || h.Get("Access-Control-Allow-Origin") != c.URL {
		t.Errorf("preflight from the site: got %d %v, want 200 allowing %s", status, h, c.URL)
	}
	if status, _ := preflight(t, upload, "http://127.0.0.1:5173"); status != http.StatusForbidden {
		t.Errorf("preflight from another origin: got %d, want 403", status)
	}
}

func preflight(t *testing.T, url, origin string) (int, http.Header) {
	t.Helper()
	status, _, h := request(t, http.MethodOptions, url, "", http.Header{
		"Origin": {origin}, "Access-Control-Request-Method": {"PUT"}, "Access-Control-Request-Headers": {"content-type"},
	})
	return status, h
}

func post(t *testing.T, url, body string, hdr http.Header) (int, []byte) {
	t.Helper()
	if hdr == nil {
		hdr = http.Header{}
	}
	hdr.Set("Content-Type", "application/json")
	status, out, _ := request(t, http.MethodPost, url, body, hdr)
	return status, out
}

func do(t *testing.T, method, url, body string, hdr http.Header) (int, []byte) {
	t.Helper()
	status, out, _ := request(t, method, url, body, hdr)
	return status, out
}

func request(t *testing.T, method, url, body string, hdr http.Header) (int, []byte, http.Header) {
	t.Helper()
	req, err := http.NewRequest(method, url, bytes.NewReader([]byte(body)))
	if err != nil {
		t.Fatal(err)
	}
	for k, vs := range hdr {
		if strings.EqualFold(k, "Host") {
			req.Host = vs[0]
			continue
		}
		req.Header[k] = vs
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out, resp.Header
}

// TestNewIAMRefusesBadPolicies: a policy the local cloud cannot evaluate
// as AWS would stops it at start, naming the resource.
func TestNewIAMRefusesBadPolicies(t *testing.T) {
	tests := []struct {
		name, policies, want string
	}{
		{"statement without Effect", "- Statement:\n            - Action: s3:GetObject\n              Resource: \"*\"", "no Effect"},
		{"statement without Resource", "- Statement:\n            - Effect: Allow\n              Action: s3:GetObject", "no Resource"},
		{"a managed policy", "- AmazonS3FullAccess", "managed policies are not emulated"},
		{"an unknown policy template", "- S3ReadPolicyy:\n            BucketName: b", "neither a policy document nor a SAM policy template"},
		{"a condition key no emulator supplies", "- Statement:\n            - Effect: Allow\n              Action: dynamodb:GetItem\n              Resource: \"*\"\n" +
			"              Condition:\n                ForAllValues:StringEquals:\n                  dynamodb:LeadingKeys: [u1]", "dynamodb:leadingkeys"},
	}
	for _, tt := range tests {
		src := "Resources:\n  Fn:\n    Type: AWS::Serverless::Function\n    Properties:\n      CodeUri: fn\n      Policies:\n        " + tt.policies + "\n"
		tpl, err := samtpl.Parse([]byte(src), samtpl.Options{AccountID: accountID, Region: region})
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		_, err = newIAM(tpl, moduleRoot, false, testLogger(t))
		var ce *configError
		if !errors.As(err, &ce) || !strings.Contains(err.Error(), "Resources.Fn.Properties.Policies") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want a configuration error naming Resources.Fn.Properties.Policies and %q", tt.name, err, tt.want)
		}
	}
}
