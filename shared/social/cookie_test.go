package social

import (
	"errors"
	"testing"
	"time"
)

func TestFlowCookie(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	now := time.Unix(1_700_000_000, 0)
	f := flow{Provider: "google", State: "s", Verifier: "v", Nonce: "n", Lang: "fr", ReturnTo: "/fr/", Expires: now.Add(CookieTTL).Unix()}
	sealed, err := sealFlow(key, f)
	if err != nil {
		t.Fatal(err)
	}
	got, err := openFlow(key, sealed, now)
	if err != nil || got != f {
		t.Fatalf("round trip: got %+v %v, want %+v", got, err, f)
	}
	for name, tc := range map[string]struct {
		key   []byte
		value string
		now   time.Time
	}{
		"expired":      {key, sealed, now.Add(CookieTTL + time.Second)},
		"other key":    {[]byte("another key, another key, another"), sealed, now},
		"no signature": {key, sealed[:len(sealed)-44], now},
		"garbage":      {key, "%%%.%%%", now},
		"empty":        {key, "", now},
	} {
		if _, err := openFlow(tc.key, tc.value, tc.now); !errors.Is(err, errBadCookie) {
			t.Errorf("%s: got %v, want errBadCookie", name, err)
		}
	}
}
