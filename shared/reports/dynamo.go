package reports

import (
	"context"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// DynamoStore is the Store on the single table (see keys.go).
type DynamoStore struct {
	db      ddb.API
	table   string
	cursors *ddb.Cursors
}

var _ Store = (*DynamoStore)(nil)

// NewDynamoStore returns a store on table signing list cursors with cursors.
func NewDynamoStore(db ddb.API, table string, cursors *ddb.Cursors) *DynamoStore {
	return &DynamoStore{db: db, table: table, cursors: cursors}
}

type item struct {
	PK         string      `dynamodbav:"PK"`
	SK         string      `dynamodbav:"SK"`
	GSI1PK     string      `dynamodbav:"GSI1PK,omitempty"`
	GSI1SK     string      `dynamodbav:"GSI1SK,omitempty"`
	GSI3PK     string      `dynamodbav:"GSI3PK,omitempty"`
	GSI3SK     string      `dynamodbav:"GSI3SK,omitempty"`
	Type       string      `dynamodbav:"type"`
	ID         string      `dynamodbav:"id"`
	AdID       string      `dynamodbav:"adId"`
	Reason     string      `dynamodbav:"reason"`
	Details    string      `dynamodbav:"details"`
	Email      string      `dynamodbav:"email"`
	Language   string      `dynamodbav:"language"`
	ReporterID string      `dynamodbav:"reporterId,omitempty"`
	ClientHash string      `dynamodbav:"clientHash"`
	ConsentAt  string      `dynamodbav:"consentAt"`
	Status     string      `dynamodbav:"status"`
	CreatedAt  string      `dynamodbav:"createdAt"`
	ResolvedAt string      `dynamodbav:"resolvedAt,omitempty"`
	Resolution *Resolution `dynamodbav:"resolution,omitempty"`
	Notified   bool        `dynamodbav:"notified"`
}

func toItem(r Report) item {
	it := item{
		PK: adPK(r.AdID), SK: reportSK(r.ID), Type: typeReport, ID: r.ID, AdID: r.AdID, Reason: string(r.Reason),
		Details: r.Details, Email: r.Email, Language: r.Language, ReporterID: r.ReporterID, ClientHash: r.ClientHash,
		ConsentAt: r.ConsentAt.UTC().Format(time.RFC3339Nano), Status: string(r.Status),
		CreatedAt: r.CreatedAt.UTC().Format(time.RFC3339Nano), Resolution: r.Resolution, Notified: r.Notified,
	}
	if r.Status == StatusOpen {
		it.GSI3PK, it.GSI3SK = gsi3PKOpen, queueSK(r.CreatedAt, r.ID)
	} else {
		it.GSI1PK, it.GSI1SK = gsi1PKResolved, queueSK(r.ResolvedAt, r.ID)
		it.ResolvedAt = r.ResolvedAt.UTC().Format(time.RFC3339Nano)
	}
	return it
}

func (it item) report() (Report, error) {
	r := Report{
		ID: it.ID, AdID: it.AdID, Reason: Reason(it.Reason), Details: it.Details, Email: it.Email,
		Language: it.Language, ReporterID: it.ReporterID, ClientHash: it.ClientHash, Status: Status(it.Status),
		Resolution: it.Resolution, Notified: it.Notified,
	}
	for _, f := range []struct {
		s   string
		dst *time.Time
	}{{it.CreatedAt, &r.CreatedAt}, {it.ConsentAt, &r.ConsentAt}, {it.ResolvedAt, &r.ResolvedAt}} {
		if f.s == "" {
			continue
		}
		t, err := time.Parse(time.RFC3339Nano, f.s)
		if err != nil {
			return Report{}, fmt.Errorf("reports: report %s: time %q: %w", it.ID, f.s, err)
		}
		*f.dst = t
	}
	return r, nil
}

func s(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }

const notExists = "attribute_not_exists(PK)"

// Create implements Store.
func (st *DynamoStore) Create(ctx context.Context, r Report) error {
	rep, err := attributevalue.MarshalMap(toItem(r))
	if err != nil {
		return fmt.Errorf("reports: marshal report %s: %w", r.ID, err)
	}
	put := func(av map[string]types.AttributeValue) types.TransactWriteItem {
		return types.TransactWriteItem{Put: &types.Put{TableName: aws.String(st.table), Item: av, ConditionExpression: aws.String(notExists)}}
	}
	guard := map[string]types.AttributeValue{
		ddb.AttrPK: s(adPK(r.AdID)), ddb.AttrSK: s(guardSK(r.Email)), ddb.AttrType: s(typeReportGuard), "reportId": s(r.ID),
	}
	lookup := map[string]types.AttributeValue{
		ddb.AttrPK: s(lookupPK(r.ID)), ddb.AttrSK: s(skLookup), ddb.AttrType: s(typeReportLookup), "adId": s(r.AdID),
	}
	in := &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{put(rep), put(guard), put(lookup)}}
	for try := range maxCreateTries {
		_, err = st.db.TransactWriteItems(ctx, in)
		reasons, cancelled := ddb.CancellationReasons(err)
		switch {
		case cancelled && len(reasons) == 3 && reasons[1] == "ConditionalCheckFailed":
			return fmt.Errorf("reports: create report %s on ad %s: %w", r.ID, r.AdID, apperr.New(apperr.CodeReportAlreadyOpen, err))
		case cancelled && isConflict(reasons) && try+1 < maxCreateTries:
			// A parallel report by the same reporter holds the guard
			// right now: try again, which ends in the guard's verdict.
			if err := sleep(ctx, time.Duration(try+1)*25*time.Millisecond); err != nil {
				return fmt.Errorf("reports: create report %s: %w", r.ID, err)
			}
			continue
		case err != nil:
			return fmt.Errorf("reports: create report %s: %w", r.ID, err)
		}
		return nil
	}
	return fmt.Errorf("reports: create report %s: %w", r.ID, err)
}

// maxCreateTries bounds the attempts of a report that keeps conflicting
// with parallel ones.
const maxCreateTries = 4

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return fmt.Errorf("reports: %w", ctx.Err())
	case <-t.C:
		return nil
	}
}

func isConflict(reasons []string) bool {
	for _, r := range reasons {
		if r == "TransactionConflict" {
			return true
		}
	}
	return false
}

// MarkNotified implements Store.
func (st *DynamoStore) MarkNotified(ctx context.Context, r Report) error {
	_, err := st.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName: aws.String(st.table), Key: ddb.Key(adPK(r.AdID), reportSK(r.ID)),
		UpdateExpression:          aws.String("SET notified = :true"),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":true": &types.AttributeValueMemberBOOL{Value: true}},
	})
	if err != nil {
		return fmt.Errorf("reports: mark report %s notified: %w", r.ID, err)
	}
	return nil
}

// Get implements Store.
func (st *DynamoStore) Get(ctx context.Context, id string) (Report, error) {
	notFound := func(cause error) error {
		return fmt.Errorf("reports: get report %s: %w", id, apperr.New(apperr.CodeAdReportNotFound, cause))
	}
	if !validID(id) {
		return Report{}, notFound(nil)
	}
	var lk struct {
		AdID string `dynamodbav:"adId"`
	}
	found, err := ddb.Get(ctx, st.db, st.table, ddb.Key(lookupPK(id), skLookup), &lk)
	if err != nil {
		return Report{}, fmt.Errorf("reports: get report %s: %w", id, err)
	}
	if !found {
		return Report{}, notFound(nil)
	}
	var it item
	found, err = ddb.Get(ctx, st.db, st.table, ddb.Key(adPK(lk.AdID), reportSK(id)), &it)
	if err != nil {
		return Report{}, fmt.Errorf("reports: get report %s: %w", id, err)
	}
	if !found {
		return Report{}, notFound(nil)
	}
	return it.report()
}

// OpenOfAd implements Store.
func (st *DynamoStore) OpenOfAd(ctx context.Context, adID string) ([]Report, error) {
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(st.table),
		KeyConditionExpression:    aws.String("PK = :pk AND begins_with(SK, :prefix)"),
		FilterExpression:          aws.String("#st = :open"),
		ExpressionAttributeNames:  map[string]string{"#st": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": s(adPK(adID)), ":prefix": s(reportSKPrefix), ":open": s(string(StatusOpen))},
		ConsistentRead:            aws.Bool(true),
	}
	out, err := ddb.QueryAllFunc(ctx, st.db, in, item.report)
	if err != nil {
		return nil, fmt.Errorf("reports: open reports of ad %s: %w", adID, err)
	}
	return out, nil
}

// Resolve implements Store.
func (st *DynamoStore) Resolve(ctx context.Context, r Report, res Resolution, at time.Time, extra ...types.TransactWriteItem) (Report, error) {
	resAV, err := attributevalue.Marshal(res)
	if err != nil {
		return Report{}, fmt.Errorf("reports: marshal resolution: %w", err)
	}
	items := []types.TransactWriteItem{
		{Update: &types.Update{
			TableName: aws.String(st.table), Key: ddb.Key(adPK(r.AdID), reportSK(r.ID)),
			UpdateExpression: aws.String("SET #st = :resolved, resolvedAt = :at, resolution = :res, " +
				"GSI1PK = :g1pk, GSI1SK = :g1sk REMOVE GSI3PK, GSI3SK"),
			ConditionExpression:      aws.String("attribute_exists(PK) AND #st = :open"),
			ExpressionAttributeNames: map[string]string{"#st": "status"},
			ExpressionAttributeValues: map[string]types.AttributeValue{
				":resolved": s(string(StatusResolved)), ":open": s(string(StatusOpen)), ":res": resAV,
				":at": s(at.UTC().Format(time.RFC3339Nano)), ":g1pk": s(gsi1PKResolved), ":g1sk": s(queueSK(at, r.ID)),
			},
		}},
		{Delete: &types.Delete{TableName: aws.String(st.table), Key: ddb.Key(adPK(r.AdID), guardSK(r.Email))}},
	}
	items = append(items, extra...)
	_, err = st.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: items})
	if reasons, ok := ddb.CancellationReasons(err); ok {
		switch {
		case len(reasons) > 0 && reasons[0] == "ConditionalCheckFailed":
			return Report{}, fmt.Errorf("reports: resolve report %s: %w", r.ID, apperr.New(apperr.CodeReportAlreadyResolved, err))
		default:
			// The ad changed (or a parallel write raced): the caller reads
			// again and decides anew.
			return Report{}, fmt.Errorf("reports: resolve report %s: %w", r.ID, errChanged)
		}
	}
	if err != nil {
		return Report{}, fmt.Errorf("reports: resolve report %s: %w", r.ID, err)
	}
	r.Status, r.ResolvedAt, r.Resolution = StatusResolved, at.UTC(), &res
	return r, nil
}

// List implements Store.
func (st *DynamoStore) List(ctx context.Context, status Status, limit int, cursor string) (Page, error) {
	in := &dynamodb.QueryInput{TableName: aws.String(st.table), KeyConditionExpression: aws.String("#pk = :pk")}
	var fh, pkAttr, skAttr string
	switch status {
	case StatusOpen:
		fh, pkAttr, skAttr = openFiltersHash, ddb.AttrGSI3PK, ddb.AttrGSI3SK
		in.IndexName, in.ScanIndexForward = aws.String(ddb.IndexGSI3), aws.Bool(true)
		in.ExpressionAttributeValues = map[string]types.AttributeValue{":pk": s(gsi3PKOpen)}
	case StatusResolved:
		fh, pkAttr, skAttr = resolvedFiltersHash, ddb.AttrGSI1PK, ddb.AttrGSI1SK
		in.IndexName, in.ScanIndexForward = aws.String(ddb.IndexGSI1), aws.Bool(false)
		in.ExpressionAttributeValues = map[string]types.AttributeValue{":pk": s(gsi1PKResolved)}
	default:
		return Page{}, apperr.Validation(map[string]string{"status": apperr.FieldInvalid})
	}
	in.ExpressionAttributeNames = map[string]string{"#pk": pkAttr}
	start, err := st.cursors.Decode(cursor, fh)
	if err != nil {
		return Page{}, fmt.Errorf("reports: list: %w", err)
	}
	in.ExclusiveStartKey = start
	items, more, err := ddb.QueryPage[item](ctx, st.db, in, limit)
	if err != nil {
		return Page{}, fmt.Errorf("reports: query %s reports: %w", status, err)
	}
	page := Page{Items: make([]Report, 0, len(items))}
	for _, it := range items {
		r, err := it.report()
		if err != nil {
			return Page{}, err
		}
		page.Items = append(page.Items, r)
	}
	if more {
		last := items[len(items)-1]
		key := ddb.Key(last.PK, last.SK)
		if status == StatusOpen {
			key[pkAttr], key[skAttr] = s(last.GSI3PK), s(last.GSI3SK)
		} else {
			key[pkAttr], key[skAttr] = s(last.GSI1PK), s(last.GSI1SK)
		}
		if page.NextCursor, err = st.cursors.Encode(key, fh); err != nil {
			return Page{}, fmt.Errorf("reports: list: %w", err)
		}
	}
	return page, nil
}
