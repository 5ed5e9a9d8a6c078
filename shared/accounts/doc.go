// Package accounts is Remat's identity domain: sign-up with a unique
// e-mail, e-mail verification, login with throttling, the current user and
// profile, password change and reset, logout (token revocation), the
// one-time first-administrator bootstrap, avatars, and sign-in with an
// external identity (used by package social).
//
// It also serves what other domains need of accounts: the back office's
// user list and status changes (admin.go, for package admin) and the
// anonymisation of an account being deleted (erase.go, for package
// privacy).
//
// Layers: Handler (HTTP, routes in handler.go) -> Service (rules) -> Store
// (DynamoStore on the single table, keys in keys.go). The store also
// implements auth.TokenVersions, so every function that authenticates
// rejects revoked tokens and inactive accounts.
//
// Layout: user.go (the model), service.go (sign-up, verification, reset,
// the first administrator), login.go (password sign-in), profile.go (the
// caller's own account and avatar), social.go (external identities),
// mails.go (the account e-mails), store.go (the Store interface) and
// dynamo.go, dynamo_login.go, dynamo_profile.go, dynamo_tokens.go (the
// DynamoStore).
package accounts
