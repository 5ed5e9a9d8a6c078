package alerts

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/input"
	"github.com/remat/remat/shared/search"
)

// Places resolves the list's location parameter (*catalog.Service).
type Places interface {
	ResolvePlace(ctx context.Context, text string) (catalog.Locality, error)
}

// filterParams are the list's parameters a saved search keeps, in this
// order (sort, pages and limits are not part of what is searched).
var filterParams = []string{"q", "category", "brand", "condition", "maxPrice", "location", "radius", "canton"}

// unsubscribePurpose binds the unsubscribe link's signature.
const unsubscribePurpose = "alerts-unsubscribe"

// Service is saved searches: the user's side (create, list, edit,
// delete, unsubscribe by link) and matching new ads (Published).
type Service struct {
	store   *Store
	db      ddb.API
	table   string
	places  Places
	cursors *ddb.Cursors
	now     func() time.Time
	log     *slog.Logger
}

// NewService returns the service on store; db and table are the search
// index's (term counts for the keys), cursors signs unsubscribe links.
func NewService(store *Store, db ddb.API, table string, places Places, cursors *ddb.Cursors) *Service {
	return &Service{store: store, db: db, table: table, places: places, cursors: cursors, now: time.Now, log: slog.Default()}
}

// WithClock returns a copy reading the time from now (tests).
func (s *Service) WithClock(now func() time.Time) *Service {
	c := *s
	c.now = now
	return &c
}

// nameText is the rule of a saved search's name (package input).
var nameText = input.Text{Max: MaxNameRunes, Required: true}

// Input is a new saved search: a name, the list's query string and a
// frequency (FrequencyInstant when empty).
type Input struct {
	Name      string `json:"name"`
	Params    string `json:"params"`
	Frequency string `json:"frequency"`
}

// Create saves in for uid. Errors: validation_failed (name, params,
// frequency, an unknown location), saved_search_too_broad (no filter),
// saved_search_limit.
func (s *Service) Create(ctx context.Context, uid string, in Input) (SavedSearch, error) {
	bad := map[string]string{}
	name, code := nameText.Clean(in.Name)
	if code != "" {
		bad["name"] = code
	}
	freq := in.Frequency
	if freq == "" {
		freq = FrequencyInstant
	}
	if freq != FrequencyInstant && freq != FrequencyDaily {
		bad["frequency"] = apperr.FieldInvalid
	}
	values, err := url.ParseQuery(strings.TrimPrefix(in.Params, "?"))
	if err != nil || utf8.RuneCountInString(in.Params) > MaxParamsRunes {
		bad["params"] = apperr.FieldInvalid
	}
	if len(bad) > 0 {
		return SavedSearch{}, apperr.Validation(bad)
	}
	p, err := catalog.ParseSearchValues(values)
	if err != nil {
		return SavedSearch{}, fmt.Errorf("alerts: create: %w", err)
	}
	canonical := url.Values{}
	for _, k := range filterParams {
		if v := strings.TrimSpace(values.Get(k)); v != "" {
			canonical.Set(k, v)
		}
	}
	if p.Location == "" {
		canonical.Del("radius")
	}
	c := Criteria{
		Text: p.Text, Category: p.Category, Brand: p.Brand, Condition: p.Condition, MaxPriceRp: p.MaxPriceRp, Canton: p.Canton,
	}
	saved := SavedSearch{
		ID: ulid.MustNew(ulid.Timestamp(s.now()), rand.Reader).String(), UserID: uid, Name: name, Frequency: freq,
		CreatedAt: s.now().UTC(),
	}
	if p.Location != "" {
		loc, err := s.places.ResolvePlace(ctx, p.Location)
		if err != nil {
			return SavedSearch{}, fmt.Errorf("alerts: create: %w", err)
		}
		c.Lat, c.Lon, c.RadiusKm = loc.Lat, loc.Lon, p.RadiusKm
		saved.Place = strings.TrimSpace(loc.PostalCode + " " + loc.Name)
		canonical.Set("radius", strconv.FormatFloat(p.RadiusKm, 'f', -1, 64))
	}
	if len(canonical) == 0 {
		return SavedSearch{}, apperr.New(apperr.CodeSavedSearchTooBroad, errors.New("alerts: create: no filter"))
	}
	saved.Params, saved.Criteria = canonical.Encode(), c
	if saved.Keys, err = search.AlertKeys(ctx, s.db, s.table, c.Query()); err != nil {
		return SavedSearch{}, fmt.Errorf("alerts: create: %w", err)
	}
	switch err := s.store.Create(ctx, saved); {
	case errors.Is(err, errLimit):
		e := apperr.New(apperr.CodeSavedSearchLimit, err)
		e.Params = map[string]string{"max": strconv.Itoa(MaxSearches)}
		return SavedSearch{}, e
	case err != nil:
		return SavedSearch{}, err
	}
	return saved, nil
}

// List returns uid's saved searches, newest first.
func (s *Service) List(ctx context.Context, uid string) ([]SavedSearch, error) {
	all, err := s.store.List(ctx, uid)
	if err != nil {
		return nil, err
	}
	slices.Reverse(all) // ULID order is creation order
	return all, nil
}

// Update renames, re-times, pauses or resumes uid's search id.
func (s *Service) Update(ctx context.Context, uid, id string, ch Change) (SavedSearch, error) {
	bad := map[string]string{}
	if ch.Name != nil {
		name, code := nameText.Clean(*ch.Name)
		if code != "" {
			bad["name"] = code
		}
		ch.Name = &name
	}
	if f := ch.Frequency; f != nil && *f != FrequencyInstant && *f != FrequencyDaily {
		bad["frequency"] = apperr.FieldInvalid
	}
	if len(bad) > 0 {
		return SavedSearch{}, apperr.Validation(bad)
	}
	if !validID(id) {
		return SavedSearch{}, notFound(id)
	}
	saved, err := s.store.Update(ctx, uid, id, ch)
	if errors.Is(err, errNotFound) {
		return SavedSearch{}, notFound(id)
	}
	return saved, err
}

// Delete removes uid's search id.
func (s *Service) Delete(ctx context.Context, uid, id string) error {
	if !validID(id) {
		return notFound(id)
	}
	err := s.store.Delete(ctx, uid, id)
	if errors.Is(err, errNotFound) {
		return notFound(id)
	}
	return err
}

func notFound(id string) error {
	return apperr.New(apperr.CodeSavedSearchNotFound, fmt.Errorf("alerts: search %q", id))
}

func validID(id string) bool {
	_, err := ulid.ParseStrict(id)
	return err == nil
}

// UnsubscribeToken is the signed token of the unsubscribe link of s.
func (s *Service) UnsubscribeToken(saved SavedSearch) string {
	return s.cursors.SignLink(unsubscribePurpose, saved.UserID+"/"+saved.ID)
}

// Unsubscribe pauses the saved search a link's token names (no session
// needed) and returns it. Again on a paused search it changes nothing.
// A token that is not ours, or of a deleted search, is invalid_token.
func (s *Service) Unsubscribe(ctx context.Context, token string) (SavedSearch, error) {
	v, ok := s.cursors.VerifyLink(unsubscribePurpose, token)
	uid, id, found := strings.Cut(v, "/")
	if !ok || !found || !validID(id) {
		return SavedSearch{}, apperr.InvalidLinkToken(errors.New("alerts: unsubscribe: bad token"))
	}
	paused := true
	saved, err := s.store.Update(ctx, uid, id, Change{Paused: &paused})
	if errors.Is(err, errNotFound) {
		return SavedSearch{}, apperr.InvalidLinkToken(err)
	}
	return saved, err
}

// matchWorkers bounds the parallel reads of one publication.
const matchWorkers = 8

// Published matches ad, which just went on sale, against the saved
// searches filed under its terms and queues it for each that matches (not
// the seller's own). Errors are logged: a publication never fails on
// alerts. It reports the items read, for the benchmark.
func (s *Service) Published(ctx context.Context, ad search.Ad) {
	if _, err := s.Match(ctx, ad); err != nil {
		s.log.ErrorContext(ctx, "alerts: matching a new ad failed", "adId", ad.ID, "err", err.Error())
	}
}

var _ catalog.PublishListener = (*Service)(nil)

// MatchStats is what matching one ad did.
type MatchStats struct {
	Terms     int // partitions read
	ItemsRead int // filed entries read
	Matched   int // saved searches the ad was queued for
}

// Match is Published with its figures and error.
func (s *Service) Match(ctx context.Context, ad search.Ad) (MatchStats, error) {
	terms := search.AlertTerms(ad)
	st := MatchStats{Terms: len(terms)}
	var (
		mu       sync.Mutex
		wg       sync.WaitGroup
		firstErr error
		seen     = map[string]Entry{}
	)
	sem := make(chan struct{}, matchWorkers)
	for _, t := range terms {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			entries, read, err := s.store.Entries(ctx, t)
			mu.Lock()
			defer mu.Unlock()
			st.ItemsRead += read
			if err != nil {
				firstErr = cmpErr(firstErr, err)
				return
			}
			for _, e := range entries {
				seen[e.SearchID] = e
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return st, firstErr
	}
	now := s.now()
	// Recording a match is two small writes; they run in parallel too, so
	// a publication that matches many searches is not held up by them.
	for _, e := range seen {
		q := e.Criteria.Query()
		if e.UserID == ad.SellerID || !search.Matches(q, ad) {
			continue
		}
		m := Match{
			AdID: ad.ID, Title: ad.Title, PriceRp: ad.PriceRp, DiscountPct: ad.DiscountPct, EffectivePriceRp: ad.EffectivePriceRp(),
			Locality: ad.Locality, PostalCode: ad.PostalCode, Canton: strings.ToUpper(ad.Canton), ThumbKey: ad.ThumbKey,
		}
		if q.Near != nil {
			m.DistanceKm = search.DistanceKm(q.Near.Lat, q.Near.Lon, ad.Lat, ad.Lon)
		}
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			err := s.store.Record(ctx, e, m, now)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				st.Matched++
			case errors.Is(err, errInactive):
			default:
				firstErr = cmpErr(firstErr, err)
			}
		})
	}
	wg.Wait()
	return st, firstErr
}

func cmpErr(first, err error) error {
	if first != nil {
		return first
	}
	return err
}
