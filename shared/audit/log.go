package audit

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

// Page size bounds of List.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// QueryAPI is the part of the DynamoDB client a Log needs.
type QueryAPI interface {
	Query(ctx context.Context, in *dynamodb.QueryInput, optFns ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error)
}

// Filter narrows List: TargetType alone, or TargetType and TargetID.
type Filter struct {
	TargetType string
	TargetID   string
}

// Page is one page of entries, newest first; NextCursor is "" on the last.
type Page struct {
	Items      []Entry
	NextCursor string
}

// Log reads the audit log. Safe for concurrent use.
type Log struct {
	db      QueryAPI
	table   string
	cursors *ddb.Cursors
}

// NewLog returns a Log on table signing its cursors with cursors.
func NewLog(db QueryAPI, table string, cursors *ddb.Cursors) *Log {
	return &Log{db: db, table: table, cursors: cursors}
}

// List returns up to limit (1..MaxPageSize) entries newest first, after
// cursor ("" for the first page). A TargetID without a TargetType, or a
// malformed TargetType, is validation_failed; a cursor made for other
// filters is invalid_cursor.
func (l *Log) List(ctx context.Context, f Filter, limit int, cursor string) (Page, error) {
	fields := map[string]string{}
	if limit < 1 || limit > MaxPageSize {
		fields["limit"] = apperr.FieldInvalid
	}
	if f.TargetType != "" && !targetTypePattern.MatchString(f.TargetType) {
		fields["targetType"] = apperr.FieldInvalid
	}
	if f.TargetID != "" && f.TargetType == "" {
		fields["targetType"] = apperr.FieldRequired
	}
	if len(f.TargetID) > 128 {
		fields["targetId"] = apperr.FieldTooLong
	}
	if len(fields) > 0 {
		return Page{}, fmt.Errorf("audit: list: %w", apperr.Validation(fields))
	}
	fh := filtersHash(f.TargetType, f.TargetID)
	start, err := l.cursors.Decode(cursor, fh)
	if err != nil {
		return Page{}, fmt.Errorf("audit: list: %w", err)
	}
	in := &dynamodb.QueryInput{
		TableName:        aws.String(l.table),
		ScanIndexForward: aws.Bool(false),
	}
	byGSI := f.TargetID == ""
	if byGSI {
		in.IndexName = aws.String(ddb.IndexGSI1)
		in.KeyConditionExpression = aws.String("GSI1PK = :pk")
		in.ExpressionAttributeValues = map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: gsi1PK}}
		if f.TargetType != "" {
			in.FilterExpression = aws.String("targetType = :t")
			in.ExpressionAttributeValues[":t"] = &types.AttributeValueMemberS{Value: f.TargetType}
		}
	} else {
		in.KeyConditionExpression = aws.String("PK = :pk")
		in.ExpressionAttributeValues = map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: entryPK(f.TargetType, f.TargetID)},
		}
	}
	// One more than the page tells whether another follows; with a filter,
	// QueryPage reads on until the page is full or the log ends.
	in.ExclusiveStartKey = start
	items, more, err := ddb.QueryPage[item](ctx, l.db, in, limit)
	if err != nil {
		return Page{}, fmt.Errorf("audit: query entries: %w", err)
	}
	page := Page{Items: make([]Entry, 0, len(items))}
	for _, it := range items {
		e, err := it.entry()
		if err != nil {
			return Page{}, err
		}
		page.Items = append(page.Items, e)
	}
	if more {
		last := items[len(items)-1]
		key := ddb.Key(last.PK, last.SK)
		if byGSI {
			key[ddb.AttrGSI1PK] = &types.AttributeValueMemberS{Value: last.GSI1PK}
			key[ddb.AttrGSI1SK] = &types.AttributeValueMemberS{Value: last.GSI1SK}
		}
		if page.NextCursor, err = l.cursors.Encode(key, fh); err != nil {
			return Page{}, fmt.Errorf("audit: list: %w", err)
		}
	}
	return page, nil
}
