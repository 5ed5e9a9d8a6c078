package subscriptions

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// Due is a subscription as the schedule sees it.
type Due struct {
	PK, SK    string
	ID        string
	UserID    string
	PlanName  map[string]string
	ExpiresAt time.Time
	// ExpiresAtRaw is expiresAt exactly as stored; conditions compare it.
	ExpiresAtRaw string
	Expired      bool   // expiredAt is set
	ReminderFor  string // the expiresAt the last reminder announced
}

// Store reads and marks subscriptions.
type Store interface {
	// ExpiringOn returns the subscriptions whose expiry falls on day's UTC
	// date.
	ExpiringOn(ctx context.Context, day time.Time) ([]Due, error)
	// MarkExpired sets expiredAt once; false when another run did, or the
	// expiry changed since d was read.
	MarkExpired(ctx context.Context, d Due, now time.Time) (bool, error)
	// ClaimReminder records the reminder for d's expiry; false when it was
	// already claimed for that expiry or the expiry changed.
	ClaimReminder(ctx context.Context, d Due, now time.Time) (bool, error)
	// ReleaseReminder undoes a claim whose e-mail could not be sent.
	ReleaseReminder(ctx context.Context, d Due) error
}

// DynamoStore is the Store on the single table (see keys.go).
type DynamoStore struct {
	db    ddb.API
	table string
}

var _ Store = (*DynamoStore)(nil)

// NewDynamoStore returns a store on table.
func NewDynamoStore(db ddb.API, table string) *DynamoStore {
	return &DynamoStore{db: db, table: table}
}

type dueItem struct {
	PK          string            `dynamodbav:"PK"`
	SK          string            `dynamodbav:"SK"`
	Type        string            `dynamodbav:"type"`
	ID          string            `dynamodbav:"id"`
	UID         string            `dynamodbav:"uid"`
	PlanName    map[string]string `dynamodbav:"planName"`
	ExpiresAt   string            `dynamodbav:"expiresAt"`
	ExpiredAt   string            `dynamodbav:"expiredAt"`
	ReminderFor string            `dynamodbav:"reminderFor"`
}

// ExpiringOn implements Store: every page of GSI3 SUBEXP#<day>.
func (s *DynamoStore) ExpiringOn(ctx context.Context, day time.Time) ([]Due, error) {
	pk := ExpiryPK(day)
	in := &dynamodb.QueryInput{
		TableName:                 aws.String(s.table),
		IndexName:                 aws.String(indexGSI3),
		KeyConditionExpression:    aws.String("GSI3PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: pk}},
	}
	var out []Due
	p := dynamodb.NewQueryPaginator(s.db, in)
	for p.HasMorePages() {
		page, err := p.NextPage(ctx)
		if err != nil {
			return nil, fmt.Errorf("subscriptions: query %s: %w", pk, err)
		}
		var items []dueItem
		if err := attributevalue.UnmarshalListOfMaps(page.Items, &items); err != nil {
			return nil, fmt.Errorf("subscriptions: decode %s: %w", pk, err)
		}
		for _, it := range items {
			if it.Type != typeSubscription {
				continue
			}
			exp, err := time.Parse(time.RFC3339Nano, it.ExpiresAt)
			if err != nil {
				return nil, fmt.Errorf("subscriptions: subscription %s: expiresAt: %w", it.ID, err)
			}
			out = append(out, Due{
				PK: it.PK, SK: it.SK, ID: it.ID, UserID: it.UID, PlanName: it.PlanName,
				ExpiresAt: exp, ExpiresAtRaw: it.ExpiresAt, Expired: it.ExpiredAt != "", ReminderFor: it.ReminderFor,
			})
		}
	}
	return out, nil
}

// MarkExpired implements Store.
func (s *DynamoStore) MarkExpired(ctx context.Context, d Due, now time.Time) (bool, error) {
	return s.update(ctx, d, &dynamodb.UpdateItemInput{
		UpdateExpression:    aws.String("SET #expiredAt = :now"),
		ConditionExpression: aws.String("#expiresAt = :exp AND attribute_not_exists(#expiredAt)"),
		ExpressionAttributeNames: map[string]string{
			"#expiredAt": attrExpiredAt, "#expiresAt": attrExpiresAt,
		},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":now": str(now.UTC().Format(time.RFC3339Nano)), ":exp": str(d.ExpiresAtRaw),
		},
	}, "mark expired")
}

// ClaimReminder implements Store.
func (s *DynamoStore) ClaimReminder(ctx context.Context, d Due, now time.Time) (bool, error) {
	return s.update(ctx, d, &dynamodb.UpdateItemInput{
		UpdateExpression:    aws.String("SET #sent = :now, #for = :exp"),
		ConditionExpression: aws.String("#expiresAt = :exp AND (attribute_not_exists(#for) OR #for <> :exp)"),
		ExpressionAttributeNames: map[string]string{
			"#sent": attrReminderSentAt, "#for": attrReminderFor, "#expiresAt": attrExpiresAt,
		},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":now": str(now.UTC().Format(time.RFC3339Nano)), ":exp": str(d.ExpiresAtRaw),
		},
	}, "claim reminder")
}

// ReleaseReminder implements Store.
func (s *DynamoStore) ReleaseReminder(ctx context.Context, d Due) error {
	_, err := s.update(ctx, d, &dynamodb.UpdateItemInput{
		UpdateExpression:          aws.String("REMOVE #sent, #for"),
		ConditionExpression:       aws.String("#for = :exp"),
		ExpressionAttributeNames:  map[string]string{"#sent": attrReminderSentAt, "#for": attrReminderFor},
		ExpressionAttributeValues: map[string]types.AttributeValue{":exp": str(d.ExpiresAtRaw)},
	}, "release reminder")
	return err
}

// update runs in on d's item; a failed condition is (false, nil).
func (s *DynamoStore) update(ctx context.Context, d Due, in *dynamodb.UpdateItemInput, what string) (bool, error) {
	in.TableName = aws.String(s.table)
	in.Key = map[string]types.AttributeValue{"PK": str(d.PK), "SK": str(d.SK)}
	if _, err := s.db.UpdateItem(ctx, in); err != nil {
		var ccf *types.ConditionalCheckFailedException
		if errors.As(err, &ccf) {
			return false, nil
		}
		return false, fmt.Errorf("subscriptions: %s %s: %w", what, d.ID, err)
	}
	return true, nil
}

func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }
