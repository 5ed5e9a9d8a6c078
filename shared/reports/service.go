package reports

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/mail"
	"github.com/remat/remat/shared/ratelimit"
)

// Store persists reports.
type Store interface {
	// Create stores a new open report with its guard and lookup:
	// report_already_open when the reporter has an open report on the ad.
	Create(ctx context.Context, r Report) error
	// MarkNotified records that the provider's inbox was e-mailed.
	MarkNotified(ctx context.Context, r Report) error
	// Get returns report id: ad_report_not_found when there is none.
	Get(ctx context.Context, id string) (Report, error)
	// OpenOfAd returns the open reports of ad adID.
	OpenOfAd(ctx context.Context, adID string) ([]Report, error)
	// Resolve resolves the open report r with res at at, removes its
	// guard and writes extra in the same transaction. A report no longer
	// open is report_already_resolved; a failed condition of extra is
	// errChanged.
	Resolve(ctx context.Context, r Report, res Resolution, at time.Time, extra ...types.TransactWriteItem) (Report, error)
	// List returns a page of reports in status: open oldest first,
	// resolved newest first.
	List(ctx context.Context, status Status, limit int, cursor string) (Page, error)
}

// Page is one page of reports.
type Page struct {
	Items      []Report
	NextCursor string
}

// errChanged: an action written with a resolution failed its condition
// (the ad is no longer active); the service reads again.
var errChanged = errors.New("reports: the ad changed meanwhile")

// Ads is the catalogue as reports use it (*catalog.Store).
type Ads interface {
	Ad(ctx context.Context, id string) (catalog.Ad, error)
	Ads(ctx context.Context, ids []string) ([]catalog.Ad, error)
	DeactivateUpdate(a catalog.Ad, now time.Time) *types.Update
	SyncIndex(ctx context.Context, id string) error
}

// Users reads accounts (*accounts.DynamoStore).
type Users interface {
	UserByID(ctx context.Context, uid string) (accounts.User, error)
}

// Suspender changes an account's status as the back office does, with its
// audit entry and hiding the account's ads (*admin.Service).
type Suspender interface {
	SetStatus(ctx context.Context, actor auth.Principal, uid string, to accounts.Status, reason string) (accounts.User, error)
}

// Limiter is the request rate limiter (ratelimit.Limiter).
type Limiter interface {
	Allow(ctx context.Context, scope, key string, limit int, window time.Duration) (ratelimit.Decision, error)
}

// Options configure a Service.
type Options struct {
	// From is the sender of the e-mails (MAIL_FROM).
	From string
	// Inbox is the provider's address notified of new reports (CONTACT_INBOX).
	Inbox string
	// SiteURL is the public site (SITE_URL), for links to the ad.
	SiteURL string
}

// Service implements the report rules. Safe for concurrent use.
type Service struct {
	store     Store
	ads       Ads
	users     Users
	suspender Suspender
	limiter   Limiter
	sender    mail.Sender
	recorder  *audit.Recorder
	opts      Options
	now       func() time.Time
}

// NewService returns a Service. suspender may be nil in a function that
// only takes reports (suspend_seller then fails).
func NewService(store Store, ads Ads, users Users, suspender Suspender, limiter Limiter, sender mail.Sender, recorder *audit.Recorder, opts Options) *Service {
	return &Service{store: store, ads: ads, users: users, suspender: suspender, limiter: limiter, sender: sender,
		recorder: recorder, opts: opts, now: time.Now}
}

// WithClock returns a copy of s that reads the time from now (tests).
func (s *Service) WithClock(now func() time.Time) *Service {
	c := *s
	c.now = now
	c.recorder = s.recorder.WithClock(now)
	return &c
}

// Client describes who sent a report.
type Client struct {
	// Address is the client IP (httpx.ClientIP); "" when unknown.
	Address string
	// Principal is the signed-in reporter (zero when anonymous).
	Principal auth.Principal
	// Language is the reporter's preferred UI language (Accept-Language),
	// used for the e-mail about the outcome when they are not signed in.
	Language string
}

// Submit validates sub, applies the rate limits (per client address and
// per e-mail), checks that the ad is active and stores the report; then the
// provider's inbox is e-mailed (a failed e-mail is logged: the report is in
// the queue). Errors: validation_failed, too_many_requests,
// product_not_found (not an active, visible ad), report_already_open.
func (s *Service) Submit(ctx context.Context, sub Submission, c Client) (Report, error) {
	sub = sub.Normalize()
	if err := sub.Validate(); err != nil {
		return Report{}, fmt.Errorf("reports: submit: %w", err)
	}
	addr := c.Address
	if addr == "" {
		addr = "unknown"
	}
	for _, l := range []struct {
		scope, key string
		limit      int
	}{{RateScopeAddr, addr, RateLimitAddr}, {RateScopeEmail, normalizeEmail(sub.Email), RateLimitEmail}} {
		dec, err := s.limiter.Allow(ctx, l.scope, l.key, l.limit, RateWindow)
		if err != nil {
			return Report{}, fmt.Errorf("reports: submit: rate limit: %w", err)
		}
		if !dec.Allowed {
			return Report{}, fmt.Errorf("reports: submit: %w", apperr.TooManyRequests(dec.RetryAfter))
		}
	}
	ad, err := s.ads.Ad(ctx, sub.ProductID)
	if err != nil {
		return Report{}, fmt.Errorf("reports: submit: %w", err)
	}
	if ad.Status != catalog.StatusActive || ad.SellerHidden {
		return Report{}, fmt.Errorf("reports: submit: ad %s is %s: %w", ad.ID, ad.Status, apperr.New(apperr.CodeProductNotFound, nil))
	}
	lang := languageOr(c.Language)
	if c.Principal.UserID != "" {
		if u, err := s.users.UserByID(ctx, c.Principal.UserID); err == nil && u.Language != "" {
			lang = languageOr(u.Language)
		}
	}
	now := s.now().UTC()
	r := Report{
		ID: ulid.MustNew(ulid.Timestamp(now), ulid.DefaultEntropy()).String(), AdID: ad.ID, Reason: Reason(sub.Reason),
		Details: sub.Details, Email: sub.Email, Language: lang, ReporterID: c.Principal.UserID,
		ClientHash: ratelimit.KeyHash(addr), ConsentAt: now, Status: StatusOpen, CreatedAt: now,
	}
	if err := s.store.Create(ctx, r); err != nil {
		return Report{}, fmt.Errorf("reports: submit: %w", err)
	}
	msg, err := adminNotification(r, ad, s.opts)
	if err == nil {
		err = s.sender.Send(ctx, msg)
	}
	if err != nil {
		slog.ErrorContext(ctx, "reports: notify the provider failed; the report is in the queue", "id", r.ID, "err", err.Error())
		return r, nil
	}
	if err := s.store.MarkNotified(ctx, r); err != nil {
		slog.WarnContext(ctx, "reports: record notification", "id", r.ID, "err", err.Error())
	}
	r.Notified = true
	return r, nil
}

// Page size bounds of List.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// List returns a page of reports in status (open: oldest first; resolved:
// newest first) with their ads.
func (s *Service) List(ctx context.Context, status string, limit int, cursor string) ([]View, string, error) {
	fields := map[string]string{}
	if limit < 1 || limit > MaxPageSize {
		fields["limit"] = apperr.FieldInvalid
	}
	switch Status(status) {
	case StatusOpen, StatusResolved:
	default:
		fields["status"] = apperr.FieldInvalid
	}
	if len(fields) > 0 {
		return nil, "", fmt.Errorf("reports: list: %w", apperr.Validation(fields))
	}
	page, err := s.store.List(ctx, Status(status), limit, cursor)
	if err != nil {
		return nil, "", fmt.Errorf("reports: list: %w", err)
	}
	views, err := s.views(ctx, page.Items)
	if err != nil {
		return nil, "", err
	}
	return views, page.NextCursor, nil
}

// Get returns report id with its ad: ad_report_not_found.
func (s *Service) Get(ctx context.Context, id string) (View, error) {
	r, err := s.store.Get(ctx, id)
	if err != nil {
		return View{}, fmt.Errorf("reports: get: %w", err)
	}
	views, err := s.views(ctx, []Report{r})
	if err != nil {
		return View{}, err
	}
	return views[0], nil
}

// View is a report with the ad it is about (Product nil when the ad was
// deleted since) and the ad's seller.
type View struct {
	Report  Report
	Product *Product
}

// Product is the reported ad as the back office shows it.
type Product struct {
	ID         string
	Title      string
	Status     string
	SellerID   string
	SellerName string
}

// views reads the ads (one BatchGetItem) and their sellers of rs.
func (s *Service) views(ctx context.Context, rs []Report) ([]View, error) {
	ids := make([]string, 0, len(rs))
	for _, r := range rs {
		if !slices.Contains(ids, r.AdID) {
			ids = append(ids, r.AdID)
		}
	}
	ads := map[string]catalog.Ad{}
	if len(ids) > 0 {
		list, err := s.ads.Ads(ctx, ids)
		if err != nil {
			return nil, fmt.Errorf("reports: ads of reports: %w", err)
		}
		for _, a := range list {
			ads[a.ID] = a
		}
	}
	sellers := map[string]string{}
	out := make([]View, 0, len(rs))
	for _, r := range rs {
		v := View{Report: r}
		if a, ok := ads[r.AdID]; ok {
			name, seen := sellers[a.SellerID]
			if !seen {
				u, err := s.users.UserByID(ctx, a.SellerID)
				if err != nil && !errors.Is(err, apperr.ErrNotFound) {
					return nil, fmt.Errorf("reports: seller of ad %s: %w", a.ID, err)
				}
				name = DisplayName(u)
				sellers[a.SellerID] = name
			}
			v.Product = &Product{ID: a.ID, Title: a.Title, Status: a.Status, SellerID: a.SellerID, SellerName: name}
		}
		out = append(out, v)
	}
	return out, nil
}

// DisplayName is how the back office names an account: the company of a
// professional, else first and last name.
func DisplayName(u accounts.User) string {
	if u.AccountType == accounts.AccountProfessional && u.Company != nil && u.Company.Name != "" {
		return u.Company.Name
	}
	return strings.TrimSpace(u.FirstName + " " + u.LastName)
}

// maxAttempts bounds the re-reads of a resolution that raced a change of
// the ad.
const maxAttempts = 4

// Resolve resolves report id by admin with req. dismiss resolves it
// alone; deactivate_ad sets the ad inactive (and out of search) in the
// same transaction; suspend_seller suspends the ad's seller first (as
// PATCH /admin/users/{id}/status does, audited there). Both then resolve
// the ad's other open reports the same way. Every resolution is audited
// in its transaction; the reporters, and the seller for deactivate_ad and
// suspend_seller, are e-mailed. Errors: validation_failed,
// ad_report_not_found, report_already_resolved, and for suspend_seller
// those of the status change (cannot_block_admin, cannot_change_own_status).
func (s *Service) Resolve(ctx context.Context, admin auth.Principal, id string, req Resolve) (View, error) {
	req = req.Normalize()
	if err := req.Validate(); err != nil {
		return View{}, fmt.Errorf("reports: resolve: %w", err)
	}
	r, err := s.store.Get(ctx, id)
	if err != nil {
		return View{}, fmt.Errorf("reports: resolve: %w", err)
	}
	if r.Status != StatusOpen {
		return View{}, fmt.Errorf("reports: resolve %s: %w", id, apperr.New(apperr.CodeReportAlreadyResolved, nil))
	}
	actor, err := s.actor(ctx, admin)
	if err != nil {
		return View{}, err
	}
	action := Action(req.Action)
	ad, adErr := s.ads.Ad(ctx, r.AdID)
	if adErr != nil && !errors.Is(adErr, catalog.ErrProductNotFound) {
		return View{}, fmt.Errorf("reports: resolve %s: %w", id, adErr)
	}
	adGone := adErr != nil
	if action == ActionSuspendSeller {
		if adGone {
			return View{}, fmt.Errorf("reports: resolve %s: ad %s is gone: %w", id, r.AdID, apperr.New(apperr.CodeProductNotFound, adErr))
		}
		if s.suspender == nil {
			return View{}, fmt.Errorf("reports: resolve %s: no suspender wired", id)
		}
		if _, err := s.suspender.SetStatus(ctx, admin, ad.SellerID, accounts.StatusSuspended, "report "+r.ID); err != nil {
			return View{}, fmt.Errorf("reports: resolve %s: %w", id, err)
		}
	}
	res := Resolution{Action: action, Note: req.Note, By: actor.Email, ByID: actor.ID}
	resolved, err := s.resolveOne(ctx, r, res, actor, action == ActionDeactivateAd && !adGone)
	if err != nil {
		return View{}, err
	}
	all := []Report{resolved}
	if action != ActionDismiss {
		others, err := s.store.OpenOfAd(ctx, r.AdID)
		if err != nil {
			slog.ErrorContext(ctx, "reports: other open reports of the ad stay open", "ad", r.AdID, "err", err.Error())
		}
		for _, o := range others {
			done, err := s.resolveOne(ctx, o, res, actor, false)
			if err != nil {
				if !errors.Is(err, apperr.New(apperr.CodeReportAlreadyResolved, nil)) {
					slog.ErrorContext(ctx, "reports: resolve a sibling report", "id", o.ID, "err", err.Error())
				}
				continue
			}
			all = append(all, done)
		}
	}
	if !adGone {
		if fresh, err := s.ads.Ad(ctx, ad.ID); err == nil {
			ad = fresh
		}
	}
	s.inform(ctx, all, ad, adGone, action)
	views, err := s.views(ctx, []Report{resolved})
	if err != nil {
		return View{}, err
	}
	return views[0], nil
}

// resolveOne resolves r with res, deactivating its ad in the same
// transaction when deactivate is set (and the ad is still active), with the
// audit entry; it retries when the ad changed meanwhile.
func (s *Service) resolveOne(ctx context.Context, r Report, res Resolution, actor audit.Actor, deactivate bool) (Report, error) {
	for range maxAttempts {
		now := s.now().UTC()
		var extra []types.TransactWriteItem
		after := map[string]any{"status": StatusResolved, "action": res.Action, "note": res.Note}
		var ad catalog.Ad
		deactivating := false
		if deactivate {
			a, err := s.ads.Ad(ctx, r.AdID)
			switch {
			case err == nil && a.Status == catalog.StatusActive:
				ad, deactivating = a, true
				extra = append(extra, types.TransactWriteItem{Update: s.ads.DeactivateUpdate(a, now)})
				after["adStatus"] = catalog.StatusInactive
			case err != nil && !errors.Is(err, catalog.ErrProductNotFound):
				return Report{}, fmt.Errorf("reports: resolve %s: %w", r.ID, err)
			}
		}
		before := map[string]any{"status": r.Status, "adId": r.AdID}
		if deactivating {
			before["adStatus"] = ad.Status
		}
		put, _, err := s.recorder.TransactItem(audit.Change{
			Actor: actor, Action: "report.resolve", TargetType: audit.TargetReport, TargetID: r.ID, Before: before, After: after,
		})
		if err != nil {
			return Report{}, fmt.Errorf("reports: resolve %s: %w", r.ID, err)
		}
		extra = append(extra, put)
		if deactivating {
			// The ad's own history shows the deactivation too.
			adPut, _, err := s.recorder.TransactItem(audit.Change{
				Actor: actor, Action: "ad.deactivate", TargetType: audit.TargetAd, TargetID: ad.ID,
				Before: map[string]any{"status": ad.Status}, After: map[string]any{"status": catalog.StatusInactive, "reportId": r.ID},
			})
			if err != nil {
				return Report{}, fmt.Errorf("reports: resolve %s: %w", r.ID, err)
			}
			extra = append(extra, adPut)
		}
		done, err := s.store.Resolve(ctx, r, res, now, extra...)
		if errors.Is(err, errChanged) {
			continue
		}
		if err != nil {
			return Report{}, fmt.Errorf("reports: resolve: %w", err)
		}
		if deactivating {
			if err := s.ads.SyncIndex(ctx, ad.ID); err != nil {
				// The ad is inactive; the next sync of it removes the
				// postings. Say so loudly.
				slog.ErrorContext(ctx, "reports: deactivated ad still indexed", "ad", ad.ID, "err", err.Error())
			}
		}
		return done, nil
	}
	return Report{}, fmt.Errorf("reports: resolve %s: %w", r.ID, apperr.New(apperr.CodeConflict, errors.New("too many concurrent changes")))
}

// actor is the audit actor of admin (their e-mail read from the account).
func (s *Service) actor(ctx context.Context, admin auth.Principal) (audit.Actor, error) {
	u, err := s.users.UserByID(ctx, admin.UserID)
	if err != nil {
		return audit.Actor{}, fmt.Errorf("reports: administrator %s: %w", admin.UserID, err)
	}
	return audit.Actor{ID: u.ID, Email: u.Email}, nil
}

// inform e-mails the reporters of rs and, for actions against the ad or
// its seller, the seller. Failures are logged: the resolution stands.
func (s *Service) inform(ctx context.Context, rs []Report, ad catalog.Ad, adGone bool, action Action) {
	for _, r := range rs {
		if err := s.mailReporter(ctx, r, ad.Title, action); err != nil {
			slog.ErrorContext(ctx, "reports: inform the reporter", "id", r.ID, "err", err.Error())
		}
	}
	if adGone || action == ActionDismiss {
		return
	}
	seller, err := s.users.UserByID(ctx, ad.SellerID)
	if err != nil {
		slog.ErrorContext(ctx, "reports: seller to inform", "ad", ad.ID, "err", err.Error())
		return
	}
	if err := s.mailSeller(ctx, seller, ad.Title, action); err != nil {
		slog.ErrorContext(ctx, "reports: inform the seller", "ad", ad.ID, "err", err.Error())
	}
}

// validID reports whether id is a ULID (report ids from URLs).
func validID(id string) bool {
	_, err := ulid.ParseStrict(id)
	return err == nil && len(id) == ulid.EncodedSize
}
