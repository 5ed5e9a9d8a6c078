package auth

import (
	"crypto/ed25519"
	"crypto/x509"
	"encoding/pem"
	"fmt"

	"github.com/golang-jwt/jwt/v5"
)

// PEM block types of the key formats below, and how to make them.
const (
	pemPrivateKey = "PRIVATE KEY"
	pemPublicKey  = "PUBLIC KEY"

	privateFormat = `PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----"), as openssl genpkey -algorithm ed25519 writes`
	publicFormat  = `SPKI PEM ("-----BEGIN PUBLIC KEY-----"), as openssl pkey -pubout writes`
)

// ParsePrivateKey parses the token signing key: an Ed25519 private key in
// PKCS#8 PEM ("-----BEGIN PRIVATE KEY-----"), as
// `openssl genpkey -algorithm ed25519` writes it. Text that is not PEM and
// keys of another type (RSA, EC, a public key) are errors.
func ParsePrivateKey(pemText string) (ed25519.PrivateKey, error) {
	if err := checkBlock(pemText, pemPrivateKey, privateFormat); err != nil {
		return nil, fmt.Errorf("auth: parse Ed25519 private key: %w", err)
	}
	key, err := jwt.ParseEdPrivateKeyFromPEM([]byte(pemText))
	if err != nil {
		return nil, fmt.Errorf("auth: parse Ed25519 private key: %w", err)
	}
	priv, ok := key.(ed25519.PrivateKey)
	if !ok || len(priv) != ed25519.PrivateKeySize {
		return nil, fmt.Errorf("auth: parse Ed25519 private key: %w", jwt.ErrNotEdPrivateKey)
	}
	return priv, nil
}

// ParsePublicKey parses the token verification key: an Ed25519 public key
// in SPKI PEM ("-----BEGIN PUBLIC KEY-----"), as `openssl pkey -pubout`
// writes it. Text that is not PEM and keys of another type are errors.
func ParsePublicKey(pemText string) (ed25519.PublicKey, error) {
	if err := checkBlock(pemText, pemPublicKey, publicFormat); err != nil {
		return nil, fmt.Errorf("auth: parse Ed25519 public key: %w", err)
	}
	key, err := jwt.ParseEdPublicKeyFromPEM([]byte(pemText))
	if err != nil {
		return nil, fmt.Errorf("auth: parse Ed25519 public key: %w", err)
	}
	pub, ok := key.(ed25519.PublicKey)
	if !ok || len(pub) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("auth: parse Ed25519 public key: %w", jwt.ErrNotEdPublicKey)
	}
	return pub, nil
}

// checkBlock names the expected format when the text is not PEM or holds
// another kind of block, where jwt and x509 would only report an ASN.1
// mismatch; the likely mistakes are an old hex HMAC key left in SSM and
// the two keys swapped.
func checkBlock(pemText, wantType, format string) error {
	block, _ := pem.Decode([]byte(pemText))
	switch {
	case block == nil:
		return fmt.Errorf("not PEM, want %s", format)
	case block.Type != wantType:
		return fmt.Errorf("got a %q PEM block, want %s", block.Type, format)
	}
	return nil
}

// MarshalPrivateKey returns key as PKCS#8 PEM, the format ParsePrivateKey
// reads (the local cloud generates its signing key with it).
func MarshalPrivateKey(key ed25519.PrivateKey) (string, error) {
	if len(key) != ed25519.PrivateKeySize {
		return "", fmt.Errorf("auth: marshal Ed25519 private key: %w", jwt.ErrNotEdPrivateKey)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return "", fmt.Errorf("auth: marshal Ed25519 private key: %w", err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: pemPrivateKey, Bytes: der})), nil
}

// MarshalPublicKey returns key as SPKI PEM, the format ParsePublicKey
// reads.
func MarshalPublicKey(key ed25519.PublicKey) (string, error) {
	if len(key) != ed25519.PublicKeySize {
		return "", fmt.Errorf("auth: marshal Ed25519 public key: %w", jwt.ErrNotEdPublicKey)
	}
	der, err := x509.MarshalPKIXPublicKey(key)
	if err != nil {
		return "", fmt.Errorf("auth: marshal Ed25519 public key: %w", err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: pemPublicKey, Bytes: der})), nil
}
