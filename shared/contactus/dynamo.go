package contactus

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

// NewDynamoStore returns a store on table that signs list cursors with
// cursors.
func NewDynamoStore(db ddb.API, table string, cursors *ddb.Cursors) *DynamoStore {
	return &DynamoStore{db: db, table: table, cursors: cursors}
}

// item is the stored form of a Message.
type item struct {
	PK         string `dynamodbav:"PK"`
	SK         string `dynamodbav:"SK"`
	GSI1PK     string `dynamodbav:"GSI1PK"`
	GSI1SK     string `dynamodbav:"GSI1SK"`
	GSI3PK     string `dynamodbav:"GSI3PK,omitempty"`
	GSI3SK     string `dynamodbav:"GSI3SK,omitempty"`
	Type       string `dynamodbav:"type"`
	ID         string `dynamodbav:"id"`
	Name       string `dynamodbav:"name"`
	Email      string `dynamodbav:"email"`
	Subject    string `dynamodbav:"subject"`
	Message    string `dynamodbav:"message"`
	Status     string `dynamodbav:"status"`
	CreatedAt  string `dynamodbav:"createdAt"`
	ClientHash string `dynamodbav:"clientHash"`
	UserAgent  string `dynamodbav:"userAgent,omitempty"`
	Notified   bool   `dynamodbav:"notified"`
	// Set while handled.
	HandledAt      string `dynamodbav:"handledAt,omitempty"`
	HandledByID    string `dynamodbav:"handledById,omitempty"`
	HandledByName  string `dynamodbav:"handledByName,omitempty"`
	HandledByEmail string `dynamodbav:"handledByEmail,omitempty"`
}

func toItem(m Message) item {
	sk := listSK(m.CreatedAt, m.ID)
	it := item{
		PK: messagePK(m.ID), SK: skMessage,
		GSI1PK: gsi1PK, GSI1SK: sk,
		Type: itemType, ID: m.ID,
		Name: m.Name, Email: m.Email, Subject: m.Subject, Message: m.Body,
		Status: string(m.Status), CreatedAt: m.CreatedAt.UTC().Format(time.RFC3339Nano),
		ClientHash: m.ClientHash, UserAgent: m.UserAgent, Notified: m.Notified,
	}
	switch m.Status {
	case StatusNew, StatusHandled:
		it.GSI3PK, it.GSI3SK = statusPK(m.Status), sk
	}
	if m.Status == StatusHandled {
		it.HandledAt = m.HandledAt.UTC().Format(time.RFC3339Nano)
		it.HandledByID, it.HandledByName, it.HandledByEmail = m.HandledBy.ID, m.HandledBy.Name, m.HandledBy.Email
	}
	return it
}

func (it item) message() (Message, error) {
	created, err := time.Parse(time.RFC3339Nano, it.CreatedAt)
	if err != nil {
		return Message{}, fmt.Errorf("contactus: message %s: createdAt %q: %w", it.ID, it.CreatedAt, err)
	}
	m := Message{
		ID: it.ID, Name: it.Name, Email: it.Email, Subject: it.Subject, Body: it.Message,
		Status: Status(it.Status), CreatedAt: created,
		ClientHash: it.ClientHash, UserAgent: it.UserAgent, Notified: it.Notified,
		HandledBy: Administrator{ID: it.HandledByID, Name: it.HandledByName, Email: it.HandledByEmail},
	}
	if it.HandledAt != "" {
		if m.HandledAt, err = time.Parse(time.RFC3339Nano, it.HandledAt); err != nil {
			return Message{}, fmt.Errorf("contactus: message %s: handledAt %q: %w", it.ID, it.HandledAt, err)
		}
	}
	return m, nil
}

// Create puts m, refusing to overwrite an existing id (apperr conflict).
func (s *DynamoStore) Create(ctx context.Context, m Message) error {
	av, err := attributevalue.MarshalMap(toItem(m))
	if err != nil {
		return fmt.Errorf("contactus: marshal message %s: %w", m.ID, err)
	}
	_, err = s.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName:           aws.String(s.table),
		Item:                av,
		ConditionExpression: aws.String("attribute_not_exists(PK)"),
	})
	if ddb.IsConditionFailed(err) {
		return fmt.Errorf("contactus: put message %s: %w", m.ID, apperr.New(apperr.CodeConflict, err))
	}
	if err != nil {
		return fmt.Errorf("contactus: put message %s: %w", m.ID, err)
	}
	return nil
}

// MarkNotified sets notified=true on message id; a missing message is
// apperr not_found.
func (s *DynamoStore) MarkNotified(ctx context.Context, id string) error {
	_, err := s.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:                 aws.String(s.table),
		Key:                       ddb.Key(messagePK(id), skMessage),
		UpdateExpression:          aws.String("SET #notified = :true"),
		ConditionExpression:       aws.String("attribute_exists(PK)"),
		ExpressionAttributeNames:  map[string]string{"#notified": "notified"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":true": &types.AttributeValueMemberBOOL{Value: true}},
	})
	if ddb.IsConditionFailed(err) {
		return fmt.Errorf("contactus: mark message %s notified: %w", id, apperr.New(apperr.CodeNotFound, err))
	}
	if err != nil {
		return fmt.Errorf("contactus: mark message %s notified: %w", id, err)
	}
	return nil
}

// List queries GSI1 newest first. It reads limit+1 items (across DynamoDB's
// 1 MB pages if needed) so that NextCursor is "" exactly when no message
// follows; the cursor is the signed key of the page's last item.
func (s *DynamoStore) List(ctx context.Context, limit int, cursor string) (Page, error) {
	return s.list(ctx, ddb.IndexGSI1, ddb.AttrGSI1PK, ddb.AttrGSI1SK, gsi1PK, listFiltersHash, limit, cursor)
}

// list reads one page of index (partition key attribute pkAttr = pk,
// sort key attribute skAttr) newest first, as List describes.
func (s *DynamoStore) list(ctx context.Context, index, pkAttr, skAttr, pk, filtersHash string, limit int, cursor string) (Page, error) {
	if limit < 1 || limit > MaxPageSize {
		return Page{}, fmt.Errorf("contactus: list: %w", apperr.Validation(map[string]string{"limit": apperr.FieldInvalid}))
	}
	start, err := s.cursors.Decode(cursor, filtersHash)
	if err != nil {
		return Page{}, fmt.Errorf("contactus: list: %w", err)
	}
	items, more, err := ddb.QueryPage[map[string]types.AttributeValue](ctx, s.db, &dynamodb.QueryInput{
		TableName:                 aws.String(s.table),
		IndexName:                 aws.String(index),
		KeyConditionExpression:    aws.String("#pk = :pk"),
		ExpressionAttributeNames:  map[string]string{"#pk": pkAttr},
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: pk}},
		ScanIndexForward:          aws.Bool(false),
		ExclusiveStartKey:         start,
	}, limit)
	if err != nil {
		return Page{}, fmt.Errorf("contactus: query messages: %w", err)
	}

	page := Page{Items: make([]Message, 0, len(items))}
	for _, av := range items {
		var it item
		if err := attributevalue.UnmarshalMap(av, &it); err != nil {
			return Page{}, fmt.Errorf("contactus: unmarshal messages: %w", err)
		}
		m, err := it.message()
		if err != nil {
			return Page{}, err
		}
		page.Items = append(page.Items, m)
	}
	if more {
		last := items[len(items)-1]
		next, err := s.cursors.Encode(map[string]types.AttributeValue{
			ddb.AttrPK: last[ddb.AttrPK], ddb.AttrSK: last[ddb.AttrSK], pkAttr: last[pkAttr], skAttr: last[skAttr],
		}, filtersHash)
		if err != nil {
			return Page{}, fmt.Errorf("contactus: list: %w", err)
		}
		page.NextCursor = next
	}
	return page, nil
}
