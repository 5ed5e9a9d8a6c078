package seed

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// NormalizeName is the canonical form of a place name for keys and search:
// lower-case, accents stripped (Zürich -> zurich, Neuchâtel -> neuchatel),
// typographic apostrophes made plain, runs of white space collapsed to one
// space, trimmed. Search code must normalise user input with the same
// function so its keys match the seeded ones.
func NormalizeName(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		out = s
	}
	out = strings.NewReplacer("’", "'", "‘", "'", "`", "'").Replace(out)
	return strings.Join(strings.Fields(strings.ToLower(out)), " ")
}

// LocalityNameKeys returns the GSI1 keys that index a locality by name:
// GSI1PK = LOCNAME#<first two characters of the normalised name> and
// GSI1SK = <normalised name>#<postal code>. A name query normalises the
// input, reads partition LOCNAME#<first two characters> and narrows with
// begins_with(GSI1SK, <normalised input>).
func LocalityNameKeys(locality, postalCode string) (pk, sk string) {
	n := NormalizeName(locality)
	return LocalityNamePrefix + namePrefix(n), n + "#" + postalCode
}

// namePrefix is the first two characters (runes) of a normalised name.
func namePrefix(n string) string {
	r := []rune(n)
	if len(r) > 2 {
		r = r[:2]
	}
	return string(r)
}
