package privacy_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/contactreq"
	"github.com/remat/remat/shared/reviews"
	"github.com/remat/remat/shared/social"
	"github.com/remat/remat/shared/usersearch"
)

// TestExportHoldsTheCallersDataOnly fills two accounts through their
// owning packages and checks that each export has everything of its
// account and nothing of the other, in the documented shape.
func TestExportHoldsTheCallersDataOnly(t *testing.T) {
	c := newCloud(t, options{})
	owner := c.user(t, auth.RoleUser, "Hans", "de", false)
	other := c.user(t, auth.RoleUser, "Lia", "fr", false)
	avatarKey := c.avatar(t, owner.ID)
	ad := c.ad(t, owner.ID, "Feinsteinzeug Platten")
	otherAd := c.ad(t, other.ID, "Ziegel rot")
	req := c.request(t, owner.ID, ad, "claire@example.com")
	c.request(t, other.ID, otherAd, "bruno@example.com")
	paid, pending := c.buy(t, owner.ID)
	c.buy(t, other.ID)
	third := c.user(t, auth.RoleUser, "Gianni", "it", false)
	saved := c.ad(t, third.ID, "Betonmischer 140 l")
	c.favourite(t, owner.ID, saved.ID)
	c.favourite(t, other.ID, saved.ID)
	c.saveSearch(t, owner.ID, "Ziegel gebraucht")
	c.review(t, owner.ID, third.ID, saved.ID)
	c.saveSearch(t, other.ID, "Ziegel für Lia")

	doc, r := c.export(t, owner.token)
	if r.Status != http.StatusOK {
		t.Fatalf("export: got %d %s", r.Status, r.Body)
	}
	day := time.Now().UTC().Format("2006-01-02")
	if got, want := r.Header.Get("Content-Disposition"), `attachment; filename="remat-data-`+day+`.json"`; got != want {
		t.Errorf("Content-Disposition: got %q, want %q", got, want)
	}
	if got := r.Header.Get("Cache-Control"); got != "no-store" {
		t.Errorf("Cache-Control: got %q, want no-store", got)
	}
	a := doc.Account
	if a.ID != owner.ID || a.Email != owner.Email || a.FirstName != "Hans" || a.Phone != owner.Phone || a.Company == nil ||
		!a.HasPassword || a.PhotoURL != siteURL+"/"+avatarKey {
		t.Errorf("account: got %+v", a)
	}
	if len(doc.Ads) != 1 || doc.Ads[0].ID != ad.ID || doc.Ads[0].Title != ad.Title || len(doc.Ads[0].Photos) != 2 ||
		doc.Ads[0].URL != siteURL+"/de/product/"+ad.ID {
		t.Fatalf("ads: got %+v", doc.Ads)
	}
	for _, p := range doc.Ads[0].Photos {
		if !strings.HasPrefix(p.URLs["large"], siteURL+"/images/products/"+ad.ID+"/") || p.URLs["thumb"] == "" {
			t.Errorf("photo URLs: got %v", p.URLs)
		}
	}
	if len(doc.ContactRequestsReceived) != 1 || doc.ContactRequestsReceived[0].ID != req.ID || doc.ContactRequestsReceived[0].Message != req.Message {
		t.Errorf("contact requests: got %+v", doc.ContactRequestsReceived)
	}
	if len(doc.Favourites) != 1 || doc.Favourites[0].AdID != saved.ID || doc.Favourites[0].Title != saved.Title ||
		doc.Favourites[0].URL != siteURL+"/de/product/"+saved.ID {
		t.Errorf("favourites: got %+v", doc.Favourites)
	}
	if len(doc.ReviewsWritten) != 1 || doc.ReviewsWritten[0].AdID != saved.ID || doc.ReviewsWritten[0].Rating != 4 {
		t.Errorf("reviews written: got %+v", doc.ReviewsWritten)
	}
	if len(doc.SavedSearches) != 1 || doc.SavedSearches[0].Name != "Ziegel gebraucht" || doc.SavedSearches[0].Params != "condition=used&q=ziegel" {
		t.Errorf("saved searches: got %+v", doc.SavedSearches)
	}
	if len(doc.Subscriptions) != 1 || doc.Subscriptions[0].PlanID != "pro" {
		t.Errorf("subscriptions: got %+v", doc.Subscriptions)
	}
	orders := map[string]string{}
	for _, o := range doc.Orders {
		orders[o.ID] = o.Status
	}
	if len(orders) != 2 || orders[paid.ID] != "paid" || orders[pending.ID] != "pending" {
		t.Errorf("orders: got %v, want %s paid and %s pending", orders, paid.ID, pending.ID)
	}
	if len(doc.Payments) != 1 || doc.Payments[0].InvoiceID != paid.InvoiceID {
		t.Errorf("payments: got %+v", doc.Payments)
	}
	if len(doc.Invoices) != 1 || doc.Invoices[0].ID != paid.InvoiceID || !regexp.MustCompile(`^RE-\d{4}-\d{6}$`).MatchString(doc.Invoices[0].Number) {
		t.Errorf("invoices: got %+v", doc.Invoices)
	}
	if len(doc.Notes) == 0 {
		t.Error("notes: got none")
	}
	// Nothing of the other account, no secrets, no internal keys.
	for _, leak := range []string{other.ID, other.Email, otherAd.ID, "bruno@example.com", owner.PasswordHash, "passwordHash",
		"tokenVersion", `"PK"`, "GSI1", "clientSecret", "clientHash", "Mozilla"} {
		if strings.Contains(string(r.Body), leak) {
			t.Errorf("export of %s holds %q", owner.ID, leak)
		}
	}
	// The social links of a social-only account.
	soc := c.user(t, auth.RoleUser, "Sofia", "it", true)
	doc, r = c.export(t, soc.token)
	if r.Status != http.StatusOK || len(doc.SocialSignIns) != 1 || doc.SocialSignIns[0].Provider != "google" || doc.Account.HasPassword {
		t.Errorf("social export: got %d %+v", r.Status, doc)
	}
}

func TestExportIsRateLimited(t *testing.T) {
	c := newCloud(t, options{})
	u := c.user(t, auth.RoleUser, "Rita", "fr", false)
	for i := range 5 {
		if _, r := c.export(t, u.token); r.Status != http.StatusOK {
			t.Fatalf("export %d: got %d %s", i+1, r.Status, r.Body)
		}
	}
	_, r := c.export(t, u.token)
	if r.Status != http.StatusTooManyRequests || r.Code() != "too_many_requests" || r.Header.Get("Retry-After") == "" {
		t.Errorf("sixth export: got %d %s (Retry-After %q), want 429 too_many_requests", r.Status, r.Body, r.Header.Get("Retry-After"))
	}
}

// TestDeleteAccount deletes a seller with an ad, photos, requests, a profile
// photo and invoices, and checks every promise of the deletion.
func TestDeleteAccount(t *testing.T) {
	c := newCloud(t, options{})
	ctx := context.Background()
	u := c.user(t, auth.RoleUser, "Hans", "de", false)
	bystander := c.user(t, auth.RoleUser, "Lia", "fr", false)
	avatarKey := c.avatar(t, u.ID)
	ad := c.ad(t, u.ID, "Klinkerziegel Restposten")
	spare := c.ad(t, u.ID, "Holzbalken Eiche")
	keep := c.ad(t, bystander.ID, "Klinkerziegel Bruchware")
	photos := append(c.photoKeys(t, ad.ID), c.photoKeys(t, spare.ID)...)
	c.request(t, u.ID, ad, "claire@example.com")
	archived := c.request(t, u.ID, spare, "bruno@example.com")
	if _, err := c.creqs.Update(ctx, u.ID, archived.ID, contactreqArchive(), time.Now()); err != nil {
		t.Fatal(err)
	}
	c.request(t, bystander.ID, keep, "claire@example.com")
	c.favourite(t, u.ID, keep.ID)
	c.saveSearch(t, u.ID, "Klinker")
	c.review(t, u.ID, bystander.ID, keep.ID)
	c.favourite(t, c.user(t, auth.RoleUser, "Mia", "it", false).ID, keep.ID)
	paid, pending := c.buy(t, u.ID)
	if !c.searchable(t, "Klinkerziegel", ad.ID) || c.unread(t, u.ID) != 2 {
		t.Fatal("setup: the ad is not searchable or the request not counted")
	}

	r := c.do(t, http.MethodDelete, "/api/v1/account", u.token, map[string]any{"password": testPassword})
	if r.Status != http.StatusOK || r.JSON["message"] != "account_deleted" || r.JSON["keptYears"] != 10.0 {
		t.Fatalf("delete: got %d %s, want 200 account_deleted", r.Status, r.Body)
	}

	// Ads: out of search and gone for everyone, photos gone from S3.
	if c.searchable(t, "Klinkerziegel", ad.ID) {
		t.Error("the deleted account's ad is still found")
	}
	if !c.searchable(t, "Klinkerziegel", keep.ID) {
		t.Error("another seller's ad is no longer found")
	}
	for _, id := range []string{ad.ID, spare.ID} {
		if _, err := c.ads.Record(ctx, id); !errors.Is(err, catalog.ErrProductNotFound) {
			t.Errorf("ad %s: got %v, want product_not_found", id, err)
		}
	}
	for _, key := range append(photos, avatarKey) {
		if c.objectExists(t, key) {
			t.Errorf("object %s is still in the bucket", key)
		}
	}
	if len(photos) != 12 {
		t.Errorf("setup: got %d photo objects, want 12 (2 ads, 2 photos, 3 renditions)", len(photos))
	}
	// Contact requests (inbox and archive) and the counter.
	for _, archived := range []bool{false, true} {
		page, err := c.creqs.List(ctx, u.ID, archived, 50, "")
		if err != nil || len(page.Items) != 0 {
			t.Errorf("requests (archived %v): got %+v %v, want none", archived, page.Items, err)
		}
	}
	if c.unread(t, u.ID) != 0 || c.unread(t, bystander.ID) != 1 {
		t.Errorf("unread counters: got %d and %d, want 0 and the bystander's 1", c.unread(t, u.ID), c.unread(t, bystander.ID))
	}
	revs := reviews.NewStore(c.db, c.table, c.cursors)
	if written, err := revs.ByAuthor(ctx, u.ID); err != nil || len(written) != 0 {
		t.Errorf("reviews written: got %+v %v, want none", written, err)
	}
	if r, err := revs.Rating(ctx, bystander.ID); err != nil || r.Count != 0 || r.Sum != 0 {
		t.Errorf("the reviewed seller's rating: got %+v %v, want the review gone from it", r, err)
	}
	if ss, err := c.searches.List(ctx, u.ID); err != nil || len(ss) != 0 {
		t.Errorf("saved searches: got %+v %v, want none", ss, err)
	}
	// The wish list, and the saved ad's counter (the other buyer's save stays).
	if favs, err := c.favs.All(ctx, u.ID); err != nil || len(favs) != 0 {
		t.Errorf("favourites: got %+v %v, want none", favs, err)
	}
	if st, err := c.ads.Stats(ctx, []string{keep.ID}); err != nil || st[keep.ID].Favourites != 1 {
		t.Errorf("the saved ad's favourites: got %+v %v, want the other buyer's 1", st, err)
	}
	// The profile: anonymised, status deleted, out of the admin list and search.
	got, err := c.users.UserByID(ctx, u.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != accounts.StatusDeleted || got.FirstName != "" || got.LastName != "" || got.Phone != "" || got.Company != nil ||
		got.AvatarKey != "" || got.PasswordHash != "" || got.Email != accounts.ErasedEmail(u.ID) || got.TokenVersion != u.TokenVersion+1 {
		t.Errorf("profile after deletion: got %+v", got)
	}
	raw, err := c.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(c.table), Key: accounts.UserKey(u.ID)})
	if err != nil {
		t.Fatal(err)
	}
	for _, attr := range []string{"GSI1PK", "company", "avatarKey", "passwordHash"} {
		if _, ok := raw.Item[attr]; ok {
			t.Errorf("profile keeps %s", attr)
		}
	}
	page, err := usersearch.Search(ctx, c.db, c.table, c.cursors, "hans", 50, "")
	if err != nil || slices.Contains(page.UserIDs, u.ID) {
		t.Errorf("user search finds the deleted account: %v %v", page.UserIDs, err)
	}
	// Only billing's records are left under the user's partition.
	for _, sk := range c.partition(t, u.ID) {
		if sk != "PROFILE" && !strings.HasPrefix(sk, "SUB#") && !strings.HasPrefix(sk, "PAY#") && !strings.HasPrefix(sk, "TRIAL#") {
			t.Errorf("item %s left under the deleted account", sk)
		}
	}
	// Invoices, orders and payments are kept.
	if inv, err := c.bills.Invoice(ctx, paid.InvoiceID); err != nil || inv.UserID != u.ID {
		t.Errorf("invoice: got %+v %v, want it kept", inv, err)
	}
	for _, id := range []string{paid.ID, pending.ID} {
		if _, err := c.bills.Order(ctx, id); err != nil {
			t.Errorf("order %s: got %v, want it kept", id, err)
		}
	}
	if pays, err := c.bills.Payments(ctx, u.ID); err != nil || len(pays) != 1 {
		t.Errorf("payments: got %v %v, want one kept", pays, err)
	}
	// Sessions end, login looks like an unknown account, the e-mail is free.
	if r := c.do(t, http.MethodGet, "/api/v1/account/export", u.token, nil); r.Status != http.StatusUnauthorized || r.Code() != "not_logged_in" {
		t.Errorf("old token: got %d %s, want 401 not_logged_in", r.Status, r.Body)
	}
	if r := c.do(t, http.MethodGet, "/api/v1/auth/me", u.token, nil); r.Status != http.StatusUnauthorized {
		t.Errorf("old token on /auth/me: got %d %s, want 401", r.Status, r.Body)
	}
	login := c.do(t, http.MethodPost, "/api/v1/auth/login", "", map[string]any{"email": u.Email, "password": testPassword})
	if login.Status != http.StatusUnauthorized || login.Code() != "invalid_credentials" {
		t.Errorf("login: got %d %s, want 401 invalid_credentials", login.Status, login.Body)
	}
	signup := c.do(t, http.MethodPost, "/api/v1/auth/signup", "", map[string]any{
		"accountType": "individual", "firstName": "Hans", "lastName": "Neu", "email": u.Email, "phone": "+41 79 765 43 21",
		"password": "a brand new pass phrase 7", "isAdult": true, "acceptRules": true, "language": "de",
	})
	if signup.Status != http.StatusCreated {
		t.Errorf("sign-up with the freed e-mail: got %d %s, want 201", signup.Status, signup.Body)
	}
	// The e-mail in German, to the address as it was; the audit entry.
	if subjects := c.mailsTo(u.Email); !slices.Contains(subjects, "Ihr Remat-Konto wurde gelöscht") {
		t.Errorf("mails to %s: got %v, want the deletion notice", u.Email, subjects)
	}
	entries, err := audit.NewLog(c.db, c.table, c.cursors).List(ctx, audit.Filter{TargetType: audit.TargetUser, TargetID: u.ID}, 10, "")
	if err != nil || len(entries.Items) != 1 {
		t.Fatalf("audit: got %+v %v, want one entry", entries.Items, err)
	}
	e := entries.Items[0]
	if e.Action != "account.delete" || e.ActorID != u.ID || e.ActorEmail != "" {
		t.Errorf("audit entry: got %+v", e)
	}
	for _, pii := range []string{u.Email, "Hans", "Muster", "Bau AG", "+41"} {
		if strings.Contains(string(e.Before)+string(e.After), pii) {
			t.Errorf("audit entry holds %q: %s %s", pii, e.Before, e.After)
		}
	}
	// The bystander is untouched.
	if doc, r := c.export(t, bystander.token); r.Status != http.StatusOK || len(doc.Ads) != 1 || doc.Account.Email != bystander.Email {
		t.Errorf("bystander: got %d %+v", r.Status, doc)
	}
}

func contactreqArchive() contactreq.Change {
	archived := true
	return contactreq.Change{Archived: &archived}
}

// TestDeleteRetriesFinishTheJob fails the deletion half-way (S3 refuses the
// first photo delete), then sends the request again.
func TestDeleteRetriesFinishTheJob(t *testing.T) {
	c := newCloud(t, options{})
	u := c.user(t, auth.RoleUser, "Marco", "it", false)
	ad := c.ad(t, u.ID, "Mattoni pieni")
	photos := c.photoKeys(t, ad.ID)
	c.request(t, u.ID, ad, "claire@example.com")

	c.blobs.failNext(1)
	r := c.do(t, http.MethodDelete, "/api/v1/account", u.token, map[string]any{"password": testPassword})
	if r.Status != http.StatusInternalServerError || r.Code() != "internal_error" || strings.Contains(string(r.Body), "injected") {
		t.Fatalf("failing delete: got %d %s, want a generic 500", r.Status, r.Body)
	}
	// Half-way: the ad is out of search and inactive, the photos still
	// listed; the account is still signed in.
	rec, err := c.ads.Record(context.Background(), ad.ID)
	if err != nil || rec.Ad.Status != catalog.StatusInactive || c.searchable(t, "Mattoni", ad.ID) {
		t.Fatalf("after the failure: got %+v %v, want the ad inactive and unsearchable", rec.Ad, err)
	}
	if got, _ := c.users.UserByID(context.Background(), u.ID); got.Status != accounts.StatusActive {
		t.Fatalf("after the failure: account status %s, want active", got.Status)
	}

	r = c.do(t, http.MethodDelete, "/api/v1/account", u.token, map[string]any{"password": testPassword})
	if r.Status != http.StatusOK {
		t.Fatalf("retry: got %d %s, want 200", r.Status, r.Body)
	}
	if _, err := c.ads.Record(context.Background(), ad.ID); !errors.Is(err, catalog.ErrProductNotFound) {
		t.Errorf("ad after the retry: got %v, want product_not_found", err)
	}
	for _, key := range photos {
		if c.objectExists(t, key) {
			t.Errorf("object %s is still in the bucket", key)
		}
	}
	if got, _ := c.users.UserByID(context.Background(), u.ID); got.Status != accounts.StatusDeleted {
		t.Errorf("account after the retry: status %s, want deleted", got.Status)
	}
	if c.unread(t, u.ID) != 0 {
		t.Errorf("unread after the retry: got %d, want 0", c.unread(t, u.ID))
	}
}

// TestDeleteWithinABudget: with no time to spare, each request erases one
// ad (or one page of requests) and answers 202 until the work is done.
func TestDeleteWithinABudget(t *testing.T) {
	c := newCloud(t, options{budget: time.Nanosecond})
	u := c.user(t, auth.RoleUser, "Anna", "fr", false)
	a1 := c.ad(t, u.ID, "Parquet chêne")
	a2 := c.ad(t, u.ID, "Carrelage gris")
	c.request(t, u.ID, a1, "claire@example.com")

	r := c.do(t, http.MethodDelete, "/api/v1/account", u.token, map[string]any{"password": testPassword})
	if r.Status != http.StatusAccepted || r.JSON["message"] != "account_deletion_in_progress" {
		t.Fatalf("first request: got %d %s, want 202 account_deletion_in_progress", r.Status, r.Body)
	}
	left := 0
	for _, id := range []string{a1.ID, a2.ID} {
		if _, err := c.ads.Record(context.Background(), id); err == nil {
			left++
		}
	}
	if left != 1 {
		t.Errorf("after one request: %d ads left, want 1", left)
	}
	r, n := c.remove(t, u.token, map[string]any{"password": testPassword}, 10)
	if r.Status != http.StatusOK || n < 2 {
		t.Fatalf("until done: got %d %s after %d more requests, want 200 after at least 2", r.Status, r.Body, n)
	}
	if got, _ := c.users.UserByID(context.Background(), u.ID); got.Status != accounts.StatusDeleted || c.unread(t, u.ID) != 0 {
		t.Errorf("after the last request: status %s, unread %d", got.Status, c.unread(t, u.ID))
	}
}

func TestDeleteConfirmation(t *testing.T) {
	c := newCloud(t, options{})
	u := c.user(t, auth.RoleUser, "Paul", "en", false)
	soc := c.user(t, auth.RoleUser, "Sofia", "it", true)
	tests := []struct {
		name   string
		who    account
		body   map[string]any
		status int
		code   string
		field  string
	}{
		{"no password", u, map[string]any{}, 400, "validation_failed", "password"},
		{"e-mail instead of the password", u, map[string]any{"email": u.Email}, 400, "validation_failed", "password"},
		{"wrong password", u, map[string]any{"password": "not my password at all"}, 403, "account_confirmation_invalid", ""},
		{"unknown field", u, map[string]any{"password": testPassword, "reason": "bye"}, 400, "invalid_json", ""},
		{"social: no e-mail", soc, map[string]any{}, 400, "validation_failed", "email"},
		{"social: wrong e-mail", soc, map[string]any{"email": "someone@example.ch"}, 403, "account_confirmation_invalid", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := c.do(t, http.MethodDelete, "/api/v1/account", tt.who.token, tt.body)
			if r.Status != tt.status || r.Code() != tt.code || (tt.field != "" && r.FieldCode(tt.field) != "required") {
				t.Errorf("got %d %s, want %d %s", r.Status, r.Body, tt.status, tt.code)
			}
		})
	}
	if got, _ := c.users.UserByID(context.Background(), u.ID); got.Status != accounts.StatusActive {
		t.Errorf("after refused requests: status %s, want active", got.Status)
	}
	// Failures count like failed logins: the fifth wrong password blocks.
	var r testcloud.Response
	for range 5 {
		r = c.do(t, http.MethodDelete, "/api/v1/account", u.token, map[string]any{"password": "still not my password"})
	}
	if r.Status != http.StatusTooManyRequests || r.Code() != "too_many_requests" {
		t.Errorf("after repeated failures: got %d %s, want 429", r.Status, r.Body)
	}
	// A social-only account confirms with its e-mail (any case), and its
	// sign-in link goes: signing in with it again makes a new account.
	r = c.do(t, http.MethodDelete, "/api/v1/account", soc.token, map[string]any{"email": strings.ToUpper(soc.Email)})
	if r.Status != http.StatusOK {
		t.Fatalf("social delete: got %d %s", r.Status, r.Body)
	}
	if _, err := c.users.UserByIdentity(context.Background(), "google", "sub-"+soc.ID); !errors.Is(err, apperr.ErrNotFound) {
		t.Errorf("identity link after deletion: got %v, want not_found", err)
	}
	_, again, err := c.acc.SignInWithIdentity(context.Background(), social.Identity{
		Provider: "google", Subject: "sub-" + soc.ID, Email: soc.Email, EmailVerified: true, FirstName: "Sofia",
	})
	if err != nil || again.ID == soc.ID || again.Status != accounts.StatusActive {
		t.Errorf("social sign-in after deletion: got %+v %v, want a new active account", again, err)
	}
}

// TestStaleIdentityLink: a link made before links were listed on the
// profile survives the deletion; signing in with it must not reach the
// deleted account.
func TestStaleIdentityLink(t *testing.T) {
	c := newCloud(t, options{})
	u := c.user(t, auth.RoleUser, "Greta", "de", false)
	item, err := attributevalue.MarshalMap(map[string]string{"PK": "IDP#google#legacy-" + u.ID, "SK": "IDP", "type": "Identity", "uid": u.ID})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.db.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: aws.String(c.table), Item: item}); err != nil {
		t.Fatal(err)
	}
	if r := c.do(t, http.MethodDelete, "/api/v1/account", u.token, map[string]any{"password": testPassword}); r.Status != http.StatusOK {
		t.Fatalf("delete: got %d %s", r.Status, r.Body)
	}
	_, got, err := c.acc.SignInWithIdentity(context.Background(), social.Identity{
		Provider: "google", Subject: "legacy-" + u.ID, Email: "greta.new@example.ch", EmailVerified: true,
	})
	if err != nil || got.ID == u.ID {
		t.Errorf("sign-in with the stale link: got %+v %v, want a new account", got, err)
	}
	out, err := c.db.GetItem(context.Background(), &dynamodb.GetItemInput{
		TableName: aws.String(c.table), Key: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: "IDP#google#legacy-" + u.ID}, "SK": &types.AttributeValueMemberS{Value: "IDP"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	var link struct {
		UID string `dynamodbav:"uid"`
	}
	_ = attributevalue.UnmarshalMap(out.Item, &link)
	if link.UID != got.ID {
		t.Errorf("the link points to %q, want the new account %s", link.UID, got.ID)
	}
}

// TestDeletedAccountStaysDeleted: the status is final, even for an
// administrator's status change.
func TestDeletedAccountStaysDeleted(t *testing.T) {
	c := newCloud(t, options{})
	u := c.user(t, auth.RoleUser, "Nina", "fr", false)
	if r := c.do(t, http.MethodDelete, "/api/v1/account", u.token, map[string]any{"password": testPassword}); r.Status != http.StatusOK {
		t.Fatalf("delete: got %d %s", r.Status, r.Body)
	}
	got, err := c.users.UserByID(context.Background(), u.ID)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.db.TransactWriteItems(context.Background(), &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Update: accounts.StatusUpdate(c.table, got, accounts.StatusActive)},
	}})
	if err == nil {
		t.Error("an erased account was made active again")
	}
	// The export JSON of the erased profile is never served: the token is dead.
	if _, r := c.export(t, u.token); r.Status != http.StatusUnauthorized {
		t.Errorf("export after deletion: got %d %s", r.Status, r.Body)
	}
	if b, _ := json.Marshal(got); strings.Contains(string(b), u.Email) {
		t.Errorf("profile still holds the address: %s", b)
	}
}
