package settings

import (
	"slices"
	"strings"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/input"
)

// NoticeLevel is how a notice banner looks: information or a warning.
type NoticeLevel string

// The notice levels.
const (
	NoticeInfo    NoticeLevel = "info"
	NoticeWarning NoticeLevel = "warning"
)

// NoticeTextMax bounds a notice text in one language, in characters: a
// banner is one or two lines.
const NoticeTextMax = 200

// noticeText is the rule of a notice text (package input); it is
// required while the notice is enabled.
var noticeText = input.Text{Max: NoticeTextMax}

// Notice is the site-wide banner every visitor sees while it is enabled
// and, when EndsAt is set, until EndsAt.
type Notice struct {
	Enabled bool
	Level   NoticeLevel
	// Text is the banner in each of Languages (may be empty while the
	// notice is disabled: a draft).
	Text map[string]string
	// EndsAt hides the notice from then on; zero means no end.
	EndsAt time.Time
}

// Shows reports whether the notice is shown at now.
func (n Notice) Shows(now time.Time) bool {
	return n.Enabled && (n.EndsAt.IsZero() || now.Before(n.EndsAt))
}

// Site is what operators change without a deploy (one table item, see
// keys.go), merged into GET /api/v1/settings.
type Site struct {
	Notice Notice
	// SignupsOpen: when false, POST /api/v1/auth/signup (and a first social
	// sign-in, which would create an account) is refused with signups_closed.
	SignupsOpen bool
	// Version counts the changes (0: never changed); an edit must name the
	// version it was made on.
	Version   int
	UpdatedAt time.Time
	UpdatedBy string
}

// DefaultSite is the site settings before any administrator changed them:
// no notice, sign-ups open.
func DefaultSite() Site {
	return Site{Notice: Notice{Level: NoticeInfo, Text: map[string]string{}}, SignupsOpen: true}
}

// SiteInput is an administrator's edit of the site settings.
type SiteInput struct {
	Notice      NoticeInput `json:"notice"`
	SignupsOpen *bool       `json:"signupsOpen"`
	// Version is the version the edit was made on (Site.Version).
	Version *int `json:"version"`
}

// NoticeInput is the notice part of a SiteInput. EndsAt is an RFC 3339
// time, or null or "" for no end.
type NoticeInput struct {
	Enabled bool              `json:"enabled"`
	Level   NoticeLevel       `json:"level"`
	Text    map[string]string `json:"text"`
	EndsAt  *string           `json:"endsAt"`
}

// Validate checks in at now and returns the settings it describes (without
// version and change fields). Field codes: notice.level required/invalid;
// notice.text.<lang> required (when enabled) or too_long; notice.text
// invalid for a language not in Languages; notice.endsAt invalid (not RFC
// 3339) or out_of_range (not in the future, when enabled); signupsOpen and
// version required.
func (in SiteInput) Validate(now time.Time) (Site, error) {
	fields := map[string]string{}
	n := in.Notice
	out := Site{Notice: Notice{Enabled: n.Enabled, Level: n.Level, Text: map[string]string{}}}
	switch n.Level {
	case NoticeInfo, NoticeWarning:
	case "":
		fields["notice.level"] = apperr.FieldRequired
	default:
		fields["notice.level"] = apperr.FieldInvalid
	}
	for lang, text := range n.Text {
		if !slices.Contains(Languages, lang) {
			fields["notice.text"] = apperr.FieldInvalid
			continue
		}
		out.Notice.Text[lang] = noticeText.Normalize(text)
	}
	for _, lang := range Languages {
		text := out.Notice.Text[lang]
		rule := noticeText
		rule.Required = n.Enabled
		if code := rule.Check(text); code != "" {
			fields["notice.text."+lang] = code
		}
		out.Notice.Text[lang] = text
	}
	if n.EndsAt != nil && strings.TrimSpace(*n.EndsAt) != "" {
		t, err := time.Parse(time.RFC3339, strings.TrimSpace(*n.EndsAt))
		switch {
		case err != nil:
			fields["notice.endsAt"] = apperr.FieldInvalid
		case n.Enabled && !t.After(now):
			fields["notice.endsAt"] = apperr.FieldOutOfRange
		default:
			out.Notice.EndsAt = t.UTC()
		}
	}
	if in.SignupsOpen == nil {
		fields["signupsOpen"] = apperr.FieldRequired
	} else {
		out.SignupsOpen = *in.SignupsOpen
	}
	switch {
	case in.Version == nil:
		fields["version"] = apperr.FieldRequired
	case *in.Version < 0:
		fields["version"] = apperr.FieldInvalid
	}
	if len(fields) > 0 {
		return Site{}, apperr.Validation(fields)
	}
	return out, nil
}
