package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"
)

func TestDevSignInProvider(t *testing.T) {
	if testing.Short() {
		t.Skip("starts DynamoDB Local and builds every function")
	}
	c := startCloud(t, Config{Memory: true})
	defer func() { _ = c.Stop() }()
	for _, p := range []string{"google", "facebook"} {
		if !strings.HasPrefix(c.DevSignInIssuers[p], "http://127.0.0.1:") {
			t.Fatalf("DevSignInIssuers[%s]: got %q, want a loopback issuer", p, c.DevSignInIssuers[p])
		}
	}

	status, body := get(t, c.URL+"/api/v1/settings")
	if status != 200 || !strings.Contains(string(body), `"socialProviders":["google","facebook"]`) {
		t.Errorf("GET /api/v1/settings: got %d %s, want socialProviders [google facebook]", status, body)
	}

	// The start redirects to the provider's stand-in; following it signs in
	// the queued identity and lands on the SPA with a one-time code, which
	// the same browser trades for a session token.
	for _, tt := range []struct{ provider, email, firstName string }{
		{"google", "e2e-go-google@example.ch", "Lea"},
		{"facebook", "e2e-go-facebook@example.ch", "Flurina"},
	} {
		resp, err := http.Post(c.URL+devOIDCQueuePath, "application/json",
			strings.NewReader(`{"provider":"`+tt.provider+`","email":"`+tt.email+`","firstName":"`+tt.firstName+`","lastName":"Local"}`))
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("%s: POST %s: got %d", tt.provider, devOIDCQueuePath, resp.StatusCode)
		}
		jar, _ := cookiejar.New(nil)
		var hops []string
		client := &http.Client{Jar: jar, CheckRedirect: func(r *http.Request, _ []*http.Request) error {
			hops = append(hops, r.URL.String())
			if strings.Contains(r.URL.Path, "/login/social") {
				return http.ErrUseLastResponse
			}
			return nil
		}}
		resp, err = client.Get(c.URL + "/api/v1/auth/oauth/" + tt.provider + "/start?lang=de&returnTo=%2Fde%2Fuser%2Finformation")
		if err != nil {
			t.Fatal(err)
		}
		_ = resp.Body.Close()
		if len(hops) < 3 || !strings.HasPrefix(hops[0], c.DevSignInIssuers[tt.provider]+"/authorize?") {
			t.Fatalf("%s: redirects: got %q, want the provider's dev issuer's authorize endpoint first", tt.provider, hops)
		}
		final, _ := url.Parse(hops[len(hops)-1])
		fragment, _ := url.ParseQuery(final.Fragment)
		if final.Path != "/de/login/social" || fragment.Get("code") == "" || fragment.Get("returnTo") != "/de/user/information" {
			t.Fatalf("%s: landed on %q, want /de/login/social#code=…&returnTo=/de/user/information", tt.provider, hops[len(hops)-1])
		}
		resp, err = client.Post(c.URL+"/api/v1/auth/oauth/exchange", "application/json", strings.NewReader(`{"code":"`+fragment.Get("code")+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		var exchanged struct{ Token string }
		_ = json.NewDecoder(resp.Body).Decode(&exchanged)
		_ = resp.Body.Close()
		if resp.StatusCode != 200 || exchanged.Token == "" {
			t.Fatalf("%s: POST /api/v1/auth/oauth/exchange: got %d, want 200 with a token", tt.provider, resp.StatusCode)
		}
		req, _ := http.NewRequest(http.MethodGet, c.URL+"/api/v1/auth/me", nil)
		req.Header.Set("Authorization", "Bearer "+exchanged.Token)
		me, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		out, _ := io.ReadAll(me.Body)
		_ = me.Body.Close()
		if me.StatusCode != 200 || !strings.Contains(string(out), tt.email) || !strings.Contains(string(out), tt.firstName) {
			t.Errorf("%s: GET /api/v1/auth/me: got %d %s, want the queued identity", tt.provider, me.StatusCode, out)
		}
	}
}
