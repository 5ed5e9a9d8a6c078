package input

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/remat/remat/shared/apperr"
)

func TestText(t *testing.T) {
	title := Text{Min: 3, Max: 10, Required: true}
	optional := Text{Max: 10}
	body := Text{Min: 3, Max: 40, Required: true, MultiLine: true}
	tests := []struct {
		name     string
		rule     Text
		in, want string
		code     string
	}{
		{"plain", title, "Ziegel", "Ziegel", ""},
		{"trimmed and blanks collapsed", title, " \t Alte \u00a0\t Ziegel  ", "Alte Ziegel", apperr.FieldTooLong},
		{"NFC", title, "Cafe\u0301", "Café", ""},
		{"length after NFC", Text{Max: 4}, "Cafe\u0301", "Café", ""},
		{"length in characters, not bytes", Text{Max: 3}, "äöü", "äöü", ""},
		{"too long in characters", Text{Max: 3}, "äöüé", "äöüé", apperr.FieldTooLong},
		{"too short", title, "ab", "ab", apperr.FieldTooShort},
		{"empty", title, "", "", apperr.FieldRequired},
		{"blanks only", title, " \t\u00a0\u3000 ", "", apperr.FieldRequired},
		{"zero-width only", title, "\u200b\u200b", "", apperr.FieldRequired},
		{"invisible only", title, "\ufeff\u2060\u200c\u200d\u00ad\u3164\u115f\u2800\u034f", "", apperr.FieldRequired},
		{"variation selectors only", title, "\ufe0f\ufe0f\ufe0f", "\ufe0f\ufe0f\ufe0f", apperr.FieldRequired},
		{"invisible ends trimmed", title, "\ufeff\u200bZiegel\u200e\u200d", "Ziegel", ""},
		{"inner zero-width kept", title, "Zie\u200dgel", "Zie\u200dgel", ""},
		{"emoji keeps its selector", title, "Herz ❤\ufe0f", "Herz ❤\ufe0f", ""},
		{"bidi mark inside kept", title, "עב\u200fרית", "עב\u200fרית", ""},
		{"NUL", title, "Zie\x00gel", "Zie\x00gel", apperr.FieldInvalidCharacters},
		{"fuzzed title", title, "»\x1a\x17", "»\x1a\x17", apperr.FieldInvalidCharacters},
		{"DEL", title, "Zie\x7fgel", "Zie\x7fgel", apperr.FieldInvalidCharacters},
		{"C1 control", title, "Zie\u009bgel", "Zie\u009bgel", apperr.FieldInvalidCharacters},
		{"leading control kept to be refused", title, "\x1bZiegel", "\x1bZiegel", apperr.FieldInvalidCharacters},
		{"override", title, "\u202Eabc", "\u202Eabc", apperr.FieldInvalidCharacters},
		{"override at the end", title, "abc\u202D", "abc\u202D", apperr.FieldInvalidCharacters},
		{"embedding", title, "a\u202Ab", "a\u202Ab", apperr.FieldInvalidCharacters},
		{"isolate", title, "a\u2066b\u2069", "a\u2066b\u2069", apperr.FieldInvalidCharacters},
		{"first-strong isolate", title, "a\u2068b", "a\u2068b", apperr.FieldInvalidCharacters},
		{"override alone", title, "\u202E", "\u202E", apperr.FieldRequired},
		{"noncharacter", title, "ab\uFFFFc", "ab\uFFFFc", apperr.FieldInvalidCharacters},
		{"noncharacter in a higher plane", title, "ab\U0001FFFEc", "ab\U0001FFFEc", apperr.FieldInvalidCharacters},
		{"not UTF-8", title, "Zie\xffgel", "Zie\xffgel", apperr.FieldInvalidCharacters},
		{"newline in one line", title, "Zie\ngel", "Zie\ngel", apperr.FieldInvalidCharacters},
		{"carriage return in one line", title, "Zie\rgel", "Zie\rgel", apperr.FieldInvalidCharacters},
		{"line separator in one line", title, "Zie\u2028gel", "Zie\u2028gel", apperr.FieldInvalidCharacters},
		{"trailing newline trimmed", title, "Ziegel\r\n", "Ziegel", ""},
		{"optional empty", optional, "  ", "", ""},
		{"optional zero-width only", optional, "\u200b", "", ""},
		{"optional invisible inside blanks", optional, "\u200b \u2060", "", ""},
		{"multi-line keeps newlines and tabs", body, " Zeile 1\r\n\tZeile 2\rZeile 3\u2029 ", "Zeile 1\n\tZeile 2\nZeile 3", ""},
		{"multi-line keeps inner blanks", body, "a  \u00a0 b", "a  \u00a0 b", ""},
		{"multi-line blanks only", body, "\n\t \n\u200b", "", apperr.FieldRequired},
		{"multi-line NUL", body, "Zeile\x00 1", "Zeile\x00 1", apperr.FieldInvalidCharacters},
		{"multi-line vertical tab", body, "Zeile\v1", "Zeile\v1", apperr.FieldInvalidCharacters},
		{"multi-line NEL", body, "Zeile\u00851", "Zeile\u00851", apperr.FieldInvalidCharacters},
		{"multi-line override", body, "Zeile \u202E1", "Zeile \u202E1", apperr.FieldInvalidCharacters},
		{"zero value", Text{}, strings.Repeat("x", 10000), strings.Repeat("x", 10000), ""},
	}
	for _, tt := range tests {
		got, code := tt.rule.Clean(tt.in)
		if got != tt.want || code != tt.code {
			t.Errorf("%s: got %+q %q, want %+q %q", tt.name, got, code, tt.want, tt.code)
		}
		if tt.code == "" {
			if again, code := tt.rule.Clean(got); again != got || code != "" {
				t.Errorf("%s: cleaning again: got %+q %q, want it unchanged", tt.name, again, code)
			}
		}
	}
}

func TestNumber(t *testing.T) {
	tests := []struct {
		f    float64
		want bool
	}{
		{0, true},
		{math.Copysign(0, -1), true},
		{1, true},
		{-2.5, true},
		{1e-130, true},
		{-1e-130, true},
		{math.Nextafter(1e-130, 0), false},
		{1e-131, false},
		{5e-324, false},
		{math.Nextafter(1e126, 0), true},
		{1e126, false},
		{-1e126, false},
		{math.MaxFloat64, false},
		{math.NaN(), false},
		{math.Inf(1), false},
		{math.Inf(-1), false},
	}
	for _, tt := range tests {
		if got := Number(tt.f); got != tt.want {
			t.Errorf("Number(%g): got %v, want %v", tt.f, got, tt.want)
		}
	}
	// As the SDK sends them (attributevalue: 'f', shortest): the largest
	// accepted number has 126 digits, the smallest 130 decimals.
	if s := strconv.FormatFloat(math.Nextafter(1e126, 0), 'f', -1, 64); len(s) != 126 {
		t.Errorf("largest: got %d digits (%s), want 126", len(s), s)
	}
	if s := strconv.FormatFloat(1e-130, 'f', -1, 64); s != "0."+strings.Repeat("0", 129)+"1" {
		t.Errorf("smallest: got %s, want 1e-130", s)
	}
}

func TestParseNumber(t *testing.T) {
	tests := []struct {
		in   string
		want float64
		code string
	}{
		{"25", 25, ""},
		{"2.5", 2.5, ""},
		{"-1e3", -1000, ""},
		{"+7", 7, ""},
		{"0", 0, ""},
		{"", 0, apperr.FieldInvalid},
		{"NaN", 0, apperr.FieldInvalid},
		{"nan", 0, apperr.FieldInvalid},
		{"Inf", 0, apperr.FieldInvalid},
		{"+Inf", 0, apperr.FieldInvalid},
		{"-Infinity", 0, apperr.FieldInvalid},
		{"0x1p3", 0, apperr.FieldInvalid},
		{"1_000", 0, apperr.FieldInvalid},
		{"1e", 0, apperr.FieldInvalid},
		{"1.2.3", 0, apperr.FieldInvalid},
		{" 1", 0, apperr.FieldInvalid},
		{"1e-300", 0, apperr.FieldOutOfRange},
		{"1e200", 0, apperr.FieldOutOfRange},
		{"1e400", 0, apperr.FieldOutOfRange},
	}
	for _, tt := range tests {
		got, code := ParseNumber(tt.in)
		if got != tt.want || code != tt.code {
			t.Errorf("ParseNumber(%q): got %v %q, want %v %q", tt.in, got, code, tt.want, tt.code)
		}
	}
}

func TestSanitize(t *testing.T) {
	name := Text{Max: 5}
	tests := []struct{ in, want string }{
		{"  Anna ", "Anna"},
		{"An\u202Ena", "Anna"},
		{"A\x00n\x1bna", "Anna"},
		{"Jean\nLuc", "Jean"},
		{"Zoë", "Zoë"},
		{"Jo\u200b\u200b", "Jo"},
		{"\u200b\u200b", ""},
		{"a\xffb", "ab"},
		{"Maximilian", "Maxim"},
		{"Ann\u0065\u0301", "Anné"},
	}
	for _, tt := range tests {
		if got := name.Sanitize(tt.in); got != tt.want {
			t.Errorf("Sanitize(%q): got %q, want %q", tt.in, got, tt.want)
		}
		if got := name.Sanitize(tt.in); got != "" && name.Check(got) != "" {
			t.Errorf("Sanitize(%q) = %q, which Check refuses (%s)", tt.in, got, name.Check(got))
		}
	}
}
