package contactreq

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// DynamoStore is the Store on the single table (see keys.go). Safe for
// concurrent use.
type DynamoStore struct {
	db      ddb.API
	table   string
	cursors *ddb.Cursors
}

var _ Store = (*DynamoStore)(nil)

// NewDynamoStore returns a store on table that signs list cursors with
// cursors.
func NewDynamoStore(db ddb.API, table string, cursors *ddb.Cursors) *DynamoStore {
	return &DynamoStore{db: db, table: table, cursors: cursors}
}

// maxAttempts bounds the re-reads of a change that raced another one on
// the same request or counter.
const maxAttempts = 8

// item is the stored form of a Request.
type item struct {
	PK         string `dynamodbav:"PK"`
	SK         string `dynamodbav:"SK"`
	GSI1PK     string `dynamodbav:"GSI1PK"`
	GSI1SK     string `dynamodbav:"GSI1SK"`
	Type       string `dynamodbav:"type"`
	ID         string `dynamodbav:"id"`
	SellerID   string `dynamodbav:"sellerId"`
	AdID       string `dynamodbav:"adId"`
	AdTitle    string `dynamodbav:"adTitle"`
	Name       string `dynamodbav:"name"`
	Email      string `dynamodbav:"email"`
	Phone      string `dynamodbav:"phone,omitempty"`
	Message    string `dynamodbav:"message"`
	Read       bool   `dynamodbav:"read"`
	Archived   bool   `dynamodbav:"archived"`
	BuyerID    string `dynamodbav:"buyerId,omitempty"`
	ClientHash string `dynamodbav:"clientHash"`
	UserAgent  string `dynamodbav:"userAgent,omitempty"`
	Notified   bool   `dynamodbav:"notified"`
	CreatedAt  string `dynamodbav:"createdAt"`
	ReadAt     string `dynamodbav:"readAt,omitempty"`
}

func toItem(r Request) item {
	it := item{
		PK: requestPK(r.ID), SK: skRequest,
		GSI1PK: folderPK(r.SellerID, r.Archived), GSI1SK: listSK(r.CreatedAt, r.ID),
		Type: itemType, ID: r.ID, SellerID: r.SellerID, AdID: r.AdID, AdTitle: r.AdTitle,
		Name: r.Name, Email: r.Email, Phone: r.Phone, Message: r.Message,
		Read: r.Read, Archived: r.Archived, BuyerID: r.BuyerID, ClientHash: r.ClientHash,
		UserAgent: r.UserAgent, Notified: r.Notified, CreatedAt: r.CreatedAt.UTC().Format(time.RFC3339Nano),
	}
	if !r.ReadAt.IsZero() {
		it.ReadAt = r.ReadAt.UTC().Format(time.RFC3339Nano)
	}
	return it
}

func (it item) request() (Request, error) {
	created, err := time.Parse(time.RFC3339Nano, it.CreatedAt)
	if err != nil {
		return Request{}, fmt.Errorf("contactreq: request %s: createdAt %q: %w", it.ID, it.CreatedAt, err)
	}
	r := Request{
		ID: it.ID, SellerID: it.SellerID, AdID: it.AdID, AdTitle: it.AdTitle, Name: it.Name, Email: it.Email,
		Phone: it.Phone, Message: it.Message, Read: it.Read, Archived: it.Archived, CreatedAt: created,
		BuyerID: it.BuyerID, ClientHash: it.ClientHash, UserAgent: it.UserAgent, Notified: it.Notified,
	}
	if it.ReadAt != "" {
		if r.ReadAt, err = time.Parse(time.RFC3339Nano, it.ReadAt); err != nil {
			return Request{}, fmt.Errorf("contactreq: request %s: readAt %q: %w", it.ID, it.ReadAt, err)
		}
	}
	return r, nil
}

// validID reports whether id can be a request id (a ULID); others are
// answered as not found before they become keys.
func validID(id string) bool {
	_, err := ulid.ParseStrict(id)
	return err == nil && len(id) == ulid.EncodedSize
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }

func boolean(b bool) types.AttributeValue { return &types.AttributeValueMemberBOOL{Value: b} }

// counterUpdate is the transaction action that moves the seller's unread
// counter by delta.
func (s *DynamoStore) counterUpdate(sellerID string, delta int) types.TransactWriteItem {
	return types.TransactWriteItem{Update: &types.Update{
		TableName:                aws.String(s.table),
		Key:                      ddb.Key(countersPK(sellerID), skCounters),
		UpdateExpression:         aws.String("ADD #unread :delta SET #type = :type"),
		ExpressionAttributeNames: map[string]string{"#unread": attrUnread, "#type": ddb.AttrType},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":delta": &types.AttributeValueMemberN{Value: strconv.Itoa(delta)},
			":type":  str(countersType),
		},
	}}
}

// Create puts r (unread) and counts it in the seller's unread counter in
// one transaction; an existing id is apperr conflict.
func (s *DynamoStore) Create(ctx context.Context, r Request) error {
	r.Read, r.Archived, r.ReadAt = false, false, time.Time{}
	av, err := attributevalue.MarshalMap(toItem(r))
	if err != nil {
		return fmt.Errorf("contactreq: marshal request %s: %w", r.ID, err)
	}
	in := &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String(s.table), Item: av, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
		s.counterUpdate(r.SellerID, 1),
	}}
	if r.BuyerID != "" {
		// What a review's eligibility rests on: this buyer wrote to this
		// seller about this ad, first at firstAt.
		in.TransactItems = append(in.TransactItems, types.TransactWriteItem{Update: &types.Update{
			TableName: aws.String(s.table), Key: ContactedKey(r.BuyerID, r.AdID),
			UpdateExpression:         aws.String("SET #t = :type, sellerId = :seller, firstAt = if_not_exists(firstAt, :at), lastAt = :at"),
			ExpressionAttributeNames: map[string]string{"#t": ddb.AttrType},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":type": str(contactedType), ":seller": str(r.SellerID), ":at": str(r.CreatedAt.UTC().Format(time.RFC3339Nano)),
			},
		}})
	}
	for attempt := 1; ; attempt++ {
		_, err = s.db.TransactWriteItems(ctx, in)
		reasons, cancelled := ddb.CancellationReasons(err)
		switch {
		case err == nil:
			return nil
		case cancelled && len(reasons) > 0 && reasons[0] == "ConditionalCheckFailed":
			return fmt.Errorf("contactreq: put request %s: %w", r.ID, apperr.New(apperr.CodeConflict, err))
		case cancelled && attempt < maxAttempts:
			// A conflict with another transaction on the counter: nothing
			// was written, so the same transaction is tried again.
			backoff(ctx, attempt)
		default:
			return fmt.Errorf("contactreq: put request %s: %w", r.ID, err)
		}
	}
}

// backoff waits a little before attempt+1 of a raced change, with jitter
// so racing callers spread out.
func backoff(ctx context.Context, attempt int) {
	d := time.Duration(attempt*5+rand.IntN(10)) * time.Millisecond //nolint:gosec // jitter, not a secret
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

// MarkNotified sets notified=true on request id.
func (s *DynamoStore) MarkNotified(ctx context.Context, id string) error {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                 aws.String(s.table),
		Key:                       ddb.Key(requestPK(id), skRequest),
		UpdateExpression:          aws.String("SET #notified = :true"),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		ExpressionAttributeNames:  map[string]string{"#notified": "notified"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":true": boolean(true)},
	})
	if ddb.IsConditionFailed(err) {
		return fmt.Errorf("contactreq: mark request %s notified: %w", id, notFound(err))
	}
	if err != nil {
		return fmt.Errorf("contactreq: mark request %s notified: %w", id, err)
	}
	return nil
}

// Get reads request id (consistent) and checks that sellerID received it.
func (s *DynamoStore) Get(ctx context.Context, sellerID, id string) (Request, error) {
	if !validID(id) || sellerID == "" {
		return Request{}, notFound(fmt.Errorf("contactreq: request id %q", id))
	}
	var it item
	found, err := ddb.Get(ctx, s.db, s.table, ddb.Key(requestPK(id), skRequest), &it)
	if err != nil {
		return Request{}, fmt.Errorf("contactreq: get request %s: %w", id, err)
	}
	if !found {
		return Request{}, notFound(fmt.Errorf("contactreq: no request %s", id))
	}
	if it.SellerID != sellerID {
		return Request{}, notFound(fmt.Errorf("contactreq: request %s belongs to %s, not %s", id, it.SellerID, sellerID))
	}
	return it.request()
}

// raced reports whether err is a lost race that a re-read resolves: a
// failed condition on the request (its state changed since it was read)
// or a conflict with another transaction.
func raced(err error) bool {
	if ddb.IsConditionFailed(err) {
		return true
	}
	_, cancelled := ddb.CancellationReasons(err)
	return cancelled
}

// Update applies ch to the seller's request id: reads it, writes the new
// state conditioned on the state it read (with the counter in the same
// transaction when the read state changes), and starts over when another
// change came first.
func (s *DynamoStore) Update(ctx context.Context, sellerID, id string, ch Change, now time.Time) (Request, error) {
	for attempt := 1; ; attempt++ {
		cur, err := s.Get(ctx, sellerID, id)
		if err != nil {
			return Request{}, err
		}
		next := cur
		if ch.Read != nil {
			next.Read = *ch.Read
		}
		if ch.Archived != nil {
			next.Archived = *ch.Archived
		}
		if next.Read == cur.Read && next.Archived == cur.Archived {
			return cur, nil
		}
		if next.Read && !cur.Read {
			next.ReadAt = now
		}
		err = s.write(ctx, cur, next)
		if err == nil {
			return next, nil
		}
		if !raced(err) {
			return Request{}, err
		}
		if attempt >= maxAttempts {
			return Request{}, fmt.Errorf("contactreq: update request %s: %w", id, apperr.New(apperr.CodeConflict, err))
		}
		backoff(ctx, attempt)
	}
}

// write stores next over cur, conditioned on cur's owner and state.
func (s *DynamoStore) write(ctx context.Context, cur, next Request) error {
	values := map[string]types.AttributeValue{
		":uid": str(cur.SellerID), ":seenRead": boolean(cur.Read), ":seenArchived": boolean(cur.Archived),
		":read": boolean(next.Read), ":archived": boolean(next.Archived),
		":gsi1pk": str(folderPK(next.SellerID, next.Archived)),
	}
	expr := "SET #read = :read, #archived = :archived, #gsi1pk = :gsi1pk"
	names := map[string]string{"#read": "read", "#archived": "archived", "#gsi1pk": ddb.AttrGSI1PK, "#seller": "sellerId"}
	if next.Read && !cur.Read {
		expr += ", #readAt = :readAt"
		names["#readAt"] = "readAt"
		values[":readAt"] = str(next.ReadAt.UTC().Format(time.RFC3339Nano))
	}
	update := &types.Update{
		TableName:                 aws.String(s.table),
		Key:                       ddb.Key(requestPK(cur.ID), skRequest),
		UpdateExpression:          aws.String(expr),
		ConditionExpression:       aws.String("#seller = :uid AND #read = :seenRead AND #archived = :seenArchived"),
		ExpressionAttributeNames:  names,
		ExpressionAttributeValues: values,
	}
	if next.Read == cur.Read {
		_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
			TableName: update.TableName, Key: update.Key, UpdateExpression: update.UpdateExpression,
			ConditionExpression: update.ConditionExpression, ExpressionAttributeNames: names, ExpressionAttributeValues: values,
		})
		if err != nil {
			return fmt.Errorf("contactreq: write request %s: %w", cur.ID, err)
		}
		return nil
	}
	delta := 1
	if next.Read {
		delta = -1
	}
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
		{Update: update}, s.counterUpdate(cur.SellerID, delta),
	}})
	if err != nil {
		return fmt.Errorf("contactreq: write request %s with the counter: %w", cur.ID, err)
	}
	return nil
}

// Delete removes the seller's request id, counting it down when unread,
// conditioned on the read state it saw; a lost race starts over.
func (s *DynamoStore) Delete(ctx context.Context, sellerID, id string) error {
	for attempt := 1; ; attempt++ {
		cur, err := s.Get(ctx, sellerID, id)
		if err != nil {
			return err
		}
		del := &types.Delete{
			TableName:                aws.String(s.table),
			Key:                      ddb.Key(requestPK(id), skRequest),
			ConditionExpression:      aws.String("#seller = :uid AND #read = :seenRead"),
			ExpressionAttributeNames: map[string]string{"#seller": "sellerId", "#read": "read"},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":uid": str(sellerID), ":seenRead": boolean(cur.Read),
			},
		}
		if cur.Read {
			_, err = s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{
				TableName: del.TableName, Key: del.Key, ConditionExpression: del.ConditionExpression,
				ExpressionAttributeNames: del.ExpressionAttributeNames, ExpressionAttributeValues: del.ExpressionAttributeValues,
			})
		} else {
			_, err = s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{
				{Delete: del}, s.counterUpdate(sellerID, -1),
			}})
		}
		if err == nil {
			return nil
		}
		if !raced(err) {
			return fmt.Errorf("contactreq: delete request %s: %w", id, err)
		}
		if attempt >= maxAttempts {
			return fmt.Errorf("contactreq: delete request %s: %w", id, apperr.New(apperr.CodeConflict, err))
		}
		backoff(ctx, attempt)
	}
}

// Unread reads the seller's counter (consistent); no counter is 0, and a
// negative value (only a manual edit makes one) reads as 0.
func (s *DynamoStore) Unread(ctx context.Context, sellerID string) (int, error) {
	var c struct {
		Unread int `dynamodbav:"unreadContacts"`
	}
	if _, err := ddb.GetItem(ctx, s.db, &dynamodb.GetItemInput{
		TableName:                aws.String(s.table),
		Key:                      ddb.Key(countersPK(sellerID), skCounters),
		ConsistentRead:           aws.Bool(true),
		ProjectionExpression:     aws.String("#unread"),
		ExpressionAttributeNames: map[string]string{"#unread": attrUnread},
	}, &c); err != nil {
		return 0, fmt.Errorf("contactreq: unread counter of %s: %w", sellerID, err)
	}
	return max(c.Unread, 0), nil
}

// List queries the seller's folder on GSI1 newest first. It reads limit+1
// items (across 1 MB pages if needed) so that NextCursor is "" exactly
// when nothing follows; the cursor is the signed key of the page's last
// item, bound to the seller and the folder.
func (s *DynamoStore) List(ctx context.Context, sellerID string, archived bool, limit int, cursor string) (Page, error) {
	if limit < 1 || limit > MaxPageSize {
		return Page{}, fmt.Errorf("contactreq: list: %w", apperr.Validation(map[string]string{"limit": apperr.FieldInvalid}))
	}
	hash := listFiltersHash(sellerID, archived)
	start, err := s.cursors.Decode(cursor, hash)
	if err != nil {
		return Page{}, fmt.Errorf("contactreq: list: %w", err)
	}
	items, more, err := ddb.QueryPage[item](ctx, s.db, &dynamodb.QueryInput{
		TableName:                 aws.String(s.table),
		IndexName:                 aws.String(ddb.IndexGSI1),
		KeyConditionExpression:    aws.String("#pk = :pk"),
		ExpressionAttributeNames:  map[string]string{"#pk": ddb.AttrGSI1PK},
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(folderPK(sellerID, archived))},
		ScanIndexForward:          aws.Bool(false),
		ExclusiveStartKey:         start,
	}, limit)
	if err != nil {
		return Page{}, fmt.Errorf("contactreq: query requests of %s: %w", sellerID, err)
	}
	page := Page{Items: make([]Request, 0, len(items))}
	for _, it := range items {
		r, err := it.request()
		if err != nil {
			return Page{}, err
		}
		page.Items = append(page.Items, r)
	}
	if more {
		last := items[len(items)-1]
		next, err := s.cursors.Encode(map[string]types.AttributeValue{
			ddb.AttrPK: str(last.PK), ddb.AttrSK: str(last.SK),
			ddb.AttrGSI1PK: str(last.GSI1PK), ddb.AttrGSI1SK: str(last.GSI1SK),
		}, hash)
		if err != nil {
			return Page{}, fmt.Errorf("contactreq: list: %w", err)
		}
		page.NextCursor = next
	}
	return page, nil
}
