package password

import (
	"errors"
	"strings"
	"testing"

	"github.com/remat/remat/shared/apperr"
)

func TestHashAndVerify(t *testing.T) {
	h := NewHasher(TestParams)
	enc, err := h.Hash("correct horse battery")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(enc, "$argon2id$v=19$m=64,t=1,p=1$") {
		t.Errorf("encoded: got %q, want a PHC argon2id string", enc)
	}
	other, _ := h.Hash("correct horse battery")
	if other == enc {
		t.Error("two hashes of one password: got equal, want different salts")
	}
	tests := []struct {
		plain string
		want  bool
	}{
		{"correct horse battery", true},
		{"Correct horse battery", false},
		{"correct horse batter", false},
		{"", false},
	}
	for _, tt := range tests {
		got, err := Verify(tt.plain, enc)
		if err != nil || got != tt.want {
			t.Errorf("Verify(%q): got %v, %v, want %v", tt.plain, got, err, tt.want)
		}
	}
}

func TestDefaultParamsRoundTrip(t *testing.T) {
	if testing.Short() {
		t.Skip("hashes with production cost")
	}
	h := NewHasher(DefaultParams)
	enc, err := h.Hash("a long enough passphrase")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(enc, "$m=19456,t=2,p=1$") {
		t.Errorf("encoded: got %q, want the default parameters", enc)
	}
	if ok, err := Verify("a long enough passphrase", enc); !ok || err != nil {
		t.Errorf("verify: got %v, %v, want true", ok, err)
	}
}

func TestVerifyMalformed(t *testing.T) {
	for _, enc := range []string{
		"",
		"plain",
		"$argon2i$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=18$m=64,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=19$m=x,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=19$m=99999999,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=19$m=64,t=1,p=1$!!$aGFzaGhhc2hoYXNoaGFzaA",
		"$argon2id$v=19$m=64,t=1,p=1$c2FsdHNhbHQ$c2hvcnQ",
	} {
		if ok, err := Verify("x", enc); ok || !errors.Is(err, ErrMalformedHash) {
			t.Errorf("Verify(%q): got %v, %v, want false, ErrMalformedHash", enc, ok, err)
		}
	}
}

func TestNeedsRehash(t *testing.T) {
	cheap, _ := NewHasher(TestParams).Hash("some password")
	tests := []struct {
		name   string
		hasher *Hasher
		enc    string
		want   bool
	}{
		{"same params", NewHasher(TestParams), cheap, false},
		{"more memory", NewHasher(Params{Memory: 128, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}), cheap, true},
		{"more passes", NewHasher(Params{Memory: 64, Time: 2, Threads: 1, SaltLen: 16, KeyLen: 32}), cheap, true},
		{"malformed", NewHasher(TestParams), "$argon2id$nope", true},
	}
	for _, tt := range tests {
		if got := tt.hasher.NeedsRehash(tt.enc); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name, plain, email, want string
	}{
		{"empty", "", "a@b.ch", apperr.FieldRequired},
		{"nine runes", "abcdefgh9", "", apperr.FieldTooShort},
		{"ten runes ok", "Kl9!vQ2#mz", "", ""},
		{"ten multibyte runes ok", "ééééééééé1", "", ""},
		{"nine multibyte runes", "éééééééé1", "", apperr.FieldTooShort},
		{"max ok", strings.Repeat("xY3", 42) + "ab", "", ""},
		{"too long", strings.Repeat("x", MaxLength+1), "", apperr.FieldTooLong},
		{"common", "password123", "", apperr.FieldTooCommon},
		{"common any case", "PassWord123", "", apperr.FieldTooCommon},
		{"common marketplace", "Remat12345", "", apperr.FieldTooCommon},
		{"common swiss", "Switzerland1", "", apperr.FieldTooCommon},
		{"common digits", "1234567890", "", apperr.FieldTooCommon},
		{"equals e-mail", "Anna.Muster@example.ch", "anna.muster@example.ch", apperr.FieldTooCommon},
		{"equals e-mail local part", "anna.muster", "anna.muster@example.ch", apperr.FieldTooCommon},
		{"equals long local part", "anna.muster.bau", "anna.muster.bau@example.ch", apperr.FieldTooCommon},
		{"passphrase", "gravel under the old bridge", "anna@example.ch", ""},
	}
	for _, tt := range tests {
		if got := Check(tt.plain, tt.email); got != tt.want {
			t.Errorf("%s: Check(%q): got %q, want %q", tt.name, tt.plain, got, tt.want)
		}
	}
}

func TestCommonListIsLoaded(t *testing.T) {
	if n := len(common); n < 200 {
		t.Errorf("common passwords: got %d, want at least 200", n)
	}
	for p := range common {
		if p != strings.ToLower(strings.TrimSpace(p)) {
			t.Errorf("entry %q: want lower-case, trimmed", p)
		}
	}
}
