package accounts_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/infra/awsemu"
	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/imaging"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/password"
	"github.com/remat/remat/shared/ratelimit"
	"github.com/remat/remat/shared/social"
)

func TestMain(m *testing.M) { testcloud.Main(m) }

const (
	siteURL     = "https://remat.test"
	setupSecret = "setup-secret-for-tests-0123456789"
	goodPass    = "gravel under the old bridge"
)

// cloud is the accounts domain wired to DynamoDB Local and the SES and S3
// emulators, as functions/auth wires it on AWS.
type cloud struct {
	db      *dynamodb.Client
	table   string
	box     *testcloud.Mailbox
	s3      *s3.Client
	bucket  string
	store   *accounts.DynamoStore
	svc     *accounts.Service
	handler http.Handler
	clock   *testcloud.Clock
}

func newCloud(t *testing.T) *cloud {
	t.Helper()
	db, table := testcloud.DynamoDB(t)
	ses, box := testcloud.SES(t)
	s3c, bucket := testcloud.S3(t)
	c := &cloud{db: db, table: table, box: box, s3: s3c, bucket: bucket, clock: testcloud.NewClock(time.Now().UTC())}
	iss := authtest.Issuer(t, 7*24*time.Hour)
	ver := authtest.Verifier(t)
	c.store = accounts.NewDynamoStore(db, table)
	c.svc = accounts.NewService(c.store, ratelimit.New(db, table).WithClock(c.clock.Now), mail.NewSESSender(ses), iss,
		imaging.Avatar, blob.New(s3c, bucket),
		accounts.Options{From: "no-reply@remat.ch", SiteURL: siteURL, AdminSetupSecret: setupSecret, Params: password.TestParams}).WithClock(c.clock.Now)
	c.handler = accounts.NewHandler(c.svc, ver.WithClock(c.clock.Now).WithTokenVersions(c.store), social.Config{})
	return c
}

// do serves a request through the real mux and checks the response
// against docs/openapi.yaml.
func (c *cloud) do(t *testing.T, method, path, token string, body any) testcloud.Response {
	t.Helper()
	return c.serve(t, testcloud.NewRequest(t, method, path, body), token)
}

// serve is do for a request the test built; it comes from a client
// address of its own unless the test set one.
func (c *cloud) serve(t *testing.T, req *http.Request, token string) testcloud.Response {
	t.Helper()
	if req.RemoteAddr == "" || req.RemoteAddr == "192.0.2.1:1234" {
		req.RemoteAddr = "198.51.100.7:4000"
	}
	return testcloud.ServeRequest(t, c.handler, req, token)
}

func signupBody(email string) map[string]any {
	return map[string]any{
		"accountType": "individual", "firstName": "Anna", "lastName": "Muster", "email": email,
		"phone": "+41 79 123 45 67", "password": goodPass, "isAdult": true, "acceptRules": true, "language": "de",
	}
}

var linkRE = regexp.MustCompile(`https://remat\.test/([a-z]{2})/(email-verification|reset-password)/([A-Za-z0-9_-]+)`)

// lastLink returns language, page and token of the newest e-mail to addr.
func (c *cloud) lastLink(t *testing.T, addr string) (string, string, string) {
	t.Helper()
	msgs := c.box.Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		if len(msgs[i].To) > 0 && msgs[i].To[0] == addr {
			m := linkRE.FindStringSubmatch(msgs[i].Text)
			if m == nil {
				t.Fatalf("mail to %s: no link in %q", addr, msgs[i].Text)
			}
			return m[1], m[2], m[3]
		}
	}
	t.Fatalf("no mail to %s", addr)
	return "", "", ""
}

// verifiedUser signs up, verifies and logs in; it returns the token.
func (c *cloud) verifiedUser(t *testing.T, email string) string {
	t.Helper()
	if r := c.do(t, "POST", "/api/v1/auth/signup", "", signupBody(email)); r.Status != 201 {
		t.Fatalf("signup %s: got %d %s", email, r.Status, r.Body)
	}
	_, _, tok := c.lastLink(t, email)
	if r := c.do(t, "POST", "/api/v1/auth/verify-account", "", map[string]any{"token": tok}); r.Status != 200 {
		t.Fatalf("verify %s: got %d %s", email, r.Status, r.Body)
	}
	return c.login(t, email, goodPass)
}

func (c *cloud) login(t *testing.T, email, pass string) string {
	t.Helper()
	r := c.do(t, "POST", "/api/v1/auth/login", "", map[string]any{"email": email, "password": pass})
	if r.Status != 200 {
		t.Fatalf("login %s: got %d %s", email, r.Status, r.Body)
	}
	return r.JSON["token"].(string)
}

func (c *cloud) admin(t *testing.T) string {
	t.Helper()
	r := c.do(t, "POST", "/api/v1/auth/create-admin", "", map[string]any{
		"setupSecret": setupSecret, "firstName": "Ada", "lastName": "Admin", "email": "admin@remat.test", "password": goodPass,
	})
	if r.Status != 201 {
		t.Fatalf("create admin: got %d %s", r.Status, r.Body)
	}
	return c.login(t, "admin@remat.test", goodPass)
}

func TestSignUpVerifyLoginMe(t *testing.T) {
	c := newCloud(t)
	r := c.do(t, "POST", "/api/v1/auth/signup", "", signupBody("Anna.Muster@Example.ch"))
	if r.Status != 201 || r.JSON["message"] != "verification_email_sent" || r.JSON["email"] != "Anna.Muster@Example.ch" {
		t.Fatalf("signup: got %d %s", r.Status, r.Body)
	}
	msgs := c.box.Messages()
	if len(msgs) != 1 || msgs[0].Subject != "Bestätigen Sie Ihre E-Mail-Adresse für Remat" || !strings.Contains(msgs[0].HTML, "<a href=\"https://remat.test/de/email-verification/") {
		t.Fatalf("mail: got %+v, want one German verification mail", msgs)
	}
	lang, page, tok := c.lastLink(t, "Anna.Muster@Example.ch")
	if lang != "de" || page != "email-verification" || len(tok) != 43 {
		t.Errorf("link: got %s %s %q, want de email-verification and a 43-char token", lang, page, tok)
	}

	// Unverified: the right password gets email_not_verified, a wrong one invalid_credentials.
	r = c.do(t, "POST", "/api/v1/auth/login", "", map[string]any{"email": "anna.muster@example.ch", "password": goodPass})
	if r.Status != 403 || r.Code() != "email_not_verified" {
		t.Errorf("login unverified: got %d %s, want 403 email_not_verified", r.Status, r.Body)
	}
	r = c.do(t, "POST", "/api/v1/auth/login", "", map[string]any{"email": "anna.muster@example.ch", "password": "wrong password!"})
	if r.Status != 401 || r.Code() != "invalid_credentials" {
		t.Errorf("login wrong password: got %d %s, want 401 invalid_credentials", r.Status, r.Body)
	}

	if r = c.do(t, "POST", "/api/v1/auth/verify-account", "", map[string]any{"token": tok}); r.Status != 200 || r.JSON["message"] != "email_verified" {
		t.Fatalf("verify: got %d %s", r.Status, r.Body)
	}
	token := c.login(t, "ANNA.MUSTER@example.ch", goodPass)
	r = c.do(t, "GET", "/api/v1/auth/me", token, nil)
	user, _ := r.JSON["user"].(map[string]any)
	if r.Status != 200 || user["email"] != "Anna.Muster@Example.ch" || user["emailVerified"] != true || user["role"] != "user" ||
		user["avatar"] != nil || user["company"] != nil || user["language"] != "de" {
		t.Errorf("me: got %d %s", r.Status, r.Body)
	}
	if strings.Contains(string(r.Body), "argon2") || strings.Contains(string(r.Body), "tokenVersion") {
		t.Errorf("me: got %s, want no secrets", r.Body)
	}
}

// TestPhoneOptional: an account needs no phone, at sign-up or later; a
// number given is kept and can be cleared again.
func TestPhoneOptional(t *testing.T) {
	c := newCloud(t)
	body := signupBody("no.phone@example.ch")
	delete(body, "phone")
	if r := c.do(t, "POST", "/api/v1/auth/signup", "", body); r.Status != 201 {
		t.Fatalf("signup without phone: got %d %s, want 201", r.Status, r.Body)
	}
	_, _, verify := c.lastLink(t, "no.phone@example.ch")
	if r := c.do(t, "POST", "/api/v1/auth/verify-account", "", map[string]any{"token": verify}); r.Status != 200 {
		t.Fatalf("verify: got %d %s", r.Status, r.Body)
	}
	tok := c.login(t, "no.phone@example.ch", goodPass)
	steps := []struct {
		name  string
		patch map[string]any // nil: GET /auth/me
		want  string
	}{
		{"after sign-up", nil, ""},
		{"name only", map[string]any{"firstName": "Nora"}, ""},
		{"phone added", map[string]any{"phone": " 079 000 11 22 "}, "079 000 11 22"},
		{"phone cleared", map[string]any{"phone": ""}, ""},
	}
	for _, step := range steps {
		r := c.do(t, "GET", "/api/v1/auth/me", tok, nil)
		if step.patch != nil {
			r = c.do(t, "PATCH", "/api/v1/auth/update-info", tok, step.patch)
		}
		user, _ := r.JSON["user"].(map[string]any)
		if r.Status != 200 || user["phone"] != step.want {
			t.Errorf("%s: got %d %s, want phone %q", step.name, r.Status, r.Body, step.want)
		}
	}
}

func TestSignUpValidation(t *testing.T) {
	c := newCloud(t)
	with := func(mut func(m map[string]any)) map[string]any {
		b := signupBody("val@example.ch")
		mut(b)
		return b
	}
	tests := []struct {
		name   string
		body   map[string]any
		status int
		code   string
		fields map[string]string
	}{
		{"empty", map[string]any{}, 400, "validation_failed", map[string]string{
			"accountType": "required", "firstName": "required", "email": "required", "password": "required",
			"phone": "", "isAdult": "must_accept", "acceptRules": "must_accept"}},
		{"short password", with(func(m map[string]any) { m["password"] = "short1234" }), 400, "validation_failed", map[string]string{"password": "too_short"}},
		{"common password", with(func(m map[string]any) { m["password"] = "Password123" }), 400, "validation_failed", map[string]string{"password": "too_common"}},
		{"bad email", with(func(m map[string]any) { m["email"] = "not-an-email" }), 400, "validation_failed", map[string]string{"email": "invalid_email"}},
		{"bad phone", with(func(m map[string]any) { m["phone"] = "call me" }), 400, "validation_failed", map[string]string{"phone": "invalid"}},
		{"long name", with(func(m map[string]any) { m["firstName"] = strings.Repeat("a", 101) }), 400, "validation_failed", map[string]string{"firstName": "too_long"}},
		{"not adult", with(func(m map[string]any) { m["isAdult"] = false }), 400, "validation_failed", map[string]string{"isAdult": "must_accept"}},
		{"bad type", with(func(m map[string]any) { m["accountType"] = "company" }), 400, "validation_failed", map[string]string{"accountType": "invalid"}},
		{"professional without company", with(func(m map[string]any) { m["accountType"] = "professional" }), 400, "company_required", nil},
		{"bad website", with(func(m map[string]any) {
			m["accountType"] = "professional"
			m["company"] = map[string]any{"name": "Bau AG", "email": "info@bau.ch", "address": "Weg 1, 3000 Bern", "website": "javascript:alert(1)"}
		}), 400, "validation_failed", map[string]string{"company.website": "invalid"}},
		{"unknown field", with(func(m map[string]any) { m["role"] = "admin" }), 400, "invalid_json", nil},
	}
	for _, tt := range tests {
		r := c.do(t, "POST", "/api/v1/auth/signup", "", tt.body)
		if r.Status != tt.status || r.Code() != tt.code {
			t.Errorf("%s: got %d %s, want %d %s", tt.name, r.Status, r.Body, tt.status, tt.code)
			continue
		}
		e, _ := r.JSON["error"].(map[string]any)
		fields, _ := e["fields"].(map[string]any)
		for f, want := range tt.fields {
			got, _ := fields[f].(string)
			if got != want {
				t.Errorf("%s: field %s: got %q, want %q (all: %v)", tt.name, f, got, want, fields)
			}
		}
	}
	if n := len(c.box.Messages()); n != 0 {
		t.Errorf("mails: got %d, want none for rejected sign-ups", n)
	}

	// A professional with a company; a duplicate e-mail in other case.
	pro := with(func(m map[string]any) {
		m["accountType"] = "professional"
		m["company"] = map[string]any{"name": "Bau AG", "email": "info@bau.ch", "address": "Weg 1, 3000 Bern", "website": "www.bau.ch"}
	})
	if r := c.do(t, "POST", "/api/v1/auth/signup", "", pro); r.Status != 201 {
		t.Fatalf("professional: got %d %s", r.Status, r.Body)
	}
	dup := signupBody("VAL@example.ch")
	if r := c.do(t, "POST", "/api/v1/auth/signup", "", dup); r.Status != 409 || r.Code() != "user_exists" ||
		r.JSON["error"].(map[string]any)["message"] != "user already exists with this email" {
		t.Errorf("duplicate: got %d %s, want 409 user_exists", r.Status, r.Body)
	}
}

func TestParallelSignUpsOneAccount(t *testing.T) {
	c := newCloud(t)
	const n = 6
	counts := c.concurrently(n, func(i int) *http.Request {
		body, _ := json.Marshal(signupBody(fmt.Sprintf("Race@Example.ch%s", strings.Repeat(" ", i%2))))
		req := httptest.NewRequest("POST", "/api/v1/auth/signup", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = fmt.Sprintf("203.0.113.%d:1000", i+1)
		return req
	})
	if counts[201] != 1 || counts[409] != n-1 {
		t.Errorf("statuses: got %v, want one 201 and %d 409", counts, n-1)
	}
	out, err := c.db.GetItem(t.Context(), &dynamodb.GetItemInput{TableName: aws.String(c.table), Key: ddb.Key("EMAIL#race@example.ch", "EMAIL"), ConsistentRead: aws.Bool(true)})
	if err != nil || out.Item == nil {
		t.Fatalf("guard: got %v, %v", out, err)
	}
	if n := len(c.box.Messages()); n != 1 {
		t.Errorf("mails: got %d, want 1", n)
	}
}

func TestSignUpMailFailureLeavesNothing(t *testing.T) {
	c := newCloud(t)
	c.box.SetFailure(&awsemu.APIError{Status: 400, Code: "MessageRejected", Message: "no"})
	r := c.do(t, "POST", "/api/v1/auth/signup", "", signupBody("fail@example.ch"))
	if r.Status != 502 || r.Code() != "verification_email_failed" {
		t.Fatalf("signup: got %d %s, want 502 verification_email_failed", r.Status, r.Body)
	}
	if _, err := c.store.UserByEmail(t.Context(), "fail@example.ch"); err == nil {
		t.Error("user: got one, want nothing half-created")
	}
	c.box.SetFailure(nil)
	if r := c.do(t, "POST", "/api/v1/auth/signup", "", signupBody("fail@example.ch")); r.Status != 201 {
		t.Errorf("retry: got %d %s, want 201", r.Status, r.Body)
	}
}

func TestVerificationTokens(t *testing.T) {
	c := newCloud(t)
	c.do(t, "POST", "/api/v1/auth/signup", "", signupBody("v@example.ch"))
	_, _, first := c.lastLink(t, "v@example.ch")

	// Resend: same answer for unknown, unverified and verified accounts.
	for _, email := range []string{"v@example.ch", "nobody@example.ch"} {
		if r := c.do(t, "POST", "/api/v1/auth/resend-verification", "", map[string]any{"email": email, "language": "it"}); r.Status != 200 || r.JSON["message"] != "verification_email_sent" {
			t.Errorf("resend %s: got %d %s", email, r.Status, r.Body)
		}
	}
	lang, _, second := c.lastLink(t, "v@example.ch")
	if lang != "it" || second == first {
		t.Errorf("resend: got %s %s, want a new Italian link", lang, second)
	}

	tests := []struct {
		name    string
		token   string
		advance time.Duration
		status  int
		code    string
	}{
		{"unknown", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", 0, 400, "invalid_token"},
		{"empty", "", 0, 400, "invalid_token"},
		{"valid", first, 0, 200, ""},
		{"reused", first, 0, 400, "invalid_token"},
		{"expired", second, 25 * time.Hour, 400, "invalid_token"},
	}
	for _, tt := range tests {
		c.clock.Advance(tt.advance)
		r := c.do(t, "POST", "/api/v1/auth/verify-account", "", map[string]any{"token": tt.token})
		if r.Status != tt.status || r.Code() != tt.code {
			t.Errorf("%s: got %d %s, want %d %s", tt.name, r.Status, r.Body, tt.status, tt.code)
		}
	}
}

func TestResetPassword(t *testing.T) {
	c := newCloud(t)
	token := c.verifiedUser(t, "r@example.ch")
	forgot := func(email string) {
		t.Helper()
		if r := c.do(t, "POST", "/api/v1/auth/forgot-password", "", map[string]any{"email": email, "language": "sq"}); r.Status != 200 || r.JSON["message"] != "password_reset_email_sent" {
			t.Fatalf("forgot %s: got %d %s", email, r.Status, r.Body)
		}
	}
	forgot("nobody@example.ch") // same answer, no mail
	forgot("R@example.ch")
	lang, page, first := c.lastLink(t, "r@example.ch")
	if lang != "sq" || page != "reset-password" {
		t.Errorf("link: got %s %s, want sq reset-password", lang, page)
	}
	forgot("r@example.ch")
	_, _, second := c.lastLink(t, "r@example.ch")

	reset := func(tok, pass, confirm string) testcloud.Response {
		return c.do(t, "POST", "/api/v1/auth/reset-password", "", map[string]any{"token": tok, "newPassword": pass, "confirmPassword": confirm})
	}
	if r := reset(first, "new long passphrase", "other long passphrase"); r.Status != 400 || r.JSON["error"].(map[string]any)["fields"].(map[string]any)["confirmPassword"] != "passwords_mismatch" {
		t.Errorf("mismatch: got %d %s", r.Status, r.Body)
	}
	if r := reset(first, "new long passphrase", "new long passphrase"); r.Status != 200 || r.JSON["message"] != "password_reset" {
		t.Fatalf("reset: got %d %s", r.Status, r.Body)
	}
	if r := reset(first, "another passphrase", "another passphrase"); r.Status != 400 || r.Code() != "invalid_token" {
		t.Errorf("reused: got %d %s, want invalid_token", r.Status, r.Body)
	}
	if r := reset(second, "another passphrase", "another passphrase"); r.Status != 400 || r.Code() != "invalid_token" {
		t.Errorf("second token after the password changed: got %d %s, want invalid_token", r.Status, r.Body)
	}
	if r := c.do(t, "GET", "/api/v1/auth/me", token, nil); r.Status != 401 || r.Code() != "not_logged_in" {
		t.Errorf("old session after reset: got %d %s, want 401", r.Status, r.Body)
	}
	newTok := c.login(t, "r@example.ch", "new long passphrase")

	// A reset token dies when the password is changed another way.
	forgot("r@example.ch")
	_, _, third := c.lastLink(t, "r@example.ch")
	if r := c.do(t, "PATCH", "/api/v1/auth/change-password", newTok, map[string]any{
		"currentPassword": "new long passphrase", "newPassword": "third long passphrase", "confirmPassword": "third long passphrase",
	}); r.Status != 200 {
		t.Fatalf("change: got %d %s", r.Status, r.Body)
	}
	if r := reset(third, "fourth long passphrase", "fourth long passphrase"); r.Status != 400 || r.Code() != "invalid_token" {
		t.Errorf("token after change-password: got %d %s, want invalid_token", r.Status, r.Body)
	}
	// Expiry (a new hour: the per-e-mail budget of 3 is spent).
	c.clock.Advance(time.Hour)
	forgot("r@example.ch")
	_, _, fourth := c.lastLink(t, "r@example.ch")
	c.clock.Advance(61 * time.Minute)
	if r := reset(fourth, "fifth long passphrase", "fifth long passphrase"); r.Status != 400 || r.Code() != "invalid_token" {
		t.Errorf("expired: got %d %s, want invalid_token", r.Status, r.Body)
	}
}

// concurrently serves the n requests request(0..n-1) at the same time and
// counts the statuses they got.
func (c *cloud) concurrently(n int, request func(i int) *http.Request) map[int]int {
	statuses := make(chan int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			rec := httptest.NewRecorder()
			c.handler.ServeHTTP(rec, request(i))
			statuses <- rec.Code
		})
	}
	wg.Wait()
	close(statuses)
	counts := map[int]int{}
	for s := range statuses {
		counts[s]++
	}
	return counts
}
