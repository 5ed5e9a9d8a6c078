package admin

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/httpx"
	"github.com/remat/remat/shared/settings"
)

// Route of the site settings in the back office.
const routeSiteSettings = "/api/v1/admin/settings"

// Audit target and action of a change of the site settings.
const (
	AuditTargetSettings = "settings"
	AuditSettingsID     = "site"
	AuditSettingsUpdate = "settings.update"
)

// SiteSettings implements the back office's site settings: the notice
// banner and whether new sign-ups are open (package settings), each change
// saved with its audit entry in one transaction. Safe for concurrent use.
type SiteSettings struct {
	store    *settings.SiteStore
	users    Users
	recorder *audit.Recorder
	now      func() time.Time
}

// NewSiteSettings returns the site settings service.
func NewSiteSettings(store *settings.SiteStore, users Users, recorder *audit.Recorder) *SiteSettings {
	return &SiteSettings{store: store, users: users, recorder: recorder, now: time.Now}
}

// Get returns the stored site settings (the defaults before any change).
func (s *SiteSettings) Get(ctx context.Context) (settings.Site, error) {
	site, err := s.store.Site(ctx)
	if err != nil {
		return settings.Site{}, fmt.Errorf("admin: site settings: %w", err)
	}
	return site, nil
}

// Update saves in for admin if in.Version is still the stored version:
// validation_failed, edit_conflict. Saving what is stored changes and
// records nothing.
func (s *SiteSettings) Update(ctx context.Context, admin auth.Principal, in settings.SiteInput) (settings.Site, error) {
	now := s.now().UTC()
	next, err := in.Validate(now)
	if err != nil {
		return settings.Site{}, fmt.Errorf("admin: site settings: %w", err)
	}
	cur, err := s.Get(ctx)
	if err != nil {
		return settings.Site{}, err
	}
	if *in.Version != cur.Version {
		return settings.Site{}, editConflict(*in.Version, cur.Version)
	}
	before, after := siteDiff(siteFields(cur), siteFields(next))
	if len(after) == 0 {
		return cur, nil
	}
	actor, err := actorOf(ctx, s.users, admin)
	if err != nil {
		return settings.Site{}, err
	}
	put, _, err := s.recorder.TransactItem(audit.Change{
		Actor: actor, Action: AuditSettingsUpdate, TargetType: AuditTargetSettings, TargetID: AuditSettingsID,
		Before: audit.Fit(before), After: audit.Fit(after),
	})
	if err != nil {
		return settings.Site{}, fmt.Errorf("admin: site settings: %w", err)
	}
	next.UpdatedAt, next.UpdatedBy = now, actor.Email
	if err := s.store.Save(ctx, next, cur.Version, put); err != nil {
		return settings.Site{}, fmt.Errorf("admin: site settings: %w", err)
	}
	return s.Get(ctx)
}

// siteFields flattens a Site into the fields an audit entry compares.
func siteFields(s settings.Site) map[string]any {
	f := map[string]any{
		"notice.enabled": s.Notice.Enabled, "notice.level": string(s.Notice.Level), "notice.endsAt": "",
		"signupsOpen": s.SignupsOpen,
	}
	if !s.Notice.EndsAt.IsZero() {
		f["notice.endsAt"] = s.Notice.EndsAt.UTC().Format(time.RFC3339)
	}
	for _, lang := range settings.Languages {
		f["notice.text."+lang] = s.Notice.Text[lang]
	}
	return f
}

func siteDiff(before, after map[string]any) (map[string]any, map[string]any) {
	b, a := map[string]any{}, map[string]any{}
	for k, v := range after {
		if before[k] != v {
			b[k], a[k] = before[k], v
		}
	}
	return b, a
}

// ---------------------------------------------------------------- routes

// SiteSettingsJSON is the site settings as the back office edits them.
type SiteSettingsJSON struct {
	Notice      NoticeJSON `json:"notice"`
	SignupsOpen bool       `json:"signupsOpen"`
	Version     int        `json:"version"`
	UpdatedAt   *string    `json:"updatedAt"`
	UpdatedBy   *string    `json:"updatedBy"`
}

// NoticeJSON is the notice banner as the back office edits it: the five
// texts are always present (empty while not written).
type NoticeJSON struct {
	Enabled bool              `json:"enabled"`
	Level   string            `json:"level"`
	Text    map[string]string `json:"text"`
	EndsAt  *string           `json:"endsAt"`
}

func siteSettingsJSON(s settings.Site) SiteSettingsJSON {
	j := SiteSettingsJSON{
		Notice:      NoticeJSON{Enabled: s.Notice.Enabled, Level: string(s.Notice.Level), Text: map[string]string{}},
		SignupsOpen: s.SignupsOpen, Version: s.Version,
	}
	for _, lang := range settings.Languages {
		j.Notice.Text[lang] = s.Notice.Text[lang]
	}
	if !s.Notice.EndsAt.IsZero() {
		end := s.Notice.EndsAt.UTC().Format(time.RFC3339)
		j.Notice.EndsAt = &end
	}
	if !s.UpdatedAt.IsZero() {
		at := s.UpdatedAt.UTC().Format(time.RFC3339)
		j.UpdatedAt = &at
	}
	if s.UpdatedBy != "" {
		by := s.UpdatedBy
		j.UpdatedBy = &by
	}
	return j
}

// SiteSettingsSection is the site settings operators change without a
// deploy, behind the back office's guard:
//
//	GET /api/v1/admin/settings   200 SiteSettings
//	PUT /api/v1/admin/settings   {"notice":{"enabled","level":"info"|"warning","text":{en,fr,de,it,sq},
//	    "endsAt":RFC 3339|null},"signupsOpen","version"} 200 SiteSettings;
//	    400 validation_failed; 409 edit_conflict
//
// Every change is audited (target settings/site, before/after of the
// changed fields).
func SiteSettingsSection(svc *SiteSettings) Section {
	return func(mux *http.ServeMux, guard httpx.Middleware) {
		mux.Handle("GET "+routeSiteSettings, guard(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			site, err := svc.Get(r.Context())
			if err != nil {
				httpx.Error(w, r, err)
				return
			}
			httpx.JSON(w, http.StatusOK, siteSettingsJSON(site))
		})))
		mux.Handle("PUT "+routeSiteSettings, guard(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var in settings.SiteInput
			if err := httpx.DecodeJSON(w, r, &in, MaxBodyBytes); err != nil {
				httpx.Error(w, r, err)
				return
			}
			p, _ := auth.PrincipalFrom(r.Context())
			site, err := svc.Update(r.Context(), p, in)
			if err != nil {
				httpx.Error(w, r, err)
				return
			}
			httpx.JSON(w, http.StatusOK, siteSettingsJSON(site))
		})))
	}
}
