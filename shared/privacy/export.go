package privacy

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/ddb"
)

// FormatVersion names the layout of the export document.
const FormatVersion = "remat-account-export/1"

// Document is the export: what Remat stores about one account, as the
// account holder may receive it. Amounts are in Rappen (100 = CHF 1.00),
// times RFC 3339 in UTC; empty optional times are left out.
type Document struct {
	Format                  string             `json:"format"`
	ExportedAt              string             `json:"exportedAt"`
	Account                 AccountData        `json:"account"`
	SocialSignIns           []SocialSignIn     `json:"socialSignIns"`
	Ads                     []AdData           `json:"ads"`
	ContactRequestsReceived []RequestData      `json:"contactRequestsReceived"`
	Favourites              []FavouriteData    `json:"favourites"`
	SavedSearches           []SavedSearchData  `json:"savedSearches"`
	ReviewsWritten          []ReviewData       `json:"reviewsWritten"`
	Subscriptions           []SubscriptionData `json:"subscriptions"`
	Orders                  []OrderData        `json:"orders"`
	Payments                []PaymentData      `json:"payments"`
	Invoices                []InvoiceData      `json:"invoices"`
	// Notes explain, in English, what the document leaves out and why.
	Notes []string `json:"notes"`
}

// AccountData is the profile: never the password hash, the token version
// or table keys.
type AccountData struct {
	ID            string            `json:"id"`
	FirstName     string            `json:"firstName"`
	LastName      string            `json:"lastName"`
	Email         string            `json:"email"`
	Phone         string            `json:"phone"`
	Language      string            `json:"language"`
	Role          string            `json:"role"`
	AccountType   string            `json:"accountType"`
	Status        string            `json:"status"`
	EmailVerified bool              `json:"emailVerified"`
	HasPassword   bool              `json:"hasPassword"`
	Company       *accounts.Company `json:"company"`
	PhotoURL      string            `json:"photoUrl,omitempty"`
	CreatedAt     string            `json:"createdAt"`
}

// SocialSignIn is one linked sign-in provider and the provider's id of the
// user.
type SocialSignIn struct {
	Provider string `json:"provider"`
	Subject  string `json:"subject"`
}

// AdData is one ad with its photos and click count.
type AdData struct {
	ID             string           `json:"id"`
	URL            string           `json:"url"`
	Status         string           `json:"status"`
	Title          string           `json:"title"`
	Category       string           `json:"category"`
	CategoryPath   []string         `json:"categoryPath"`
	Brand          string           `json:"brand"`
	Description    string           `json:"description"`
	PriceRp        int64            `json:"priceRp"`
	DiscountPct    int              `json:"discountPct"`
	Condition      string           `json:"condition"`
	Quantity       catalog.Quantity `json:"quantity"`
	Pickup         bool             `json:"pickup"`
	Delivery       bool             `json:"delivery"`
	Location       catalog.Location `json:"location"`
	Clicks         int64            `json:"clicks"`
	Photos         []PhotoData      `json:"photos"`
	CreatedAt      string           `json:"createdAt"`
	UpdatedAt      string           `json:"updatedAt"`
	PublishedAt    string           `json:"publishedAt,omitempty"`
	ExpiresAt      string           `json:"expiresAt,omitempty"`
	SubscriptionID string           `json:"subscriptionId,omitempty"`
}

// PhotoData is one photo of an ad and the URLs of its renditions (none
// until it is processed).
type PhotoData struct {
	ID        string            `json:"id"`
	State     string            `json:"state"`
	Main      bool              `json:"main"`
	URLs      map[string]string `json:"urls"`
	Width     int               `json:"width,omitempty"`
	Height    int               `json:"height,omitempty"`
	CreatedAt string            `json:"createdAt"`
}

// RequestData is one contact request a buyer sent to the user.
type RequestData struct {
	ID        string `json:"id"`
	AdID      string `json:"adId"`
	AdTitle   string `json:"adTitle"`
	Name      string `json:"name"`
	Email     string `json:"email"`
	Phone     string `json:"phone,omitempty"`
	Message   string `json:"message"`
	Read      bool   `json:"read"`
	Archived  bool   `json:"archived"`
	CreatedAt string `json:"createdAt"`
	ReadAt    string `json:"readAt,omitempty"`
}

// SubscriptionData is one subscription or single-publication credit.
type SubscriptionData struct {
	ID             string            `json:"id"`
	PlanID         string            `json:"planId"`
	PlanKind       string            `json:"planKind"`
	PlanName       billing.Localized `json:"planName"`
	StartsAt       string            `json:"startsAt"`
	ExpiresAt      string            `json:"expiresAt"`
	AdAllowance    int               `json:"adAllowance"`
	RemainingAds   int               `json:"remainingAds"`
	ImageAllowance int               `json:"imageAllowance"`
	AdDurationDays int               `json:"adDurationDays"`
	Bundle         bool              `json:"bundle"`
	Trial          bool              `json:"trial"`
}

// AmountsData are an order's or invoice's amounts.
type AmountsData struct {
	NetRp     int64 `json:"netRp"`
	VATRateBp int64 `json:"vatRateBp"`
	VATRp     int64 `json:"vatRp"`
	TotalRp   int64 `json:"totalRp"`
}

// LineData is one order or invoice line.
type LineData struct {
	Description billing.Localized `json:"description"`
	Quantity    int64             `json:"quantity"`
	UnitPriceRp int64             `json:"unitPriceRp"`
	NetRp       int64             `json:"netRp"`
}

// OrderData is one order (the payment provider's secrets are left out).
type OrderData struct {
	ID             string            `json:"id"`
	PlanID         string            `json:"planId"`
	PlanName       billing.Localized `json:"planName"`
	Status         string            `json:"status"`
	Provider       string            `json:"provider"`
	Trial          bool              `json:"trial"`
	Currency       string            `json:"currency"`
	Lines          []LineData        `json:"lines"`
	Amounts        AmountsData       `json:"amounts"`
	CreatedAt      string            `json:"createdAt"`
	PaidAt         string            `json:"paidAt,omitempty"`
	InvoiceID      string            `json:"invoiceId,omitempty"`
	SubscriptionID string            `json:"subscriptionId,omitempty"`
}

// PaymentData is one row of the payment history.
type PaymentData struct {
	OrderID        string            `json:"orderId"`
	PlanName       billing.Localized `json:"planName"`
	SubscriptionID string            `json:"subscriptionId,omitempty"`
	Currency       string            `json:"currency"`
	AmountRp       int64             `json:"amountRp"`
	Method         string            `json:"method"`
	InvoiceID      string            `json:"invoiceId,omitempty"`
	PaidAt         string            `json:"paidAt"`
	Failed         bool              `json:"failed"`
}

// InvoiceData is one invoice with its number (the PDF is at URL).
type InvoiceData struct {
	ID            string        `json:"id"`
	Number        string        `json:"number"`
	URL           string        `json:"url"`
	OrderID       string        `json:"orderId"`
	IssuedAt      string        `json:"issuedAt"`
	Seller        billing.Party `json:"seller"`
	Customer      billing.Party `json:"customer"`
	Lines         []LineData    `json:"lines"`
	Amounts       AmountsData   `json:"amounts"`
	Currency      string        `json:"currency"`
	PaymentMethod string        `json:"paymentMethod"`
	PaidAt        string        `json:"paidAt"`
}

// Notes of every export.
const (
	noteReports   = "Reports you filed about ads are stored with the reported ad and hold only the e-mail address typed in the form, so they cannot be listed by account; ask us through the contact form if you want them."
	noteSent      = "Messages you sent to other sellers are kept in their inboxes and are not part of your account."
	noteViewed    = "The ads you viewed recently are kept only in your browser, never on our servers."
	noteKept      = "If you delete your account, orders, payments and invoices are kept for ten years, as Swiss accounting law requires (Code of Obligations, art. 958f)."
	noteAdsCut    = "You have more ads than one export holds; the oldest are left out. Ask us through the contact form for the rest."
	noteRequestsC = "You have received more contact requests than one export holds; the oldest are left out. Ask us through the contact form for the rest."
)

// errEnough stops a walk once a bound is reached.
var errEnough = errors.New("privacy: export bound reached")

// Export builds the export document of p's account. Errors: too_many_requests
// (exportLimit per user and hour), not_logged_in (no such account).
func (s *Service) Export(ctx context.Context, p auth.Principal) (Document, error) {
	d, err := s.d.Limiter.Allow(ctx, scopeExport, p.UserID, exportLimit, exportWindow)
	if err != nil {
		return Document{}, fmt.Errorf("privacy: export of %s: %w", p.UserID, err)
	}
	if !d.Allowed {
		return Document{}, fmt.Errorf("privacy: export of %s: %w", p.UserID, apperr.TooManyRequests(d.RetryAfter))
	}
	u, err := s.user(ctx, p)
	if err != nil {
		return Document{}, err
	}
	doc := Document{
		Format: FormatVersion, ExportedAt: stamp(s.now()), Account: s.accountData(u),
		SocialSignIns: []SocialSignIn{}, Ads: []AdData{}, ContactRequestsReceived: []RequestData{},
		Favourites: []FavouriteData{}, SavedSearches: []SavedSearchData{}, ReviewsWritten: []ReviewData{},
		Subscriptions: []SubscriptionData{}, Orders: []OrderData{}, Payments: []PaymentData{}, Invoices: []InvoiceData{},
		Notes: []string{noteReports, noteSent, noteViewed, noteKept},
	}
	links, err := s.d.Users.IdentityLinks(ctx, u.ID)
	if err != nil {
		return Document{}, fmt.Errorf("privacy: export of %s: %w", u.ID, err)
	}
	for _, l := range links {
		doc.SocialSignIns = append(doc.SocialSignIns, SocialSignIn{Provider: l.Provider, Subject: l.Subject})
	}
	for _, step := range []func(context.Context, accounts.User, *Document) error{
		s.exportAds, s.exportRequests, s.exportFavourites, s.exportSavedSearches, s.exportReviews, s.exportBilling,
	} {
		if err := step(ctx, u, &doc); err != nil {
			return Document{}, fmt.Errorf("privacy: export of %s: %w", u.ID, err)
		}
	}
	return doc, nil
}

func (s *Service) accountData(u accounts.User) AccountData {
	a := AccountData{
		ID: u.ID, FirstName: u.FirstName, LastName: u.LastName, Email: u.Email, Phone: u.Phone, Language: u.Language,
		Role: string(u.Role), AccountType: string(u.AccountType), Status: string(u.Status), EmailVerified: u.EmailVerified,
		HasPassword: u.PasswordHash != "", Company: u.Company, CreatedAt: stamp(u.CreatedAt),
	}
	if u.AvatarKey != "" {
		a.PhotoURL = s.url(blob.PublicPath(u.AvatarKey))
	}
	return a
}

func (s *Service) exportAds(ctx context.Context, u accounts.User, doc *Document) error {
	lang := languageOf(u)
	err := s.d.Ads.EachSellerAd(ctx, u.ID, func(id string) error {
		if len(doc.Ads) == maxExportAds {
			doc.Notes = append(doc.Notes, noteAdsCut)
			return errEnough
		}
		rec, err := s.d.Ads.Record(ctx, id)
		if errors.Is(err, catalog.ErrProductNotFound) {
			return nil // deleted since the index was read
		}
		if err != nil {
			return fmt.Errorf("ad %s: %w", id, err)
		}
		doc.Ads = append(doc.Ads, s.adData(rec, lang))
		return nil
	})
	if err != nil && !errors.Is(err, errEnough) {
		return fmt.Errorf("ads: %w", err)
	}
	return nil
}

func (s *Service) adData(rec catalog.AdRecord, lang string) AdData {
	a := rec.Ad
	out := AdData{
		ID: a.ID, URL: s.url("/" + lang + "/product/" + a.ID), Status: a.Status, Title: a.Title, Category: a.CategorySlug,
		CategoryPath: nonNil(a.CategoryPath), Brand: a.Brand, Description: a.Description, PriceRp: a.PriceRp,
		DiscountPct: a.DiscountPct, Condition: a.Condition, Quantity: a.Quantity, Pickup: a.Pickup, Delivery: a.Delivery,
		Location: a.Location, Clicks: rec.Clicks, Photos: []PhotoData{}, CreatedAt: stamp(a.CreatedAt),
		UpdatedAt: stamp(a.UpdatedAt), PublishedAt: stamp(a.PublishedAt), ExpiresAt: stamp(a.ExpiresAt),
		SubscriptionID: a.SubscriptionID,
	}
	// Photos in display order, then any the order does not list.
	byID := map[string]catalog.Image{}
	for _, img := range rec.Images {
		byID[img.ID] = img
	}
	ids := append([]string{}, a.ImageOrder...)
	for _, img := range rec.Images {
		if !slices.Contains(ids, img.ID) {
			ids = append(ids, img.ID)
		}
	}
	for _, id := range ids {
		img, ok := byID[id]
		if !ok {
			continue
		}
		p := PhotoData{
			ID: img.ID, State: img.State, Main: img.ID == a.MainImageID, URLs: map[string]string{},
			Width: img.Width, Height: img.Height, CreatedAt: stamp(img.CreatedAt),
		}
		if img.State == catalog.ImageReady {
			for name, key := range map[string]string{"thumb": img.Keys.Thumb, "card": img.Keys.Card, "large": img.Keys.Large} {
				if key != "" {
					p.URLs[name] = s.url("/" + key)
				}
			}
		}
		out.Photos = append(out.Photos, p)
	}
	return out
}

func (s *Service) exportRequests(ctx context.Context, u accounts.User, doc *Document) error {
	for _, archived := range []bool{false, true} {
		cursor := ""
		for {
			page, err := s.d.Requests.List(ctx, u.ID, archived, requestsPageSize, cursor)
			if err != nil {
				return fmt.Errorf("contact requests: %w", err)
			}
			for _, r := range page.Items {
				if len(doc.ContactRequestsReceived) == maxExportRequests {
					doc.Notes = append(doc.Notes, noteRequestsC)
					return nil
				}
				doc.ContactRequestsReceived = append(doc.ContactRequestsReceived, RequestData{
					ID: r.ID, AdID: r.AdID, AdTitle: r.AdTitle, Name: r.Name, Email: r.Email, Phone: r.Phone,
					Message: r.Message, Read: r.Read, Archived: r.Archived, CreatedAt: stamp(r.CreatedAt), ReadAt: stamp(r.ReadAt),
				})
			}
			if page.NextCursor == "" {
				break
			}
			cursor = page.NextCursor
		}
	}
	return nil
}

// FavouriteData is one ad of the wish list (its title when it was saved).
type FavouriteData struct {
	AdID    string `json:"adId"`
	Title   string `json:"title"`
	URL     string `json:"url"`
	SavedAt string `json:"savedAt"`
}

func (s *Service) exportFavourites(ctx context.Context, u accounts.User, doc *Document) error {
	all, err := s.d.Favourites.All(ctx, u.ID)
	if err != nil {
		return fmt.Errorf("favourites: %w", err)
	}
	lang := languageOf(u)
	for _, f := range all {
		doc.Favourites = append(doc.Favourites, FavouriteData{
			AdID: f.AdID, Title: f.Title, URL: s.url("/" + lang + "/product/" + f.AdID), SavedAt: stamp(f.SavedAt),
		})
	}
	return nil
}

// SavedSearchData is one saved search with its alert settings.
type SavedSearchData struct {
	Name       string `json:"name"`
	Params     string `json:"params"`
	Place      string `json:"place,omitempty"`
	Frequency  string `json:"frequency"`
	Paused     bool   `json:"paused"`
	CreatedAt  string `json:"createdAt"`
	LastSentAt string `json:"lastSentAt,omitempty"`
}

func (s *Service) exportSavedSearches(ctx context.Context, u accounts.User, doc *Document) error {
	all, err := s.d.SavedSearches.List(ctx, u.ID)
	if err != nil {
		return fmt.Errorf("saved searches: %w", err)
	}
	for _, ss := range all {
		doc.SavedSearches = append(doc.SavedSearches, SavedSearchData{
			Name: ss.Name, Params: ss.Params, Place: ss.Place, Frequency: ss.Frequency, Paused: ss.Paused,
			CreatedAt: stamp(ss.CreatedAt), LastSentAt: stamp(ss.LastSentAt),
		})
	}
	return nil
}

// ReviewData is a review the user wrote about a seller.
type ReviewData struct {
	AdID      string `json:"adId"`
	AdTitle   string `json:"adTitle"`
	Rating    int    `json:"rating"`
	Text      string `json:"text"`
	Status    string `json:"status"`
	CreatedAt string `json:"createdAt"`
}

func (s *Service) exportReviews(ctx context.Context, u accounts.User, doc *Document) error {
	all, err := s.d.Reviews.ByAuthor(ctx, u.ID)
	if err != nil {
		return fmt.Errorf("reviews: %w", err)
	}
	for _, r := range all {
		doc.ReviewsWritten = append(doc.ReviewsWritten, ReviewData{
			AdID: r.AdID, AdTitle: r.AdTitle, Rating: r.Rating, Text: r.Text, Status: r.Status, CreatedAt: stamp(r.Created()),
		})
	}
	return nil
}

func (s *Service) exportBilling(ctx context.Context, u accounts.User, doc *Document) error {
	subs, err := s.d.Billing.Subscriptions(ctx, u.ID)
	if err != nil {
		return fmt.Errorf("subscriptions: %w", err)
	}
	for _, sub := range subs {
		doc.Subscriptions = append(doc.Subscriptions, SubscriptionData{
			ID: sub.ID, PlanID: sub.PlanID, PlanKind: string(sub.PlanKind), PlanName: sub.PlanName,
			StartsAt: stamp(sub.StartsAt), ExpiresAt: stamp(sub.ExpiresAt), AdAllowance: sub.AdAllowance,
			RemainingAds: sub.RemainingAds, ImageAllowance: sub.ImageAllowance, AdDurationDays: sub.AdDurationDays,
			Bundle: sub.Bundle, Trial: sub.Trial,
		})
	}
	pays, err := s.d.Billing.Payments(ctx, u.ID)
	if err != nil {
		return fmt.Errorf("payments: %w", err)
	}
	for _, p := range pays {
		doc.Payments = append(doc.Payments, PaymentData{
			OrderID: p.OrderID, PlanName: p.PlanName, SubscriptionID: p.SubscriptionID, Currency: p.Currency,
			AmountRp: p.AmountRp, Method: p.Method, InvoiceID: p.InvoiceID, PaidAt: stamp(p.PaidAt), Failed: p.Failed,
		})
	}
	orderIDs, err := s.idsOnGSI1(ctx, buyerGSI1Prefix+u.ID)
	if err != nil {
		return fmt.Errorf("orders: %w", err)
	}
	for _, id := range orderIDs {
		o, err := s.d.Billing.Order(ctx, id)
		if err != nil {
			return fmt.Errorf("order %s: %w", id, err)
		}
		if o.UserID != u.ID {
			continue
		}
		doc.Orders = append(doc.Orders, OrderData{
			ID: o.ID, PlanID: o.PlanID, PlanName: o.PlanName, Status: string(o.Status), Provider: string(o.Provider),
			Trial: o.Trial, Currency: o.Currency, Lines: lines(o.Lines), Amounts: amounts(o.Amounts),
			CreatedAt: stamp(o.CreatedAt), PaidAt: stamp(o.PaidAt), InvoiceID: o.InvoiceID, SubscriptionID: o.SubscriptionID,
		})
	}
	invoiceIDs, err := s.idsOnGSI1(ctx, invoicesGSI1Prefix+u.ID)
	if err != nil {
		return fmt.Errorf("invoices: %w", err)
	}
	lang := languageOf(u)
	for _, id := range invoiceIDs {
		inv, err := s.d.Billing.Invoice(ctx, id)
		if err != nil {
			return fmt.Errorf("invoice %s: %w", id, err)
		}
		if inv.UserID != u.ID {
			continue
		}
		doc.Invoices = append(doc.Invoices, InvoiceData{
			ID: inv.ID, Number: inv.Number, URL: s.url("/" + lang + "/invoice/" + inv.ID), OrderID: inv.OrderID,
			IssuedAt: stamp(inv.IssuedAt), Seller: inv.Seller, Customer: inv.Customer, Lines: lines(inv.Lines),
			Amounts: amounts(inv.Amounts), Currency: inv.Currency, PaymentMethod: inv.PaymentMethod, PaidAt: stamp(inv.PaidAt),
		})
	}
	return nil
}

// idsOnGSI1 returns the id attribute of every item in GSI1 partition pk,
// newest first, a page at a time.
func (s *Service) idsOnGSI1(ctx context.Context, pk string) ([]string, error) {
	in := &dynamodb.QueryInput{
		TableName: aws.String(s.d.Table), IndexName: aws.String(ddb.IndexGSI1),
		KeyConditionExpression:    aws.String("GSI1PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: pk}},
		ProjectionExpression:      aws.String("id"),
		ScanIndexForward:          aws.Bool(false),
	}
	type idItem struct {
		ID string `dynamodbav:"id"`
	}
	var ids []string
	err := ddb.QueryEach(ctx, s.d.DB, in, func(it idItem) error {
		if it.ID != "" {
			ids = append(ids, it.ID)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("query %s: %w", pk, err)
	}
	return ids, nil
}

func lines(ls []billing.Line) []LineData {
	out := make([]LineData, 0, len(ls))
	for _, l := range ls {
		out = append(out, LineData{Description: l.Description, Quantity: l.Quantity, UnitPriceRp: l.UnitPriceRp, NetRp: l.NetRp})
	}
	return out
}

func amounts(a billing.Amounts) AmountsData {
	return AmountsData{NetRp: a.NetRp, VATRateBp: int64(a.VATRateBp), VATRp: a.VATRp, TotalRp: a.TotalRp}
}

// url is path on the public site.
func (s *Service) url(path string) string {
	return strings.TrimRight(s.opts.SiteURL, "/") + path
}

// stamp renders t as RFC 3339 UTC, "" for the zero time.
func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// languageOf is u's language, or the default one.
func languageOf(u accounts.User) string {
	if slices.Contains(accounts.Languages, u.Language) {
		return u.Language
	}
	return accounts.DefaultLanguage
}
