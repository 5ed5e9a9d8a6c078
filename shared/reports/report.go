package reports

import (
	"net/mail"
	"strings"
	"time"
	"unicode"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/input"
)

// Reason is why an ad is reported (spec §3): errors in the ad, or a
// suspicious ad.
type Reason string

// The reasons.
const (
	ReasonErrors     Reason = "errors"
	ReasonSuspicious Reason = "suspicious"
)

// Status is a report's state: open until an administrator resolves it.
type Status string

// The statuses.
const (
	StatusOpen     Status = "open"
	StatusResolved Status = "resolved"
)

// Action is how an administrator resolves a report.
type Action string

// The actions.
const (
	ActionDismiss       Action = "dismiss"
	ActionDeactivateAd  Action = "deactivate_ad"
	ActionSuspendSeller Action = "suspend_seller"
)

// Bounds of the fields, in Unicode code points after trimming.
const (
	DetailsMax = 2000
	EmailMax   = 254
	NoteMax    = 1000
	// MaxBodyBytes bounds a request body.
	MaxBodyBytes = 16 << 10
)

// ConsentRequired is the message of a report sent without consent (spec §5).
const ConsentRequired = "Consent to data processing is needed to report an ad"

// Report is one ad report.
type Report struct {
	ID         string
	AdID       string
	Reason     Reason
	Details    string
	Email      string
	Language   string
	ReporterID string
	ClientHash string
	ConsentAt  time.Time
	Status     Status
	CreatedAt  time.Time
	ResolvedAt time.Time
	Resolution *Resolution
	Notified   bool
}

// Resolution is how a report was resolved: the action, the
// administrator's note and who resolved it (e-mail and id).
type Resolution struct {
	Action Action `dynamodbav:"action"`
	Note   string `dynamodbav:"note"`
	By     string `dynamodbav:"by"`
	ByID   string `dynamodbav:"byId"`
}

// Submission is what a visitor sends.
type Submission struct {
	ProductID string
	Reason    string
	Details   string
	Email     string
	Consent   bool
}

// The text rules of a report and of its resolution (package input).
var (
	detailsText = input.Text{Max: DetailsMax, MultiLine: true}
	emailText   = input.Text{Max: EmailMax, Required: true}
	noteText    = input.Text{Max: NoteMax, MultiLine: true}
)

// Normalize trims every field and normalises the details and the e-mail
// (package input: NFC, line breaks of the details unified to "\n").
func (s Submission) Normalize() Submission {
	s.ProductID = strings.TrimSpace(s.ProductID)
	s.Reason = strings.TrimSpace(s.Reason)
	s.Details = detailsText.Normalize(s.Details)
	s.Email = emailText.Normalize(s.Email)
	return s
}

// Validate checks a normalized submission: validation_failed naming each
// bad field (productId, reason, details, email, consent) with a field
// code. A missing consent alone carries the spec's message.
func (s Submission) Validate() error {
	fields := map[string]string{}
	switch {
	case s.ProductID == "":
		fields["productId"] = apperr.FieldRequired
	case len(s.ProductID) > 64 || hasControl(s.ProductID, nil):
		fields["productId"] = apperr.FieldInvalid
	}
	switch Reason(s.Reason) {
	case ReasonErrors, ReasonSuspicious:
	case "":
		fields["reason"] = apperr.FieldRequired
	default:
		fields["reason"] = apperr.FieldInvalid
	}
	if code := detailsText.Check(s.Details); code != "" {
		fields["details"] = code
	}
	switch code := emailText.Check(s.Email); {
	case code != "":
		fields["email"] = code
	case !validEmail(s.Email):
		fields["email"] = apperr.FieldInvalidEmail
	}
	if !s.Consent {
		fields["consent"] = apperr.FieldMustAccept
	}
	if len(fields) == 0 {
		return nil
	}
	e := apperr.Validation(fields)
	if len(fields) == 1 && !s.Consent {
		e.Message = ConsentRequired
	}
	return e
}

// Resolve is an administrator's decision on a report.
type Resolve struct {
	Action string
	Note   string
}

// Normalize returns r with its note normalised (package input).
func (r Resolve) Normalize() Resolve {
	r.Note = noteText.Normalize(r.Note)
	return r
}

// Validate checks a normalised resolution request (fields action, note).
func (r Resolve) Validate() error {
	fields := map[string]string{}
	switch Action(r.Action) {
	case ActionDismiss, ActionDeactivateAd, ActionSuspendSeller:
	case "":
		fields["action"] = apperr.FieldRequired
	default:
		fields["action"] = apperr.FieldInvalid
	}
	if code := noteText.Check(r.Note); code != "" {
		fields["note"] = code
	}
	if len(fields) > 0 {
		return apperr.Validation(fields)
	}
	return nil
}

func hasControl(s string, allowed func(rune) bool) bool {
	for _, r := range s {
		if unicode.IsControl(r) && (allowed == nil || !allowed(r)) {
			return true
		}
	}
	return false
}

// validEmail accepts one bare address with a dotted domain.
func validEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	if err != nil || a.Name != "" || a.Address != s {
		return false
	}
	_, domain, ok := strings.Cut(s, "@")
	return ok && strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") &&
		!strings.HasSuffix(domain, ".") && !strings.Contains(domain, "..") && !strings.HasPrefix(domain, "[")
}

// normalizeEmail is the form reporter e-mails are compared in.
func normalizeEmail(s string) string { return strings.ToLower(strings.TrimSpace(s)) }
