// Package accounts is Remat's identity domain: sign-up with a unique
// e-mail, e-mail verification, login with throttling, the current user and
// profile, password change and reset, logout (token revocation), the
// one-time first-administrator bootstrap, avatars, and sign-in with an
// external identity (used by package social).
//
// Layers: Handler (HTTP, routes in handler.go) -> Service (rules) -> Store
// (DynamoStore on the single table, keys in keys.go). The store also
// implements auth.TokenVersions, so every function that authenticates
// rejects revoked tokens and inactive accounts.
package accounts
