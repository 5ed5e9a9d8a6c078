package accounts_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"maps"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/remat/remat/infra/awsemu"
	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/imaging"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/password"
	"github.com/remat/remat/shared/ratelimit"
	"github.com/remat/remat/shared/social"
)

func TestMain(m *testing.M) {
	_ = os.Setenv("AWS_EC2_METADATA_DISABLED", "true")
	slog.SetDefault(slog.New(slog.DiscardHandler))
	os.Exit(m.Run())
}

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
	now     time.Time
	mu      sync.Mutex
}

func newCloud(t *testing.T) *cloud {
	t.Helper()
	db, table := testcloud.DynamoDB(t)
	ses, box := testcloud.SES(t)
	s3c, bucket := testcloud.S3(t)
	c := &cloud{db: db, table: table, box: box, s3: s3c, bucket: bucket, now: time.Now().UTC()}
	iss := authtest.Issuer(t, 7*24*time.Hour)
	ver := authtest.Verifier(t)
	c.store = accounts.NewDynamoStore(db, table)
	c.svc = accounts.NewService(c.store, ratelimit.New(db, table).WithClock(c.clock), mail.NewSESSender(ses), iss,
		imaging.Avatar, blob.New(s3c, bucket),
		accounts.Options{From: "no-reply@remat.ch", SiteURL: siteURL, AdminSetupSecret: setupSecret, Params: password.TestParams}).WithClock(c.clock)
	c.handler = accounts.NewHandler(c.svc, ver.WithClock(c.clock).WithTokenVersions(c.store), social.Config{})
	return c
}

func (c *cloud) clock() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *cloud) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

type response struct {
	status int
	header http.Header
	body   map[string]any
	raw    string
}

func (r response) code() string {
	e, _ := r.body["error"].(map[string]any)
	s, _ := e["code"].(string)
	return s
}

// do serves a request through the real mux and checks the response
// against docs/openapi.yaml.
func (c *cloud) do(t *testing.T, method, path, token string, body any) response {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return c.serve(t, req, token)
}

func (c *cloud) serve(t *testing.T, req *http.Request, token string) response {
	t.Helper()
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if req.RemoteAddr == "" || req.RemoteAddr == "192.0.2.1:1234" {
		req.RemoteAddr = "198.51.100.7:4000"
	}
	rec := httptest.NewRecorder()
	c.handler.ServeHTTP(rec, req)
	resp := rec.Result()
	testcloud.ValidateResponse(t, req, resp)
	raw, _ := io.ReadAll(resp.Body)
	out := response{status: resp.StatusCode, header: resp.Header, raw: string(raw)}
	_ = json.Unmarshal(raw, &out.body)
	return out
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
	if r := c.do(t, "POST", "/api/v1/auth/signup", "", signupBody(email)); r.status != 201 {
		t.Fatalf("signup %s: got %d %s", email, r.status, r.raw)
	}
	_, _, tok := c.lastLink(t, email)
	if r := c.do(t, "POST", "/api/v1/auth/verify-account", "", map[string]any{"token": tok}); r.status != 200 {
		t.Fatalf("verify %s: got %d %s", email, r.status, r.raw)
	}
	return c.login(t, email, goodPass)
}

func (c *cloud) login(t *testing.T, email, pass string) string {
	t.Helper()
	r := c.do(t, "POST", "/api/v1/auth/login", "", map[string]any{"email": email, "password": pass})
	if r.status != 200 {
		t.Fatalf("login %s: got %d %s", email, r.status, r.raw)
	}
	return r.body["token"].(string)
}

func (c *cloud) admin(t *testing.T) string {
	t.Helper()
	r := c.do(t, "POST", "/api/v1/auth/create-admin", "", map[string]any{
		"setupSecret": setupSecret, "firstName": "Ada", "lastName": "Admin", "email": "admin@remat.test", "password": goodPass,
	})
	if r.status != 201 {
		t.Fatalf("create admin: got %d %s", r.status, r.raw)
	}
	return c.login(t, "admin@remat.test", goodPass)
}

func TestSignUpVerifyLoginMe(t *testing.T) {
	c := newCloud(t)
	r := c.do(t, "POST", "/api/v1/auth/signup", "", signupBody("Anna.Muster@Example.ch"))
	if r.status != 201 || r.body["message"] != "verification_email_sent" || r.body["email"] != "Anna.Muster@Example.ch" {
		t.Fatalf("signup: got %d %s", r.status, r.raw)
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
	if r.status != 403 || r.code() != "email_not_verified" {
		t.Errorf("login unverified: got %d %s, want 403 email_not_verified", r.status, r.raw)
	}
	r = c.do(t, "POST", "/api/v1/auth/login", "", map[string]any{"email": "anna.muster@example.ch", "password": "wrong password!"})
	if r.status != 401 || r.code() != "invalid_credentials" {
		t.Errorf("login wrong password: got %d %s, want 401 invalid_credentials", r.status, r.raw)
	}

	if r = c.do(t, "POST", "/api/v1/auth/verify-account", "", map[string]any{"token": tok}); r.status != 200 || r.body["message"] != "email_verified" {
		t.Fatalf("verify: got %d %s", r.status, r.raw)
	}
	token := c.login(t, "ANNA.MUSTER@example.ch", goodPass)
	r = c.do(t, "GET", "/api/v1/auth/me", token, nil)
	user, _ := r.body["user"].(map[string]any)
	if r.status != 200 || user["email"] != "Anna.Muster@Example.ch" || user["emailVerified"] != true || user["role"] != "user" ||
		user["avatar"] != nil || user["company"] != nil || user["language"] != "de" {
		t.Errorf("me: got %d %s", r.status, r.raw)
	}
	if strings.Contains(r.raw, "argon2") || strings.Contains(r.raw, "tokenVersion") {
		t.Errorf("me: got %s, want no secrets", r.raw)
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
			"phone": "required", "isAdult": "must_accept", "acceptRules": "must_accept"}},
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
		if r.status != tt.status || r.code() != tt.code {
			t.Errorf("%s: got %d %s, want %d %s", tt.name, r.status, r.raw, tt.status, tt.code)
			continue
		}
		e, _ := r.body["error"].(map[string]any)
		fields, _ := e["fields"].(map[string]any)
		for f, want := range tt.fields {
			if fields[f] != want {
				t.Errorf("%s: field %s: got %v, want %s (all: %v)", tt.name, f, fields[f], want, fields)
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
	if r := c.do(t, "POST", "/api/v1/auth/signup", "", pro); r.status != 201 {
		t.Fatalf("professional: got %d %s", r.status, r.raw)
	}
	dup := signupBody("VAL@example.ch")
	if r := c.do(t, "POST", "/api/v1/auth/signup", "", dup); r.status != 409 || r.code() != "user_exists" ||
		r.body["error"].(map[string]any)["message"] != "user already exists with this email" {
		t.Errorf("duplicate: got %d %s, want 409 user_exists", r.status, r.raw)
	}
}

func TestParallelSignUpsOneAccount(t *testing.T) {
	c := newCloud(t)
	const n = 6
	statuses := make(chan int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body, _ := json.Marshal(signupBody(fmt.Sprintf("Race@Example.ch%s", strings.Repeat(" ", i%2))))
			req := httptest.NewRequest("POST", "/api/v1/auth/signup", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.RemoteAddr = fmt.Sprintf("203.0.113.%d:1000", i+1)
			rec := httptest.NewRecorder()
			c.handler.ServeHTTP(rec, req)
			statuses <- rec.Code
		}()
	}
	wg.Wait()
	close(statuses)
	counts := map[int]int{}
	for s := range statuses {
		counts[s]++
	}
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
	if r.status != 502 || r.code() != "verification_email_failed" {
		t.Fatalf("signup: got %d %s, want 502 verification_email_failed", r.status, r.raw)
	}
	if _, err := c.store.UserByEmail(t.Context(), "fail@example.ch"); err == nil {
		t.Error("user: got one, want nothing half-created")
	}
	c.box.SetFailure(nil)
	if r := c.do(t, "POST", "/api/v1/auth/signup", "", signupBody("fail@example.ch")); r.status != 201 {
		t.Errorf("retry: got %d %s, want 201", r.status, r.raw)
	}
}

func TestVerificationTokens(t *testing.T) {
	c := newCloud(t)
	c.do(t, "POST", "/api/v1/auth/signup", "", signupBody("v@example.ch"))
	_, _, first := c.lastLink(t, "v@example.ch")

	// Resend: same answer for unknown, unverified and verified accounts.
	for _, email := range []string{"v@example.ch", "nobody@example.ch"} {
		if r := c.do(t, "POST", "/api/v1/auth/resend-verification", "", map[string]any{"email": email, "language": "it"}); r.status != 200 || r.body["message"] != "verification_email_sent" {
			t.Errorf("resend %s: got %d %s", email, r.status, r.raw)
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
		c.advance(tt.advance)
		r := c.do(t, "POST", "/api/v1/auth/verify-account", "", map[string]any{"token": tt.token})
		if r.status != tt.status || r.code() != tt.code {
			t.Errorf("%s: got %d %s, want %d %s", tt.name, r.status, r.raw, tt.status, tt.code)
		}
	}
}

func TestResetPassword(t *testing.T) {
	c := newCloud(t)
	token := c.verifiedUser(t, "r@example.ch")
	forgot := func(email string) {
		t.Helper()
		if r := c.do(t, "POST", "/api/v1/auth/forgot-password", "", map[string]any{"email": email, "language": "sq"}); r.status != 200 || r.body["message"] != "password_reset_email_sent" {
			t.Fatalf("forgot %s: got %d %s", email, r.status, r.raw)
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

	reset := func(tok, pass, confirm string) response {
		return c.do(t, "POST", "/api/v1/auth/reset-password", "", map[string]any{"token": tok, "newPassword": pass, "confirmPassword": confirm})
	}
	if r := reset(first, "new long passphrase", "other long passphrase"); r.status != 400 || r.body["error"].(map[string]any)["fields"].(map[string]any)["confirmPassword"] != "passwords_mismatch" {
		t.Errorf("mismatch: got %d %s", r.status, r.raw)
	}
	if r := reset(first, "new long passphrase", "new long passphrase"); r.status != 200 || r.body["message"] != "password_reset" {
		t.Fatalf("reset: got %d %s", r.status, r.raw)
	}
	if r := reset(first, "another passphrase", "another passphrase"); r.status != 400 || r.code() != "invalid_token" {
		t.Errorf("reused: got %d %s, want invalid_token", r.status, r.raw)
	}
	if r := reset(second, "another passphrase", "another passphrase"); r.status != 400 || r.code() != "invalid_token" {
		t.Errorf("second token after the password changed: got %d %s, want invalid_token", r.status, r.raw)
	}
	if r := c.do(t, "GET", "/api/v1/auth/me", token, nil); r.status != 401 || r.code() != "not_logged_in" {
		t.Errorf("old session after reset: got %d %s, want 401", r.status, r.raw)
	}
	newTok := c.login(t, "r@example.ch", "new long passphrase")

	// A reset token dies when the password is changed another way.
	forgot("r@example.ch")
	_, _, third := c.lastLink(t, "r@example.ch")
	if r := c.do(t, "PATCH", "/api/v1/auth/change-password", newTok, map[string]any{
		"currentPassword": "new long passphrase", "newPassword": "third long passphrase", "confirmPassword": "third long passphrase",
	}); r.status != 200 {
		t.Fatalf("change: got %d %s", r.status, r.raw)
	}
	if r := reset(third, "fourth long passphrase", "fourth long passphrase"); r.status != 400 || r.code() != "invalid_token" {
		t.Errorf("token after change-password: got %d %s, want invalid_token", r.status, r.raw)
	}
	// Expiry (a new hour: the per-e-mail budget of 3 is spent).
	c.advance(time.Hour)
	forgot("r@example.ch")
	_, _, fourth := c.lastLink(t, "r@example.ch")
	c.advance(61 * time.Minute)
	if r := reset(fourth, "fifth long passphrase", "fifth long passphrase"); r.status != 400 || r.code() != "invalid_token" {
		t.Errorf("expired: got %d %s, want invalid_token", r.status, r.raw)
	}
}

func TestRevocation(t *testing.T) {
	c := newCloud(t)
	first := c.verifiedUser(t, "rev@example.ch")
	second := c.login(t, "rev@example.ch", goodPass)

	r := c.do(t, "PATCH", "/api/v1/auth/change-password", first, map[string]any{
		"currentPassword": "wrong one here", "newPassword": "brand new passphrase", "confirmPassword": "brand new passphrase",
	})
	if r.status != 400 || r.code() != "cannot_change_password" {
		t.Errorf("wrong current: got %d %s", r.status, r.raw)
	}
	r = c.do(t, "PATCH", "/api/v1/auth/change-password", first, map[string]any{
		"currentPassword": goodPass, "newPassword": "brand new passphrase", "confirmPassword": "brand new passphrase",
	})
	if r.status != 200 || r.body["message"] != "password_changed" {
		t.Fatalf("change: got %d %s", r.status, r.raw)
	}
	fresh := r.body["token"].(string)
	for name, tok := range map[string]string{"caller's old token": first, "other session": second} {
		if r := c.do(t, "GET", "/api/v1/auth/me", tok, nil); r.status != 401 || r.code() != "not_logged_in" {
			t.Errorf("%s: got %d %s, want 401 not_logged_in", name, r.status, r.raw)
		}
	}
	if r := c.do(t, "GET", "/api/v1/auth/me", fresh, nil); r.status != 200 {
		t.Errorf("fresh token: got %d %s", r.status, r.raw)
	}
	copyOfFresh := fresh
	if r := c.do(t, "POST", "/api/v1/auth/logout", fresh, nil); r.status != 200 || r.body["message"] != "logout_success" {
		t.Fatalf("logout: got %d %s", r.status, r.raw)
	}
	if r := c.do(t, "GET", "/api/v1/auth/me", copyOfFresh, nil); r.status != 401 || r.code() != "not_logged_in" {
		t.Errorf("after logout: got %d %s, want 401", r.status, r.raw)
	}
}

func (c *cloud) setStatus(t *testing.T, email, status string) {
	t.Helper()
	u, err := c.store.UserByEmail(t.Context(), email)
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.db.UpdateItem(t.Context(), &dynamodb.UpdateItemInput{
		TableName: aws.String(c.table), Key: ddb.Key("USER#"+u.ID, "PROFILE"),
		UpdateExpression:          aws.String("SET #s = :s"),
		ExpressionAttributeNames:  map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":s": &types.AttributeValueMemberS{Value: status}},
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestAccountStatus(t *testing.T) {
	c := newCloud(t)
	for _, status := range []string{"suspended", "banned"} {
		email := status + "@example.ch"
		tok := c.verifiedUser(t, email)
		c.setStatus(t, email, status)
		r := c.do(t, "POST", "/api/v1/auth/login", "", map[string]any{"email": email, "password": goodPass})
		e, _ := r.body["error"].(map[string]any)
		params, _ := e["params"].(map[string]any)
		if r.status != 403 || r.code() != "account_status" || params["status"] != status ||
			e["message"] != "account status is "+status+", contact support" {
			t.Errorf("%s login: got %d %s", status, r.status, r.raw)
		}
		if r := c.do(t, "GET", "/api/v1/auth/me", tok, nil); r.status != 401 || r.code() != "not_logged_in" {
			t.Errorf("%s token: got %d %s, want 401", status, r.status, r.raw)
		}
		r = c.do(t, "POST", "/api/v1/auth/login", "", map[string]any{"email": email, "password": "not the password"})
		if r.status != 401 || r.code() != "invalid_credentials" {
			t.Errorf("%s wrong password: got %d %s, want invalid_credentials (no status leak)", status, r.status, r.raw)
		}
	}
}

func TestLoginThrottling(t *testing.T) {
	c := newCloud(t)
	c.verifiedUser(t, "t@example.ch")
	try := func(email, pass, addr string) response {
		body, _ := json.Marshal(map[string]any{"email": email, "password": pass})
		req := httptest.NewRequest("POST", "/api/v1/auth/login", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = addr
		return c.serve(t, req, "")
	}
	// Successes do not count.
	for range 6 {
		if r := try("t@example.ch", goodPass, "203.0.113.1:1"); r.status != 200 {
			t.Fatalf("success: got %d %s", r.status, r.raw)
		}
	}
	// Five failures per account from different addresses, then 429 even
	// for the right password.
	for i := range 5 {
		if r := try("t@example.ch", "wrong password", fmt.Sprintf("203.0.113.%d:1", 10+i)); r.status != 401 {
			t.Fatalf("failure %d: got %d %s", i, r.status, r.raw)
		}
	}
	r := try("t@example.ch", goodPass, "203.0.113.99:1")
	if r.status != 429 || r.code() != "too_many_requests" || r.header.Get("Retry-After") == "" {
		t.Errorf("account blocked: got %d %s, want 429 with Retry-After", r.status, r.raw)
	}
	// Per address: 30 failures on unknown accounts block the address.
	for i := range 30 {
		if r := try(fmt.Sprintf("x%d@example.ch", i), "wrong password", "198.51.100.200:1"); r.status != 401 {
			t.Fatalf("address failure %d: got %d", i, r.status)
		}
	}
	if r := try("other@example.ch", "wrong password", "198.51.100.200:1"); r.status != 429 {
		t.Errorf("address blocked: got %d %s, want 429", r.status, r.raw)
	}
	// Windows end.
	c.advance(16 * time.Minute)
	if r := try("t@example.ch", goodPass, "203.0.113.99:1"); r.status != 200 {
		t.Errorf("after the window: got %d %s, want 200", r.status, r.raw)
	}
}

// TestLoginThrottleHoldsUnderRace fires wrong passwords all at once: each
// throttle lets through exactly its budget of password checks (counted at
// the verifier, slowed down like a real argon2id check so the requests
// overlap), and every other request is refused with too_many_requests
// before its password is looked at.
func TestLoginThrottleHoldsUnderRace(t *testing.T) {
	tests := []struct {
		name       string
		n          int
		email      func(i int) string
		addr       func(i int) string
		wantChecks int
	}{
		{"one account from many addresses", 20,
			func(int) string { return "race@example.ch" },
			func(i int) string { return fmt.Sprintf("203.0.113.%d", i+1) }, 5},
		{"many unknown accounts from one address", 45,
			func(i int) string { return fmt.Sprintf("nobody%d@example.ch", i) },
			func(int) string { return "198.51.100.50" }, 30},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCloud(t)
			c.verifiedUser(t, "race@example.ch")
			var checks atomic.Int32
			svc := c.svc.WithPasswordVerify(func(plain, encoded string) (bool, error) {
				checks.Add(1)
				time.Sleep(25 * time.Millisecond)
				return password.Verify(plain, encoded)
			})
			codes := make(chan string, tt.n)
			var wg sync.WaitGroup
			for i := range tt.n {
				wg.Go(func() {
					_, _, err := svc.Login(t.Context(), tt.email(i), "not the right password", accounts.Client{Address: tt.addr(i)})
					codes <- apperrCode(err)
				})
			}
			wg.Wait()
			close(codes)
			got := map[string]int{}
			for code := range codes {
				got[code]++
			}
			want := map[string]int{"invalid_credentials": tt.wantChecks, "too_many_requests": tt.n - tt.wantChecks}
			if n := int(checks.Load()); n != tt.wantChecks || !maps.Equal(got, want) {
				t.Errorf("got %d password checks and answers %v, want %d checks and %v", n, got, tt.wantChecks, want)
			}
		})
	}
}

func TestCreateAdminRace(t *testing.T) {
	c := newCloud(t)
	if r := c.do(t, "POST", "/api/v1/auth/create-admin", "", map[string]any{
		"setupSecret": "wrong", "firstName": "A", "lastName": "B", "email": "a@remat.test", "password": goodPass,
	}); r.status != 403 || r.code() != "forbidden" {
		t.Errorf("wrong secret: got %d %s", r.status, r.raw)
	}
	const n = 5
	statuses := make(chan int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			body, _ := json.Marshal(map[string]any{
				"setupSecret": setupSecret, "firstName": "Ada", "lastName": "Admin",
				"email": fmt.Sprintf("admin%d@remat.test", i), "password": goodPass,
			})
			req := httptest.NewRequest("POST", "/api/v1/auth/create-admin", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			c.handler.ServeHTTP(rec, req)
			statuses <- rec.Code
		}()
	}
	wg.Wait()
	close(statuses)
	counts := map[int]int{}
	for s := range statuses {
		counts[s]++
	}
	if counts[201] != 1 || counts[409] != n-1 {
		t.Errorf("statuses: got %v, want one 201 and %d 409", counts, n-1)
	}
	r := c.do(t, "POST", "/api/v1/auth/create-admin", "", map[string]any{
		"setupSecret": setupSecret, "firstName": "A", "lastName": "B", "email": "late@remat.test", "password": goodPass,
	})
	if r.status != 409 || r.code() != "admin_exists" || r.body["error"].(map[string]any)["message"] != "admin route invalid as admin exists" {
		t.Errorf("after: got %d %s, want 409 admin_exists", r.status, r.raw)
	}
}

func avatarPNG(t *testing.T, side int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, side, side))
	for x := range side {
		for y := range side {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func (c *cloud) upload(t *testing.T, token, field string, data []byte) response {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	fw, err := w.CreateFormFile(field, "me.png")
	if err != nil {
		t.Fatal(err)
	}
	_, _ = fw.Write(data)
	_ = w.Close()
	req := httptest.NewRequest("POST", "/api/v1/auth/upload-profile", &b)
	req.Header.Set("Content-Type", w.FormDataContentType())
	return c.serve(t, req, token)
}

func TestUploadProfileAndUpdateInfo(t *testing.T) {
	c := newCloud(t)
	tok := c.verifiedUser(t, "pic@example.ch")
	r := c.upload(t, tok, "image", avatarPNG(t, 100))
	user, _ := r.body["user"].(map[string]any)
	first, _ := user["avatar"].(string)
	if r.status != 200 || !strings.HasPrefix(first, "/images/avatars/") || !strings.HasSuffix(first, ".jpg") {
		t.Fatalf("upload: got %d %s", r.status, r.raw)
	}
	r = c.upload(t, tok, "image", avatarPNG(t, 80))
	second, _ := r.body["user"].(map[string]any)["avatar"].(string)
	if r.status != 200 || second == first {
		t.Fatalf("second upload: got %d %s", r.status, r.raw)
	}
	if _, err := c.s3.HeadObject(t.Context(), &s3.HeadObjectInput{Bucket: aws.String(c.bucket), Key: aws.String(strings.TrimPrefix(second, "/"))}); err != nil {
		t.Errorf("new avatar: got %v, want stored", err)
	}
	if _, err := c.s3.HeadObject(t.Context(), &s3.HeadObjectInput{Bucket: aws.String(c.bucket), Key: aws.String(strings.TrimPrefix(first, "/"))}); err == nil {
		t.Error("old avatar: still stored, want deleted")
	}
	for name, tt := range map[string]struct {
		field  string
		data   []byte
		reason string
	}{
		"text":     {"image", []byte("hello, not an image"), "unsupported_type"},
		"no field": {"photo", avatarPNG(t, 100), "missing"},
		"tiny":     {"image", avatarPNG(t, 10), "too_small"},
	} {
		r := c.upload(t, tok, tt.field, tt.data)
		params, _ := r.body["error"].(map[string]any)["params"].(map[string]any)
		if r.status != 400 || r.code() != "image_processing_failed" || params["reason"] != tt.reason {
			t.Errorf("%s: got %d %s, want image_processing_failed %s", name, r.status, r.raw, tt.reason)
		}
	}

	r = c.do(t, "PATCH", "/api/v1/auth/update-info", tok, map[string]any{"firstName": " Anne ", "phone": "079 000 11 22", "language": "it"})
	user, _ = r.body["user"].(map[string]any)
	if r.status != 200 || r.body["message"] != "profile_updated" || user["firstName"] != "Anne" || user["lastName"] != "Muster" ||
		user["language"] != "it" || user["avatar"] != second {
		t.Errorf("update: got %d %s", r.status, r.raw)
	}
	r = c.do(t, "PATCH", "/api/v1/auth/update-info", tok, map[string]any{"firstName": "", "phone": "x"})
	if r.status != 400 || r.code() != "validation_failed" {
		t.Errorf("invalid update: got %d %s", r.status, r.raw)
	}
	r = c.do(t, "PATCH", "/api/v1/auth/update-info", tok, map[string]any{"email": "new@example.ch"})
	if r.status != 400 || r.code() != "invalid_json" {
		t.Errorf("e-mail change: got %d %s, want invalid_json", r.status, r.raw)
	}
}

func TestSignInWithIdentity(t *testing.T) {
	c := newCloud(t)
	ctx := t.Context()
	id := accounts.Identity{Provider: "google", Subject: "g-1", Email: "New@Example.ch", EmailVerified: true, FirstName: "Nina", LastName: "Neu", Language: "it"}

	// Creates a verified individual account, then finds it by identity.
	tok, u, err := c.svc.SignInWithIdentity(ctx, id)
	if err != nil || tok == "" || !u.EmailVerified || u.AccountType != accounts.AccountIndividual || u.Language != "it" || u.PasswordHash != "" {
		t.Fatalf("create: got %v %+v", err, u)
	}
	if r := c.do(t, "GET", "/api/v1/auth/me", tok, nil); r.status != 200 {
		t.Errorf("token: got %d %s", r.status, r.raw)
	}
	_, again, err := c.svc.SignInWithIdentity(ctx, id)
	if err != nil || again.ID != u.ID {
		t.Errorf("again: got %v %s, want %s", err, again.ID, u.ID)
	}
	// A social-only account cannot log in with a password.
	if r := c.do(t, "POST", "/api/v1/auth/login", "", map[string]any{"email": "new@example.ch", "password": "anything at all"}); r.status != 401 {
		t.Errorf("password login: got %d, want 401", r.status)
	}

	// Links to an existing verified account with the same e-mail.
	c.verifiedUser(t, "linked@example.ch")
	_, linked, err := c.svc.SignInWithIdentity(ctx, accounts.Identity{Provider: "facebook", Subject: "f-1", Email: "LINKED@example.ch", EmailVerified: true})
	if err != nil || linked.Email != "linked@example.ch" || linked.PasswordHash == "" {
		t.Errorf("link: got %v %+v", err, linked)
	}

	tests := []struct {
		name string
		id   accounts.Identity
		code string
	}{
		{"unverified e-mail", accounts.Identity{Provider: "google", Subject: "g-2", Email: "x@example.ch"}, "email_not_verified"},
		{"suspended", func() accounts.Identity {
			c.setStatus(t, "new@example.ch", "suspended")
			return id
		}(), "account_status"},
	}
	for _, tt := range tests {
		_, _, err := c.svc.SignInWithIdentity(ctx, tt.id)
		if got := apperrCode(err); got != tt.code {
			t.Errorf("%s: got %v, want %s", tt.name, err, tt.code)
		}
	}
}

func apperrCode(err error) string {
	if err == nil {
		return ""
	}
	return string(apperr.From(err).Code)
}

// TestSocialSignInTakesOverUnverifiedAccount is account pre-hijacking:
// someone signs up with another person's e-mail and a password of their
// choosing, and never verifies it (they cannot: the link goes to the
// victim). When the victim signs in with a provider that vouches for the
// address, the account becomes theirs alone: the stranger's password no
// longer works, tokens issued before are refused, and what the stranger
// typed into the profile is replaced by what the provider vouches for.
func TestSocialSignInTakesOverUnverifiedAccount(t *testing.T) {
	c := newCloud(t)
	ctx := t.Context()
	body := signupBody("victim@example.ch")
	body["accountType"], body["company"] = "professional", map[string]any{
		"name": "Mallory AG", "email": "m@evil.example", "address": "Weg 1, 8000 Zürich", "website": "evil.example",
	}
	if r := c.do(t, "POST", "/api/v1/auth/signup", "", body); r.status != 201 {
		t.Fatalf("stranger's sign-up: got %d %s", r.status, r.raw)
	}
	pending, err := c.store.UserByEmail(ctx, "victim@example.ch")
	if err != nil {
		t.Fatal(err)
	}
	// A session of the pending account (issued at its token version).
	old, err := authtest.Issuer(t, time.Hour).WithClock(c.clock).Issue(auth.Principal{UserID: pending.ID, Role: auth.RoleUser, Version: pending.TokenVersion})
	if err != nil {
		t.Fatal(err)
	}
	if r := c.do(t, "GET", "/api/v1/auth/me", old, nil); r.status != 200 {
		t.Fatalf("old token before the social sign-in: got %d %s, want 200", r.status, r.raw)
	}

	tok, u, err := c.svc.SignInWithIdentity(ctx, accounts.Identity{
		Provider: "google", Subject: "g-victim", Email: "Victim@Example.ch", EmailVerified: true, FirstName: "Vera", LastName: "Wahr", Language: "it",
	})
	if err != nil {
		t.Errorf("social sign-in: got %v, want the pending account taken over", err)
	}
	if u.ID != pending.ID || !u.EmailVerified || u.PasswordHash != "" {
		t.Errorf("account: got id %s verified %v password set %v, want %s verified without a password", u.ID, u.EmailVerified, u.PasswordHash != "", pending.ID)
	}
	r := c.do(t, "POST", "/api/v1/auth/login", "", map[string]any{"email": "victim@example.ch", "password": goodPass})
	if r.status != 401 || r.code() != "invalid_credentials" {
		t.Errorf("stranger's password afterwards: got %d %s, want 401 invalid_credentials", r.status, r.raw)
	}
	if r := c.do(t, "GET", "/api/v1/auth/me", old, nil); r.status != 401 || r.code() != "not_logged_in" {
		t.Errorf("old token afterwards: got %d %s, want 401 not_logged_in", r.status, r.raw)
	}
	me := c.do(t, "GET", "/api/v1/auth/me", tok, nil)
	got, _ := me.body["user"].(map[string]any)
	want := map[string]any{
		"id": pending.ID, "email": "victim@example.ch", "emailVerified": true, "hasPassword": false,
		"firstName": "Vera", "lastName": "Wahr", "phone": "", "accountType": "individual", "company": nil, "language": "it",
	}
	for k, v := range want {
		if me.status != 200 || got[k] != v {
			t.Errorf("me %s: got %d %v, want %v", k, me.status, got[k], v)
		}
	}
	// The identity is linked: the next sign-in finds the same account.
	if _, again, err := c.svc.SignInWithIdentity(ctx, accounts.Identity{Provider: "google", Subject: "g-victim", Email: "victim@example.ch", EmailVerified: true}); err != nil || again.ID != pending.ID {
		t.Errorf("second sign-in: got %v %s, want %s", err, again.ID, pending.ID)
	}
	// A pending account an administrator blocked stays blocked.
	c.do(t, "POST", "/api/v1/auth/signup", "", signupBody("blocked@example.ch"))
	c.setStatus(t, "blocked@example.ch", "suspended")
	_, _, err = c.svc.SignInWithIdentity(ctx, accounts.Identity{Provider: "google", Subject: "g-blocked", Email: "blocked@example.ch", EmailVerified: true})
	if got := apperrCode(err); got != "account_status" {
		t.Errorf("suspended pending account: got %v, want account_status", err)
	}
}
