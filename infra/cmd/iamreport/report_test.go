package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/remat/remat/infra/iam"
)

const reportTemplate = `Transform: AWS::Serverless-2016-10-31
Parameters:
  Stage:
    Type: String
    Default: dev
Resources:
  Fn:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: fn
      Policies:
        - Statement:
            - Effect: Allow
              Action:
                - dynamodb:GetItem
                - dynamodb:DeleteItem
              Resource: !Sub arn:${AWS::Partition}:dynamodb:${AWS::Region}:${AWS::AccountId}:table/remat-${Stage}
`

func writeFiles(t *testing.T, usage iam.Usage, reasons string) (tpl, usageFile, reasonsFile string) {
	t.Helper()
	dir := t.TempDir()
	tpl = filepath.Join(dir, "template.yaml")
	if err := os.WriteFile(tpl, []byte(reportTemplate), 0o644); err != nil {
		t.Fatal(err)
	}
	usageFile = filepath.Join(dir, "usage.json")
	if err := writeUsage(usageFile, usage); err != nil {
		t.Fatal(err)
	}
	reasonsFile = filepath.Join(dir, "unused.yaml")
	if err := os.WriteFile(reasonsFile, []byte(reasons), 0o644); err != nil {
		t.Fatal(err)
	}
	return tpl, usageFile, reasonsFile
}

// writeUsage records, as the local cloud would, the calls u describes:
// each grant's calls and each denied call, for the test template's role.
func writeUsage(path string, u iam.Usage) error {
	pol, err := iam.ParsePolicy("Fn Policies[0]", map[string]any{"Statement": []any{map[string]any{
		"Effect": "Allow", "Action": []any{"dynamodb:GetItem", "dynamodb:DeleteItem"}, "Resource": table}}}, false)
	if err != nil {
		return err
	}
	p, err := iam.NewRolePrincipal(localAccount, "FnRole", "Fn", []iam.Policy{pol})
	if err != nil {
		return err
	}
	rec := iam.NewRecorder()
	for _, g := range u.Grants {
		for range g.Calls {
			rec.Record(iam.Evaluate(p, nil, iam.Request{Action: g.Action, Resource: g.Resource}))
		}
	}
	for _, d := range u.Denied {
		rec.Record(iam.Evaluate(p, nil, iam.Request{Action: d.Action, Resource: d.Resource}))
	}
	return rec.WriteFile(path)
}

const table = "arn:aws:dynamodb:eu-central-2:000000000000:table/remat-local"

func TestReport(t *testing.T) {
	getItem := iam.GrantUse{Action: "dynamodb:GetItem", Resource: table, Calls: 3}
	deleteReason := `Fn:
  - action: dynamodb:DeleteItem
    resource: arn:aws:dynamodb:${AWS::Region}:${AWS::AccountId}:table/remat-${Stage}
    reason: only the erasure path deletes, which the run does not take
`
	staleReason := deleteReason + `  - action: dynamodb:Scan
    resource: arn:aws:dynamodb:${AWS::Region}:${AWS::AccountId}:table/remat-${Stage}
    reason: no longer granted
`
	tests := []struct {
		name     string
		usage    iam.Usage
		reasons  string
		wantCode int
		wantErr  string
		wantMD   []string
	}{
		{name: "unused with a reason", usage: iam.Usage{Grants: []iam.GrantUse{getItem}}, reasons: deleteReason, wantCode: 0,
			wantMD: []string{"| `dynamodb:GetItem` | `arn:aws:dynamodb:${AWS::Region}:${AWS::AccountId}:table/remat-${Stage}` | 3 |",
				"| `dynamodb:DeleteItem` | `arn:aws:dynamodb:${AWS::Region}:${AWS::AccountId}:table/remat-${Stage}` | **unused** | only the erasure path deletes",
				"logs:CreateLogGroup", "attached by SAM"}},
		{name: "unused without a reason", usage: iam.Usage{Grants: []iam.GrantUse{getItem}}, reasons: "{}", wantCode: 1,
			wantErr: "Fn: dynamodb:DeleteItem on arn:aws:dynamodb:${AWS::Region}:${AWS::AccountId}:table/remat-${Stage} is granted but never used"},
		{name: "a stale reason", usage: iam.Usage{Grants: []iam.GrantUse{getItem}}, reasons: staleReason, wantCode: 1,
			wantErr: "the reason for dynamodb:Scan"},
		{name: "a denied call", usage: iam.Usage{Grants: []iam.GrantUse{getItem}, Denied: []iam.DeniedCall{{Action: "dynamodb:PutItem", Resource: table}}},
			reasons: deleteReason, wantCode: 1, wantErr: "Fn was denied dynamodb:PutItem"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tpl, usage, reasons := writeFiles(t, tt.usage, tt.reasons)
			var stdout, stderr bytes.Buffer
			code := run([]string{"-template", tpl, "-usage", usage, "-reasons", reasons, "-check"}, &stdout, &stderr)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tt.wantCode, stderr.String())
			}
			if tt.wantErr != "" && !strings.Contains(stderr.String(), tt.wantErr) {
				t.Errorf("stderr: got %s, want %q", stderr.String(), tt.wantErr)
			}
			for _, want := range tt.wantMD {
				if !strings.Contains(stdout.String(), want) {
					t.Errorf("report: want %q in\n%s", want, stdout.String())
				}
			}
		})
	}
}

func TestUsageRequired(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run(nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), "run `make test`") {
		t.Errorf("got %d %s, want 2 and how to get a usage file", code, stderr.String())
	}
}
