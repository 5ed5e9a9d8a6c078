// Package input is Remat's one discipline for what users send: every text
// field goes through a Text rule and every number through Number or
// ParseNumber, so no handler invents its own idea of "empty", "too long"
// or "a number".
//
// Text normalises (Unicode NFC, blanks trimmed, line breaks unified) and
// then refuses, each with one field code of package apperr:
//
//   - required: nothing visible is left (empty, white space only, or only
//     zero-width and other invisible characters such as U+200B, U+FEFF,
//     U+2060, U+3164);
//   - invalid_characters: text that is not UTF-8, control characters (a
//     multi-line field keeps "\n" and "\t"), bidi embeddings, overrides and
//     isolates (U+202A-U+202E, U+2066-U+2069: they reorder what a reader
//     sees), noncharacters, and line breaks in a one-line field;
//   - too_short and too_long: the length in characters (code points after
//     normalisation), never in bytes.
//
// The bidi marks U+200E, U+200F and U+061C are kept inside text (mixed
// Arabic or Hebrew and Latin text needs them and they reorder nothing on
// their own) but trimmed from both ends like other invisible characters.
// Zero-width joiners stay too: emoji sequences and several scripts need
// them.
package input

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/remat/remat/shared/apperr"
)

// Text is the rule of one user text field. The zero value accepts any
// one-line text, empty included.
type Text struct {
	// Min and Max bound the length in characters after normalisation;
	// 0 means no bound. Min applies to non-empty text only: empty text is
	// a matter of Required.
	Min, Max int
	// Required refuses text with nothing visible in it.
	Required bool
	// MultiLine keeps line breaks (as "\n") and tabs. A one-line field
	// refuses line breaks and turns every run of blanks into one space.
	MultiLine bool
}

// Clean returns s normalised (Normalize) and the field code of its
// refusal ("" when t accepts it).
func (t Text) Clean(s string) (string, string) {
	s = t.Normalize(s)
	return s, t.Check(s)
}

// Normalize returns s in NFC with invisible characters and blanks trimmed
// from both ends; a multi-line field's line breaks ("\r\n", "\r", U+2028,
// U+2029) become "\n", a one-line field's runs of blanks (tabs, no-break
// spaces ...) one space. It strips nothing from inside the text (Check
// refuses what must not be there) and leaves text that is not UTF-8 as it
// is, for Check to refuse.
func (t Text) Normalize(s string) string {
	if !utf8.ValidString(s) {
		return s
	}
	s = norm.NFC.String(s)
	if t.MultiLine {
		s = strings.NewReplacer("\r\n", "\n", "\r", "\n", "\u2028", "\n", "\u2029", "\n").Replace(s)
	} else if strings.ContainsFunc(s, isBlank) {
		s = collapseBlanks(s)
	}
	return strings.TrimFunc(s, trimmed)
}

// Sanitize is for text the user did not type here, such as the names a
// social sign-in provider sends: rather than refuse it, it returns s
// normalised (Normalize) without the characters t refuses (invalid UTF-8
// dropped), cut to Max characters. The result may be empty.
func (t Text) Sanitize(s string) string {
	s = strings.ToValidUTF8(s, "")
	if !t.MultiLine {
		// A line break from elsewhere is a separator: keep it as a space.
		s = strings.Map(func(r rune) rune {
			if isLineBreak(r) {
				return ' '
			}
			return r
		}, s)
	}
	s = t.Normalize(s)
	s = strings.Map(func(r rune) rune {
		if t.refused(r) {
			return -1
		}
		return r
	}, s)
	s = t.Normalize(s)
	if r := []rune(s); t.Max > 0 && len(r) > t.Max {
		s = strings.TrimFunc(string(r[:t.Max]), trimmed)
	}
	return s
}

// Check returns the field code of a normalised s ("" when t accepts it):
// required, invalid_characters, too_short or too_long, in that order.
func (t Text) Check(s string) string {
	switch {
	case !utf8.ValidString(s):
		return apperr.FieldInvalidCharacters
	case !strings.ContainsFunc(s, visible):
		if t.Required {
			return apperr.FieldRequired
		}
		if s == "" {
			return ""
		}
		// Invisible characters alone are no text: refuse them rather than
		// store them in an optional field.
		return apperr.FieldInvalidCharacters
	case strings.ContainsFunc(s, t.refused):
		return apperr.FieldInvalidCharacters
	}
	n := utf8.RuneCountInString(s)
	switch {
	case t.Min > 0 && n < t.Min:
		return apperr.FieldTooShort
	case t.Max > 0 && n > t.Max:
		return apperr.FieldTooLong
	}
	return ""
}

// refused reports whether r may not appear in a field of t.
func (t Text) refused(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return !t.MultiLine
	case isLineBreak(r):
		return true // CR, NEL, U+2028 and U+2029 are "\n" once normalised
	case unicode.IsControl(r):
		return true
	case isBidiControl(r):
		return true
	case r >= '\uFDD0' && r <= '\uFDEF', r&0xFFFE == 0xFFFE:
		return true // noncharacters
	}
	return false
}

// isLineBreak reports the characters that end a line.
func isLineBreak(r rune) bool {
	switch r {
	case '\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029':
		return true
	}
	return false
}

// isBlank reports white space within a line (a one-line field's runs of
// them become one space).
func isBlank(r rune) bool { return unicode.IsSpace(r) && !isLineBreak(r) }

// collapseBlanks turns every run of blanks of s into one space.
func collapseBlanks(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	blank := false
	for _, r := range s {
		if isBlank(r) {
			blank = true
			continue
		}
		if blank {
			b.WriteByte(' ')
			blank = false
		}
		b.WriteRune(r)
	}
	if blank {
		b.WriteByte(' ')
	}
	return b.String()
}

// invisible reports characters that show nothing: white space, format
// characters (zero-width space and joiners, bidi marks, BOM, soft
// hyphen, tags ...), other default-ignorable characters (Hangul fillers,
// the combining grapheme joiner), variation selectors and the blank
// Braille pattern.
func invisible(r rune) bool {
	return unicode.IsSpace(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Other_Default_Ignorable_Code_Point, r) ||
		unicode.Is(unicode.Variation_Selector, r) || r == '\u2800'
}

// visible reports characters a reader sees (control characters count as
// visible here, so that Check calls them invalid_characters, not empty).
func visible(r rune) bool { return !invisible(r) }

// trimmed reports the characters Normalize removes from both ends:
// invisible ones, except variation selectors and tags, which belong to
// the emoji before them ("❤️", flags), and bidi controls, which Check
// refuses wherever they are.
func trimmed(r rune) bool {
	if unicode.Is(unicode.Variation_Selector, r) || (r >= 0xE0020 && r <= 0xE007F) || isBidiControl(r) {
		return false
	}
	return invisible(r)
}

// isBidiControl reports the embeddings, overrides and isolates
// (U+202A-U+202E, U+2066-U+2069): they reorder the text a reader sees.
func isBidiControl(r rune) bool {
	return (r >= '\u202A' && r <= '\u202E') || (r >= '\u2066' && r <= '\u2069')
}
