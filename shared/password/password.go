// Package password hashes and checks account passwords.
//
// Hashes are argon2id (RFC 9106) in the PHC string format
//
//	$argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt b64>$<hash b64>
//
// (unpadded standard base64), so the parameters travel with each hash and
// can be raised later: NeedsRehash tells login to re-hash a password
// stored with older parameters. Verification is constant time.
//
// Policy (Check): 10 to 128 characters (runes), not in the embedded list
// of common passwords (case-insensitive), and not the account's e-mail.
package password

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Params are argon2id cost parameters.
type Params struct {
	// Memory in KiB.
	Memory uint32
	// Time is the number of passes.
	Time uint32
	// Threads is the degree of parallelism (lanes).
	Threads uint8
	// SaltLen and KeyLen in bytes.
	SaltLen uint32
	KeyLen  uint32
}

// DefaultParams are sized for the auth Lambda (512 MB, about a third of a
// vCPU): 19 MiB and two passes (OWASP's argon2id baseline) take roughly
// 30 ms of one core and 60-100 ms of wall time there, and 19 MiB leaves
// room for parallel requests within the function's memory.
var DefaultParams = Params{Memory: 19 * 1024, Time: 2, Threads: 1, SaltLen: 16, KeyLen: 32}

// TestParams are cheap parameters for unit tests only.
var TestParams = Params{Memory: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

// ErrMalformedHash is wrapped by Verify when the stored hash is not a PHC
// argon2id string this package can read.
var ErrMalformedHash = errors.New("password: malformed hash")

// Hasher hashes with fixed parameters. The zero value is not usable; use
// NewHasher.
type Hasher struct {
	params Params
}

// NewHasher returns a Hasher using p.
func NewHasher(p Params) *Hasher { return &Hasher{params: p} }

// Hash returns the PHC string of plain with a fresh random salt.
func (h *Hasher) Hash(plain string) (string, error) {
	p := h.params
	salt := make([]byte, p.SaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("password: salt: %w", err)
	}
	key := argon2.IDKey([]byte(plain), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

var b64 = base64.RawStdEncoding

// Verify reports whether plain matches encoded, comparing in constant time.
// A malformed encoded hash is an error wrapping ErrMalformedHash.
func Verify(plain, encoded string) (bool, error) {
	p, salt, key, err := decode(encoded)
	if err != nil {
		return false, err
	}
	got := argon2.IDKey([]byte(plain), salt, p.Time, p.Memory, p.Threads, uint32(len(key))) //nolint:gosec // len(key) is bounded by decode
	return subtle.ConstantTimeCompare(got, key) == 1, nil
}

// NeedsRehash reports whether encoded was made with parameters other than
// h's (or cannot be read), so a successful login should store a new hash.
func (h *Hasher) NeedsRehash(encoded string) bool {
	p, salt, key, err := decode(encoded)
	if err != nil {
		return true
	}
	return p.Memory != h.params.Memory || p.Time != h.params.Time || p.Threads != h.params.Threads ||
		uint32(len(salt)) != h.params.SaltLen || uint32(len(key)) != h.params.KeyLen //nolint:gosec // bounded by decode
}

// maxKeyBytes bounds what decode accepts, so a corrupt or hostile stored
// hash cannot make Verify allocate without limit.
const (
	maxKeyBytes  = 1024
	maxMemoryKiB = 1 << 20 // 1 GiB
	maxTime      = 64
)

func decode(encoded string) (Params, []byte, []byte, error) {
	parts := strings.Split(encoded, "$")
	// "", "argon2id", "v=19", "m=..,t=..,p=..", salt, hash
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return Params{}, nil, nil, fmt.Errorf("%w: not an argon2id PHC string", ErrMalformedHash)
	}
	var version int
	if _, err := fmt.Sscanf(parts[2], "v=%d", &version); err != nil || version != argon2.Version {
		return Params{}, nil, nil, fmt.Errorf("%w: version %q", ErrMalformedHash, parts[2])
	}
	var p Params
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &p.Threads); err != nil {
		return Params{}, nil, nil, fmt.Errorf("%w: parameters %q", ErrMalformedHash, parts[3])
	}
	if p.Memory < 8 || p.Memory > maxMemoryKiB || p.Time < 1 || p.Time > maxTime || p.Threads < 1 {
		return Params{}, nil, nil, fmt.Errorf("%w: parameters out of range %q", ErrMalformedHash, parts[3])
	}
	salt, err := b64.DecodeString(parts[4])
	if err != nil || len(salt) < 8 || len(salt) > maxKeyBytes {
		return Params{}, nil, nil, fmt.Errorf("%w: salt", ErrMalformedHash)
	}
	key, err := b64.DecodeString(parts[5])
	if err != nil || len(key) < 16 || len(key) > maxKeyBytes {
		return Params{}, nil, nil, fmt.Errorf("%w: hash", ErrMalformedHash)
	}
	p.SaltLen, p.KeyLen = uint32(len(salt)), uint32(len(key)) //nolint:gosec // bounded above
	return p, salt, key, nil
}
