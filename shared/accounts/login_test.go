package accounts_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/password"
)

func TestRevocation(t *testing.T) {
	c := newCloud(t)
	first := c.verifiedUser(t, "rev@example.ch")
	second := c.login(t, "rev@example.ch", goodPass)

	r := c.do(t, "PATCH", "/api/v1/auth/change-password", first, map[string]any{
		"currentPassword": "wrong one here", "newPassword": "brand new passphrase", "confirmPassword": "brand new passphrase",
	})
	if r.Status != 400 || r.Code() != "cannot_change_password" {
		t.Errorf("wrong current: got %d %s", r.Status, r.Body)
	}
	r = c.do(t, "PATCH", "/api/v1/auth/change-password", first, map[string]any{
		"currentPassword": goodPass, "newPassword": "brand new passphrase", "confirmPassword": "brand new passphrase",
	})
	if r.Status != 200 || r.JSON["message"] != "password_changed" {
		t.Fatalf("change: got %d %s", r.Status, r.Body)
	}
	fresh := r.JSON["token"].(string)
	for name, tok := range map[string]string{"caller's old token": first, "other session": second} {
		if r := c.do(t, "GET", "/api/v1/auth/me", tok, nil); r.Status != 401 || r.Code() != "not_logged_in" {
			t.Errorf("%s: got %d %s, want 401 not_logged_in", name, r.Status, r.Body)
		}
	}
	if r := c.do(t, "GET", "/api/v1/auth/me", fresh, nil); r.Status != 200 {
		t.Errorf("fresh token: got %d %s", r.Status, r.Body)
	}
	copyOfFresh := fresh
	if r := c.do(t, "POST", "/api/v1/auth/logout", fresh, nil); r.Status != 200 || r.JSON["message"] != "logout_success" {
		t.Fatalf("logout: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "GET", "/api/v1/auth/me", copyOfFresh, nil); r.Status != 401 || r.Code() != "not_logged_in" {
		t.Errorf("after logout: got %d %s, want 401", r.Status, r.Body)
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
		e, _ := r.JSON["error"].(map[string]any)
		params, _ := e["params"].(map[string]any)
		if r.Status != 403 || r.Code() != "account_status" || params["status"] != status ||
			e["message"] != "account status is "+status+", contact support" {
			t.Errorf("%s login: got %d %s", status, r.Status, r.Body)
		}
		if r := c.do(t, "GET", "/api/v1/auth/me", tok, nil); r.Status != 401 || r.Code() != "not_logged_in" {
			t.Errorf("%s token: got %d %s, want 401", status, r.Status, r.Body)
		}
		r = c.do(t, "POST", "/api/v1/auth/login", "", map[string]any{"email": email, "password": "not the password"})
		if r.Status != 401 || r.Code() != "invalid_credentials" {
			t.Errorf("%s wrong password: got %d %s, want invalid_credentials (no status leak)", status, r.Status, r.Body)
		}
	}
}

func TestLoginThrottling(t *testing.T) {
	c := newCloud(t)
	c.verifiedUser(t, "t@example.ch")
	try := func(email, pass, addr string) testcloud.Response {
		body, _ := json.Marshal(map[string]any{"email": email, "password": pass})
		req := httptest.NewRequest("POST", "/api/v1/auth/login", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.RemoteAddr = addr
		return c.serve(t, req, "")
	}
	// Successes do not count.
	for range 6 {
		if r := try("t@example.ch", goodPass, "203.0.113.1:1"); r.Status != 200 {
			t.Fatalf("success: got %d %s", r.Status, r.Body)
		}
	}
	// Five failures per account from different addresses, then 429 even
	// for the right password.
	for i := range 5 {
		if r := try("t@example.ch", "wrong password", fmt.Sprintf("203.0.113.%d:1", 10+i)); r.Status != 401 {
			t.Fatalf("failure %d: got %d %s", i, r.Status, r.Body)
		}
	}
	r := try("t@example.ch", goodPass, "203.0.113.99:1")
	if r.Status != 429 || r.Code() != "too_many_requests" || r.Header.Get("Retry-After") == "" {
		t.Errorf("account blocked: got %d %s, want 429 with Retry-After", r.Status, r.Body)
	}
	// Per address: 30 failures on unknown accounts block the address.
	for i := range 30 {
		if r := try(fmt.Sprintf("x%d@example.ch", i), "wrong password", "198.51.100.200:1"); r.Status != 401 {
			t.Fatalf("address failure %d: got %d", i, r.Status)
		}
	}
	if r := try("other@example.ch", "wrong password", "198.51.100.200:1"); r.Status != 429 {
		t.Errorf("address blocked: got %d %s, want 429", r.Status, r.Body)
	}
	// Windows end.
	c.clock.Advance(16 * time.Minute)
	if r := try("t@example.ch", goodPass, "203.0.113.99:1"); r.Status != 200 {
		t.Errorf("after the window: got %d %s, want 200", r.Status, r.Body)
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
	}); r.Status != 403 || r.Code() != "forbidden" {
		t.Errorf("wrong secret: got %d %s", r.Status, r.Body)
	}
	const n = 5
	counts := c.concurrently(n, func(i int) *http.Request {
		body, _ := json.Marshal(map[string]any{
			"setupSecret": setupSecret, "firstName": "Ada", "lastName": "Admin",
			"email": fmt.Sprintf("admin%d@remat.test", i), "password": goodPass,
		})
		req := httptest.NewRequest("POST", "/api/v1/auth/create-admin", bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		return req
	})
	if counts[201] != 1 || counts[409] != n-1 {
		t.Errorf("statuses: got %v, want one 201 and %d 409", counts, n-1)
	}
	r := c.do(t, "POST", "/api/v1/auth/create-admin", "", map[string]any{
		"setupSecret": setupSecret, "firstName": "A", "lastName": "B", "email": "late@remat.test", "password": goodPass,
	})
	if r.Status != 409 || r.Code() != "admin_exists" || r.JSON["error"].(map[string]any)["message"] != "admin route invalid as admin exists" {
		t.Errorf("after: got %d %s, want 409 admin_exists", r.Status, r.Body)
	}
}
