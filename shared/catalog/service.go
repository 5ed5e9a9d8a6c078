package catalog

import (
	"context"
	"crypto/rand"
	"log/slog"
	"sync"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/accounts"
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
	// (one GetItem of the taxonomy version, taxonomy_store.go), so an edit shows
	// within ReferenceRecheck; ReferenceTTL still bounds changes made
	// outside the back office (the seed).
	ReferenceTTL     = 60 * time.Second
	ReferenceRecheck = 5 * time.Second
	// UploadTTL is how long a presigned upload URL works.
	UploadTTL = 10 * time.Minute
	// MyAdsPageSize is the page size of My ads (GET /products/mine).
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
