package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/jpeg"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/infra/ddblocal"
	"github.com/remat/remat/infra/faults"
	"github.com/remat/remat/infra/s3local"
)

// The fault tests' harness (TestFaultInjection, faults_test.go): a local
// cloud driven through the product's flows over its API, with faults
// injected and the table, bucket and mailbox read behind it.

// flowCloud is a local cloud with what the fault tests read and write
// besides the API: the table as the account root sees it, the images
// bucket, the functions' timeouts.
type flowCloud struct {
	*Cloud
	root    *dynamodb.Client
	objects *s3.Client
	table   string
	bucket  string
	timeout map[string]time.Duration
	viewers atomic.Int32
}

// startFlowCloud starts a local cloud seeded with the reference data (one
// canton and one locality) but no demo.
func startFlowCloud(t *testing.T) *flowCloud {
	t.Helper()
	dir := t.TempDir()
	cantons, localities := filepath.Join(dir, "cantons.csv"), filepath.Join(dir, "localities.csv")
	writeTestFile(t, cantons, "code,name_de,name_fr,name_it,name_en,lat,lon\nZH,Zürich,Zurich,Zurigo,Zurich,47.37,8.54\n")
	writeTestFile(t, localities, "postal_code,locality,canton,lat,lon\n8001,Zürich,ZH,47.37,8.54\n")
	c := startCloud(t, Config{Memory: true, Seed: true, NoDemo: true, CantonsCSV: cantons, LocalitiesCSV: localities})
	t.Cleanup(func() { _ = c.Stop() })
	tpl, err := loadTemplate(filepath.Join(moduleRoot, "template.yaml"), c.URL)
	if err != nil {
		t.Fatal(err)
	}
	table, _ := tpl.Table("AppTable")
	bucket, _ := tpl.Bucket("ImagesBucket")
	fc := &flowCloud{Cloud: c, root: ddblocal.NewClient(c.ddb.Endpoint()), objects: s3local.NewClient(c.S3URL),
		table: table.Name, bucket: bucket.Name, timeout: map[string]time.Duration{}}
	for _, fn := range tpl.Functions {
		fc.timeout[fn.LogicalID] = time.Duration(fn.Timeout) * time.Second
	}
	return fc
}

// answer is an API response.
type answer struct {
	status int
	body   map[string]any
	raw    string
	header http.Header
	took   time.Duration
}

func (a answer) code() string {
	e, _ := a.body["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

// field reads body[outer][inner].
func (a answer) field(outer, inner string) any {
	m, _ := a.body[outer].(map[string]any)
	return m[inner]
}

// call sends one API request to the API's own endpoint as CloudFront
// would, each from a viewer address of its own, so the per-address rate
// limits of sign-ups and contact requests never add up across scenarios.
func (fc *flowCloud) call(t *testing.T, method, path, token string, body any) answer {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(t.Context(), method, fc.APIURL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	n := fc.viewers.Add(1)
	req.Header.Set("X-Origin-Verify", fc.OriginSecret)
	req.Header.Set("Cloudfront-Viewer-Address", fmt.Sprintf("198.18.%d.%d:443", n/250, n%250+1))
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	start := time.Now()
	resp, err := (&http.Client{Timeout: 2 * time.Minute}).Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer func() { _ = resp.Body.Close() }()
	raw, _ := io.ReadAll(resp.Body)
	a := answer{status: resp.StatusCode, raw: string(raw), header: resp.Header, took: time.Since(start)}
	_ = json.Unmarshal(raw, &a.body)
	return a
}

// wantUnavailable checks a's the function's own 503 service_unavailable
// with Retry-After, answered before fn's timeout (the gateway would answer
// a timed-out function with a bare 500).
func (fc *flowCloud) wantUnavailable(t *testing.T, a answer, fn, what string) {
	t.Helper()
	if a.status != http.StatusServiceUnavailable || a.code() != "service_unavailable" || a.header.Get("Retry-After") != "5" {
		t.Errorf("%s: got %d %s Retry-After %q, want 503 service_unavailable with Retry-After 5", what, a.status, a.raw, a.header.Get("Retry-After"))
	}
	if limit := fc.timeout[fn]; a.took >= limit {
		t.Errorf("%s: answered after %v, want before %s's timeout of %v", what, a.took.Round(time.Millisecond), fn, limit)
	}
}

// inject adds f over the dev endpoint and returns its id.
func (fc *flowCloud) inject(t *testing.T, f faults.Fault) string {
	t.Helper()
	body, _ := json.Marshal(f)
	status, out := post(t, fc.URL+faultsPath, string(body), nil)
	var stored faults.Fault
	if status != http.StatusCreated || json.Unmarshal(out, &stored) != nil {
		t.Fatalf("POST %s: got %d %s, want 201", faultsPath, status, out)
	}
	return stored.ID
}

func (fc *flowCloud) clearFaults(t *testing.T) {
	t.Helper()
	if status, out := do(t, http.MethodDelete, fc.URL+faultsPath, "", nil); status != http.StatusOK {
		t.Fatalf("DELETE %s: got %d %s", faultsPath, status, out)
	}
}

// hits is how often fault id applied so far.
func (fc *flowCloud) hits(t *testing.T, id string) int {
	t.Helper()
	status, out := get(t, fc.URL+faultsPath)
	var list struct{ Faults []faults.Fault }
	if status != http.StatusOK || json.Unmarshal(out, &list) != nil {
		t.Fatalf("GET %s: got %d %s", faultsPath, status, out)
	}
	for _, f := range list.Faults {
		if f.ID == id {
			return f.Hits
		}
	}
	return 0
}

// snapshot is every item of the table (rate-limit counters aside, which
// count attempts, failed ones too, by design), by key.
func (fc *flowCloud) snapshot(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	p := dynamodb.NewScanPaginator(fc.root, &dynamodb.ScanInput{TableName: aws.String(fc.table), ConsistentRead: aws.Bool(true)})
	for p.HasMorePages() {
		page, err := p.NextPage(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		for _, item := range page.Items {
			var m map[string]any
			if err := attributevalue.UnmarshalMap(item, &m); err != nil {
				t.Fatal(err)
			}
			pk, _ := m["PK"].(string)
			if strings.HasPrefix(pk, "RATE#") {
				continue
			}
			b, _ := json.Marshal(m)
			out[fmt.Sprintf("%s|%v", pk, m["SK"])] = string(b)
		}
	}
	return out
}

// unchanged reports every item added, removed or changed since before.
func (fc *flowCloud) unchanged(t *testing.T, before map[string]string, what string) {
	t.Helper()
	after := fc.snapshot(t)
	var diff []string
	for k, v := range after {
		if old, ok := before[k]; !ok {
			diff = append(diff, "added "+v)
		} else if old != v {
			diff = append(diff, "changed "+k+": "+old+" -> "+v)
		}
	}
	for k := range before {
		if _, ok := after[k]; !ok {
			diff = append(diff, "removed "+k)
		}
	}
	slices.Sort(diff)
	if len(diff) > 0 {
		t.Errorf("%s: left behind:\n%s", what, strings.Join(diff, "\n"))
	}
}

func (fc *flowCloud) mailsTo(addr string) []string {
	var out []string
	for _, m := range fc.Mailbox.List() {
		if slices.Contains(m.To, addr) {
			out = append(out, m.Text)
		}
	}
	return out
}

func (fc *flowCloud) objectExists(t *testing.T, key string) bool {
	t.Helper()
	_, err := fc.objects.HeadObject(t.Context(), &s3.HeadObjectInput{Bucket: aws.String(fc.bucket), Key: aws.String(key)})
	return err == nil
}

// flowUser is a signed-in account.
type flowUser struct{ email, token string }

const flowPassword = "gravel under the old bridge"

func signupJSON(email string) map[string]any {
	return map[string]any{
		"accountType": "individual", "firstName": "Anna", "lastName": "Muster", "email": email,
		"phone": "+41 79 123 45 67", "password": flowPassword, "isAdult": true, "acceptRules": true, "language": "de",
	}
}

var verifyLink = regexp.MustCompile(`/email-verification/([A-Za-z0-9_-]+)`)

// verifiedUser verifies the account of email with the link of its e-mail
// and signs it in.
func (fc *flowCloud) verifiedUser(t *testing.T, email string) flowUser {
	t.Helper()
	mails := fc.mailsTo(email)
	if len(mails) != 1 {
		t.Fatalf("verification e-mails to %s: got %d, want 1", email, len(mails))
	}
	m := verifyLink.FindStringSubmatch(mails[0])
	if m == nil {
		t.Fatalf("no verification link in %q", mails[0])
	}
	if a := fc.call(t, "POST", "/api/v1/auth/verify-account", "", map[string]string{"token": m[1]}); a.status != http.StatusOK {
		t.Fatalf("verify %s: got %d %s", email, a.status, a.raw)
	}
	a := fc.call(t, "POST", "/api/v1/auth/login", "", map[string]string{"email": email, "password": flowPassword})
	token, _ := a.body["token"].(string)
	if a.status != http.StatusOK || token == "" {
		t.Fatalf("login %s: got %d %s", email, a.status, a.raw)
	}
	return flowUser{email: email, token: token}
}

func (fc *flowCloud) newUser(t *testing.T, email string) flowUser {
	t.Helper()
	if a := fc.call(t, "POST", "/api/v1/auth/signup", "", signupJSON(email)); a.status != http.StatusCreated {
		t.Fatalf("sign up %s: got %d %s", email, a.status, a.raw)
	}
	return fc.verifiedUser(t, email)
}

// order creates a pending order of plan for u and returns its id.
func (fc *flowCloud) order(t *testing.T, u flowUser, plan string) string {
	t.Helper()
	a := fc.call(t, "POST", "/api/v1/orders", u.token, map[string]any{"planId": plan, "acceptTerms": true})
	id, _ := a.field("order", "id").(string)
	if a.status != http.StatusCreated || id == "" {
		t.Fatalf("order %s: got %d %s, want 201", plan, a.status, a.raw)
	}
	return id
}

// pay pays order with the test card that succeeds (the test-mode payment
// posts a signed event to the webhook, as Stripe would).
func (fc *flowCloud) pay(t *testing.T, u flowUser, order string) answer {
	t.Helper()
	return fc.call(t, "POST", "/api/v1/orders/"+order+"/test-payment", u.token,
		map[string]string{"cardNumber": "4242 4242 4242 4242", "expiry": "12/39", "cvc": "123"})
}

func (fc *flowCloud) orderStatus(t *testing.T, u flowUser, order string) string {
	t.Helper()
	s, _ := fc.call(t, "GET", "/api/v1/orders/"+order, u.token, nil).field("order", "status").(string)
	return s
}

func (fc *flowCloud) remainingAds(t *testing.T, u flowUser) int {
	t.Helper()
	a := fc.call(t, "GET", "/api/v1/subscriptions/me", u.token, nil)
	n, ok := a.field("current", "remainingAds").(float64)
	if a.status != http.StatusOK || !ok {
		t.Fatalf("subscriptions: got %d %s", a.status, a.raw)
	}
	return int(n)
}

func adJSON() map[string]any {
	return map[string]any{
		"title": "Holzlatten", "categorySlug": "timber", "description": "Zwanzig Latten, 3 m lang.", "priceRp": 5000,
		"discountPct": 0, "condition": "used", "quantity": map[string]any{"amount": 20, "unit": "pieces"}, "pickup": true,
		"location": map[string]any{"kind": "city", "postalCode": "8001"},
	}
}

func (fc *flowCloud) addImage(t *testing.T, u flowUser, adID string, photo []byte) answer {
	t.Helper()
	return fc.call(t, "POST", "/api/v1/products/"+adID+"/images", u.token, map[string]any{"contentType": "image/jpeg", "size": len(photo)})
}

// images returns the state of every image of the ad, by id, as its owner
// u sees them.
func (fc *flowCloud) images(t *testing.T, u flowUser, adID string) map[string]string {
	t.Helper()
	a := fc.call(t, "GET", "/api/v1/products/"+adID, u.token, nil)
	out := map[string]string{}
	images, _ := a.body["images"].([]any)
	for _, im := range images {
		m, _ := im.(map[string]any)
		id, _ := m["id"].(string)
		out[id], _ = m["state"].(string)
	}
	return out
}

// imageState waits until image imageID of the ad is no longer pending (at
// most a minute) and returns its state.
func (fc *flowCloud) imageState(t *testing.T, u flowUser, adID, imageID string) string {
	t.Helper()
	state := ""
	waitFor(t, time.Minute, "image "+imageID, func() bool {
		state = fc.images(t, u, adID)[imageID]
		return state != "pending"
	})
	return state
}

func (fc *flowCloud) searchFinds(t *testing.T, adID string) bool {
	t.Helper()
	a := fc.call(t, "GET", "/api/v1/products?category=timber", "", nil)
	items, _ := a.body["items"].([]any)
	for _, it := range items {
		if m, _ := it.(map[string]any); m["id"] == adID {
			return true
		}
	}
	return false
}

// waitFor polls cond until it holds or timeout passes; a timeout is not
// an error here: the caller checks the state it waited for.
func waitFor(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Logf("waited %v for %s", timeout, what)
			return
		}
		time.Sleep(250 * time.Millisecond)
	}
}

func testJPEG(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, image.NewGray(image.Rect(0, 0, 1200, 900)), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// upload PUTs photo to a presigned URL as the browser does.
func upload(t *testing.T, url string, photo []byte) (int, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, url, bytes.NewReader(photo))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "image/jpeg")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}
