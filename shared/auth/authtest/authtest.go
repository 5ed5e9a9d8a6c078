// Package authtest gives tests a fixed Ed25519 key pair for access tokens,
// in the forms the code reads it: as keys, as the PEM text of the SSM
// parameters jwt-signing-key and jwt-public-key, and as a ready issuer and
// verifier. Import it only from _test.go files: its private key is derived
// from a seed written below, so it protects nothing.
package authtest

import (
	"crypto/ed25519"
	"testing"
	"time"

	"github.com/remat/remat/shared/auth"
)

// seed fixes the pair, so tokens minted in one test process verify in
// another (for example a function under test reading the PEM from an SSM
// emulator).
var seed = []byte("remat-authtest-ed25519-seed-0001")

var (
	privateKey = ed25519.NewKeyFromSeed(seed)
	publicKey  = privateKey.Public().(ed25519.PublicKey)
	privatePEM = must(auth.MarshalPrivateKey(privateKey))
	publicPEM  = must(auth.MarshalPublicKey(publicKey))
)

// must panics on the errors that a valid, fixed key cannot cause.
func must(s string, err error) string {
	if err != nil {
		panic(err)
	}
	return s
}

// Keys returns the test key pair; each call returns fresh copies, so a
// test may not spoil the pair for others.
func Keys() (ed25519.PrivateKey, ed25519.PublicKey) {
	return ed25519.NewKeyFromSeed(seed), append(ed25519.PublicKey(nil), publicKey...)
}

// PrivateKeyPEM returns the private key as PKCS#8 PEM: the value of the
// SSM parameter jwt-signing-key.
func PrivateKeyPEM() string { return privatePEM }

// PublicKeyPEM returns the public key as SPKI PEM: the value of the SSM
// parameter jwt-public-key.
func PublicKeyPEM() string { return publicPEM }

// Issuer returns an issuer signing with the test private key whose tokens
// live for ttl; it fails t if ttl is not positive.
func Issuer(t testing.TB, ttl time.Duration) *auth.Issuer {
	t.Helper()
	priv, _ := Keys()
	iss, err := auth.NewIssuer(priv, ttl)
	if err != nil {
		t.Fatal(err)
	}
	return iss
}

// Verifier returns a verifier for tokens of the test key pair, without a
// token-version lookup (add one with WithTokenVersions).
func Verifier(t testing.TB) *auth.Verifier {
	t.Helper()
	_, pub := Keys()
	v, err := auth.NewVerifier(pub)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
