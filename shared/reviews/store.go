package reviews

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/contactreq"
	"github.com/remat/remat/shared/ddb"
)

// Review statuses.
const (
	StatusVisible = "visible"
	StatusRemoved = "removed"
)

// Reply is the seller's answer to a review.
type Reply struct {
	Text      string `dynamodbav:"text"`
	CreatedAt string `dynamodbav:"createdAt"`
}

// Review is one buyer's rating of a seller for one ad.
type Review struct {
	ID         string `dynamodbav:"id"`
	SellerID   string `dynamodbav:"sellerId"`
	AdID       string `dynamodbav:"adId"`
	AdTitle    string `dynamodbav:"adTitle"`
	BuyerID    string `dynamodbav:"buyerId"`
	AuthorName string `dynamodbav:"authorName"`
	Rating     int    `dynamodbav:"rating"`
	Text       string `dynamodbav:"text"`
	CreatedAt  string `dynamodbav:"createdAt"`
	UpdatedAt  string `dynamodbav:"updatedAt"`
	Reply      *Reply `dynamodbav:"reply,omitempty"`
	Status     string `dynamodbav:"status"`
	Reports    int    `dynamodbav:"reports"`
}

// Created is the review's creation time.
func (r Review) Created() time.Time {
	t, _ := time.Parse(time.RFC3339Nano, r.CreatedAt)
	return t
}

type reviewItem struct {
	PK     string `dynamodbav:"PK"`
	SK     string `dynamodbav:"SK"`
	Type   string `dynamodbav:"type"`
	GSI1PK string `dynamodbav:"GSI1PK,omitempty"`
	GSI1SK string `dynamodbav:"GSI1SK,omitempty"`
	Review
}

// Report is one user's report of a review.
type Report struct {
	Reason       string `dynamodbav:"reason"`
	ReporterName string `dynamodbav:"reporterName"`
	CreatedAt    string `dynamodbav:"createdAt"`
}

// Rating is a seller's average and count.
type Rating struct {
	Sum   int64 `dynamodbav:"sum"`
	Count int64 `dynamodbav:"count"`
}

// Average is the mean rating (0 without reviews).
func (r Rating) Average() float64 {
	if r.Count <= 0 {
		return 0
	}
	return float64(r.Sum) / float64(r.Count)
}

var (
	errExists          = errors.New("reviews: already reviewed")
	errNotFound        = errors.New("reviews: no such review")
	errChanged         = errors.New("reviews: changed meanwhile")
	errReplied         = errors.New("reviews: already replied")
	errAlreadyReported = errors.New("reviews: already reported by this user")
)

// IsExists reports whether err is Create's "this buyer reviewed this ad
// already" (the seed writes reviews directly).
func IsExists(err error) bool { return errors.Is(err, errExists) }

// Store keeps reviews on the single table (keys.go). Safe for concurrent use.
type Store struct {
	db      ddb.API
	table   string
	cursors *ddb.Cursors
}

// NewStore returns a store on table signing list cursors with cursors.
func NewStore(db ddb.API, table string, cursors *ddb.Cursors) *Store {
	return &Store{db: db, table: table, cursors: cursors}
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }
func num(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}

func failedAt(err error, i int) bool {
	reasons, ok := ddb.CancellationReasons(err)
	return ok && i < len(reasons) && reasons[i] == "ConditionalCheckFailed"
}

func (s *Store) ratingUpdate(sellerID string, sum, count int64) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName: aws.String(s.table), Key: ratingKey(sellerID),
		UpdateExpression:          aws.String("ADD #s :sum, #c :count SET #t = :type"),
		ExpressionAttributeNames:  map[string]string{"#s": "sum", "#c": "count", "#t": ddb.AttrType},
		ExpressionAttributeValues: map[string]types.AttributeValue{":sum": num(sum), ":count": num(count), ":type": str(typeRating)},
	}}
}

// Create stores r (visible) with its guard and the seller's sums.
func (s *Store) Create(ctx context.Context, r Review) error {
	r.Status = StatusVisible
	item, err := attributevalue.MarshalMap(reviewItem{
		PK: reviewPKPrefix + r.ID, SK: skReview, Type: typeReview, GSI1PK: listPK(r.SellerID),
		GSI1SK: sortKey(r.Created(), r.ID), Review: r,
	})
	if err != nil {
		return fmt.Errorf("reviews: marshal %s: %w", r.ID, err)
	}
	guard := guardKey(r.BuyerID, r.AdID)
	guard[ddb.AttrType], guard["reviewId"] = str(typeGuard), str(r.ID)
	_, err = s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String(s.table), Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
		{Put: &types.Put{TableName: aws.String(s.table), Item: guard, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
		s.ratingUpdate(r.SellerID, int64(r.Rating), 1),
	}})
	switch {
	case err == nil:
		return nil
	case failedAt(err, 1):
		return errExists
	}
	return fmt.Errorf("reviews: create %s: %w", r.ID, err)
}

// Get returns review id (errNotFound).
func (s *Store) Get(ctx context.Context, id string) (Review, error) {
	var it reviewItem
	found, err := ddb.Get(ctx, s.db, s.table, reviewKey(id), &it)
	if err != nil {
		return Review{}, fmt.Errorf("reviews: get %s: %w", id, err)
	}
	if !found {
		return Review{}, errNotFound
	}
	return it.Review, nil
}

// Guard returns the id of buyerID's review of adID, "" when none.
func (s *Store) Guard(ctx context.Context, buyerID, adID string) (string, error) {
	var g struct {
		ReviewID string `dynamodbav:"reviewId"`
	}
	if _, err := ddb.Get(ctx, s.db, s.table, guardKey(buyerID, adID), &g); err != nil {
		return "", fmt.Errorf("reviews: guard %s/%s: %w", buyerID, adID, err)
	}
	return g.ReviewID, nil
}

// Contacted returns when buyerID first wrote about adID (zero: never).
func (s *Store) Contacted(ctx context.Context, buyerID, adID string) (time.Time, error) {
	var c contactreq.Contacted
	found, err := ddb.Get(ctx, s.db, s.table, contactreq.ContactedKey(buyerID, adID), &c)
	if err != nil {
		return time.Time{}, fmt.Errorf("reviews: contacted %s/%s: %w", buyerID, adID, err)
	}
	if !found {
		return time.Time{}, nil
	}
	t, err := time.Parse(time.RFC3339Nano, c.FirstAt)
	if err != nil {
		return time.Time{}, fmt.Errorf("reviews: contacted %s/%s: firstAt: %w", buyerID, adID, err)
	}
	return t, nil
}

// Edit sets the rating and text of cur (as read), moving the seller's sum.
func (s *Store) Edit(ctx context.Context, cur Review, rating int, text string, now time.Time) (Review, error) {
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: reviewKey(cur.ID),
			UpdateExpression:         aws.String("SET rating = :r, #x = :text, updatedAt = :now"),
			ConditionExpression:      aws.String("rating = :seen AND #st = :visible"),
			ExpressionAttributeNames: map[string]string{"#x": "text", "#st": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":r": num(int64(rating)), ":text": str(text), ":now": str(now.UTC().Format(time.RFC3339Nano)),
				":seen": num(int64(cur.Rating)), ":visible": str(StatusVisible),
			},
		}},
		s.ratingUpdate(cur.SellerID, int64(rating-cur.Rating), 0),
	}})
	if failedAt(err, 0) {
		return Review{}, errChanged
	}
	if err != nil {
		return Review{}, fmt.Errorf("reviews: edit %s: %w", cur.ID, err)
	}
	return s.Get(ctx, cur.ID)
}

// SetReply stores the seller's reply to review id (errReplied).
func (s *Store) SetReply(ctx context.Context, id string, reply Reply) (Review, error) {
	out, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(s.table), Key: reviewKey(id),
		UpdateExpression:         aws.String("SET reply = :reply"),
		ConditionExpression:      aws.String("attribute_exists(PK) AND attribute_not_exists(reply) AND #st = :visible"),
		ExpressionAttributeNames: map[string]string{"#st": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":reply":   &types.AttributeValueMemberM{Value: map[string]types.AttributeValue{"text": str(reply.Text), "createdAt": str(reply.CreatedAt)}},
			":visible": str(StatusVisible),
		},
		ReturnValues: types.ReturnValueAllNew,
	})
	if ddb.IsConditionFailed(err) {
		return Review{}, errReplied
	}
	if err != nil {
		return Review{}, fmt.Errorf("reviews: reply to %s: %w", id, err)
	}
	var it reviewItem
	if err := attributevalue.UnmarshalMap(out.Attributes, &it); err != nil {
		return Review{}, fmt.Errorf("reviews: decode %s: %w", id, err)
	}
	return it.Review, nil
}

// AddReport files userID's report of review id and puts the review in the
// administrators' queue (errAlreadyReported).
func (s *Store) AddReport(ctx context.Context, id, userID string, rep Report, now time.Time) error {
	item, err := attributevalue.MarshalMap(rep)
	if err != nil {
		return fmt.Errorf("reviews: marshal report: %w", err)
	}
	for k, v := range reportKey(id, userID) {
		item[k] = v
	}
	item[ddb.AttrType] = str(typeReport)
	_, err = s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String(s.table), Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: reviewKey(id),
			UpdateExpression:         aws.String("ADD reports :one SET GSI3PK = :q, GSI3SK = if_not_exists(GSI3SK, :sk)"),
			ConditionExpression:      aws.String("#st = :visible"),
			ExpressionAttributeNames: map[string]string{"#st": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":one": num(1), ":q": str(pkReported), ":sk": str(sortKey(now, id)), ":visible": str(StatusVisible),
			},
		}},
	}})
	switch {
	case err == nil:
		return nil
	case failedAt(err, 0):
		return errAlreadyReported
	case failedAt(err, 1):
		return errNotFound
	}
	return fmt.Errorf("reviews: report %s: %w", id, err)
}

// Remove hides cur (as read) for good and takes it out of the seller's
// sums, with the audit entry in the same transaction.
func (s *Store) Remove(ctx context.Context, cur Review, audit types.TransactWriteItem) error {
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: reviewKey(cur.ID),
			UpdateExpression:          aws.String("SET #st = :removed REMOVE GSI1PK, GSI1SK, GSI3PK, GSI3SK"),
			ConditionExpression:       aws.String("#st = :visible AND rating = :r"),
			ExpressionAttributeNames:  map[string]string{"#st": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{":removed": str(StatusRemoved), ":visible": str(StatusVisible), ":r": num(int64(cur.Rating))},
		}},
		s.ratingUpdate(cur.SellerID, -int64(cur.Rating), -1),
		audit,
	}})
	if failedAt(err, 0) {
		return errChanged
	}
	if err != nil {
		return fmt.Errorf("reviews: remove %s: %w", cur.ID, err)
	}
	return nil
}

// Dismiss takes review id out of the queue, with the audit entry.
func (s *Store) Dismiss(ctx context.Context, id string, audit types.TransactWriteItem) error {
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: reviewKey(id),
			UpdateExpression:    aws.String("REMOVE GSI3PK, GSI3SK"),
			ConditionExpression: aws.String("attribute_exists(GSI3PK)"),
		}},
		audit,
	}})
	if failedAt(err, 0) {
		return errNotFound
	}
	if err != nil {
		return fmt.Errorf("reviews: dismiss %s: %w", id, err)
	}
	return nil
}

// Rating returns sellerID's sums.
func (s *Store) Rating(ctx context.Context, sellerID string) (Rating, error) {
	var r Rating
	if _, err := ddb.GetItem(ctx, s.db, &dynamodb.GetItemInput{TableName: aws.String(s.table), Key: ratingKey(sellerID)}, &r); err != nil {
		return Rating{}, fmt.Errorf("reviews: rating of %s: %w", sellerID, err)
	}
	return r, nil
}

// Page is a page of reviews.
type Page struct {
	Items      []Review
	NextCursor string
}

// BySeller returns a page of sellerID's visible reviews, newest first.
func (s *Store) BySeller(ctx context.Context, sellerID string, limit int, cursor string) (Page, error) {
	return s.page(ctx, &dynamodb.QueryInput{
		TableName: aws.String(s.table), IndexName: aws.String(ddb.IndexGSI1),
		KeyConditionExpression:    aws.String("GSI1PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(listPK(sellerID))},
		ScanIndexForward:          aws.Bool(false),
	}, ddb.FiltersHash("reviews", sellerID), limit, cursor, ddb.AttrGSI1PK, ddb.AttrGSI1SK)
}

// Reported returns a page of reported reviews, first reported first.
func (s *Store) Reported(ctx context.Context, limit int, cursor string) (Page, error) {
	return s.page(ctx, &dynamodb.QueryInput{
		TableName: aws.String(s.table), IndexName: aws.String(ddb.IndexGSI3),
		KeyConditionExpression:    aws.String("GSI3PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(pkReported)},
	}, ddb.FiltersHash("reviews-reported"), limit, cursor, ddb.AttrGSI3PK, ddb.AttrGSI3SK)
}

func (s *Store) page(ctx context.Context, in *dynamodb.QueryInput, hash string, limit int, cursor, ipk, isk string) (Page, error) {
	start, err := s.cursors.Decode(cursor, hash)
	if err != nil {
		return Page{}, fmt.Errorf("reviews: list: %w", err)
	}
	in.ExclusiveStartKey = start
	items, more, err := ddb.QueryPage[map[string]types.AttributeValue](ctx, s.db, in, limit)
	if err != nil {
		return Page{}, fmt.Errorf("reviews: list: %w", err)
	}
	page := Page{Items: make([]Review, len(items))}
	for i, av := range items {
		var it reviewItem
		if err := attributevalue.UnmarshalMap(av, &it); err != nil {
			return Page{}, fmt.Errorf("reviews: decode: %w", err)
		}
		page.Items[i] = it.Review
	}
	if more {
		last := items[len(items)-1]
		next, err := s.cursors.Encode(map[string]types.AttributeValue{
			ddb.AttrPK: last[ddb.AttrPK], ddb.AttrSK: last[ddb.AttrSK], ipk: last[ipk], isk: last[isk],
		}, hash)
		if err != nil {
			return Page{}, fmt.Errorf("reviews: list: %w", err)
		}
		page.NextCursor = next
	}
	return page, nil
}

// Reports returns the reports of review id.
func (s *Store) Reports(ctx context.Context, id string) ([]Report, error) {
	out, err := s.db.Query(ctx, &dynamodb.QueryInput{
		TableName:                 aws.String(s.table),
		KeyConditionExpression:    aws.String("PK = :pk AND begins_with(SK, :sk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(reviewPKPrefix + id), ":sk": str(reportSKPrefix)},
	})
	if err != nil {
		return nil, fmt.Errorf("reviews: reports of %s: %w", id, err)
	}
	var reps []Report
	if err := attributevalue.UnmarshalListOfMaps(out.Items, &reps); err != nil {
		return nil, fmt.Errorf("reviews: decode reports: %w", err)
	}
	return reps, nil
}

// ByAuthor returns the reviews buyerID wrote (through their guards), any
// status.
func (s *Store) ByAuthor(ctx context.Context, buyerID string) ([]Review, error) {
	var out []Review
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(s.table),
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(guardPKPrefix + buyerID)},
		ConsistentRead:            aws.Bool(true),
	}
	type guard struct {
		ReviewID string `dynamodbav:"reviewId"`
	}
	err := ddb.QueryEach(ctx, s.db, in, func(g guard) error {
		r, err := s.Get(ctx, g.ReviewID)
		switch {
		case errors.Is(err, errNotFound):
			return nil
		case err != nil:
			return err
		}
		out = append(out, r)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reviews: by %s: %w", buyerID, err)
	}
	return out, nil
}

// EraseAuthor removes every review buyerID wrote, as an account deletion
// does: visible ones leave the seller's sums, then each review item and
// its guard are deleted (the reports with it stay until they expire with
// nothing to point to).
func (s *Store) EraseAuthor(ctx context.Context, buyerID string) (int, error) {
	all, err := s.ByAuthor(ctx, buyerID)
	if err != nil {
		return 0, err
	}
	for _, r := range all {
		actions := []types.TransactWriteItem{
			{Delete: &types.Delete{
				TableName: aws.String(s.table), Key: reviewKey(r.ID),
				ConditionExpression:       aws.String("#st = :st AND rating = :r"),
				ExpressionAttributeNames:  map[string]string{"#st": "status"},
				ExpressionAttributeValues: map[string]types.AttributeValue{":st": str(r.Status), ":r": num(int64(r.Rating))},
			}},
			{Delete: &types.Delete{TableName: aws.String(s.table), Key: guardKey(buyerID, r.AdID)}},
		}
		if r.Status == StatusVisible {
			actions = append(actions, s.ratingUpdate(r.SellerID, -int64(r.Rating), -1))
		}
		if _, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: actions}); err != nil {
			return 0, fmt.Errorf("reviews: erase %s by %s: %w", r.ID, buyerID, err)
		}
	}
	return len(all), nil
}
