// Package social is sign-in with an external OpenID Connect provider
// (Google, Facebook): the authorization code flow with PKCE (S256), state
// and nonce, run entirely by the API, and the hand-over of the session
// token to the browser that started it.
//
//	GET  /api/v1/auth/oauth/{provider}/start?lang=fr&returnTo=/fr/user/information
//	     302 to the provider; the flow's secrets travel in a signed, HttpOnly,
//	     SameSite=Lax cookie (remat_oauth, path /api/v1/auth/oauth, 10 minutes),
//	     and a random bind cookie (remat_oauth_bind, HttpOnly, SameSite=Lax,
//	     path /api/v1/auth/oauth/exchange) marks this browser
//	GET  /api/v1/auth/oauth/{provider}/callback?code=&state=
//	     302 to {SiteURL}/{lang}/login/social#code=<one-time code>&returnTo=<encoded>,
//	     or 302 to {SiteURL}/{lang}/login?error=<code> (oauth_failed,
//	     email_not_verified, account_status, signups_closed)
//	POST /api/v1/auth/oauth/exchange {"code"} with the bind cookie
//	     200 {message: login_success, token}; 400 oauth_handover_invalid
//	     when the code is unknown, used, expired or another browser's
//
// The callback verifies the ID token (signature, issuer, audience, expiry,
// nonce) and hands the identity to a SignIn, which owns accounts: it creates
// or links the account and issues the session token. The token never
// travels in a URL: the callback stores it under a one-time code bound to
// the bind cookie (handover.go explains why), and only the browser holding
// that cookie can exchange the code. An unknown or unconfigured provider is
// 404 not_found.
//
// Discovery of a provider is lazy and cached after its first success, so a
// provider that is unreachable at cold start only fails its own sign-ins.
package social
