package iam

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"slices"
	"sync"
)

// Limits of what a Recorder keeps per principal and action.
const (
	maxResourcesPerAction = 20
	maxDenied             = 1000
)

// Recorder counts the decisions the emulators make: which granted
// statement (and which of its action and resource patterns) each allowed
// call used, which actions each principal called on which resources, and
// every denied call. It is safe for concurrent use.
type Recorder struct {
	mu     sync.Mutex
	grants map[GrantUse]int
	calls  map[callKey]*CallUse
	denied map[DeniedCall]int
}

// GrantUse identifies one action pattern on one resource pattern of one
// Allow statement, as a principal used it.
type GrantUse struct {
	Principal string `json:"principal"`
	Policy    string `json:"policy"`
	Statement int    `json:"statement"`
	Action    string `json:"action"`
	Resource  string `json:"resource"`
	// Calls is filled in Usage; zero in map keys.
	Calls int `json:"calls"`
}

type callKey struct{ principal, action string }

// CallUse is what a principal called: an action, a sample of the
// resources (at most 20 distinct) and how often.
type CallUse struct {
	Principal string   `json:"principal"`
	Action    string   `json:"action"`
	Resources []string `json:"resources"`
	Calls     int      `json:"calls"`
}

// DeniedCall is one denied request.
type DeniedCall struct {
	Principal string `json:"principal"`
	Action    string `json:"action"`
	Resource  string `json:"resource"`
	Message   string `json:"message"`
	Calls     int    `json:"calls"`
}

// NewRecorder returns an empty Recorder.
func NewRecorder() *Recorder {
	return &Recorder{grants: map[GrantUse]int{}, calls: map[callKey]*CallUse{}, denied: map[DeniedCall]int{}}
}

// Record adds one decision. A nil Recorder records nothing.
func (r *Recorder) Record(d Decision) {
	if r == nil || d.Principal == nil {
		return
	}
	name := d.Principal.Name
	r.mu.Lock()
	defer r.mu.Unlock()
	if !d.Allowed {
		key := DeniedCall{Principal: name, Action: d.Action, Resource: d.Resource, Message: d.Message(false)}
		if _, ok := r.denied[key]; ok || len(r.denied) < maxDenied {
			r.denied[key]++
		}
		return
	}
	for _, m := range d.Allows {
		r.grants[GrantUse{Principal: name, Policy: m.Policy, Statement: m.Statement, Action: m.Action, Resource: m.Resource}]++
	}
	ck := callKey{name, d.Action}
	cu := r.calls[ck]
	if cu == nil {
		cu = &CallUse{Principal: name, Action: d.Action}
		r.calls[ck] = cu
	}
	cu.Calls++
	if len(cu.Resources) < maxResourcesPerAction && !slices.Contains(cu.Resources, d.Resource) {
		cu.Resources = append(cu.Resources, d.Resource)
	}
}

// Usage is a Recorder's content, sorted, as written to a usage file.
type Usage struct {
	Grants []GrantUse   `json:"grants"`
	Calls  []CallUse    `json:"calls"`
	Denied []DeniedCall `json:"denied"`
}

// Usage returns what was recorded so far.
func (r *Recorder) Usage() Usage {
	r.mu.Lock()
	defer r.mu.Unlock()
	u := Usage{Grants: []GrantUse{}, Calls: []CallUse{}, Denied: []DeniedCall{}}
	for g, n := range r.grants {
		g.Calls = n
		u.Grants = append(u.Grants, g)
	}
	for _, c := range r.calls {
		cc := *c
		cc.Resources = slices.Sorted(slices.Values(c.Resources))
		u.Calls = append(u.Calls, cc)
	}
	for dc, n := range r.denied {
		dc.Calls = n
		u.Denied = append(u.Denied, dc)
	}
	u.sort()
	return u
}

func (u *Usage) sort() {
	slices.SortFunc(u.Grants, func(a, b GrantUse) int {
		return cmp.Or(cmp.Compare(a.Principal, b.Principal), cmp.Compare(a.Policy, b.Policy),
			cmp.Compare(a.Statement, b.Statement), cmp.Compare(a.Action, b.Action), cmp.Compare(a.Resource, b.Resource))
	})
	slices.SortFunc(u.Calls, func(a, b CallUse) int {
		return cmp.Or(cmp.Compare(a.Principal, b.Principal), cmp.Compare(a.Action, b.Action))
	})
	slices.SortFunc(u.Denied, func(a, b DeniedCall) int {
		return cmp.Or(cmp.Compare(a.Principal, b.Principal), cmp.Compare(a.Action, b.Action), cmp.Compare(a.Resource, b.Resource))
	})
}

// Merge adds other's counts to u (for several usage files of one run).
func (u Usage) Merge(other Usage) Usage {
	grants := map[GrantUse]int{}
	calls := map[callKey]*CallUse{}
	denied := map[DeniedCall]int{}
	for _, src := range []Usage{u, other} {
		for _, g := range src.Grants {
			n := g.Calls
			g.Calls = 0
			grants[g] += n
		}
		for _, c := range src.Calls {
			k := callKey{c.Principal, c.Action}
			if cu, ok := calls[k]; ok {
				cu.Calls += c.Calls
				for _, res := range c.Resources {
					if len(cu.Resources) < maxResourcesPerAction && !slices.Contains(cu.Resources, res) {
						cu.Resources = append(cu.Resources, res)
					}
				}
				continue
			}
			cc := c
			cc.Resources = slices.Clone(c.Resources)
			calls[k] = &cc
		}
		for _, dc := range src.Denied {
			n := dc.Calls
			dc.Calls = 0
			denied[dc] += n
		}
	}
	out := Usage{Grants: []GrantUse{}, Calls: []CallUse{}, Denied: []DeniedCall{}}
	for g, n := range grants {
		g.Calls = n
		out.Grants = append(out.Grants, g)
	}
	for _, k := range slices.SortedFunc(maps.Keys(calls), func(a, b callKey) int {
		return cmp.Or(cmp.Compare(a.principal, b.principal), cmp.Compare(a.action, b.action))
	}) {
		cu := *calls[k]
		slices.Sort(cu.Resources)
		out.Calls = append(out.Calls, cu)
	}
	for dc, n := range denied {
		dc.Calls = n
		out.Denied = append(out.Denied, dc)
	}
	out.sort()
	return out
}

// WriteFile writes the recorded usage as JSON to path (atomically: a
// reader never sees half a file).
func (r *Recorder) WriteFile(path string) error {
	data, err := json.MarshalIndent(r.Usage(), "", "  ")
	if err != nil {
		return fmt.Errorf("iam: usage: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("iam: usage: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("iam: usage: %w", err)
	}
	return nil
}

// ReadUsage reads a usage file written by WriteFile.
func ReadUsage(path string) (Usage, error) {
	data, err := os.ReadFile(path) //nolint:gosec // G304: the caller names its usage file
	if err != nil {
		return Usage{}, fmt.Errorf("iam: usage: %w", err)
	}
	var u Usage
	if err := json.Unmarshal(data, &u); err != nil {
		return Usage{}, fmt.Errorf("iam: usage %s: %w", path, err)
	}
	return u, nil
}
