package settings

import (
	"context"
	"errors"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/config"
)

var now = time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC)

func texts(v string) map[string]string {
	return map[string]string{"en": v, "fr": v, "de": v, "it": v, "sq": v}
}

func ptr[T any](v T) *T { return &v }

func TestSiteInputValidate(t *testing.T) {
	valid := func() SiteInput {
		return SiteInput{
			Notice:      NoticeInput{Enabled: true, Level: NoticeWarning, Text: texts(" Maintenance tonight "), EndsAt: ptr("2026-03-03T06:00:00+01:00")},
			SignupsOpen: ptr(false), Version: ptr(2),
		}
	}
	tests := []struct {
		name   string
		edit   func(*SiteInput)
		fields map[string]string
	}{
		{"valid", func(*SiteInput) {}, nil},
		{"disabled draft with empty texts", func(in *SiteInput) {
			in.Notice = NoticeInput{Level: NoticeInfo, Text: map[string]string{"fr": "Brouillon"}, EndsAt: ptr("2020-01-01T00:00:00Z")}
		}, nil},
		{"no end", func(in *SiteInput) { in.Notice.EndsAt = ptr("") }, nil},
		{"missing level", func(in *SiteInput) { in.Notice.Level = "" }, map[string]string{"notice.level": "required"}},
		{"unknown level", func(in *SiteInput) { in.Notice.Level = "danger" }, map[string]string{"notice.level": "invalid"}},
		{"enabled needs every language", func(in *SiteInput) { delete(in.Notice.Text, "sq"); in.Notice.Text["it"] = "  " },
			map[string]string{"notice.text.sq": "required", "notice.text.it": "required"}},
		{"too long", func(in *SiteInput) { in.Notice.Text["de"] = strings.Repeat("ü", NoticeTextMax+1) },
			map[string]string{"notice.text.de": "too_long"}},
		{"longest", func(in *SiteInput) { in.Notice.Text["de"] = strings.Repeat("ü", NoticeTextMax) }, nil},
		{"unreadable texts", func(in *SiteInput) { in.Notice.Text["de"], in.Notice.Text["fr"] = "Wartung\x1b[5m", "\u200b\u2060" },
			map[string]string{"notice.text.de": "invalid_characters", "notice.text.fr": "required"}},
		{"unknown language", func(in *SiteInput) { in.Notice.Text["es"] = "Hola" }, map[string]string{"notice.text": "invalid"}},
		{"end not a time", func(in *SiteInput) { in.Notice.EndsAt = ptr("tomorrow") }, map[string]string{"notice.endsAt": "invalid"}},
		{"end in the past", func(in *SiteInput) { in.Notice.EndsAt = ptr("2026-03-02T10:00:00Z") }, map[string]string{"notice.endsAt": "out_of_range"}},
		{"switch and version required", func(in *SiteInput) { in.SignupsOpen, in.Version = nil, nil },
			map[string]string{"signupsOpen": "required", "version": "required"}},
		{"negative version", func(in *SiteInput) { in.Version = ptr(-1) }, map[string]string{"version": "invalid"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := valid()
			tt.edit(&in)
			site, err := in.Validate(now)
			var e *apperr.Error
			switch {
			case tt.fields == nil && err != nil:
				t.Fatalf("got %v, want nil", err)
			case tt.fields != nil && (!errors.As(err, &e) || !maps.Equal(e.Fields, tt.fields)):
				t.Fatalf("got %v, want fields %v", err, tt.fields)
			}
			if tt.name == "valid" {
				want := Notice{Enabled: true, Level: NoticeWarning, Text: texts("Maintenance tonight"), EndsAt: time.Date(2026, 3, 3, 5, 0, 0, 0, time.UTC)}
				if !maps.Equal(site.Notice.Text, want.Text) || !site.Notice.EndsAt.Equal(want.EndsAt) || site.Notice.Level != want.Level || site.SignupsOpen {
					t.Errorf("got %+v, want notice %+v and sign-ups closed", site, want)
				}
			}
		})
	}
}

func TestWithSite(t *testing.T) {
	base := FromConfig(config.Config{})
	end := now.Add(time.Hour)
	site := Site{Notice: Notice{Enabled: true, Level: NoticeInfo, Text: texts("Hi"), EndsAt: end}, SignupsOpen: false, Version: 7}
	tests := []struct {
		name    string
		site    Site
		at      time.Time
		notice  bool
		signups bool
	}{
		{"before the end", site, now, true, false},
		{"at the end", site, end, false, false},
		{"no end", func() Site { s := site; s.Notice.EndsAt = time.Time{}; return s }(), end.AddDate(1, 0, 0), true, false},
		{"disabled", func() Site { s := site; s.Notice.Enabled = false; s.SignupsOpen = true; return s }(), now, false, true},
		{"defaults", DefaultSite(), now, false, true},
	}
	for _, tt := range tests {
		got := base.WithSite(tt.site, tt.at)
		if (got.Notice != nil) != tt.notice || got.SignupsOpen != tt.signups {
			t.Errorf("%s: got notice %+v signupsOpen %v, want notice %v signupsOpen %v", tt.name, got.Notice, got.SignupsOpen, tt.notice, tt.signups)
		}
		if got.Notice != nil && (got.Notice.ID != "7" || got.Notice.Text["fr"] != "Hi") {
			t.Errorf("%s: got %+v, want id 7 and the texts", tt.name, got.Notice)
		}
	}
}

type countingSource struct {
	calls int
	err   error
}

func (c *countingSource) Site(context.Context) (Site, error) {
	c.calls++
	if c.err != nil {
		return Site{}, c.err
	}
	s := DefaultSite()
	s.Version = c.calls
	return s, nil
}

func TestCached(t *testing.T) {
	src := &countingSource{}
	clock := now
	c := Cached(src, 10*time.Second).(*cachedSite)
	c.now = func() time.Time { return clock }
	read := func() int {
		s, err := c.Site(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return s.Version
	}
	if v := read(); v != 1 {
		t.Fatalf("first read: got version %d, want 1", v)
	}
	clock = clock.Add(9 * time.Second)
	if v := read(); v != 1 || src.calls != 1 {
		t.Errorf("within the TTL: got version %d after %d reads, want the cached 1", v, src.calls)
	}
	clock = clock.Add(time.Second)
	if v := read(); v != 2 {
		t.Errorf("after the TTL: got version %d, want a fresh read", v)
	}
	src.err = errors.New("unavailable")
	clock = clock.Add(time.Minute)
	if _, err := c.Site(context.Background()); err == nil {
		t.Error("failed read: got nil, want the error")
	}
	src.err = nil
	if v := read(); v != 4 {
		t.Errorf("after a failure: got version %d, want a fresh read (failures are not cached)", v)
	}
}
