package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// Store keeps the catalogue in the single table (see keys.go) and the
// search index in step with it. Missing items are coded apperr errors
// (product_not_found, image_not_found). Safe for concurrent use.
type Store struct {
	db      ddb.API
	table   string
	cursors *ddb.Cursors
}

// NewStore returns a store on table. Lists and searches need cursors
// (WithCursors); the image function and the seed do not.
func NewStore(db ddb.API, table string) *Store {
	return &Store{db: db, table: table}
}

// WithCursors returns a copy of the store that signs pagination cursors
// with c.
func (s *Store) WithCursors(c *ddb.Cursors) *Store {
	cp := *s
	cp.cursors = c
	return &cp
}

// ---------------------------------------------------------------- items

type adItem struct {
	PK             string   `dynamodbav:"PK"`
	SK             string   `dynamodbav:"SK"`
	Type           string   `dynamodbav:"type"`
	GSI1PK         string   `dynamodbav:"GSI1PK"`
	GSI1SK         string   `dynamodbav:"GSI1SK"`
	GSI3PK         string   `dynamodbav:"GSI3PK,omitempty"`
	GSI3SK         string   `dynamodbav:"GSI3SK,omitempty"`
	ID             string   `dynamodbav:"id"`
	SellerID       string   `dynamodbav:"sellerId"`
	Status         string   `dynamodbav:"status"`
	Title          string   `dynamodbav:"title"`
	CategorySlug   string   `dynamodbav:"categorySlug"`
	CategoryPath   []string `dynamodbav:"categoryPath"`
	Brand          string   `dynamodbav:"brand"`
	Description    string   `dynamodbav:"description"`
	PriceRp        int64    `dynamodbav:"priceRp"`
	DiscountPct    int      `dynamodbav:"discountPct"`
	Condition      string   `dynamodbav:"condition"`
	Quantity       Quantity `dynamodbav:"quantity"`
	Pickup         bool     `dynamodbav:"pickup"`
	Delivery       bool     `dynamodbav:"delivery"`
	Location       Location `dynamodbav:"location"`
	MainImageID    string   `dynamodbav:"mainImageId,omitempty"`
	ImageOrder     []string `dynamodbav:"imageOrder"`
	ImageCount     int      `dynamodbav:"imageCount"`
	WebPImages     []string `dynamodbav:"webpImages,stringset,omitempty"`
	CreatedAt      string   `dynamodbav:"createdAt"`
	UpdatedAt      string   `dynamodbav:"updatedAt"`
	PublishedAt    string   `dynamodbav:"publishedAt,omitempty"`
	ExpiresAt      string   `dynamodbav:"expiresAt,omitempty"`
	SubscriptionID string   `dynamodbav:"subscriptionId,omitempty"`
	SellerHidden   bool     `dynamodbav:"sellerHidden,omitempty"`
}

func toAdItem(a Ad, imageCount int) adItem {
	it := adItem{
		PK: adPK(a.ID), SK: skAd, Type: typeAd, GSI1PK: sellerPK(a.SellerID), GSI1SK: sellerSK(a),
		ID: a.ID, SellerID: a.SellerID, Status: a.Status, Title: a.Title, CategorySlug: a.CategorySlug,
		CategoryPath: a.CategoryPath, Brand: a.Brand, Description: a.Description, PriceRp: a.PriceRp,
		DiscountPct: a.DiscountPct, Condition: a.Condition, Quantity: a.Quantity, Pickup: a.Pickup,
		Delivery: a.Delivery, Location: a.Location, MainImageID: a.MainImageID, ImageOrder: a.ImageOrder,
		ImageCount: imageCount, WebPImages: a.WebPImages, CreatedAt: ddb.Time(a.CreatedAt), UpdatedAt: ddb.Time(a.UpdatedAt),
		SubscriptionID: a.SubscriptionID,
	}
	if it.CategoryPath == nil {
		it.CategoryPath = []string{}
	}
	if it.ImageOrder == nil {
		it.ImageOrder = []string{}
	}
	if !a.PublishedAt.IsZero() {
		it.PublishedAt = ddb.Time(a.PublishedAt)
	}
	if !a.ExpiresAt.IsZero() {
		it.ExpiresAt = ddb.Time(a.ExpiresAt)
	}
	if a.Status == StatusActive && !a.ExpiresAt.IsZero() {
		it.GSI3PK, it.GSI3SK = adExpiryPK(a.ExpiresAt), adExpirySK(a.ExpiresAt, a.ID)
	}
	return it
}

func (it adItem) ad() (Ad, error) {
	a := Ad{
		ID: it.ID, SellerID: it.SellerID, Status: it.Status, Title: it.Title, CategorySlug: it.CategorySlug,
		CategoryPath: it.CategoryPath, Brand: it.Brand, Description: it.Description, PriceRp: it.PriceRp,
		DiscountPct: it.DiscountPct, Condition: it.Condition, Quantity: it.Quantity, Pickup: it.Pickup,
		Delivery: it.Delivery, Location: it.Location, MainImageID: it.MainImageID, ImageOrder: it.ImageOrder,
		WebPImages: it.WebPImages, SubscriptionID: it.SubscriptionID, SellerHidden: it.SellerHidden,
	}
	var errs []error
	parse := func(s string, dst *time.Time) {
		if s == "" {
			return
		}
		t, err := time.Parse(time.RFC3339Nano, s)
		errs = append(errs, err)
		*dst = t
	}
	parse(it.CreatedAt, &a.CreatedAt)
	parse(it.UpdatedAt, &a.UpdatedAt)
	parse(it.PublishedAt, &a.PublishedAt)
	parse(it.ExpiresAt, &a.ExpiresAt)
	if err := errors.Join(errs...); err != nil {
		return Ad{}, fmt.Errorf("catalog: ad %s: %w", it.ID, err)
	}
	return a, nil
}

type imageItem struct {
	PK          string    `dynamodbav:"PK"`
	SK          string    `dynamodbav:"SK"`
	Type        string    `dynamodbav:"type"`
	ImageID     string    `dynamodbav:"imageId"`
	AdID        string    `dynamodbav:"adId"`
	State       string    `dynamodbav:"state"`
	Reason      string    `dynamodbav:"reason,omitempty"`
	ContentType string    `dynamodbav:"contentType"`
	Size        int64     `dynamodbav:"size"`
	UploadKey   string    `dynamodbav:"uploadKey"`
	Keys        ImageKeys `dynamodbav:"keys"`
	Width       int       `dynamodbav:"width,omitempty"`
	Height      int       `dynamodbav:"height,omitempty"`
	CreatedAt   string    `dynamodbav:"createdAt"`
}

func toImageItem(img Image) imageItem {
	return imageItem{
		PK: adPK(img.AdID), SK: imgSK(img.ID), Type: typeImage, ImageID: img.ID, AdID: img.AdID, State: img.State,
		Reason: img.Reason, ContentType: img.ContentType, Size: img.Size, UploadKey: img.UploadKey, Keys: img.Keys,
		Width: img.Width, Height: img.Height, CreatedAt: ddb.Time(img.CreatedAt),
	}
}

func (it imageItem) image() (Image, error) {
	created, err := time.Parse(time.RFC3339Nano, it.CreatedAt)
	if err != nil {
		return Image{}, fmt.Errorf("catalog: image %s: %w", it.ImageID, err)
	}
	return Image{
		ID: it.ImageID, AdID: it.AdID, State: it.State, Reason: it.Reason, ContentType: it.ContentType, Size: it.Size,
		UploadKey: it.UploadKey, Keys: it.Keys, Width: it.Width, Height: it.Height, CreatedAt: created,
	}, nil
}

type lookupItem struct {
	PK       string `dynamodbav:"PK"`
	SK       string `dynamodbav:"SK"`
	Type     string `dynamodbav:"type"`
	AdID     string `dynamodbav:"adId"`
	SellerID string `dynamodbav:"sellerId"`
}

func toLookupItem(imageID, adID, sellerID string) lookupItem {
	return lookupItem{PK: imagePK(imageID), SK: skImage, Type: typeImageLookup, AdID: adID, SellerID: sellerID}
}

func marshal(v any) (map[string]types.AttributeValue, error) {
	av, err := attributevalue.MarshalMap(v)
	if err != nil {
		return nil, fmt.Errorf("catalog: marshal %T: %w", v, err)
	}
	return av, nil
}

func str(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
func num(v int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(v, 10)}
}
func strList(vs ...string) types.AttributeValue {
	l := make([]types.AttributeValue, len(vs))
	for i, v := range vs {
		l[i] = str(v)
	}
	return &types.AttributeValueMemberL{Value: l}
}

const (
	notExists = "attribute_not_exists(PK)"
	exists    = "attribute_exists(PK)"
	// reasonCondition is DynamoDB's cancellation reason of a failed
	// condition inside a transaction.
	reasonCondition = "ConditionalCheckFailed"
)

// failedAt reports whether the transaction action at index i failed its
// condition.
func failedAt(reasons []string, i int) bool { return i < len(reasons) && reasons[i] == reasonCondition }

// ---------------------------------------------------------------- ads

// AdRecord is an ad with everything stored under its partition: the
// images (in no particular order), the click count and the allowance
// counter.
type AdRecord struct {
	Ad         Ad
	Images     []Image
	Clicks     int64
	ImageCount int
}

// CreateAd stores a new ad (a draft, normally).
func (s *Store) CreateAd(ctx context.Context, a Ad) error {
	item, err := marshal(toAdItem(a, 0))
	if err != nil {
		return err
	}
	if _, err := s.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(s.table), Item: item, ConditionExpression: aws.String(notExists),
	}); err != nil {
		return fmt.Errorf("catalog: create ad %s: %w", a.ID, err)
	}
	return nil
}

// Ad returns the ad id (consistent read): apperr product_not_found when
// there is none.
func (s *Store) Ad(ctx context.Context, id string) (Ad, error) {
	a, _, err := s.adItem(ctx, id)
	return a, err
}

func (s *Store) adItem(ctx context.Context, id string) (Ad, adItem, error) {
	if !ValidID(id) {
		return Ad{}, adItem{}, apperr.New(apperr.CodeProductNotFound, fmt.Errorf("catalog: ad id %q", id))
	}
	var it adItem
	found, err := ddb.Get(ctx, s.db, s.table, ddb.Key(adPK(id), skAd), &it)
	if err != nil {
		return Ad{}, adItem{}, fmt.Errorf("catalog: get ad %s: %w", id, err)
	}
	if !found {
		return Ad{}, adItem{}, apperr.New(apperr.CodeProductNotFound, fmt.Errorf("catalog: ad %s", id))
	}
	a, err := it.ad()
	return a, it, err
}

// Record reads the ad id with its images, clicks and image counter in
// one Query (consistent): product_not_found when there is no ad.
func (s *Store) Record(ctx context.Context, id string) (AdRecord, error) {
	if !ValidID(id) {
		return AdRecord{}, apperr.New(apperr.CodeProductNotFound, fmt.Errorf("catalog: ad id %q", id))
	}
	items, err := s.queryAll(ctx, &dynamodb.QueryInput{
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(adPK(id))},
		ConsistentRead:            aws.Bool(true),
	})
	if err != nil {
		return AdRecord{}, fmt.Errorf("catalog: read ad %s: %w", id, err)
	}
	var rec AdRecord
	found := false
	for _, item := range items {
		sk, _ := item[ddb.AttrSK].(*types.AttributeValueMemberS)
		if sk == nil {
			continue
		}
		switch {
		case sk.Value == skAd:
			var it adItem
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return AdRecord{}, fmt.Errorf("catalog: decode ad %s: %w", id, err)
			}
			if rec.Ad, err = it.ad(); err != nil {
				return AdRecord{}, err
			}
			rec.ImageCount, found = it.ImageCount, true
		case sk.Value == skStats:
			var st struct {
				Clicks int64 `dynamodbav:"clicks"`
			}
			if err := attributevalue.UnmarshalMap(item, &st); err != nil {
				return AdRecord{}, fmt.Errorf("catalog: decode stats of %s: %w", id, err)
			}
			rec.Clicks = st.Clicks
		case strings.HasPrefix(sk.Value, imgSKPrefix):
			var it imageItem
			if err := attributevalue.UnmarshalMap(item, &it); err != nil {
				return AdRecord{}, fmt.Errorf("catalog: decode image of %s: %w", id, err)
			}
			img, err := it.image()
			if err != nil {
				return AdRecord{}, err
			}
			rec.Images = append(rec.Images, img)
		}
	}
	if !found {
		return AdRecord{}, apperr.New(apperr.CodeProductNotFound, fmt.Errorf("catalog: ad %s", id))
	}
	return rec, nil
}

// Details are the fields an owner edits (ProductInput, resolved).
type Details struct {
	Title        string
	CategorySlug string
	CategoryPath []string
	Brand        string
	Description  string
	PriceRp      int64
	DiscountPct  int
	Condition    string
	Quantity     Quantity
	Pickup       bool
	Delivery     bool
	Location     Location
}

// Apply returns a with d's fields.
func (d Details) Apply(a Ad) Ad {
	a.Title, a.CategorySlug, a.CategoryPath, a.Brand, a.Description = d.Title, d.CategorySlug, d.CategoryPath, d.Brand, d.Description
	a.PriceRp, a.DiscountPct, a.Condition, a.Quantity = d.PriceRp, d.DiscountPct, d.Condition, d.Quantity
	a.Pickup, a.Delivery, a.Location = d.Pickup, d.Delivery, d.Location
	return a
}

// UpdateDetails replaces the editable fields of ad id if sellerID owns it,
// and re-indexes it when it is active. It returns the ad as stored:
// product_not_found or product_not_owned otherwise.
func (s *Store) UpdateDetails(ctx context.Context, id, sellerID string, d Details, now time.Time) (Ad, error) {
	vals, err := attributevalue.MarshalMap(map[string]any{
		":title": d.Title, ":cat": d.CategorySlug, ":path": nonNil(d.CategoryPath), ":brand": d.Brand, ":desc": d.Description,
		":price": d.PriceRp, ":disc": d.DiscountPct, ":cond": d.Condition, ":qty": d.Quantity, ":pickup": d.Pickup,
		":delivery": d.Delivery, ":loc": d.Location, ":now": ddb.Time(now), ":uid": sellerID,
	})
	if err != nil {
		return Ad{}, fmt.Errorf("catalog: update ad %s: %w", id, err)
	}
	out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.table), Key: ddb.Key(adPK(id), skAd),
		UpdateExpression: aws.String("SET title = :title, categorySlug = :cat, categoryPath = :path, brand = :brand, " +
			"description = :desc, priceRp = :price, discountPct = :disc, #cond = :cond, quantity = :qty, " +
			"pickup = :pickup, delivery = :delivery, #loc = :loc, updatedAt = :now"),
		ConditionExpression:       aws.String(exists + " AND sellerId = :uid"),
		ExpressionAttributeNames:  map[string]string{"#cond": "condition", "#loc": "location"},
		ExpressionAttributeValues: vals,
		ReturnValues:              types.ReturnValueAllNew,
	})
	if ddb.IsConditionFailed(err) {
		return Ad{}, s.whyNotOwner(ctx, id, sellerID)
	}
	if err != nil {
		return Ad{}, fmt.Errorf("catalog: update ad %s: %w", id, err)
	}
	var it adItem
	if err := attributevalue.UnmarshalMap(out.Attributes, &it); err != nil {
		return Ad{}, fmt.Errorf("catalog: decode ad %s: %w", id, err)
	}
	a, err := it.ad()
	if err != nil {
		return Ad{}, err
	}
	if a.Status == StatusActive {
		if err := s.SyncIndex(ctx, id); err != nil {
			return Ad{}, err
		}
	}
	return a, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// whyNotOwner explains a failed owner condition on ad id: product_not_found
// or product_not_owned.
func (s *Store) whyNotOwner(ctx context.Context, id, sellerID string) error {
	a, err := s.Ad(ctx, id)
	if err != nil {
		return err
	}
	if a.SellerID != sellerID {
		return apperr.New(apperr.CodeProductNotOwned, fmt.Errorf("catalog: ad %s belongs to %s, not %s", id, a.SellerID, sellerID))
	}
	return apperr.New(apperr.CodeConflict, fmt.Errorf("catalog: ad %s changed meanwhile", id))
}

// DeleteAd removes ad id and everything under it: it deletes the ad item
// first (so a concurrent re-index sees it gone), then its postings, stats,
// images and image lookups. It returns the S3 keys of the ad's images
// (renditions and uploads) for the caller to delete. A missing ad is
// product_not_found.
func (s *Store) DeleteAd(ctx context.Context, id string) ([]string, error) {
	rec, err := s.Record(ctx, id)
	if err != nil {
		return nil, err
	}
	// The ad item goes and its tombstone comes in one transaction, so the
	// public page of a deleted ad answers 410 from the first moment on.
	gone := time.Now().UTC()
	tomb := ddb.Key(gonePK(id), skGone)
	tomb["type"] = &types.AttributeValueMemberS{Value: typeGone}
	tomb["deletedAt"] = &types.AttributeValueMemberS{Value: gone.Format(time.RFC3339Nano)}
	tomb["ttl"] = &types.AttributeValueMemberN{Value: strconv.FormatInt(gone.Add(GoneFor).Unix(), 10)}
	if _, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Delete: &types.Delete{TableName: aws.String(s.table), Key: ddb.Key(adPK(id), skAd), ConditionExpression: aws.String(exists)}},
		{Put: &types.Put{TableName: aws.String(s.table), Item: tomb}},
	}}); err != nil {
		if ddb.IsTransactionConditionFailed(err) {
			return nil, apperr.New(apperr.CodeProductNotFound, fmt.Errorf("catalog: delete ad %s: gone meanwhile", id))
		}
		return nil, fmt.Errorf("catalog: delete ad %s: %w", id, err)
	}
	if err := s.unindex(ctx, id); err != nil {
		return nil, err
	}
	reqs := []types.WriteRequest{{DeleteRequest: &types.DeleteRequest{Key: ddb.Key(adPK(id), skStats)}}}
	var keys []string
	for _, img := range rec.Images {
		reqs = append(reqs,
			types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: ddb.Key(adPK(id), imgSK(img.ID))}},
			types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: ddb.Key(imagePK(img.ID), skImage)}})
		keys = append(keys, objectKeys(img)...)
	}
	if err := s.batchWrite(ctx, reqs); err != nil {
		return nil, fmt.Errorf("catalog: delete ad %s: %w", id, err)
	}
	return keys, nil
}

// GoneFor is how long a deleted ad's tombstone is kept: its page answers
// 410 Gone that long (search engines drop such a page at their next
// visit), then 404 like an id that never existed.
const GoneFor = 365 * 24 * time.Hour

// Gone reports whether ad id was deleted (within GoneFor): the tombstone
// DeleteAd leaves.
func (s *Store) Gone(ctx context.Context, id string) (bool, error) {
	out, err := s.db.GetItem(ctx, &dynamodb.GetItemInput{
		TableName: aws.String(s.table), Key: ddb.Key(gonePK(id), skGone), ProjectionExpression: aws.String("PK"),
	})
	if err != nil {
		return false, fmt.Errorf("catalog: tombstone of ad %s: %w", id, err)
	}
	return len(out.Item) > 0, nil
}

// objectKeys are every S3 key an image may have: its upload and its
// renditions (whether or not they were written). A ready image's item
// says which layout its renditions have; one that is not ready may have
// renditions the images function wrote just before it failed, or before
// the image was deleted, in the layout of that function's version.
func objectKeys(img Image) []string {
	keys := []string{UploadKey(img.AdID, img.ID)}
	ready := img.State == ImageReady
	if !ready || !img.Keys.HasWebP() {
		keys = append(keys, RenditionKeys(img.AdID, img.ID).All()...)
	}
	if !ready || img.Keys.HasWebP() {
		for _, name := range renditionNames {
			keys = append(keys, WebPRenditionKey(img.AdID, img.ID, name))
		}
	}
	for _, k := range img.Keys.All() {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return keys
}

// ---------------------------------------------------------------- helpers

// queryAll runs in on the table to the end of its result.
func (s *Store) queryAll(ctx context.Context, in *dynamodb.QueryInput) ([]map[string]types.AttributeValue, error) {
	in.TableName = aws.String(s.table)
	items, err := ddb.QueryAll[map[string]types.AttributeValue](ctx, s.db, in)
	if err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	return items, nil
}

// batchWrite sends reqs (any number) to the table (ddb.BatchWrite).
func (s *Store) batchWrite(ctx context.Context, reqs []types.WriteRequest) error {
	if err := ddb.BatchWrite(ctx, s.db, s.table, reqs); err != nil {
		return fmt.Errorf("catalog: %w", err)
	}
	return nil
}

// batchGet reads keys (any number) of the table, in no particular order
// (ddb.BatchGet).
func (s *Store) batchGet(ctx context.Context, keys []map[string]types.AttributeValue) ([]map[string]types.AttributeValue, error) {
	items, err := ddb.BatchGet(ctx, s.db, s.table, types.KeysAndAttributes{Keys: keys})
	if err != nil {
		return nil, fmt.Errorf("catalog: %w", err)
	}
	return items, nil
}
