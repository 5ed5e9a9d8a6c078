package iam

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/base64"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/aws/aws-sdk-go-v2/aws"
)

// Principal is who makes a request: a function's role session, a service
// (CloudFront reading a bucket), the account root, or nobody (anonymous).
type Principal struct {
	// Name identifies the principal in logs and the report: a function's
	// logical id, "cloudfront", "root" or "anonymous".
	Name string
	// ARN is the caller's ARN as AWS names it in messages, for a function
	// arn:aws:sts::<account>:assumed-role/<role>/<function>.
	ARN string
	// RoleARN is the role behind an assumed-role session.
	RoleARN string
	// Account is the principal's account id.
	Account string
	// Service is set for a service principal (cloudfront.amazonaws.com);
	// SourceARN is the resource acting for it (the distribution), which
	// its requests carry as aws:SourceArn.
	Service   string
	SourceARN string
	// Root is the account root: allowed everything no explicit Deny
	// forbids. The local cloud's own tools (seed, tests) act as root.
	Root bool
	// Anonymous is an unsigned request.
	Anonymous bool
	// Policies are the identity-based policies (a role's).
	Policies []Policy
	// Credentials sign the principal's requests (none for anonymous).
	Credentials aws.Credentials
}

// NewRolePrincipal returns the principal of a function running with its
// role: fresh temporary-style credentials (an ASIA… access key, a secret
// and a session token, as Lambda gives a function), the role ARN
// arn:aws:iam::<account>:role/<roleName> and the session ARN
// arn:aws:sts::<account>:assumed-role/<roleName>/<session>.
func NewRolePrincipal(account, roleName, session string, policies []Policy) (*Principal, error) {
	creds, err := newCredentials()
	if err != nil {
		return nil, err
	}
	return &Principal{
		Name:        session,
		ARN:         fmt.Sprintf("arn:aws:sts::%s:assumed-role/%s/%s", account, roleName, session),
		RoleARN:     fmt.Sprintf("arn:aws:iam::%s:role/%s", account, roleName),
		Account:     account,
		Policies:    policies,
		Credentials: creds,
	}, nil
}

// NewServicePrincipal returns a service principal (such as CloudFront)
// acting for sourceARN, with fresh credentials to sign its requests.
func NewServicePrincipal(account, service, sourceARN string) (*Principal, error) {
	creds, err := newCredentials()
	if err != nil {
		return nil, err
	}
	return &Principal{
		Name: service, ARN: "arn:aws:iam::" + account + ":service/" + service, Account: account,
		Service: service, SourceARN: sourceARN, Credentials: creds,
	}, nil
}

// NewRootPrincipal returns the account root with the given static
// credentials.
func NewRootPrincipal(account string, creds aws.Credentials) *Principal {
	return &Principal{Name: "root", ARN: "arn:aws:iam::" + account + ":root", Account: account, Root: true, Credentials: creds}
}

// Anonymous is the principal of unsigned requests.
func Anonymous(account string) *Principal {
	return &Principal{Name: "anonymous", ARN: "anonymous", Account: account, Anonymous: true}
}

func newCredentials() (aws.Credentials, error) {
	key := make([]byte, 10)
	secret := make([]byte, 30)
	token := make([]byte, 96)
	for _, b := range [][]byte{key, secret, token} {
		if _, err := rand.Read(b); err != nil {
			return aws.Credentials{}, fmt.Errorf("iam: credentials: %w", err)
		}
	}
	return aws.Credentials{
		AccessKeyID:     "ASIA" + base32.StdEncoding.EncodeToString(key),
		SecretAccessKey: base64.StdEncoding.EncodeToString(secret),
		SessionToken:    base64.StdEncoding.EncodeToString(token),
		Source:          "local cloud",
	}, nil
}

// Directory finds principals by access key. It is safe for concurrent use.
type Directory struct {
	mu    sync.RWMutex
	byKey map[string]*Principal
}

// NewDirectory returns a Directory holding ps.
func NewDirectory(ps ...*Principal) (*Directory, error) {
	d := &Directory{byKey: map[string]*Principal{}}
	for _, p := range ps {
		if err := d.Add(p); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// Add registers p under its access key.
func (d *Directory) Add(p *Principal) error {
	if p.Credentials.AccessKeyID == "" {
		return errors.New("iam: principal without credentials")
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, dup := d.byKey[p.Credentials.AccessKeyID]; dup {
		return fmt.Errorf("iam: access key of %s registered twice", p.Name)
	}
	d.byKey[p.Credentials.AccessKeyID] = p
	return nil
}

// Lookup returns the principal owning accessKeyID.
func (d *Directory) Lookup(accessKeyID string) (*Principal, bool) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	p, ok := d.byKey[accessKeyID]
	return p, ok
}

// Principals returns the registered principals sorted by name.
func (d *Directory) Principals() []*Principal {
	d.mu.RLock()
	defer d.mu.RUnlock()
	out := slices.Collect(maps.Values(d.byKey))
	slices.SortFunc(out, func(a, b *Principal) int { return strings.Compare(a.Name, b.Name) })
	return out
}
