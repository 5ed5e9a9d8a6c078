package catalog

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/search"
)

// Subscriptions reads a seller's subscriptions (*billing.DynamoStore).
type Subscriptions interface {
	Subscriptions(ctx context.Context, uid string) ([]billing.Subscription, error)
}

// Sellers finds the account behind an ad (*accounts.DynamoStore).
type Sellers interface {
	UserByID(ctx context.Context, uid string) (accounts.User, error)
}

// Limits and durations of the service.
const (
	// ReferenceTTL is how long categories and brands are cached (spec §9:
	// unused cached data is kept 60 seconds). ReferenceRecheck is how often
	// within that a warm function asks whether the back office changed them
	// (one GetItem of the taxonomy version, taxonomy.go), so an edit shows
	// within ReferenceRecheck; ReferenceTTL still bounds changes made
	// outside the back office (the seed).
	ReferenceTTL     = 60 * time.Second
	ReferenceRecheck = 5 * time.Second
	// UploadTTL is how long a presigned upload URL works.
	UploadTTL = 10 * time.Minute
	// MyAdsPageSize is the page of GET /products/mine.
	MyAdsPageSize = 20
	// SimilarCount is how many similar ads are shown, SimilarRadiusKm how
	// near they are looked for first.
	SimilarCount    = 8
	SimilarRadiusKm = 50
	// BatchMax is the most ids of one cards request.
	BatchMax = 24
	// LocalitiesMax is the most localities one autocomplete returns.
	LocalitiesMax = 10
	// maxAttempts bounds the re-reads of an operation that raced another.
	maxAttempts = 4
	// StaleUpload is how long after its upload was presigned a pending
	// image is taken for abandoned (the browser never sent the file, so no
	// S3 event will come): it fails with ReasonUploadMissing when the seller
	// needs its place in the allowance.
	StaleUpload = time.Hour
	// ReasonUploadMissing is the failure reason of an abandoned upload.
	ReasonUploadMissing = "upload_missing"
)

// Service holds the catalogue's rules. Safe for concurrent use.
type Service struct {
	store   *Store
	subs    Subscriptions
	sellers Sellers
	blobs   Blobs
	uploads Uploads
	now     func() time.Time
	log     *slog.Logger
	// published hears of publications (nil: nobody).
	published PublishListener
	// limiter limits the view counter per client address (views.go).
	limiter Limiter

	mu         sync.Mutex
	categories cached[[]Category]
	brands     cached[[]Brand]
}

// cached is a copy of reference data: read at at, of version ver,
// confirmed current at checked.
type cached[T any] struct {
	at, checked time.Time
	ver         int64
	loaded      bool
	val         T
}

// NewService returns a Service; store must sign cursors (WithCursors).
func NewService(store *Store, subs Subscriptions, sellers Sellers, blobs Blobs, uploads Uploads) *Service {
	return &Service{store: store, subs: subs, sellers: sellers, blobs: blobs, uploads: uploads, now: time.Now, log: slog.Default()}
}

// WithClock returns a copy of the service reading the time from now
// (tests).
func (s *Service) WithClock(now func() time.Time) *Service {
	return s.copyWith(now, s.published)
}

// copyWith is a fresh copy of s (its caches start empty) with now and
// published.
func (s *Service) copyWith(now func() time.Time, published PublishListener) *Service {
	return &Service{
		store: s.store, subs: s.subs, sellers: s.sellers, blobs: s.blobs, uploads: s.uploads, now: now, log: s.log,
		published: published, limiter: s.limiter,
	}
}

// PublishListener hears of each ad that went on sale through Publish
// (the saved-search alerts). It must not fail the publication: it
// handles and logs its own errors.
type PublishListener interface {
	Published(ctx context.Context, ad search.Ad)
}

// WithPublishListener returns a copy of the service that tells l of every
// publication (from draft or expired, not a reactivation within the run).
func (s *Service) WithPublishListener(l PublishListener) *Service {
	return s.copyWith(s.now, l)
}

func newID(now time.Time) string {
	return ulid.MustNew(ulid.Timestamp(now), rand.Reader).String()
}

// ---------------------------------------------------------------- reference data

// Categories returns the public category tree in sort order: hidden
// categories and their sub-categories left out (cached, see ReferenceTTL).
func (s *Service) Categories(ctx context.Context) ([]Category, error) {
	cats, err := s.tree(ctx)
	if err != nil {
		return nil, err
	}
	return VisibleCategories(cats), nil
}

// tree returns every category, hidden ones included (cached).
func (s *Service) tree(ctx context.Context) ([]Category, error) {
	return reference(ctx, s, &s.categories, func(v TaxonomyVersion) int64 { return v.Categories }, s.store.Categories)
}

// Brands returns the brands by name (cached, see ReferenceTTL).
func (s *Service) Brands(ctx context.Context) ([]Brand, error) {
	return reference(ctx, s, &s.brands, func(v TaxonomyVersion) int64 { return v.Brands }, s.store.Brands)
}

// reference returns the copy in c while it is younger than ReferenceTTL
// and its version (pick of the taxonomy version) is current, checked at
// most once per ReferenceRecheck; else it loads and keeps a fresh copy.
func reference[T any](ctx context.Context, s *Service, c *cached[T], pick func(TaxonomyVersion) int64,
	load func(context.Context) (T, error)) (T, error) {
	now := s.now()
	s.mu.Lock()
	cur := *c
	s.mu.Unlock()
	if cur.loaded && now.Sub(cur.at) < ReferenceTTL {
		if now.Sub(cur.checked) < ReferenceRecheck {
			return cur.val, nil
		}
		v, err := s.store.TaxonomyVersion(ctx, false)
		if err != nil {
			// Serve the copy a little longer rather than fail the request.
			s.log.WarnContext(ctx, "catalog: taxonomy version unread; cached reference data kept", "err", err.Error())
			return cur.val, nil
		}
		if pick(v) == cur.ver {
			s.mu.Lock()
			if c.at.Equal(cur.at) {
				c.checked = now
			}
			s.mu.Unlock()
			return cur.val, nil
		}
	}
	// The version first: a change landing between the two reads leaves an
	// older version with newer data, which only costs one more load.
	v, err := s.store.TaxonomyVersion(ctx, false)
	if err != nil {
		var zero T
		return zero, err
	}
	val, err := load(ctx)
	if err != nil {
		var zero T
		return zero, err
	}
	s.mu.Lock()
	*c = cached[T]{at: now, checked: now, ver: pick(v), loaded: true, val: val}
	s.mu.Unlock()
	return val, nil
}

// Localities answers the locality autocomplete: q is a postal code prefix
// (digits) or a name prefix, at least two characters; at most
// LocalitiesMax results.
func (s *Service) Localities(ctx context.Context, q string) ([]Locality, error) {
	q, code := localityQuery.Clean(q)
	if q == "" {
		code = apperr.FieldTooShort
	}
	if code != "" {
		return nil, apperr.Validation(map[string]string{"q": code})
	}
	if strings.Trim(q, "0123456789") == "" {
		return s.store.LocalitiesByPostalPrefix(ctx, q, LocalitiesMax)
	}
	return s.store.LocalitiesByName(ctx, q, LocalitiesMax)
}

// ResolvePlace finds the locality a buyer typed: a postal code, "<postal
// code> <name>", or a name (the exact name wins over a longer one).
// validation_failed with location: unknown_locality when nothing matches.
func (s *Service) ResolvePlace(ctx context.Context, text string) (Locality, error) {
	text = strings.Join(strings.Fields(text), " ")
	unknown := apperr.Validation(map[string]string{"location": apperr.FieldUnknownLocality})
	code, name, _ := strings.Cut(text, " ")
	var (
		locs []Locality
		err  error
	)
	if isPostalCode(code) {
		locs, err = s.store.LocalitiesByPostalCode(ctx, code)
	} else {
		name = text
		locs, err = s.store.LocalitiesByName(ctx, text, LocalitiesMax)
	}
	if err != nil {
		return Locality{}, err
	}
	if len(locs) == 0 {
		return Locality{}, unknown
	}
	if name != "" {
		want := NormalizeName(name)
		for _, l := range locs {
			if NormalizeName(l.Name) == want {
				return l, nil
			}
		}
		if isPostalCode(code) {
			return Locality{}, unknown
		}
	}
	return locs[0], nil
}

// resolve turns a checked input into the stored details: the category
// path from the tree, the canonical brand, the location from the
// gazetteer. validation_failed names an unknown category, locality or
// canton; a hidden category counts as unknown unless it is current, the
// category the ad already has (its ads keep working).
func (s *Service) resolve(ctx context.Context, in ProductInput, current string) (Details, error) {
	d := Details{
		Title: in.Title, CategorySlug: in.CategorySlug, Brand: in.Brand, Description: in.Description,
		PriceRp: in.price(), DiscountPct: in.discount(), Condition: in.Condition, Quantity: in.quantity(),
		Pickup: in.Pickup, Delivery: in.Delivery,
	}
	bad := map[string]string{}
	cats, err := s.tree(ctx)
	if err != nil {
		return Details{}, err
	}
	if in.CategorySlug != current {
		cats = VisibleCategories(cats)
	}
	if d.CategoryPath = categoryPath(cats, in.CategorySlug); d.CategoryPath == nil {
		bad["categorySlug"] = apperr.FieldUnknownCategory
	}
	if in.Brand != "" {
		brands, err := s.Brands(ctx)
		if err != nil {
			return Details{}, err
		}
		d.Brand = canonicalBrand(brands, in.Brand)
	}
	switch l := in.Location; l.Kind {
	case LocationCity:
		locs, err := s.store.LocalitiesByPostalCode(ctx, l.PostalCode)
		if err != nil {
			return Details{}, err
		}
		loc, field, ok := pickLocality(locs, l.Locality)
		if !ok {
			bad[field] = apperr.FieldUnknownLocality
			break
		}
		d.Location = Location{Kind: LocationCity, PostalCode: loc.PostalCode, Locality: loc.Name, Canton: loc.Canton, Lat: loc.Lat, Lon: loc.Lon}
	case LocationCanton:
		c, err := s.store.Canton(ctx, l.Canton)
		if errors.Is(err, apperr.ErrNotFound) {
			bad["location.canton"] = apperr.FieldUnknownCanton
			break
		}
		if err != nil {
			return Details{}, err
		}
		d.Location = Location{Kind: LocationCanton, Canton: c.Code, Lat: c.Lat, Lon: c.Lon}
	}
	if len(bad) > 0 {
		return Details{}, apperr.Validation(bad)
	}
	return d, nil
}

// pickLocality chooses among the localities of a postal code: the one
// named (when a name is given), else the first. field is the input field
// to blame when none fits.
func pickLocality(locs []Locality, name string) (Locality, string, bool) {
	if len(locs) == 0 {
		return Locality{}, "location.postalCode", false
	}
	if name == "" {
		return locs[0], "", true
	}
	want := NormalizeName(name)
	for _, l := range locs {
		if NormalizeName(l.Name) == want {
			return l, "", true
		}
	}
	return Locality{}, "location.locality", false
}

// categoryPath is slug followed by its ancestors, or nil for an unknown
// slug.
func categoryPath(cats []Category, slug string) []string {
	bySlug := make(map[string]Category, len(cats))
	for _, c := range cats {
		bySlug[c.Slug] = c
	}
	var path []string
	for cur := slug; cur != "" && len(path) <= len(cats); {
		c, ok := bySlug[cur]
		if !ok {
			return nil
		}
		path = append(path, c.Slug)
		cur = c.Parent
	}
	return path
}

// canonicalBrand returns the seeded spelling of brand when it names a
// seeded brand (ignoring case, accents, spaces and punctuation), else
// brand as typed.
func canonicalBrand(brands []Brand, brand string) string {
	key := brandMatchKey(brand)
	for _, b := range brands {
		if brandMatchKey(b.Name) == key {
			return b.Name
		}
	}
	return brand
}

func brandMatchKey(s string) string {
	var b strings.Builder
	for _, r := range search.Fold(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// ---------------------------------------------------------------- subscriptions

// usable returns the subscriptions that can give an ad at now (valid, not
// a bundle, ads left), the soonest expiring first.
func usable(subs []billing.Subscription, now time.Time) []billing.Subscription {
	var out []billing.Subscription
	for _, sub := range subs {
		if !sub.Bundle && sub.State(now) == billing.StateValid && sub.RemainingAds > 0 {
			out = append(out, sub)
		}
	}
	slices.SortStableFunc(out, func(a, b billing.Subscription) int { return a.ExpiresAt.Compare(b.ExpiresAt) })
	return out
}

// refusal explains why no subscription of subs can give an ad at now: ads
// used up on an unexpired plan (ad_count_exceeded), else only bundles
// (bundle_plan_no_ads), else nothing valid (subscription_invalid).
func refusal(subs []billing.Subscription, now time.Time) error {
	bundle := false
	for _, sub := range subs {
		if sub.State(now) == billing.StateExpired {
			continue
		}
		if !sub.Bundle {
			return apperr.New(apperr.CodeAdCountExceeded, errors.New("catalog: no ad left in the seller's subscriptions"))
		}
		bundle = true
	}
	if bundle {
		return apperr.New(apperr.CodeBundlePlanNoAds, errors.New("catalog: the seller holds only bundle plans"))
	}
	return apperr.New(apperr.CodeSubscriptionInvalid, errors.New("catalog: the seller holds no valid subscription"))
}

// publishable returns the seller's usable subscriptions at now, or the
// refusal when there is none.
func (s *Service) publishable(ctx context.Context, uid string, now time.Time) ([]billing.Subscription, error) {
	subs, err := s.subs.Subscriptions(ctx, uid)
	if err != nil {
		return nil, fmt.Errorf("catalog: subscriptions of %s: %w", uid, err)
	}
	ok := usable(subs, now)
	if len(ok) == 0 {
		return nil, refusal(subs, now)
	}
	return ok, nil
}

// imageAllowance is how many images (pending and ready) ad a may hold:
// the allowance of the subscription that published it, or for a draft
// the largest allowance among the seller's usable subscriptions.
func (s *Service) imageAllowance(ctx context.Context, a Ad, now time.Time) (int, error) {
	subs, err := s.subs.Subscriptions(ctx, a.SellerID)
	if err != nil {
		return 0, fmt.Errorf("catalog: subscriptions of %s: %w", a.SellerID, err)
	}
	if a.SubscriptionID != "" {
		for _, sub := range subs {
			if sub.ID == a.SubscriptionID {
				return min(sub.ImageAllowance, MaxImagesPerAd), nil
			}
		}
	}
	ok := usable(subs, now)
	if len(ok) == 0 {
		return 0, refusal(subs, now)
	}
	most := 0
	for _, sub := range ok {
		most = max(most, sub.ImageAllowance)
	}
	return min(most, MaxImagesPerAd), nil
}

// ---------------------------------------------------------------- seller's side

// owned reads ad id for its owner p: product_not_found, or
// product_not_owned for anyone else (administrators included).
func (s *Service) owned(ctx context.Context, p auth.Principal, id string) (AdRecord, error) {
	rec, err := s.store.Record(ctx, id)
	if err != nil {
		return AdRecord{}, err
	}
	if rec.Ad.SellerID != p.UserID {
		return AdRecord{}, apperr.New(apperr.CodeProductNotOwned, fmt.Errorf("catalog: ad %s belongs to %s, not %s", id, rec.Ad.SellerID, p.UserID))
	}
	return rec, nil
}

// Create saves a new draft for p from in. It is refused at once
// (subscription_invalid, bundle_plan_no_ads, ad_count_exceeded) when the
// seller could not publish it; nothing is consumed until Publish.
func (s *Service) Create(ctx context.Context, p auth.Principal, in ProductInput) (AdRecord, error) {
	in = in.Normalize()
	if bad := in.Check(); bad != nil {
		return AdRecord{}, apperr.Validation(bad)
	}
	now := s.now().UTC()
	if _, err := s.publishable(ctx, p.UserID, now); err != nil {
		return AdRecord{}, err
	}
	d, err := s.resolve(ctx, in, "")
	if err != nil {
		return AdRecord{}, err
	}
	a := d.Apply(Ad{ID: newID(now), SellerID: p.UserID, Status: StatusDraft, CreatedAt: now, UpdatedAt: now})
	if err := s.store.CreateAd(ctx, a); err != nil {
		return AdRecord{}, err
	}
	return AdRecord{Ad: a}, nil
}

// Update replaces the editable fields of ad id (owner only); an active ad
// is re-indexed.
func (s *Service) Update(ctx context.Context, p auth.Principal, id string, in ProductInput) (AdRecord, error) {
	in = in.Normalize()
	rec, err := s.owned(ctx, p, id)
	if err != nil {
		return AdRecord{}, err
	}
	if bad := in.Check(); bad != nil {
		return AdRecord{}, apperr.Validation(bad)
	}
	d, err := s.resolve(ctx, in, rec.Ad.CategorySlug)
	if err != nil {
		return AdRecord{}, err
	}
	if _, err := s.store.UpdateDetails(ctx, id, p.UserID, d, s.now().UTC()); err != nil {
		return AdRecord{}, err
	}
	return s.store.Record(ctx, id)
}

// Delete removes ad id with its images (owner or administrator).
func (s *Service) Delete(ctx context.Context, p auth.Principal, id string) error {
	a, err := s.store.Ad(ctx, id)
	if err != nil {
		return err
	}
	if a.SellerID != p.UserID && p.Role != auth.RoleAdmin {
		return apperr.New(apperr.CodeProductNotOwned, fmt.Errorf("catalog: delete ad %s by %s", id, p.UserID))
	}
	keys, err := s.store.DeleteAd(ctx, id)
	if err != nil {
		return err
	}
	s.deleteObjects(ctx, keys)
	return nil
}

// deleteObjects removes S3 objects whose items are gone. A failure leaves
// unreachable objects behind, which is logged; the request succeeded.
func (s *Service) deleteObjects(ctx context.Context, keys []string) {
	if err := s.blobs.Delete(ctx, keys); err != nil {
		s.log.ErrorContext(ctx, "catalog: images left in S3", "keys", len(keys), "err", err.Error())
	}
}

// Publish makes ad id of p active (spec: a main image is required; one ad
// of a valid subscription is consumed in the same transaction). From
// draft or expired (or inactive past its expiry) it consumes an ad; an
// inactive ad still within its run is just reactivated. Publishing an
// active ad is product_already_active, unless its publication committed
// but its search index could not follow (the seller was told to try
// again): then the index is completed and the ad answered.
func (s *Service) Publish(ctx context.Context, p auth.Principal, id string) (AdRecord, error) {
	for range maxAttempts {
		rec, err := s.owned(ctx, p, id)
		if err != nil {
			return AdRecord{}, err
		}
		a, now := rec.Ad, s.now().UTC()
		switch {
		case a.Status == StatusActive:
			return s.completePublication(ctx, rec)
		case a.Status == StatusInactive && a.ExpiresAt.After(now):
			return s.setStatus(ctx, p, id, StatusActive)
		}
		ready := readyImages(rec)
		if a.MainImageID == "" || !slices.Contains(ready, a.MainImageID) {
			return AdRecord{}, apperr.New(apperr.CodeMainImageRequired, fmt.Errorf("catalog: publish ad %s without a ready main image", id))
		}
		subs, err := s.publishable(ctx, p.UserID, now)
		if err != nil {
			return AdRecord{}, err
		}
		fits := slices.DeleteFunc(subs, func(sub billing.Subscription) bool { return sub.ImageAllowance < len(ready) })
		if len(fits) == 0 {
			return AdRecord{}, apperr.New(apperr.CodeImageCountExceeded, fmt.Errorf("catalog: ad %s has %d ready images", id, len(ready)))
		}
		for _, sub := range fits {
			published, err := s.store.Publish(ctx, a, sub, now)
			if errors.Is(err, errSubscriptionTaken) {
				continue // taken by a parallel publication: try the next one
			}
			if errors.Is(err, errAdChanged) {
				break // read the ad again
			}
			if err != nil {
				return AdRecord{}, err
			}
			// Published and indexed: a failed read now must not turn the
			// publication into an error the seller would repeat.
			if fresh, err := s.store.Record(ctx, id); err == nil {
				rec = fresh
			} else {
				s.log.WarnContext(ctx, "catalog: reading the published ad back failed; answering it as written", "adId", id, "err", err.Error())
				rec.Ad = published
			}
			if s.published != nil {
				s.published.Published(ctx, SearchAd(rec.Ad))
			}
			return rec, nil
		}
		// Every subscription was taken meanwhile, or the ad changed: the
		// next round reads both again (and refuses if nothing is left).
	}
	return AdRecord{}, apperr.New(apperr.CodeConflict, fmt.Errorf("catalog: publish ad %s: too many concurrent changes", id))
}

// completePublication answers Publish for the active ad of rec: when its
// search postings lag behind it (a publication whose index step failed
// after the commit), it brings them in line, tells the publish listener,
// and answers the ad; otherwise (and for an ad hidden with its seller,
// which is never on sale) product_already_active.
func (s *Service) completePublication(ctx context.Context, rec AdRecord) (AdRecord, error) {
	current, err := s.store.IndexCurrent(ctx, rec.Ad)
	if err != nil {
		return AdRecord{}, err
	}
	if current || rec.Ad.SellerHidden {
		return AdRecord{}, apperr.New(apperr.CodeProductAlreadyActive, fmt.Errorf("catalog: publish ad %s", rec.Ad.ID))
	}
	if err := s.store.SyncIndex(ctx, rec.Ad.ID); err != nil {
		return AdRecord{}, err
	}
	s.log.InfoContext(ctx, "catalog: completed the index of a publication", "adId", rec.Ad.ID)
	if s.published != nil {
		s.published.Published(ctx, SearchAd(rec.Ad))
	}
	return rec, nil
}

func readyImages(rec AdRecord) []string {
	var out []string
	for _, img := range rec.Images {
		if img.State == ImageReady {
			out = append(out, img.ID)
		}
	}
	return out
}

// SetStatus sets ad id of p to active or inactive (the dashboard's
// toggle). Activating an active ad is product_already_active; an expired
// ad (or an inactive one past its expiry) is product_expired: it must be
// published again; a draft is published (main_image_required ...).
func (s *Service) SetStatus(ctx context.Context, p auth.Principal, id, status string) (AdRecord, error) {
	switch status {
	case StatusActive, StatusInactive:
	default:
		return AdRecord{}, apperr.Validation(map[string]string{"status": apperr.FieldInvalid})
	}
	rec, err := s.owned(ctx, p, id)
	if err != nil {
		return AdRecord{}, err
	}
	if status == StatusActive && rec.Ad.Status == StatusDraft {
		return s.Publish(ctx, p, id)
	}
	return s.setStatus(ctx, p, id, status)
}

func (s *Service) setStatus(ctx context.Context, p auth.Principal, id, status string) (AdRecord, error) {
	for range maxAttempts {
		rec, err := s.owned(ctx, p, id)
		if err != nil {
			return AdRecord{}, err
		}
		a, now := rec.Ad, s.now().UTC()
		switch {
		case a.Status == status:
			if status == StatusActive {
				return AdRecord{}, apperr.New(apperr.CodeProductAlreadyActive, fmt.Errorf("catalog: activate ad %s", id))
			}
			return rec, nil
		case a.Status == StatusExpired, status == StatusActive && !a.ExpiresAt.After(now):
			return AdRecord{}, apperr.New(apperr.CodeProductExpired, fmt.Errorf("catalog: set status of ad %s expired at %s", id, a.ExpiresAt))
		case a.Status == StatusDraft:
			return AdRecord{}, apperr.New(apperr.CodeConflict, fmt.Errorf("catalog: deactivate draft %s", id))
		}
		_, err = s.store.SetStatus(ctx, a, status, now)
		if errors.Is(err, errAdChanged) {
			continue
		}
		if err != nil {
			return AdRecord{}, err
		}
		return s.store.Record(ctx, id)
	}
	return AdRecord{}, apperr.New(apperr.CodeConflict, fmt.Errorf("catalog: set status of ad %s: too many concurrent changes", id))
}

// NewUpload is a pending image and where the browser uploads it.
type NewUpload struct {
	Image     Image
	URL       string
	ExpiresAt time.Time
}

// AddImage registers a pending image of ad id (owner only) and presigns
// its upload. Pending and ready images count against the plan's image
// allowance (image_count_exceeded).
func (s *Service) AddImage(ctx context.Context, p auth.Principal, id, contentType string, size int64) (NewUpload, error) {
	contentType = strings.ToLower(strings.TrimSpace(contentType))
	a, err := s.store.Ad(ctx, id)
	if err != nil {
		return NewUpload{}, err
	}
	if a.SellerID != p.UserID {
		return NewUpload{}, apperr.New(apperr.CodeProductNotOwned, fmt.Errorf("catalog: add image to ad %s by %s", id, p.UserID))
	}
	if bad := CheckImage(contentType, size); bad != nil {
		return NewUpload{}, apperr.Validation(bad)
	}
	now := s.now().UTC()
	allowance, err := s.imageAllowance(ctx, a, now)
	if err != nil {
		return NewUpload{}, err
	}
	imageID := newID(now)
	img := Image{
		ID: imageID, AdID: id, State: ImagePending, ContentType: contentType, Size: size,
		UploadKey: UploadKey(id, imageID), CreatedAt: now,
	}
	err = s.store.AddImage(ctx, img, p.UserID, allowance, now)
	if errors.Is(err, ErrImageCountExceeded) {
		released, relErr := s.releaseStaleUploads(ctx, id, now)
		if relErr != nil {
			return NewUpload{}, relErr
		}
		if released {
			err = s.store.AddImage(ctx, img, p.UserID, allowance, now)
		}
	}
	if err != nil {
		return NewUpload{}, err
	}
	url, err := s.uploads.PresignPut(ctx, img.UploadKey, contentType, size, UploadTTL)
	if err != nil {
		return NewUpload{}, fmt.Errorf("catalog: add image to ad %s: %w", id, err)
	}
	return NewUpload{Image: img, URL: url, ExpiresAt: now.Add(UploadTTL)}, nil
}

// releaseStaleUploads fails the pending images of ad id whose upload was
// presigned more than StaleUpload ago, so they leave the allowance. It
// reports whether it released any.
func (s *Service) releaseStaleUploads(ctx context.Context, id string, now time.Time) (bool, error) {
	rec, err := s.store.Record(ctx, id)
	if err != nil {
		return false, err
	}
	released := false
	for _, img := range rec.Images {
		if img.State != ImagePending || now.Sub(img.CreatedAt) < StaleUpload {
			continue
		}
		err := s.store.MarkImageFailed(ctx, id, img.ID, ReasonUploadMissing, now)
		if err != nil && !errors.Is(err, apperr.ErrConflict) { // ready meanwhile: keep it
			return released, err
		}
		released = released || err == nil
	}
	return released, nil
}

// checkImage resolves image imageID for an operation on ad id: image_not_found
// when unknown, image_not_in_product when it belongs to another ad.
func (s *Service) checkImage(ctx context.Context, id, imageID string) error {
	adID, _, err := s.store.ImageOwner(ctx, imageID)
	if err != nil {
		return err
	}
	if adID != id {
		return apperr.New(apperr.CodeImageNotInProduct, fmt.Errorf("catalog: image %s belongs to ad %s, not %s", imageID, adID, id))
	}
	return nil
}

// SetMainImage makes the ready image imageID the main image of ad id
// (owner only).
func (s *Service) SetMainImage(ctx context.Context, p auth.Principal, id, imageID string) (AdRecord, error) {
	if _, err := s.owned(ctx, p, id); err != nil {
		return AdRecord{}, err
	}
	if err := s.checkImage(ctx, id, imageID); err != nil {
		return AdRecord{}, err
	}
	if _, err := s.store.SetMainImage(ctx, id, imageID, p.UserID, s.now().UTC()); err != nil {
		return AdRecord{}, err
	}
	return s.store.Record(ctx, id)
}

// DeleteImage removes image imageID of ad id and its S3 objects. Only the
// ad's owner may (image_delete_forbidden for anyone else); image_not_found
// and image_not_in_product for an unknown image or one of another ad.
func (s *Service) DeleteImage(ctx context.Context, p auth.Principal, id, imageID string) error {
	a, err := s.store.Ad(ctx, id)
	if err != nil {
		return err
	}
	if a.SellerID != p.UserID {
		return apperr.New(apperr.CodeImageDeleteForbidden, fmt.Errorf("catalog: delete image %s of ad %s by %s", imageID, id, p.UserID))
	}
	if err := s.checkImage(ctx, id, imageID); err != nil {
		return err
	}
	for range maxAttempts {
		rec, err := s.store.Record(ctx, id)
		if err != nil {
			return err
		}
		keys, err := s.store.DeleteImage(ctx, rec, imageID, s.now().UTC())
		if errors.Is(err, errImageRace) {
			continue
		}
		if err != nil {
			return err
		}
		s.deleteObjects(ctx, keys)
		return nil
	}
	return apperr.New(apperr.CodeConflict, fmt.Errorf("catalog: delete image %s of ad %s: too many concurrent changes", imageID, id))
}

// MyAds returns a page of p's ads (newest created first, MyAdsPageSize per
// page) with their stats (clicks, favourites); status filters when not
// empty.
func (s *Service) MyAds(ctx context.Context, p auth.Principal, status, cursor string) (SellerPage, map[string]Stats, error) {
	switch status {
	case "", StatusDraft, StatusActive, StatusInactive, StatusExpired:
	default:
		return SellerPage{}, nil, apperr.Validation(map[string]string{"status": apperr.FieldInvalid})
	}
	page, err := s.store.SellerAds(ctx, p.UserID, status, cursor, MyAdsPageSize)
	if err != nil {
		return SellerPage{}, nil, err
	}
	ids := make([]string, len(page.Ads))
	for i, a := range page.Ads {
		ids[i] = a.ID
	}
	stats, err := s.store.Stats(ctx, ids)
	if err != nil {
		return SellerPage{}, nil, err
	}
	return page, stats, nil
}

// ---------------------------------------------------------------- buyer's side

// Detail is an ad as one viewer may see it.
type Detail struct {
	Record AdRecord
	Seller accounts.User
	// Privileged: the viewer is the owner or an administrator (sees every
	// image, exact location and clicks).
	Privileged bool
	// CanEdit: the viewer is the owner.
	CanEdit bool
}

// Detail returns ad id for viewer (zero Principal: anonymous). Active ads
// are public; others only for their owner and administrators
// (product_not_found for anyone else).
func (s *Service) Detail(ctx context.Context, viewer auth.Principal, id string) (Detail, error) {
	rec, err := s.store.Record(ctx, id)
	if err != nil {
		return Detail{}, err
	}
	return s.detail(ctx, viewer, rec)
}

func (s *Service) detail(ctx context.Context, viewer auth.Principal, rec AdRecord) (Detail, error) {
	owner := viewer.UserID != "" && viewer.UserID == rec.Ad.SellerID
	privileged := owner || viewer.Role == auth.RoleAdmin
	if rec.Ad.Status != StatusActive && !privileged {
		return Detail{}, apperr.New(apperr.CodeProductNotFound, fmt.Errorf("catalog: ad %s is %s", rec.Ad.ID, rec.Ad.Status))
	}
	seller, err := s.sellers.UserByID(ctx, rec.Ad.SellerID)
	if err != nil && !errors.Is(err, apperr.ErrNotFound) {
		return Detail{}, fmt.Errorf("catalog: seller of ad %s: %w", rec.Ad.ID, err)
	}
	// A suspended or banned seller's ads are hidden from everyone else.
	if !privileged && (rec.Ad.SellerHidden || (err == nil && seller.Status != accounts.StatusActive)) {
		return Detail{}, apperr.New(apperr.CodeProductNotFound, fmt.Errorf("catalog: ad %s: seller %s is not active", rec.Ad.ID, rec.Ad.SellerID))
	}
	return Detail{Record: rec, Seller: seller, Privileged: privileged, CanEdit: owner}, nil
}

// DetailOf returns the Detail of a record the caller just wrote as its
// owner p. The write is done: when the seller's profile cannot be read,
// the detail goes without it (logged), rather than answering an error the
// seller would answer by writing again (a second draft).
func (s *Service) DetailOf(ctx context.Context, p auth.Principal, rec AdRecord) (Detail, error) {
	d, err := s.detail(ctx, p, rec)
	if err != nil && p.UserID != "" && p.UserID == rec.Ad.SellerID {
		s.log.WarnContext(ctx, "catalog: seller profile unread; answering the ad without it", "adId", rec.Ad.ID, "err", err.Error())
		return Detail{Record: rec, Privileged: true, CanEdit: true}, nil
	}
	return d, err
}

// View counts a click on ad id by visitorID (a random id the browser
// keeps) from the client address addr unless the viewer owns the ad, the
// user agent is a bot, or this visitor or this address (an IPv6 client's
// /64) was counted for the ad today. Ads that are not active count
// nothing; unknown ads are product_not_found. One address posts at most
// ViewAddressLimit views per ViewAddressWindow, whatever the ad
// (too_many_requests).
func (s *Service) View(ctx context.Context, viewer auth.Principal, id, visitorID, userAgent, addr string) error {
	if n := len(visitorID); n < 8 || n > 100 || strings.Trim(visitorID, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		return apperr.Validation(map[string]string{"visitorId": apperr.FieldInvalid})
	}
	if err := s.allowView(ctx, addr); err != nil {
		return err
	}
	a, err := s.store.Ad(ctx, id)
	if err != nil {
		return err
	}
	if a.Status != StatusActive || viewer.UserID == a.SellerID || IsBot(userAgent) {
		return nil
	}
	if first, err := s.firstViewToday(ctx, id, addr); err != nil || !first {
		return err
	}
	_, err = s.store.CountView(ctx, id, VisitorHash(visitorID), s.now().UTC())
	return err
}

// botMarkers are substrings (lower-case) of the user agents of crawlers,
// previewers, monitors and scripts.
var botMarkers = []string{
	"bot", "crawl", "spider", "slurp", "facebookexternalhit", "embedly", "preview", "headless", "lighthouse",
	"pingdom", "uptime", "monitor", "curl/", "wget/", "python-requests", "python-urllib", "go-http-client",
	"okhttp", "java/", "libwww", "httpclient", "axios/", "node-fetch", "scrapy", "phantomjs", "selenium",
}

// IsBot reports whether userAgent looks like a crawler or a script (an
// empty user agent does too).
func IsBot(userAgent string) bool {
	ua := strings.ToLower(strings.TrimSpace(userAgent))
	if ua == "" {
		return true
	}
	for _, m := range botMarkers {
		if strings.Contains(ua, m) {
			return true
		}
	}
	return false
}

// Cards returns the search cards of the active ads among ids (at most
// BatchMax), in the order of ids.
func (s *Service) Cards(ctx context.Context, ids []string) ([]search.Card, error) {
	if len(ids) > BatchMax {
		return nil, apperr.Validation(map[string]string{"ids": apperr.FieldTooLong})
	}
	ads, err := s.store.Ads(ctx, ids)
	if err != nil {
		return nil, err
	}
	cards := make([]search.Card, 0, len(ads))
	for _, a := range ads {
		if a.Status == StatusActive && !a.SellerHidden {
			cards = append(cards, CardOf(a))
		}
	}
	return cards, nil
}

// CardOf is the search card of ad a, as its postings project it.
func CardOf(a Ad) search.Card {
	sa := SearchAd(a)
	cat := ""
	if len(a.CategoryPath) > 0 {
		cat = a.CategoryPath[0]
	}
	return search.Card{
		ID: a.ID, Title: a.Title, Brand: a.Brand, Category: cat, Condition: a.Condition, PriceRp: a.PriceRp,
		DiscountPct: a.DiscountPct, EffectivePriceRp: sa.EffectivePriceRp(), Canton: strings.ToUpper(a.Location.Canton),
		PostalCode: a.Location.PostalCode, Locality: a.Location.Locality, Lat: a.Location.Lat, Lon: a.Location.Lon,
		PublishedAt: a.PublishedAt, ThumbKey: sa.ThumbKey, SellerID: a.SellerID,
	}
}

// Similar returns up to SimilarCount active ads of the same category as
// ad id, near it (SimilarRadiusKm) first, then anywhere; never the ad
// itself. An ad that is not active (its owner's preview) has none.
func (s *Service) Similar(ctx context.Context, id string) ([]search.Card, error) {
	a, err := s.store.Ad(ctx, id)
	if err != nil {
		return nil, err
	}
	if a.Status != StatusActive {
		return nil, nil
	}
	seen := map[string]bool{id: true}
	var out []search.Card
	add := func(q search.Query) error {
		page, err := search.Search(ctx, s.store.db, s.store.table, s.store.cursors, q)
		if err != nil {
			return fmt.Errorf("catalog: similar to %s: %w", id, err)
		}
		for _, c := range page.Items {
			if len(out) < SimilarCount && !seen[c.ID] {
				seen[c.ID] = true
				out = append(out, c)
			}
		}
		return nil
	}
	q := search.Query{Category: a.CategorySlug, Limit: SimilarCount + 1}
	if a.Location.Lat != 0 || a.Location.Lon != 0 {
		near := q
		near.Near = &search.Near{Lat: a.Location.Lat, Lon: a.Location.Lon, RadiusKm: SimilarRadiusKm}
		if err := add(near); err != nil {
			return nil, err
		}
	}
	if len(out) < SimilarCount {
		q.Limit = SimilarCount + len(out) + 1
		if err := add(q); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// SearchParams are a buyer's filters as the product list sends them.
// Location is a postal code or locality name (resolved through the
// gazetteer); RadiusKm applies to it.
type SearchParams struct {
	Text       string
	Category   string
	Brand      string
	Condition  string
	MaxPriceRp int64
	Location   string
	RadiusKm   float64
	Canton     string
	Sort       string
	Limit      int
	Cursor     string
}

// SearchResult is a page of cards and the place the radius is around.
type SearchResult struct {
	Page  search.Page
	Place *Locality
}

// Search answers the product list.
func (s *Service) Search(ctx context.Context, p SearchParams) (SearchResult, error) {
	q := search.Query{
		Text: p.Text, Category: p.Category, Brand: p.Brand, Condition: p.Condition, MaxPriceRp: p.MaxPriceRp,
		Canton: p.Canton, Sort: p.Sort, Limit: p.Limit, Cursor: p.Cursor,
	}
	var res SearchResult
	if strings.TrimSpace(p.Location) != "" {
		loc, err := s.ResolvePlace(ctx, p.Location)
		if err != nil {
			return SearchResult{}, err
		}
		res.Place = &loc
		q.Near = &search.Near{Lat: loc.Lat, Lon: loc.Lon, RadiusKm: p.RadiusKm}
	}
	page, err := search.Search(ctx, s.store.db, s.store.table, s.store.cursors, q)
	if err != nil {
		return SearchResult{}, fmt.Errorf("catalog: search: %w", err)
	}
	res.Page = page
	return res, nil
}
