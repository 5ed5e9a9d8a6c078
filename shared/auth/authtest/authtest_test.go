package authtest_test

import (
	"context"
	"testing"
	"time"

	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
)

func TestPairRoundTrip(t *testing.T) {
	priv, err := auth.ParsePrivateKey(authtest.PrivateKeyPEM())
	if err != nil {
		t.Fatal(err)
	}
	pub, err := auth.ParsePublicKey(authtest.PublicKeyPEM())
	if err != nil {
		t.Fatal(err)
	}
	wantPriv, wantPub := authtest.Keys()
	if !priv.Equal(wantPriv) || !pub.Equal(wantPub) || !pub.Equal(priv.Public()) {
		t.Fatalf("PEM pair: got %x / %x, want the Keys pair %x / %x", priv, pub, wantPriv, wantPub)
	}
	want := auth.Principal{UserID: "u-1", Role: auth.RoleAdmin, Version: 1}
	tok, err := authtest.Issuer(t, time.Hour).Issue(want)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := authtest.Verifier(t).Verify(context.Background(), tok); err != nil || got != want {
		t.Errorf("got %+v, %v, want %+v, nil", got, err, want)
	}
}

func TestKeysAreCopies(t *testing.T) {
	priv, pub := authtest.Keys()
	priv[0]++
	pub[0]++
	again, againPub := authtest.Keys()
	if again.Equal(priv) || againPub.Equal(pub) {
		t.Error("Keys: changing a returned key changed the test pair")
	}
}
