package auth

import (
	"context"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"strings"
	"testing"
	"time"
)

// An Ed25519 pair written by `openssl genpkey -algorithm ed25519` and
// `openssl pkey -pubout` (OpenSSL 3.0), for tests only: the formats the
// README tells operators to put into SSM.
const (
	opensslPrivate = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VwBCIEICeBJD1VyJMfueaHErwoTXDl9E+JmNGQYeHUO8KO1lML
-----END PRIVATE KEY-----
`
	opensslPublic = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEAULMp3QAk+WOC2NilGiP4KJ4VsCJnnXNkzqJanZKu6iE=
-----END PUBLIC KEY-----
`
)

func TestOpenSSLKeys(t *testing.T) {
	priv, err := ParsePrivateKey(opensslPrivate)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := ParsePublicKey(opensslPublic)
	if err != nil {
		t.Fatal(err)
	}
	if !pub.Equal(priv.Public()) {
		t.Fatalf("public key: got %x, want the private key's %x", pub, priv.Public())
	}
	iss, err := NewIssuer(priv, time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	ver, err := NewVerifier(pub)
	if err != nil {
		t.Fatal(err)
	}
	want := Principal{UserID: "u-1", Role: RoleUser, Version: 2}
	tok, err := iss.Issue(want)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := ver.Verify(context.Background(), tok); err != nil || got != want {
		t.Errorf("got %+v, %v, want %+v, nil", got, err, want)
	}
}

func TestMarshalKeysRoundTrip(t *testing.T) {
	privPEM, err := MarshalPrivateKey(testKey)
	if err != nil {
		t.Fatal(err)
	}
	pubPEM, err := MarshalPublicKey(testPub)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(privPEM, "-----BEGIN PRIVATE KEY-----\n") || !strings.HasPrefix(pubPEM, "-----BEGIN PUBLIC KEY-----\n") {
		t.Errorf("got %q and %q, want PKCS#8 and SPKI PEM", privPEM, pubPEM)
	}
	priv, err := ParsePrivateKey(privPEM)
	if err != nil || !priv.Equal(testKey) {
		t.Errorf("private key: got %x, %v, want %x", priv, err, testKey)
	}
	pub, err := ParsePublicKey(pubPEM)
	if err != nil || !pub.Equal(testPub) {
		t.Errorf("public key: got %x, %v, want %x", pub, err, testPub)
	}
	if _, err := MarshalPrivateKey(ed25519.PrivateKey("short")); err == nil {
		t.Error("marshal short private key: got nil, want an error")
	}
	if _, err := MarshalPublicKey(ed25519.PublicKey("short")); err == nil {
		t.Error("marshal short public key: got nil, want an error")
	}
}

func TestParseKeyErrors(t *testing.T) {
	ec, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	ecPrivDER, err := x509.MarshalPKCS8PrivateKey(ec)
	if err != nil {
		t.Fatal(err)
	}
	ecPubDER, err := x509.MarshalPKIXPublicKey(&ec.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	ecPriv := string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: ecPrivDER}))
	ecPub := string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: ecPubDER}))
	garbled := "-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n"
	hmacHex := "3f1c0a9b8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3"

	tests := []struct {
		name    string
		parse   func(string) error
		text    string
		wantErr string // "" = parses
	}{
		{"private: openssl", parsePrivate, opensslPrivate, ""},
		{"private: empty", parsePrivate, "", "not PEM"},
		{"private: old hex HMAC key", parsePrivate, hmacHex, "PKCS#8 PEM"},
		{"private: public key PEM", parsePrivate, opensslPublic, `got a "PUBLIC KEY" PEM block`},
		{"private: EC key", parsePrivate, ecPriv, "not a valid Ed25519 private key"},
		{"private: OpenSSH key", parsePrivate, "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaA==\n-----END OPENSSH PRIVATE KEY-----\n", `got a "OPENSSH PRIVATE KEY" PEM block`},
		{"private: garbled PEM body", parsePrivate, garbled, "parse Ed25519 private key"},
		{"public: openssl", parsePublic, opensslPublic, ""},
		{"public: empty", parsePublic, "", "not PEM"},
		{"public: old hex HMAC key", parsePublic, hmacHex, "SPKI PEM"},
		{"public: private key PEM", parsePublic, opensslPrivate, `got a "PRIVATE KEY" PEM block`},
		{"public: EC key", parsePublic, ecPub, "not a valid Ed25519 public key"},
		{"public: garbled PEM body", parsePublic, strings.ReplaceAll(garbled, "PRIVATE", "PUBLIC"), "parse Ed25519 public key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.parse(tt.text)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("got %v, want nil", err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("got %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
}

func parsePrivate(s string) error { _, err := ParsePrivateKey(s); return err }

func parsePublic(s string) error { _, err := ParsePublicKey(s); return err }
