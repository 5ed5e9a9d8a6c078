// Package social is sign-in with an external OpenID Connect provider
// (Google, Facebook): the authorization code flow with PKCE (S256), state
// and nonce, run entirely by the API.
//
//	GET /api/v1/auth/oauth/{provider}/start?lang=fr&returnTo=/fr/user/information
//	    302 to the provider; the flow's secrets travel in a signed, HttpOnly,
//	    SameSite=Lax cookie (remat_oauth, path /api/v1/auth/oauth, 10 minutes)
//	GET /api/v1/auth/oauth/{provider}/callback?code=&state=
//	    302 to {SiteURL}/{lang}/login/social#token=<jwt>&returnTo=<encoded>, or
//	    302 to {SiteURL}/{lang}/login?error=<code> (oauth_failed,
//	    email_not_verified, account_status, signups_closed)
//
// The callback verifies the ID token (signature, issuer, audience, expiry,
// nonce) and hands the identity to a SignIn, which owns accounts: it creates
// or links the account and issues the session token. The token travels in
// the URL fragment, which browsers never send to a server or put in a
// Referer. An unknown or unconfigured provider is 404 not_found.
//
// Discovery of a provider is lazy and cached after its first success, so a
// provider that is unreachable at cold start only fails its own sign-ins.
package social
