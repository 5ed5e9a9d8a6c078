package password

import (
	_ "embed"
	"strings"
	"unicode/utf8"

	"github.com/remat/remat/shared/apperr"
)

// Length bounds in characters (runes). The upper bound keeps hashing cost
// and request sizes predictable; passphrases fit easily.
const (
	MinLength = 10
	MaxLength = 128
)

//go:embed common.txt
var commonList string

// common holds the lower-cased entries of common.txt.
var common = func() map[string]struct{} {
	m := map[string]struct{}{}
	for line := range strings.SplitSeq(commonList, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m[strings.ToLower(line)] = struct{}{}
	}
	return m
}()

// IsCommon reports whether plain is in the common-passwords list,
// ignoring case and surrounding spaces.
func IsCommon(plain string) bool {
	_, ok := common[strings.ToLower(strings.TrimSpace(plain))]
	return ok
}

// Check returns the field code that rejects plain as a new password for
// the account with e-mail email, or "" when it is acceptable:
// apperr.FieldRequired (empty), FieldTooShort, FieldTooLong, or
// FieldTooCommon (in the list, or equal to the e-mail or its local part,
// ignoring case).
func Check(plain, email string) string {
	n := utf8.RuneCountInString(plain)
	switch {
	case n == 0:
		return apperr.FieldRequired
	case n < MinLength:
		return apperr.FieldTooShort
	case n > MaxLength:
		return apperr.FieldTooLong
	case IsCommon(plain):
		return apperr.FieldTooCommon
	}
	lower := strings.ToLower(strings.TrimSpace(plain))
	email = strings.ToLower(strings.TrimSpace(email))
	if email != "" {
		local, _, _ := strings.Cut(email, "@")
		if lower == email || lower == local {
			return apperr.FieldTooCommon
		}
	}
	return ""
}
