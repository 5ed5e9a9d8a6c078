package favourites

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/ddb"
)

// MaxFavourites bounds one user's wish list: enough for any real project,
// small enough that the saved ids (the hearts on every list) are one cheap
// Query.
const MaxFavourites = 300

// Page sizes of the list.
const (
	DefaultPageSize = 24
	MaxPageSize     = 48
)

// Favourite is one saved ad.
type Favourite struct {
	AdID    string
	Title   string // the ad's title when it was saved (shown once the ad is gone)
	SavedAt time.Time
}

// Page is one page of a wish list, newest saved first.
type Page struct {
	Items      []Favourite
	NextCursor string
}

// Why a save or a removal did not happen; the service turns them into
// coded errors.
var (
	errSaved       = errors.New("favourites: already saved")
	errFull        = errors.New("favourites: wish list full")
	errUnavailable = errors.New("favourites: ad not active, hidden or the caller's own")
	errNotSaved    = errors.New("favourites: not saved")
)

// Store keeps wish lists on the single table (see keys.go). Safe for
// concurrent use.
type Store struct {
	db      ddb.API
	table   string
	cursors *ddb.Cursors
}

// NewStore returns a store on table that signs list cursors with cursors
// (nil when the caller never lists pages: export, deletion).
func NewStore(db ddb.API, table string, cursors *ddb.Cursors) *Store {
	return &Store{db: db, table: table, cursors: cursors}
}

// maxAttempts bounds the retries of a transaction that lost a conflict
// with another one on the same counter (many people saving one ad).
const maxAttempts = 12

type item struct {
	PK      string `dynamodbav:"PK"`
	SK      string `dynamodbav:"SK"`
	GSI1PK  string `dynamodbav:"GSI1PK"`
	GSI1SK  string `dynamodbav:"GSI1SK"`
	Type    string `dynamodbav:"type"`
	AdID    string `dynamodbav:"adId"`
	Title   string `dynamodbav:"title"`
	SavedAt string `dynamodbav:"savedAt"`
}

func (it item) favourite() (Favourite, error) {
	at, err := time.Parse(time.RFC3339Nano, it.SavedAt)
	if err != nil {
		return Favourite{}, fmt.Errorf("favourites: %s/%s: savedAt %q: %w", it.PK, it.SK, it.SavedAt, err)
	}
	return Favourite{AdID: it.AdID, Title: it.Title, SavedAt: at}, nil
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }
func num(n int) types.AttributeValue    { return &types.AttributeValueMemberN{Value: strconv.Itoa(n)} }

// Add saves f in uid's list. It fails with errSaved when the ad is in the
// list already, errFull at MaxFavourites, errUnavailable when the ad is
// not (or no longer) one uid may save.
func (s *Store) Add(ctx context.Context, uid string, f Favourite) error {
	av, err := attributevalue.MarshalMap(item{
		PK: userPK(uid), SK: favSK(f.AdID), GSI1PK: listPK(uid), GSI1SK: listSK(f.SavedAt, f.AdID),
		Type: typeFavourite, AdID: f.AdID, Title: f.Title, SavedAt: f.SavedAt.UTC().Format(time.RFC3339Nano),
	})
	if err != nil {
		return fmt.Errorf("favourites: marshal %s/%s: %w", uid, f.AdID, err)
	}
	actions := []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String(s.table), Item: av, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: countKey(uid),
			UpdateExpression:          aws.String("ADD n :one SET #t = :type"),
			ConditionExpression:       aws.String("attribute_not_exists(n) OR n < :max"),
			ExpressionAttributeNames:  map[string]string{"#t": ddb.AttrType},
			ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1), ":max": num(MaxFavourites), ":type": str(typeCount)},
		}},
		s.adCounter(f.AdID, 1, false),
		{ConditionCheck: catalog.VisibleToOthers(s.table, f.AdID, uid)},
	}
	err = s.transact(ctx, actions)
	reasons, _ := ddb.CancellationReasons(err)
	switch {
	case err == nil:
		return nil
	case failedAt(reasons, 0):
		return errSaved
	case failedAt(reasons, 1):
		return errFull
	case failedAt(reasons, 3):
		return errUnavailable
	}
	return fmt.Errorf("favourites: save %s for %s: %w", f.AdID, uid, err)
}

// Remove takes adID off uid's list (errNotSaved when it is not in it).
// The ad's counter goes down with it unless the ad was deleted (its stats
// went with it).
func (s *Store) Remove(ctx context.Context, uid, adID string) error {
	actions := []types.TransactWriteItem{
		{Delete: &types.Delete{TableName: aws.String(s.table), Key: favKey(uid, adID), ConditionExpression: aws.String("attribute_exists(PK)")}},
		{Update: &types.Update{
			TableName: aws.String(s.table), Key: countKey(uid),
			UpdateExpression:          aws.String("ADD n :minus"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":minus": num(-1)},
		}},
		s.adCounter(adID, -1, true),
	}
	err := s.transact(ctx, actions)
	reasons, _ := ddb.CancellationReasons(err)
	if failedAt(reasons, 2) && !failedAt(reasons, 0) {
		// The ad and its stats are gone: there is no counter to move.
		err = s.transact(ctx, actions[:2])
		reasons, _ = ddb.CancellationReasons(err)
	}
	switch {
	case err == nil:
		return nil
	case failedAt(reasons, 0):
		return errNotSaved
	}
	return fmt.Errorf("favourites: remove %s for %s: %w", adID, uid, err)
}

// adCounter moves ad adID's favourites counter by delta; mustExist keeps a
// decrement from creating stats for a deleted ad.
func (s *Store) adCounter(adID string, delta int, mustExist bool) types.TransactWriteItem {
	u := &types.Update{
		TableName: aws.String(s.table), Key: catalog.StatsKey(adID),
		UpdateExpression:          aws.String("ADD #f :d SET #t = :type"),
		ExpressionAttributeNames:  map[string]string{"#f": attrFavCount, "#t": ddb.AttrType},
		ExpressionAttributeValues: map[string]types.AttributeValue{":d": num(delta), ":type": str(catalog.StatsType)},
	}
	if mustExist {
		u.ConditionExpression = aws.String("attribute_exists(PK)")
	}
	return types.TransactWriteItem{Update: u}
}

// transact runs actions, again after a lost conflict (nothing was written
// then), up to maxAttempts times.
func (s *Store) transact(ctx context.Context, actions []types.TransactWriteItem) error {
	for attempt := 1; ; attempt++ {
		_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: actions})
		reasons, cancelled := ddb.CancellationReasons(err)
		if err == nil {
			return nil
		}
		if !cancelled || conditionFailed(reasons) || attempt == maxAttempts {
			return fmt.Errorf("favourites: transaction: %w", err)
		}
		d := time.Duration(attempt*8+rand.IntN(20)) * time.Millisecond //nolint:gosec // jitter, not a secret
		select {
		case <-ctx.Done():
			return fmt.Errorf("favourites: %w", ctx.Err())
		case <-time.After(d):
		}
	}
}

func failedAt(reasons []string, i int) bool {
	return i < len(reasons) && reasons[i] == "ConditionalCheckFailed"
}

func conditionFailed(reasons []string) bool {
	for i := range reasons {
		if failedAt(reasons, i) {
			return true
		}
	}
	return false
}

// Get returns uid's favourite adID (errNotSaved when there is none).
func (s *Store) Get(ctx context.Context, uid, adID string) (Favourite, error) {
	var it item
	found, err := ddb.Get(ctx, s.db, s.table, favKey(uid, adID), &it)
	if err != nil {
		return Favourite{}, fmt.Errorf("favourites: get %s/%s: %w", uid, adID, err)
	}
	if !found {
		return Favourite{}, errNotSaved
	}
	return it.favourite()
}

// IDs returns the ids of every ad in uid's list, newest saved first.
func (s *Store) IDs(ctx context.Context, uid string) ([]string, error) {
	type idOnly struct {
		AdID string `dynamodbav:"adId"`
	}
	items, _, err := ddb.QueryPage[idOnly](ctx, s.db, s.listQuery(uid, nil, aws.String("adId")), MaxFavourites)
	if err != nil {
		return nil, fmt.Errorf("favourites: ids of %s: %w", uid, err)
	}
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = it.AdID
	}
	return ids, nil
}

// All returns uid's whole list, newest saved first (the export and the
// account deletion).
func (s *Store) All(ctx context.Context, uid string) ([]Favourite, error) {
	// The list never holds more than MaxFavourites, but a counter edited
	// by hand must not make the export lose items: read to the end.
	out, err := ddb.QueryAllFunc(ctx, s.db, s.listQuery(uid, nil, nil), item.favourite)
	if err != nil {
		return nil, fmt.Errorf("favourites: all of %s: %w", uid, err)
	}
	return out, nil
}

// List returns a page of uid's list, newest saved first; cursor is the
// previous page's NextCursor (signed and bound to uid).
func (s *Store) List(ctx context.Context, uid string, limit int, cursor string) (Page, error) {
	if limit < 1 || limit > MaxPageSize {
		return Page{}, fmt.Errorf("favourites: list: %w", apperr.Validation(map[string]string{"limit": apperr.FieldInvalid}))
	}
	hash := ddb.FiltersHash("favourites", uid)
	start, err := s.cursors.Decode(cursor, hash)
	if err != nil {
		return Page{}, fmt.Errorf("favourites: list: %w", err)
	}
	items, more, err := ddb.QueryPage[item](ctx, s.db, s.listQuery(uid, start, nil), limit)
	if err != nil {
		return Page{}, fmt.Errorf("favourites: list of %s: %w", uid, err)
	}
	page := Page{Items: make([]Favourite, 0, len(items))}
	for _, it := range items {
		f, err := it.favourite()
		if err != nil {
			return Page{}, err
		}
		page.Items = append(page.Items, f)
	}
	if more {
		last := items[len(items)-1]
		next, err := s.cursors.Encode(map[string]types.AttributeValue{
			ddb.AttrPK: str(last.PK), ddb.AttrSK: str(last.SK), ddb.AttrGSI1PK: str(last.GSI1PK), ddb.AttrGSI1SK: str(last.GSI1SK),
		}, hash)
		if err != nil {
			return Page{}, fmt.Errorf("favourites: list: %w", err)
		}
		page.NextCursor = next
	}
	return page, nil
}

func (s *Store) listQuery(uid string, start map[string]types.AttributeValue, projection *string) *dynamodb.QueryInput {
	return &dynamodb.QueryInput{
		TableName:                 aws.String(s.table),
		IndexName:                 aws.String(ddb.IndexGSI1),
		KeyConditionExpression:    aws.String("#pk = :pk"),
		ExpressionAttributeNames:  map[string]string{"#pk": ddb.AttrGSI1PK},
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(listPK(uid))},
		ScanIndexForward:          aws.Bool(false),
		ExclusiveStartKey:         start,
		ProjectionExpression:      projection,
	}
}

// RemoveAll empties uid's list (each removal moves its ad's counter) and
// deletes the list's counter: the account deletion. It returns how many
// favourites it removed.
func (s *Store) RemoveAll(ctx context.Context, uid string) (int, error) {
	all, err := s.All(ctx, uid)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, f := range all {
		switch err := s.Remove(ctx, uid, f.AdID); {
		case err == nil:
			n++
		case errors.Is(err, errNotSaved): // removed meanwhile
		default:
			return n, err
		}
	}
	if _, err := s.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(s.table), Key: countKey(uid)}); err != nil {
		return n, fmt.Errorf("favourites: delete counter of %s: %w", uid, err)
	}
	return n, nil
}
