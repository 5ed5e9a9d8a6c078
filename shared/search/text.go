package search

import (
	"strings"
	"unicode"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Text normalisation. Index and query sides run the same functions, so a
// rule only has to map a word and its variants to one key, not to a real
// word: stems like "tuil" are match keys, never shown to anyone.
//
//   - lower-case; NFKD (m² -> m2), combining marks removed (é->e, ä->a, ç->c); ß->ss,
//     æ->ae, œ->oe. "Daemmung" (ae spelt out) does not match "Dämmung".
//   - tokens are runs of letters and digits; one-letter tokens and stop
//     words (short fr/de/it/en lists below) are dropped.
//   - light plural stripping on tokens of 5+ letters, in order, each step
//     only while at least 4 letters remain:
//     1. a final -s (not -ss) or the -x of -aux/-eux goes: tuiles->tuile,
//     carreaux->carreau, bricks->brick;
//     2. -en loses its n: platten->platte, schrauben->schraube;
//     3. a final vowel a/e/i/o goes: tuile->tuil, mattoni and mattone->matton,
//     tegole and tegola->tegol, platte->platt.
//     German plurals in -el/-er (Ziegel, Fenster) are left alone, and so
//     match already. Unrelated words may share a key (Garten, Garte):
//     the price is a rare extra hit, never a miss.
//   - German compounds: for an ad's stems of 8+ letters, every suffix of at
//     least 4 letters that leaves a prefix of at least 3 is indexed too,
//     so "ziegel" finds "Dachziegel" and "platt" finds "Gipsplatten". The
//     trade-off: a few extra postings per long word (writes and storage),
//     and nonsense suffixes ("iegel", "tion") that can match a query made
//     of exactly that fragment. Queries are not expanded, so a query for
//     "dachziegel" does not return every "ziegel".
const (
	minStemRunes     = 4
	minStripRunes    = 5
	minCompoundRunes = 8
	minSuffixRunes   = 4
	minPrefixRunes   = 3
	// maxTextTerms caps an ad's text terms so its term set, and the
	// count transaction, stay bounded whatever the title.
	maxTextTerms = 48
)

var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, list := range []string{
		// fr
		"le la les de des du un une et ou en au aux a pour avec sans sur par dans est",
		// de
		"der die das den dem des ein eine einer eines und oder mit fur von zu im in am an auf aus bei",
		// it
		"il lo gli le di da del della dei delle un uno una e con per in su al alla",
		// en
		"the an and or of for with without in on to at by",
	} {
		for _, w := range strings.Fields(list) {
			m[w] = true
		}
	}
	return m
}()

var foldReplacer = strings.NewReplacer("ß", "ss", "æ", "ae", "œ", "oe", "ø", "o", "ł", "l")

// Fold lower-cases s, spells out ß, æ and œ and strips accents. It is the
// normalisation of brand names (brand:<Fold(brand)> without spaces) and
// the first step of tokenisation.
func Fold(s string) string {
	s = foldReplacer.Replace(strings.ToLower(s))
	t := transform.Chain(norm.NFKD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		return s
	}
	return out
}

// QueryTokens returns the match keys of a search text, in order, without
// duplicates: folded, split into letter/digit runs, stop words and
// one-letter tokens dropped, plurals stripped. An ad matches a text when
// it has a t:<key> term for every key.
func QueryTokens(text string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(Fold(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if len([]rune(w)) < 2 || stopWords[w] {
			continue
		}
		w = Stem(w)
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	return out
}

// Stem applies the plural rules above to one folded token.
func Stem(w string) string {
	r := []rune(w)
	if len(r) < minStripRunes || !isAlpha(r) {
		return w
	}
	n := len(r)
	last := func(i int) rune { return r[n-i] }
	switch {
	case last(1) == 's' && last(2) != 's' && n-1 >= minStemRunes:
		n--
	case last(1) == 'x' && (last(2) == 'u') && n-1 >= minStemRunes:
		n--
	}
	if n >= 2 && last(1) == 'n' && last(2) == 'e' && n-1 >= minStemRunes {
		n--
	}
	switch last(1) {
	case 'a', 'e', 'i', 'o':
		if n-1 >= minStemRunes {
			n--
		}
	}
	return string(r[:n])
}

func isAlpha(r []rune) bool {
	for _, c := range r {
		if !unicode.IsLetter(c) {
			return false
		}
	}
	return true
}

// compoundParts returns the suffixes indexed for a long stem (see above).
func compoundParts(stem string) []string {
	r := []rune(stem)
	if len(r) < minCompoundRunes || !isAlpha(r) {
		return nil
	}
	var out []string
	for i := minPrefixRunes; len(r)-i >= minSuffixRunes; i++ {
		out = append(out, string(r[i:]))
	}
	return out
}

// textKeys returns the text match keys of an ad: the query keys of its
// title and brand, plus the compound parts of long ones, capped at
// maxTextTerms (whole words first).
func textKeys(title, brand string) []string {
	words := QueryTokens(title + " " + brand)
	seen := map[string]bool{}
	var out []string
	add := func(k string) {
		if !seen[k] && len(out) < maxTextTerms {
			seen[k] = true
			out = append(out, k)
		}
	}
	for _, w := range words {
		add(w)
	}
	for _, w := range words {
		for _, p := range compoundParts(w) {
			add(p)
		}
	}
	return out
}

// brandKey is the brand term's value: folded, letters and digits only
// ("Sika AG" -> "sikaag").
func brandKey(brand string) string {
	var b strings.Builder
	for _, c := range Fold(brand) {
		if unicode.IsLetter(c) || unicode.IsDigit(c) {
			b.WriteRune(c)
		}
	}
	return b.String()
}
