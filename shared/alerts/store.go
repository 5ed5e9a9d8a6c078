package alerts

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// Why a store change did not happen; the service codes them.
var (
	errNotFound = errors.New("alerts: no such saved search")
	errLimit    = errors.New("alerts: saved search limit reached")
	errInactive = errors.New("alerts: saved search paused or deleted")
)

// Store keeps saved searches, their filed entries and waiting matches on
// the single table (keys.go). Safe for concurrent use.
type Store struct {
	db    ddb.API
	table string
}

// NewStore returns a store on table.
func NewStore(db ddb.API, table string) *Store { return &Store{db: db, table: table} }

type searchItem struct {
	PK         string   `dynamodbav:"PK"`
	SK         string   `dynamodbav:"SK"`
	Type       string   `dynamodbav:"type"`
	ID         string   `dynamodbav:"id"`
	UserID     string   `dynamodbav:"userId"`
	Name       string   `dynamodbav:"name"`
	Params     string   `dynamodbav:"params"`
	Criteria   Criteria `dynamodbav:"criteria"`
	Place      string   `dynamodbav:"place,omitempty"`
	Frequency  string   `dynamodbav:"frequency"`
	Paused     bool     `dynamodbav:"paused"`
	Keys       []string `dynamodbav:"keys,stringset"`
	CreatedAt  string   `dynamodbav:"createdAt"`
	LastSentAt string   `dynamodbav:"lastSentAt,omitempty"`
	GSI3PK     string   `dynamodbav:"GSI3PK,omitempty"`
	GSI3SK     string   `dynamodbav:"GSI3SK,omitempty"`
}

func (it searchItem) search() (SavedSearch, error) {
	s := SavedSearch{
		ID: it.ID, UserID: it.UserID, Name: it.Name, Params: it.Params, Criteria: it.Criteria, Place: it.Place,
		Frequency: it.Frequency, Paused: it.Paused, Keys: it.Keys, DueSK: it.GSI3SK,
	}
	var err error
	if s.CreatedAt, err = time.Parse(time.RFC3339Nano, it.CreatedAt); err != nil {
		return SavedSearch{}, fmt.Errorf("alerts: search %s: createdAt: %w", it.ID, err)
	}
	if it.LastSentAt != "" {
		if s.LastSentAt, err = time.Parse(time.RFC3339Nano, it.LastSentAt); err != nil {
			return SavedSearch{}, fmt.Errorf("alerts: search %s: lastSentAt: %w", it.ID, err)
		}
	}
	return s, nil
}

// entryItem is a saved search filed under one of its keys.
type entryItem struct {
	PK       string   `dynamodbav:"PK"`
	SK       string   `dynamodbav:"SK"`
	Type     string   `dynamodbav:"type"`
	UserID   string   `dynamodbav:"userId"`
	Criteria Criteria `dynamodbav:"criteria"`
}

// Entry is a saved search as filed for matching.
type Entry struct {
	SearchID string
	UserID   string
	Criteria Criteria
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }
func num(n int64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatInt(n, 10)}
}

func failedAt(err error, i int) bool {
	reasons, ok := ddb.CancellationReasons(err)
	return ok && i < len(reasons) && reasons[i] == "ConditionalCheckFailed"
}

// Create stores s with its entries (errLimit at MaxSearches).
func (st *Store) Create(ctx context.Context, s SavedSearch) error {
	item, err := attributevalue.MarshalMap(searchItem{
		PK: userPK(s.UserID), SK: searchSK(s.ID), Type: typeSearch, ID: s.ID, UserID: s.UserID, Name: s.Name,
		Params: s.Params, Criteria: s.Criteria, Place: s.Place, Frequency: s.Frequency, Paused: s.Paused, Keys: s.Keys,
		CreatedAt: s.CreatedAt.UTC().Format(time.RFC3339Nano),
	})
	if err != nil {
		return fmt.Errorf("alerts: marshal search %s: %w", s.ID, err)
	}
	actions := []types.TransactWriteItem{
		{Put: &types.Put{TableName: aws.String(st.table), Item: item, ConditionExpression: aws.String("attribute_not_exists(PK)")}},
		{Update: &types.Update{
			TableName: aws.String(st.table), Key: countKey(s.UserID),
			UpdateExpression:          aws.String("ADD n :one SET #t = :type"),
			ConditionExpression:       aws.String("attribute_not_exists(n) OR n < :max"),
			ExpressionAttributeNames:  map[string]string{"#t": ddb.AttrType},
			ExpressionAttributeValues: map[string]types.AttributeValue{":one": num(1), ":max": num(MaxSearches), ":type": str(typeCount)},
		}},
	}
	for _, k := range s.Keys {
		entry, err := attributevalue.MarshalMap(entryItem{PK: entryPK(k), SK: s.ID, Type: typeEntry, UserID: s.UserID, Criteria: s.Criteria})
		if err != nil {
			return fmt.Errorf("alerts: marshal entry %s/%s: %w", k, s.ID, err)
		}
		actions = append(actions, types.TransactWriteItem{Put: &types.Put{TableName: aws.String(st.table), Item: entry}})
	}
	_, err = st.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: actions})
	switch {
	case err == nil:
		return nil
	case failedAt(err, 1):
		return errLimit
	}
	return fmt.Errorf("alerts: save search %s: %w", s.ID, err)
}

// Get returns uid's saved search id (errNotFound).
func (st *Store) Get(ctx context.Context, uid, id string) (SavedSearch, error) {
	var it searchItem
	found, err := ddb.Get(ctx, st.db, st.table, searchKey(uid, id), &it)
	if err != nil {
		return SavedSearch{}, fmt.Errorf("alerts: get search %s: %w", id, err)
	}
	if !found {
		return SavedSearch{}, errNotFound
	}
	return it.search()
}

func decodeSearch(av map[string]types.AttributeValue) (SavedSearch, error) {
	var it searchItem
	if err := attributevalue.UnmarshalMap(av, &it); err != nil {
		return SavedSearch{}, fmt.Errorf("alerts: decode search: %w", err)
	}
	return it.search()
}

// List returns uid's saved searches, oldest first.
func (st *Store) List(ctx context.Context, uid string) ([]SavedSearch, error) {
	out, err := st.searches(ctx, &dynamodb.QueryInput{
		TableName:                 aws.String(st.table),
		KeyConditionExpression:    aws.String("PK = :pk AND begins_with(SK, :sk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(userPK(uid)), ":sk": str(searchSKPfx)},
		ConsistentRead:            aws.Bool(true),
	})
	if err != nil {
		return nil, fmt.Errorf("alerts: searches of %s: %w", uid, err)
	}
	return out, nil
}

// Change is an edit of a saved search; nil fields stay.
type Change struct {
	Name      *string
	Frequency *string
	Paused    *bool
}

// Update applies ch to uid's search id and returns it as it is now.
// Pausing also takes it off the due list (its waiting matches stay until
// they expire or it is resumed and matches again).
func (st *Store) Update(ctx context.Context, uid, id string, ch Change) (SavedSearch, error) {
	set := []string{}
	values := map[string]types.AttributeValue{}
	names := map[string]string{}
	remove := ""
	if ch.Name != nil {
		set, names["#n"], values[":name"] = append(set, "#n = :name"), "name", str(*ch.Name)
	}
	if ch.Frequency != nil {
		set, values[":freq"] = append(set, "frequency = :freq"), str(*ch.Frequency)
	}
	if ch.Paused != nil {
		set, values[":paused"] = append(set, "paused = :paused"), &types.AttributeValueMemberBOOL{Value: *ch.Paused}
		if *ch.Paused {
			remove = " REMOVE GSI3PK, GSI3SK"
		}
	}
	if len(set) == 0 {
		return st.Get(ctx, uid, id)
	}
	expr := "SET " + strings.Join(set, ", ") + remove
	in := &dynamodb.UpdateItemInput{
		TableName: aws.String(st.table), Key: searchKey(uid, id),
		UpdateExpression:          aws.String(expr),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		ExpressionAttributeValues: values,
		ReturnValues:              types.ReturnValueAllNew,
	}
	if len(names) > 0 {
		in.ExpressionAttributeNames = names
	}
	out, err := st.db.UpdateItem(ctx, in)
	if ddb.IsConditionFailed(err) {
		return SavedSearch{}, errNotFound
	}
	if err != nil {
		return SavedSearch{}, fmt.Errorf("alerts: update search %s: %w", id, err)
	}
	return decodeSearch(out.Attributes)
}

// Delete removes uid's search id, its entries and its waiting matches.
func (st *Store) Delete(ctx context.Context, uid, id string) error {
	s, err := st.Get(ctx, uid, id)
	if err != nil {
		return err
	}
	actions := []types.TransactWriteItem{
		{Delete: &types.Delete{TableName: aws.String(st.table), Key: searchKey(uid, id), ConditionExpression: aws.String("attribute_exists(PK)")}},
		{Update: &types.Update{
			TableName: aws.String(st.table), Key: countKey(uid),
			UpdateExpression:          aws.String("ADD n :minus"),
			ExpressionAttributeValues: map[string]types.AttributeValue{":minus": num(-1)},
		}},
	}
	for _, k := range s.Keys {
		actions = append(actions, types.TransactWriteItem{Delete: &types.Delete{TableName: aws.String(st.table), Key: ddb.Key(entryPK(k), id)}})
	}
	_, err = st.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: actions})
	if failedAt(err, 0) {
		return errNotFound
	}
	if err != nil {
		return fmt.Errorf("alerts: delete search %s: %w", id, err)
	}
	matches, _, err := st.Matches(ctx, id, 0)
	if err != nil {
		return err
	}
	return st.deleteMatches(ctx, id, matches)
}

// RemoveAll deletes every saved search of uid and the count (the account
// deletion).
func (st *Store) RemoveAll(ctx context.Context, uid string) error {
	all, err := st.List(ctx, uid)
	if err != nil {
		return err
	}
	for _, s := range all {
		if err := st.Delete(ctx, uid, s.ID); err != nil && !errors.Is(err, errNotFound) {
			return err
		}
	}
	if _, err := st.db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(st.table), Key: countKey(uid)}); err != nil {
		return fmt.Errorf("alerts: delete count of %s: %w", uid, err)
	}
	return nil
}

// Entries returns the saved searches filed under term.
func (st *Store) Entries(ctx context.Context, term string) ([]Entry, int, error) {
	items, err := ddb.QueryAll[entryItem](ctx, st.db, &dynamodb.QueryInput{
		TableName:                 aws.String(st.table),
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(entryPK(term))},
	})
	if err != nil {
		return nil, 0, fmt.Errorf("alerts: entries of %s: %w", term, err)
	}
	out := make([]Entry, 0, len(items))
	for _, it := range items {
		out = append(out, Entry{SearchID: it.SK, UserID: it.UserID, Criteria: it.Criteria})
	}
	return out, len(items), nil
}

// Record queues m for saved search e and marks the search due, unless it
// is paused or gone (errInactive).
func (st *Store) Record(ctx context.Context, e Entry, m Match, now time.Time) error {
	_, err := st.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(st.table), Key: searchKey(e.UserID, e.SearchID),
		UpdateExpression:    aws.String("SET GSI3PK = :due, GSI3SK = if_not_exists(GSI3SK, :sk)"),
		ConditionExpression: aws.String("attribute_exists(PK) AND paused = :false"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":due": str(duePK), ":sk": str(dueSK(now, e.SearchID)), ":false": &types.AttributeValueMemberBOOL{Value: false},
		},
	})
	if ddb.IsConditionFailed(err) {
		return errInactive
	}
	if err != nil {
		return fmt.Errorf("alerts: mark search %s due: %w", e.SearchID, err)
	}
	m.MatchedAt = now.UTC().Format(time.RFC3339Nano)
	item, err := attributevalue.MarshalMap(m)
	if err != nil {
		return fmt.Errorf("alerts: marshal match: %w", err)
	}
	item[ddb.AttrPK], item[ddb.AttrSK] = str(queuePK(e.SearchID)), str(m.AdID)
	item[ddb.AttrType], item[ddb.AttrTTL] = str(typeMatch), num(now.Add(matchTTL).Unix())
	if _, err := st.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(st.table), Item: item}); err != nil {
		return fmt.Errorf("alerts: queue ad %s for search %s: %w", m.AdID, e.SearchID, err)
	}
	return nil
}

// Due returns the saved searches with waiting matches (those due first).
func (st *Store) Due(ctx context.Context, now time.Time) ([]SavedSearch, error) {
	out, err := st.searches(ctx, &dynamodb.QueryInput{
		TableName:                 aws.String(st.table),
		IndexName:                 aws.String(ddb.IndexGSI3),
		KeyConditionExpression:    aws.String("GSI3PK = :pk AND GSI3SK <= :now"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(duePK), ":now": str(dueSK(now, "~"))},
	})
	if err != nil {
		return nil, fmt.Errorf("alerts: due searches: %w", err)
	}
	return out, nil
}

// searches runs in to the end and returns the saved searches it reads
// (none: an empty slice).
func (st *Store) searches(ctx context.Context, in *dynamodb.QueryInput) ([]SavedSearch, error) {
	out, err := ddb.QueryAllFunc(ctx, st.db, in, searchItem.search)
	if err != nil {
		return nil, fmt.Errorf("read saved searches: %w", err)
	}
	if out == nil {
		out = []SavedSearch{}
	}
	return out, nil
}

// Matches returns the waiting matches of search id, newest first, at most
// limit (0: all), and whether more wait.
func (st *Store) Matches(ctx context.Context, id string, limit int) ([]Match, bool, error) {
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(st.table),
		KeyConditionExpression:    aws.String("PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": str(queuePK(id))},
		ScanIndexForward:          aws.Bool(false),
		ConsistentRead:            aws.Bool(true),
	}
	var (
		out  []Match
		more bool
		err  error
	)
	if limit > 0 {
		out, more, err = ddb.QueryPage[Match](ctx, st.db, in, limit)
	} else {
		out, err = ddb.QueryAll[Match](ctx, st.db, in)
	}
	if err != nil {
		return nil, false, fmt.Errorf("alerts: matches of %s: %w", id, err)
	}
	return out, more, nil
}

// Sent records that s's matches were e-mailed at now: the matches leave
// the queue and s leaves the due list, unless a match arrived meanwhile
// (then it stays due, for the next run).
func (st *Store) Sent(ctx context.Context, s SavedSearch, sent []Match, now time.Time) error {
	if err := st.deleteMatches(ctx, s.ID, sent); err != nil {
		return err
	}
	return st.settle(ctx, s, now, true)
}

// Skip takes s off the due list without sending (its owner is gone or
// blocked); its matches expire.
func (st *Store) Skip(ctx context.Context, s SavedSearch, now time.Time) error {
	matches, _, err := st.Matches(ctx, s.ID, 0)
	if err != nil {
		return err
	}
	if err := st.deleteMatches(ctx, s.ID, matches); err != nil {
		return err
	}
	return st.settle(ctx, s, now, false)
}

func (st *Store) settle(ctx context.Context, s SavedSearch, now time.Time, sent bool) error {
	expr := "REMOVE GSI3PK, GSI3SK"
	values := map[string]types.AttributeValue{":seen": str(s.DueSK)}
	if sent {
		expr = "SET lastSentAt = :now " + expr
		values[":now"] = str(now.UTC().Format(time.RFC3339Nano))
	}
	_, err := st.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(st.table), Key: searchKey(s.UserID, s.ID),
		UpdateExpression:          aws.String(expr),
		ConditionExpression:       aws.String("GSI3SK = :seen"),
		ExpressionAttributeValues: values,
	})
	if err != nil && !ddb.IsConditionFailed(err) { // deleted or paused meanwhile: nothing to settle
		return fmt.Errorf("alerts: settle search %s: %w", s.ID, err)
	}
	// A match recorded between the read of the queue and the update
	// above found the search still due and left it so; it is now off the
	// list with a match waiting: put it back.
	left, _, err := st.Matches(ctx, s.ID, 1)
	if err != nil || len(left) == 0 {
		return err
	}
	_, err = st.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(st.table), Key: searchKey(s.UserID, s.ID),
		UpdateExpression:    aws.String("SET GSI3PK = :due, GSI3SK = if_not_exists(GSI3SK, :sk)"),
		ConditionExpression: aws.String("attribute_exists(PK) AND paused = :false"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":due": str(duePK), ":sk": str(dueSK(now, s.ID)), ":false": &types.AttributeValueMemberBOOL{Value: false},
		},
	})
	if err != nil && !ddb.IsConditionFailed(err) {
		return fmt.Errorf("alerts: re-mark search %s due: %w", s.ID, err)
	}
	return nil
}

// deleteMatches takes matches of search id off its queue.
func (st *Store) deleteMatches(ctx context.Context, id string, matches []Match) error {
	reqs := make([]types.WriteRequest, 0, len(matches))
	for _, m := range matches {
		reqs = append(reqs, types.WriteRequest{DeleteRequest: &types.DeleteRequest{Key: ddb.Key(queuePK(id), m.AdID)}})
	}
	if err := ddb.BatchWrite(ctx, st.db, st.table, reqs); err != nil {
		return fmt.Errorf("alerts: delete matches of %s: %w", id, err)
	}
	return nil
}
