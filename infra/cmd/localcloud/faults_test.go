package main

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/remat/remat/infra/faults"
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
