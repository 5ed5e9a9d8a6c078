package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"github.com/aws/aws-sdk-go-v2/aws"

	"github.com/remat/remat/infra/iam"
	"github.com/remat/remat/infra/lambdart"
	"github.com/remat/remat/infra/samtpl"
)

// emulatedConditionKeys are the condition keys the emulators put into
// every request's context (lower case). A policy testing any other key
// would be evaluated as if the key were absent, which AWS would not do, so
// the local cloud refuses to start on it instead.
var emulatedConditionKeys = map[string]bool{
	"aws:securetransport": true, "aws:principalarn": true, "aws:principalaccount": true,
	"aws:requestedregion": true, "aws:sourcearn": true, "aws:sourceaccount": true,
	"dynamodb:returnvalues": true, "dynamodb:select": true, "dynamodb:returnconsumedcapacity": true,
	"dynamodb:enclosingoperation": true,
	"s3:prefix":                   true, "s3:delimiter": true, "s3:max-keys": true,
	"ses:fromaddress": true, "ses:fromdisplayname": true, "ses:recipients": true, "ses:apiversion": true,
}

// cloudFrontService is the service principal of the distribution's
// origin access control.
const cloudFrontService = "cloudfront.amazonaws.com"

// iamSetup is the local cloud's IAM: one principal per function, running
// with the policies its template role would have (SAM policy templates
// expanded by SAM's own definitions), the distribution as CloudFront's
// service principal, and the account root for the cloud's own tools (seed,
// tests), which use the static local credentials.
type iamSetup struct {
	enforcer   *iam.Enforcer
	recorder   *iam.Recorder
	functions  map[string]*iam.Principal // by logical id
	cloudfront *iam.Principal
}

// newIAM builds the principals from the template. A function policy that
// does not expand or parse, names a managed policy, or tests a condition
// key the emulators do not supply stops the local cloud, naming the
// resource.
func newIAM(tpl *samtpl.Template, moduleRoot string, off bool, log *slog.Logger) (*iamSetup, error) {
	var pt *samtpl.PolicyTemplates
	if usesPolicyTemplates(tpl) {
		path, err := samtpl.FindPolicyTemplates(moduleRoot)
		if err != nil {
			return nil, configErrorf("%v", err)
		}
		if pt, err = samtpl.LoadPolicyTemplates(path); err != nil {
			return nil, configErrorf("%v", err)
		}
	}
	s := &iamSetup{recorder: iam.NewRecorder(), functions: map[string]*iam.Principal{}}
	root := iam.NewRootPrincipal(accountID, aws.Credentials{AccessKeyID: lambdart.LocalAccessKeyID, SecretAccessKey: lambdart.LocalSecretAccessKey})
	dir, err := iam.NewDirectory(root)
	if err != nil {
		return nil, fmt.Errorf("localcloud: iam: %w", err)
	}
	var problems []error
	for _, fn := range tpl.Functions {
		policies, err := functionPolicies(tpl, fn, pt)
		if err != nil {
			problems = append(problems, err)
			continue
		}
		p, err := iam.NewRolePrincipal(accountID, roleName(fn.LogicalID), fn.LogicalID, policies)
		if err != nil {
			return nil, fmt.Errorf("localcloud: iam: %w", err)
		}
		if err := dir.Add(p); err != nil {
			return nil, fmt.Errorf("localcloud: iam: %w", err)
		}
		s.functions[fn.LogicalID] = p
	}
	if err := errors.Join(problems...); err != nil {
		return nil, configErrorf("the template's IAM policies cannot be emulated:\n%v", err)
	}
	if bps, err := tpl.BucketPolicies(); err != nil {
		return nil, configErrorf("%v", err)
	} else {
		for _, bp := range bps {
			p, err := iam.ParsePolicy(bp.LogicalID, bp.Document, true)
			if err != nil {
				return nil, configErrorf("the template's bucket policy cannot be emulated: %v", err)
			}
			if err := checkConditionKeys(p); err != nil {
				return nil, configErrorf("%v", err)
			}
		}
	}
	if dist := distributionID(tpl); dist != "" {
		cf, err := iam.NewServicePrincipal(accountID, cloudFrontService, "arn:aws:cloudfront::"+accountID+":distribution/"+dist)
		if err != nil {
			return nil, fmt.Errorf("localcloud: iam: %w", err)
		}
		if err := dir.Add(cf); err != nil {
			return nil, fmt.Errorf("localcloud: iam: %w", err)
		}
		s.cloudfront = cf
	}
	s.enforcer = &iam.Enforcer{Directory: dir, Account: accountID, Recorder: s.recorder, Logger: log, Off: off}
	return s, nil
}

// functionPolicies expands and parses fn's policies.
func functionPolicies(tpl *samtpl.Template, fn samtpl.Function, pt *samtpl.PolicyTemplates) ([]iam.Policy, error) {
	docs, err := tpl.FunctionPolicies(fn, pt)
	if err != nil {
		return nil, fmt.Errorf("Resources.%s.Properties.Policies: %w", fn.LogicalID, err)
	}
	var out []iam.Policy
	var errs []error
	for _, d := range docs {
		p, err := iam.ParsePolicy(d.Name, d.Document, false)
		if err == nil {
			err = checkConditionKeys(p)
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("Resources.%s.Properties.Policies: %w", fn.LogicalID, err))
			continue
		}
		out = append(out, p)
	}
	return out, errors.Join(errs...)
}

func checkConditionKeys(p iam.Policy) error {
	var unknown []string
	for _, k := range p.ConditionKeys() {
		if !emulatedConditionKeys[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		return fmt.Errorf("%s: condition keys %s are not supplied by the local cloud's emulators (add them in infra/ or change the policy)", p.Name, strings.Join(unknown, ", "))
	}
	return nil
}

// usesPolicyTemplates reports whether any function names a SAM policy
// template (a one-key mapping without Statement), so the translator's
// templates are only required when they are needed.
func usesPolicyTemplates(tpl *samtpl.Template) bool {
	for _, fn := range tpl.Functions {
		for _, p := range fn.Policies {
			if m, ok := p.(map[string]any); ok {
				if _, doc := m["Statement"]; !doc {
					return true
				}
			}
		}
	}
	return false
}

// roleName is the local name of a function's generated role, shaped like
// SAM's (<stack>-<LogicalId>Role-<suffix> on AWS).
func roleName(logicalID string) string { return "remat-" + stage + "-" + logicalID + "Role" }

// distributionID is the CloudFront distribution's physical id locally
// (its logical id: what !Ref Distribution resolves to), or "".
func distributionID(tpl *samtpl.Template) string {
	for _, r := range tpl.Resources {
		if r.Type == "AWS::CloudFront::Distribution" {
			return r.LogicalID
		}
	}
	return ""
}

// functionCredentials returns the credentials of a function's role, for
// lambdart.Function.Credentials.
func (s *iamSetup) functionCredentials(logicalID string) aws.Credentials {
	if p, ok := s.functions[logicalID]; ok {
		return p.Credentials
	}
	return aws.Credentials{}
}

// iamUsagePath serves what the principals were allowed and denied so far
// (iam.Usage as JSON), for the test command's report.
const iamUsagePath = "/_dev/iam/usage.json"

func (s *iamSetup) usageHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			w.Header().Set("Allow", http.MethodGet)
			http.Error(w, "GET only", http.StatusMethodNotAllowed)
			return
		}
		body, err := json.MarshalIndent(s.recorder.Usage(), "", "  ")
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	})
}

// withLocalBucketHosts returns the security headers with each bucket's
// regional S3 host in the Content-Security-Policy replaced by the S3
// emulator's origin: the browser uploads photos to the bucket's own host,
// which locally is the emulator on its own port (cross-origin, like on
// AWS), so connect-src must name it.
func withLocalBucketHosts(h http.Header, tpl *samtpl.Template, s3Origin string) http.Header {
	out := h.Clone()
	csp := out.Get("Content-Security-Policy")
	if csp == "" {
		return out
	}
	for _, b := range tpl.Buckets {
		for _, host := range []string{b.Name + ".s3." + region + ".amazonaws.com", b.Name + ".s3.amazonaws.com"} {
			csp = strings.ReplaceAll(csp, "https://"+host, s3Origin)
		}
	}
	out.Set("Content-Security-Policy", csp)
	return out
}
