package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/remat/remat/infra/iam"
	"github.com/remat/remat/infra/samtpl"
)

// The values the local cloud resolves the template with; the report shows
// them as the template's own placeholders.
const (
	localStage   = "local"
	localAccount = "000000000000"
	localRegion  = "eu-central-2"
)

// generic writes a local ARN with the template's placeholders, so the
// report reads like the template and holds for every stage.
func generic(s string) string {
	return strings.NewReplacer(
		"remat-"+localStage, "remat-${Stage}",
		"/remat/"+localStage+"/", "/remat/${Stage}/",
		localAccount, "${AWS::AccountId}",
		localRegion, "${AWS::Region}",
	).Replace(s)
}

// grant is one action pattern on one resource pattern of one Allow
// statement of a function's role.
type grant struct {
	policy    string
	statement int
	action    string
	resource  string
	implicit  bool
	calls     int
	reason    string
}

// reason is one entry of the reasons file: why a function keeps a
// permission the test run does not use.
type reason struct {
	Action   string `yaml:"action"`
	Resource string `yaml:"resource"`
	Reason   string `yaml:"reason"`
	used     bool
}

func readReasons(path string) (map[string][]*reason, error) {
	data, err := os.ReadFile(path) //nolint:gosec // G304: the report's input, named by the developer
	if err != nil {
		return nil, fmt.Errorf("reasons: %w", err)
	}
	var out map[string][]*reason
	if err := yaml.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("reasons %s: %w", path, err)
	}
	for fn, list := range out {
		for _, r := range list {
			if r.Action == "" || r.Resource == "" || strings.TrimSpace(r.Reason) == "" {
				return nil, fmt.Errorf("reasons %s: %s: every entry needs action, resource and reason", path, fn)
			}
		}
	}
	return out, nil
}

// report is the granted-versus-used table of every function.
type report struct {
	functions []string
	grants    map[string][]*grant // by function
	calls     map[string][]iam.CallUse
	denied    []iam.DeniedCall
	reasons   map[string][]*reason
}

// implicitReason explains the managed policies SAM attaches itself.
const implicitReason = "attached by SAM to every function role: the Lambda service writes the function's logs (and X-Ray traces), not the function's code"

func newReport(tpl *samtpl.Template, pt *samtpl.PolicyTemplates, u iam.Usage, reasons map[string][]*reason) (*report, error) {
	r := &report{grants: map[string][]*grant{}, calls: map[string][]iam.CallUse{}, denied: u.Denied, reasons: reasons}
	used := map[iam.GrantUse]int{}
	for _, g := range u.Grants {
		n := g.Calls
		g.Calls = 0
		used[g] += n
	}
	for _, c := range u.Calls {
		r.calls[c.Principal] = append(r.calls[c.Principal], c)
	}
	for _, fn := range tpl.Functions {
		r.functions = append(r.functions, fn.LogicalID)
		docs, err := tpl.FunctionPolicies(fn, pt)
		if err != nil {
			return nil, err
		}
		for _, d := range docs {
			p, err := iam.ParsePolicy(d.Name, d.Document, false)
			if err != nil {
				return nil, err
			}
			for _, st := range p.Statements {
				if st.Effect != iam.Allow {
					continue
				}
				actions := st.Actions
				if len(actions) == 0 {
					actions = []string{"NotAction"}
				}
				resources := st.Resources
				if len(resources) == 0 {
					resources = []string{"NotResource"}
				}
				for _, a := range actions {
					for _, res := range resources {
						g := &grant{policy: d.Name, statement: st.Index, action: a, resource: res, implicit: d.Implicit}
						g.calls = used[iam.GrantUse{Principal: fn.LogicalID, Policy: d.Name, Statement: st.Index, Action: a, Resource: res}]
						if g.implicit {
							g.reason = implicitReason
						}
						for _, rs := range reasons[fn.LogicalID] {
							if rs.Action == a && rs.Resource == generic(res) {
								rs.used = true
								if g.calls == 0 {
									g.reason = strings.TrimSpace(rs.Reason)
								}
							}
						}
						r.grants[fn.LogicalID] = append(r.grants[fn.LogicalID], g)
					}
				}
			}
		}
	}
	slices.Sort(r.functions)
	return r, nil
}

// problems lists what -check refuses.
func (r *report) problems() []string {
	var out []string
	for _, fn := range r.functions {
		for _, g := range r.grants[fn] {
			if g.calls == 0 && g.reason == "" {
				out = append(out, fmt.Sprintf("%s: %s on %s is granted but never used, and %s gives no reason (remove it from template.yaml, or add the reason)",
					fn, g.action, generic(g.resource), "infra/cmd/iamreport/unused.yaml"))
			}
		}
	}
	for _, fn := range sortedKeys(r.reasons) {
		for _, rs := range r.reasons[fn] {
			if !rs.used {
				out = append(out, fmt.Sprintf("%s: the reason for %s on %s names a permission the template no longer grants", fn, rs.Action, rs.Resource))
			}
		}
	}
	for _, d := range r.denied {
		out = append(out, fmt.Sprintf("%s was denied %s on %s (%d calls): %s", d.Principal, d.Action, generic(d.Resource), d.Calls, d.Message))
	}
	return out
}

func (r *report) writeMarkdown(w io.Writer) error {
	bw := bufio.NewWriter(w)
	p := func(format string, args ...any) { _, _ = fmt.Fprintf(bw, format, args...) }
	p("# IAM: granted and used, per function\n\n")
	p("Generated by `make iam-report` from template.yaml and the calls the local cloud recorded during the\n")
	p("end-to-end run of `make test` (every emulator checks each call against the function's role and records\n")
	p("which statement allowed it). A permission granted but never used is listed with the reason it stays\n")
	p("(`infra/cmd/iamreport/unused.yaml`); `make test` fails on one without a reason, and on any denied call.\n")
	p("ARNs are shown with the template's placeholders.\n\n")
	var total, unused, implicit int
	for _, fn := range r.functions {
		for _, g := range r.grants[fn] {
			switch {
			case g.implicit:
				implicit++
			case g.calls == 0:
				total++
				unused++
			default:
				total++
			}
		}
	}
	p("%d functions. The template grants %d action-resource pairs: %d used in the run, %d unused, each with its reason below.\n",
		len(r.functions), total, total-unused, unused)
	p("SAM adds %d more of its own (CloudWatch Logs and X-Ray, written by the Lambda service, never by the code).\n\n", implicit)
	if len(r.denied) > 0 {
		p("## Denied calls\n\n| function | action | resource | calls |\n|---|---|---|---|\n")
		for _, d := range r.denied {
			p("| %s | `%s` | `%s` | %d |\n", d.Principal, d.Action, generic(d.Resource), d.Calls)
		}
		p("\n")
	}
	for _, fn := range r.functions {
		p("## %s\n\n| granted action | on resource | calls in the run | if unused: why it stays |\n|---|---|---|---|\n", fn)
		for _, g := range r.grants[fn] {
			calls := fmt.Sprint(g.calls)
			why := ""
			if g.calls == 0 {
				calls = "**unused**"
				why = g.reason
				if why == "" {
					why = "**no reason: remove it**"
				}
			}
			p("| `%s` | `%s` | %s | %s |\n", g.action, generic(g.resource), calls, escapeCell(why))
		}
		if calls := r.calls[fn]; len(calls) > 0 {
			p("\nCalls made:\n\n")
			for _, c := range calls {
				res := make([]string, 0, len(c.Resources))
				for _, x := range c.Resources {
					res = append(res, "`"+generic(x)+"`")
				}
				more := ""
				if len(c.Resources) >= 20 {
					more = " …"
				}
				p("- `%s` × %d: %s%s\n", c.Action, c.Calls, strings.Join(res, ", "), more)
			}
		}
		p("\n")
	}
	return bw.Flush()
}

func escapeCell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
