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

// TestFaultInjection runs the four flows issue 14 names (sign-up,
// publishing an ad with photos, settling a payment, sending a contact
// request) through the real functions of one local cloud, with DynamoDB,
// S3 or SES failing or stalling at chosen points (the fault table, set
// over POST /_dev/faults). Each step either completes or leaves nothing
// behind (the table is compared item by item, rate-limit counters aside,
// before and after), and the user gets 503 service_unavailable with
// Retry-After, from the function and before its timeout, or the step's
// defined outcome (docs/local-cloud.md, "Fault injection").
func TestFaultInjection(t *testing.T) {
	if testing.Short() {
		t.Skip("starts DynamoDB Local and builds every function")
	}
	fc := startFlowCloud(t)
	var seller, buyer flowUser

	t.Run("SignUp", func(t *testing.T) {
		// The account transaction fails: nothing written, no e-mail.
		email := "fault-signup@example.ch"
		before := fc.snapshot(t)
		fc.inject(t, faults.Fault{Service: faults.DynamoDB, Operation: "TransactWriteItems", Principal: "AuthFunction", Error: "InternalServerError"})
		fc.wantUnavailable(t, fc.call(t, "POST", "/api/v1/auth/signup", "", signupJSON(email)), "AuthFunction", "sign-up, DynamoDB failing")
		fc.clearFaults(t)
		fc.unchanged(t, before, "sign-up, DynamoDB failing")
		if n := len(fc.mailsTo(email)); n != 0 {
			t.Errorf("sign-up, DynamoDB failing: got %d e-mails, want none", n)
		}

		// SES refuses: the account is undone (profile, e-mail guard,
		// token and the admin search entry), the user may sign up again.
		before = fc.snapshot(t)
		fc.inject(t, faults.Fault{Service: faults.SES, Principal: "AuthFunction", Error: "TooManyRequestsException"})
		fc.wantUnavailable(t, fc.call(t, "POST", "/api/v1/auth/signup", "", signupJSON(email)), "AuthFunction", "sign-up, SES throttling")
		fc.clearFaults(t)
		fc.unchanged(t, before, "sign-up, SES throttling")

		// SES stalls past the function's budget: the same, before the
		// function's timeout, answered by the function itself.
		fc.inject(t, faults.Fault{Service: faults.SES, Principal: "AuthFunction", StallSeconds: 60})
		fc.wantUnavailable(t, fc.call(t, "POST", "/api/v1/auth/signup", "", signupJSON(email)), "AuthFunction", "sign-up, SES stalled")
		fc.clearFaults(t)
		fc.unchanged(t, before, "sign-up, SES stalled")
		if n := len(fc.mailsTo(email)); n != 0 {
			t.Errorf("sign-up, SES failing: got %d e-mails, want none", n)
		}

		// A throttled blip is absorbed by the SDK's own retries.
		id := fc.inject(t, faults.Fault{Service: faults.DynamoDB, Operation: "TransactWriteItems", Principal: "AuthFunction", Error: "ProvisionedThroughputExceededException", Count: 1})
		if a := fc.call(t, "POST", "/api/v1/auth/signup", "", signupJSON(email)); a.status != http.StatusCreated {
			t.Fatalf("sign-up after the faults: got %d %s, want 201", a.status, a.raw)
		}
		if n := fc.hits(t, id); n != 1 {
			t.Errorf("the throttled blip: hit %d times, want 1 (then retried by the SDK)", n)
		}
		fc.clearFaults(t)
		seller = fc.verifiedUser(t, email)
		buyer = fc.newUser(t, "fault-buyer@example.ch")
	})
	if seller.token == "" || buyer.token == "" {
		t.Fatal("no users: the sign-up flow failed")
	}

	t.Run("SettlePayment", func(t *testing.T) {
		// The settlement transaction fails in the webhook: the order
		// stays pending, no payment, invoice or subscription; the buyer
		// pays again once DynamoDB is back.
		order := fc.order(t, seller, "starter")
		before := fc.snapshot(t)
		fc.inject(t, faults.Fault{Service: faults.DynamoDB, Operation: "TransactWriteItems", Principal: "PaymentsWebhookFunction", Error: "InternalServerError"})
		fc.wantUnavailable(t, fc.pay(t, seller, order), "BillingFunction", "payment, DynamoDB failing")
		fc.clearFaults(t)
		fc.unchanged(t, before, "payment, DynamoDB failing")
		if a := fc.pay(t, seller, order); a.status != http.StatusAccepted {
			t.Fatalf("payment after the fault: got %d %s, want 202", a.status, a.raw)
		}
		if st := fc.orderStatus(t, seller, order); st != "paid" {
			t.Fatalf("order after the retry: got %s, want paid", st)
		}

		// The webhook stalls on DynamoDB beyond every budget: the buyer
		// gets 503 before the billing function's timeout, and the stalled
		// settlement never lands.
		order = fc.order(t, buyer, "starter")
		before = fc.snapshot(t)
		fc.inject(t, faults.Fault{Service: faults.DynamoDB, Operation: "TransactWriteItems", Principal: "PaymentsWebhookFunction", StallSeconds: 60})
		fc.wantUnavailable(t, fc.pay(t, buyer, order), "BillingFunction", "payment, DynamoDB stalled")
		time.Sleep(5 * time.Second) // the webhook's own budget ends meanwhile
		fc.clearFaults(t)
		fc.unchanged(t, before, "payment, DynamoDB stalled")
		if a := fc.pay(t, buyer, order); a.status != http.StatusAccepted || fc.orderStatus(t, buyer, order) != "paid" {
			t.Fatalf("payment after the stall: got %d %s, want 202 and paid", a.status, a.raw)
		}

		// S3 and SES fail after the settlement: the payment stands (one
		// transaction); the invoice PDF is rendered when first asked for,
		// the e-mail is not sent (logged; the invoice is in the history).
		order = fc.order(t, buyer, "single")
		mails := len(fc.mailsTo(buyer.email))
		fc.inject(t, faults.Fault{Service: faults.S3, Operation: "PutObject", Principal: "PaymentsWebhookFunction", Error: "InternalError"})
		fc.inject(t, faults.Fault{Service: faults.SES, Principal: "PaymentsWebhookFunction", Error: "TooManyRequestsException"})
		if a := fc.pay(t, buyer, order); a.status != http.StatusAccepted {
			t.Fatalf("payment with S3 and SES failing: got %d %s, want 202", a.status, a.raw)
		}
		fc.clearFaults(t)
		a := fc.call(t, "GET", "/api/v1/orders/"+order, buyer.token, nil)
		invoice, _ := a.field("order", "invoiceId").(string)
		if a.field("order", "status") != "paid" || invoice == "" {
			t.Fatalf("order: got %s, want paid with an invoice", a.raw)
		}
		if n := len(fc.mailsTo(buyer.email)); n != mails {
			t.Errorf("invoice e-mails with SES failing: got %d new, want none", n-mails)
		}
		if a := fc.call(t, "GET", "/api/v1/invoices/"+invoice+"/pdf", buyer.token, nil); a.status != http.StatusOK || a.body["url"] == nil {
			t.Errorf("the invoice PDF after S3 is back: got %d %s, want 200 with its link", a.status, a.raw)
		}
	})

	var adID string
	t.Run("PublishAdWithPhotos", func(t *testing.T) {
		// The draft's write fails: no ad.
		before := fc.snapshot(t)
		fc.inject(t, faults.Fault{Service: faults.DynamoDB, Operation: "PutItem", Principal: "ProductsFunction", KeyPrefix: "AD#", Error: "InternalServerError"})
		fc.wantUnavailable(t, fc.call(t, "POST", "/api/v1/products", seller.token, adJSON()), "ProductsFunction", "draft, DynamoDB failing")
		fc.clearFaults(t)
		fc.unchanged(t, before, "draft, DynamoDB failing")
		a := fc.call(t, "POST", "/api/v1/products", seller.token, adJSON())
		adID, _ = a.body["id"].(string)
		if a.status != http.StatusCreated || adID == "" {
			t.Fatalf("draft: got %d %s, want 201", a.status, a.raw)
		}

		// The pending image's transaction fails: no image, nothing counted.
		photo := testJPEG(t)
		before = fc.snapshot(t)
		fc.inject(t, faults.Fault{Service: faults.DynamoDB, Operation: "TransactWriteItems", Principal: "ProductsFunction", Error: "ThrottlingException"})
		fc.wantUnavailable(t, fc.addImage(t, seller, adID, photo), "ProductsFunction", "image, DynamoDB throttling")
		fc.clearFaults(t)
		fc.unchanged(t, before, "image, DynamoDB throttling")

		// The browser's upload is refused by S3 (SlowDown): nothing stored,
		// nothing processed; the same URL works once S3 is back.
		up := fc.addImage(t, seller, adID, photo)
		url, _ := up.field("upload", "url").(string)
		imageID, _ := up.field("image", "id").(string)
		if up.status != http.StatusCreated || url == "" {
			t.Fatalf("image: got %d %s, want 201 with an upload URL", up.status, up.raw)
		}
		fc.inject(t, faults.Fault{Service: faults.S3, Operation: "PutObject", Principal: "ProductsFunction", Error: "SlowDown"})
		if status, body := upload(t, url, photo); status != http.StatusServiceUnavailable || !strings.Contains(body, "SlowDown") {
			t.Errorf("upload, S3 throttling: got %d %s, want 503 SlowDown", status, body)
		}
		fc.clearFaults(t)
		if fc.objectExists(t, "uploads/"+adID+"/"+imageID) {
			t.Error("the refused upload was stored")
		}

		// The images function's first invocation cannot read the upload
		// (each of the SDK's three attempts fails): Lambda's retry of the
		// S3 event completes the image.
		id := fc.inject(t, faults.Fault{Service: faults.S3, Operation: "GetObject", Principal: "ImagesFunction", Error: "InternalError", Count: 3})
		if status, body := upload(t, url, photo); status != http.StatusOK {
			t.Fatalf("upload: got %d %s, want 200", status, body)
		}
		if st := fc.imageState(t, seller, adID, imageID); st != "ready" {
			t.Fatalf("image after a failed first read: got %s, want ready", st)
		}
		if n := fc.hits(t, id); n != 3 {
			t.Errorf("the images function's failed reads: hit %d times, want 3", n)
		}
		fc.clearFaults(t)

		// A photo whose processing fails for good (every retry) stays
		// pending: it does not block the publication and deleting it
		// removes its upload.
		stuck := fc.addImage(t, seller, adID, photo)
		stuckURL, _ := stuck.field("upload", "url").(string)
		stuckID, _ := stuck.field("image", "id").(string)
		id = fc.inject(t, faults.Fault{Service: faults.S3, Operation: "GetObject", Principal: "ImagesFunction", Error: "InternalError"})
		if status, body := upload(t, stuckURL, photo); status != http.StatusOK {
			t.Fatalf("second upload: got %d %s, want 200", status, body)
		}
		waitFor(t, 90*time.Second, "the images function and its two retries", func() bool { return fc.hits(t, id) >= 9 })
		time.Sleep(2 * time.Second)
		fc.clearFaults(t)
		if st := fc.images(t, seller, adID)[stuckID]; st != "pending" {
			t.Errorf("photo whose processing failed for good: got %s, want pending", st)
		}

		// The publication's transaction stalls past the function's budget:
		// 503 before its timeout; the ad stays a draft, no ad is used.
		before = fc.snapshot(t)
		fc.inject(t, faults.Fault{Service: faults.DynamoDB, Operation: "TransactWriteItems", Principal: "ProductsFunction", KeyPrefix: "AD#", StallSeconds: 60})
		fc.wantUnavailable(t, fc.call(t, "POST", "/api/v1/products/"+adID+"/publish", seller.token, nil), "ProductsFunction", "publish, DynamoDB stalled")
		fc.clearFaults(t)
		fc.unchanged(t, before, "publish, DynamoDB stalled")
		remaining := fc.remainingAds(t, seller)

		// The publication commits but its search index cannot be written:
		// 503, and publishing again completes the index (200) instead of
		// product_already_active, using the subscription's ad once.
		fc.inject(t, faults.Fault{Service: faults.DynamoDB, Operation: "BatchWriteItem", Principal: "ProductsFunction", Error: "InternalServerError"})
		fc.wantUnavailable(t, fc.call(t, "POST", "/api/v1/products/"+adID+"/publish", seller.token, nil), "ProductsFunction", "publish, index failing")
		fc.clearFaults(t)
		if fc.searchFinds(t, adID) {
			t.Error("the ad is in search although its index failed")
		}
		if a := fc.call(t, "POST", "/api/v1/products/"+adID+"/publish", seller.token, nil); a.status != http.StatusOK || a.body["status"] != "active" {
			t.Fatalf("publish again: got %d %s, want 200 active", a.status, a.raw)
		}
		if !fc.searchFinds(t, adID) {
			t.Error("the published ad is not in search")
		}
		if got := fc.remainingAds(t, seller); got != remaining-1 {
			t.Errorf("ads left: got %d, want %d (one used)", got, remaining-1)
		}
		if a := fc.call(t, "POST", "/api/v1/products/"+adID+"/publish", seller.token, nil); a.status != http.StatusConflict || a.code() != "product_already_active" {
			t.Errorf("publish a third time: got %d %s, want 409 product_already_active", a.status, a.raw)
		}

		// Deleting the stuck photo removes its upload.
		if a := fc.call(t, "DELETE", "/api/v1/products/"+adID+"/images/"+stuckID, seller.token, nil); a.status/100 != 2 {
			t.Errorf("delete the stuck photo: got %d %s", a.status, a.raw)
		}
		if fc.objectExists(t, "uploads/"+adID+"/"+stuckID) {
			t.Error("the stuck photo's upload is left in S3")
		}
	})
	if adID == "" {
		t.Fatal("no ad: the publication flow failed")
	}

	t.Run("SendContactRequest", func(t *testing.T) {
		send := func(subject string) answer {
			return fc.call(t, "POST", "/api/v1/contact-request", "", map[string]any{
				"adId": adID, "name": "Lea Käufer", "email": "lea@example.ch", "message": "Sind die Latten noch zu haben? " + subject,
			})
		}
		// The request's transaction fails, then stalls: nothing stored,
		// the seller is not e-mailed.
		mails := len(fc.mailsTo(seller.email))
		before := fc.snapshot(t)
		fc.inject(t, faults.Fault{Service: faults.DynamoDB, Operation: "TransactWriteItems", Principal: "ContactRequestFunction", Error: "InternalServerError"})
		fc.wantUnavailable(t, send("failing"), "ContactRequestFunction", "contact request, DynamoDB failing")
		fc.clearFaults(t)
		fc.inject(t, faults.Fault{Service: faults.DynamoDB, Operation: "TransactWriteItems", Principal: "ContactRequestFunction", StallSeconds: 60})
		fc.wantUnavailable(t, send("stalled"), "ContactRequestFunction", "contact request, DynamoDB stalled")
		fc.clearFaults(t)
		fc.unchanged(t, before, "contact request, DynamoDB failing or stalled")
		if n := len(fc.mailsTo(seller.email)) - mails; n != 0 {
			t.Errorf("seller e-mails: got %d, want none", n)
		}

		// SES fails or stalls: the request is stored and answered 201 (in
		// the seller's inbox), the seller is not e-mailed; a later request
		// is.
		fc.inject(t, faults.Fault{Service: faults.SES, Principal: "ContactRequestFunction", Error: "InternalFailure"})
		if a := send("ses failing"); a.status != http.StatusCreated {
			t.Errorf("contact request, SES failing: got %d %s, want 201", a.status, a.raw)
		}
		fc.clearFaults(t)
		fc.inject(t, faults.Fault{Service: faults.SES, Principal: "ContactRequestFunction", StallSeconds: 60})
		if a := send("ses stalled"); a.status != http.StatusCreated || a.took >= fc.timeout["ContactRequestFunction"] {
			t.Errorf("contact request, SES stalled: got %d %s after %v, want 201 before the timeout", a.status, a.raw, a.took)
		}
		fc.clearFaults(t)
		if n := len(fc.mailsTo(seller.email)) - mails; n != 0 {
			t.Errorf("seller e-mails with SES failing: got %d, want none", n)
		}
		if a := send("ok"); a.status != http.StatusCreated {
			t.Errorf("contact request: got %d %s, want 201", a.status, a.raw)
		}
		if n := len(fc.mailsTo(seller.email)) - mails; n != 1 {
			t.Errorf("seller e-mails: got %d, want 1", n)
		}
		inbox := fc.call(t, "GET", "/api/v1/contact-request", seller.token, nil)
		items, _ := inbox.body["items"].([]any)
		if len(items) != 3 || inbox.body["unreadCount"] != float64(3) {
			t.Errorf("seller's inbox: got %s, want the 3 stored requests, unread", inbox.raw)
		}
	})
}

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
