package privacy

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/alerts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/contactreq"
	"github.com/remat/remat/shared/favourites"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
	"github.com/remat/remat/shared/reviews"
)

// Users is what privacy needs of accounts (*accounts.DynamoStore).
type Users interface {
	UserByID(ctx context.Context, uid string) (accounts.User, error)
	IdentityLinks(ctx context.Context, uid string) ([]accounts.IdentityLink, error)
	RemoveFromSearch(ctx context.Context, uid string) error
	EraseUser(ctx context.Context, u accounts.User, links []accounts.IdentityLink, deletedAt string, extra []types.TransactWriteItem) error
}

// Confirmer checks the password or e-mail that confirms a deletion
// (*accounts.Service).
type Confirmer interface {
	CheckConfirmation(ctx context.Context, p auth.Principal, password, email string) (accounts.User, error)
}

// Ads is what privacy needs of the catalogue (*catalog.Store).
type Ads interface {
	EachSellerAd(ctx context.Context, sellerID string, fn func(id string) error) error
	Record(ctx context.Context, id string) (catalog.AdRecord, error)
	EraseAd(ctx context.Context, id, sellerID string, blobs catalog.Blobs, now time.Time) (int, error)
}

// Avatars deletes profile photos (*blob.Store).
type Avatars interface {
	Delete(ctx context.Context, key string) error
}

// Requests is what privacy needs of contact requests
// (*contactreq.DynamoStore).
type Requests interface {
	List(ctx context.Context, sellerID string, archived bool, limit int, cursor string) (contactreq.Page, error)
	Delete(ctx context.Context, sellerID, id string) error
}

// Favourites is what privacy needs of the wish list (*favourites.Store).
type Favourites interface {
	All(ctx context.Context, uid string) ([]favourites.Favourite, error)
	RemoveAll(ctx context.Context, uid string) (int, error)
}

// SavedSearches is what privacy needs of saved searches (*alerts.Store).
type SavedSearches interface {
	List(ctx context.Context, uid string) ([]alerts.SavedSearch, error)
	RemoveAll(ctx context.Context, uid string) error
}

// Reviews is what privacy needs of the reviews a user wrote
// (*reviews.Store).
type Reviews interface {
	ByAuthor(ctx context.Context, buyerID string) ([]reviews.Review, error)
	EraseAuthor(ctx context.Context, buyerID string) (int, error)
}

// Billing reads a user's money records (*billing.DynamoStore).
type Billing interface {
	Subscriptions(ctx context.Context, uid string) ([]billing.Subscription, error)
	Payments(ctx context.Context, uid string) ([]billing.Payment, error)
	Order(ctx context.Context, id string) (billing.Order, error)
	Invoice(ctx context.Context, id string) (billing.Invoice, error)
}

// QueryAPI is the part of the DynamoDB client privacy queries with
// (*dynamodb.Client).
type QueryAPI interface {
	Query(ctx context.Context, in *dynamodb.QueryInput, optFns ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error)
	DeleteItem(ctx context.Context, in *dynamodb.DeleteItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.DeleteItemOutput, error)
}

// Limiter is the request rate limiter (*ratelimit.Limiter).
type Limiter interface {
	Allow(ctx context.Context, scope, key string, limit int, window time.Duration) (ratelimit.Decision, error)
}

// Deps are the stores and clients a Service works with; all are required.
type Deps struct {
	Users     Users
	Confirmer Confirmer
	Ads       Ads
	// AdBlobs deletes ad photos (catalog.S3Blobs on the images bucket).
	AdBlobs    catalog.Blobs
	Avatars    Avatars
	Requests   Requests
	Favourites Favourites
	// SavedSearches: the user's saved searches and their alerts.
	SavedSearches SavedSearches
	// Reviews: the reviews the user wrote.
	Reviews Reviews
	Billing Billing
	// DB and Table: the single table, for the queries of keys.go.
	DB      QueryAPI
	Table   string
	Audit   *audit.Recorder
	Limiter Limiter
	Sender  mail.Sender
}

// DefaultBudget is how long one deletion request works before it answers
// "in progress" (the HTTP API ends a request after 30 s).
const DefaultBudget = 20 * time.Second

// Options configure a Service.
type Options struct {
	// From is the sender of the deletion e-mail (MAIL_FROM).
	From string
	// SiteURL is the public site (SITE_URL): photo URLs in the export and
	// the contact link in the e-mail.
	SiteURL string
	// Budget bounds the work of one deletion request; zero means
	// DefaultBudget.
	Budget time.Duration
}

// Service implements the export and the deletion. Safe for concurrent use.
type Service struct {
	d    Deps
	opts Options
	now  func() time.Time
}

// NewService returns a Service.
func NewService(d Deps, opts Options) *Service {
	if opts.Budget <= 0 {
		opts.Budget = DefaultBudget
	}
	return &Service{d: d, opts: opts, now: time.Now}
}

// WithClock returns a copy of s that reads the time from now (tests).
func (s *Service) WithClock(now func() time.Time) *Service {
	c := *s
	c.now = now
	return &c
}

// user loads p's account; a token whose account is gone is not_logged_in.
func (s *Service) user(ctx context.Context, p auth.Principal) (accounts.User, error) {
	u, err := s.d.Users.UserByID(ctx, p.UserID)
	if errors.Is(err, apperr.ErrNotFound) {
		return accounts.User{}, fmt.Errorf("privacy: account %s: %w", p.UserID, apperr.New(apperr.CodeNotLoggedIn, err))
	}
	if err != nil {
		return accounts.User{}, fmt.Errorf("privacy: account %s: %w", p.UserID, err)
	}
	return u, nil
}
