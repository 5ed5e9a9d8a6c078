package contactus

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/ddb"
)

var _ InboxStore = (*DynamoStore)(nil)

// errChanged: the message's status changed between the read and the
// write; the service reads it again.
var errChanged = errors.New("contactus: the message changed meanwhile")

// Get reads message id (consistently): contact_message_not_found.
func (s *DynamoStore) Get(ctx context.Context, id string) (Message, error) {
	var it item
	found, err := ddb.Get(ctx, s.db, s.table, ddb.Key(messagePK(id), skMessage), &it)
	if err != nil {
		return Message{}, fmt.Errorf("contactus: get message %s: %w", id, err)
	}
	if !found {
		return Message{}, apperr.New(apperr.CodeContactMessageNotFound, fmt.Errorf("contactus: message %s", id))
	}
	return it.message()
}

// SetStatus moves m, as read, to status to: handled by by at at, or new
// again (the handling removed). extra (the audit entry) is written in
// the same transaction. A message whose status is no longer m's is
// errChanged; one deleted meanwhile is contact_message_not_found.
func (s *DynamoStore) SetStatus(ctx context.Context, m Message, to Status, by Administrator, at time.Time, extra types.TransactWriteItem) (Message, error) {
	names := map[string]string{"#status": "status", "#gpk": ddb.AttrGSI3PK, "#gsk": ddb.AttrGSI3SK}
	values := map[string]types.AttributeValue{
		":to":   &types.AttributeValueMemberS{Value: string(to)},
		":seen": &types.AttributeValueMemberS{Value: string(m.Status)},
		":gpk":  &types.AttributeValueMemberS{Value: statusPK(to)},
		":gsk":  &types.AttributeValueMemberS{Value: listSK(m.CreatedAt, m.ID)},
	}
	expr := "SET #status = :to, #gpk = :gpk, #gsk = :gsk"
	next := m
	next.Status = to
	if to == StatusHandled {
		expr += ", handledAt = :at, handledById = :byId, handledByName = :byName, handledByEmail = :byEmail"
		values[":at"] = &types.AttributeValueMemberS{Value: at.UTC().Format(time.RFC3339Nano)}
		values[":byId"] = &types.AttributeValueMemberS{Value: by.ID}
		values[":byName"] = &types.AttributeValueMemberS{Value: by.Name}
		values[":byEmail"] = &types.AttributeValueMemberS{Value: by.Email}
		next.HandledAt, next.HandledBy = at.UTC(), by
	} else {
		expr += " REMOVE handledAt, handledById, handledByName, handledByEmail"
		next.HandledAt, next.HandledBy = time.Time{}, Administrator{}
	}
	update := types.TransactWriteItem{Update: &types.Update{
		TableName:                 aws.String(s.table),
		Key:                       ddb.Key(messagePK(m.ID), skMessage),
		UpdateExpression:          aws.String(expr),
		ConditionExpression:       aws.String("attribute_exists(PK) AND #status = :seen"),
		ExpressionAttributeNames:  names,
		ExpressionAttributeValues: values,
	}}
	_, err := s.db.TransactWriteItems(ctx, &dynamodb.TransactWriteItemsInput{TransactItems: []types.TransactWriteItem{update, extra}})
	if _, cancelled := ddb.CancellationReasons(err); cancelled {
		return Message{}, fmt.Errorf("contactus: set status of %s: %w", m.ID, errChanged)
	}
	if err != nil {
		return Message{}, fmt.Errorf("contactus: set status of %s: %w", m.ID, err)
	}
	return next, nil
}

// ListStatus queries GSI3's partition of status newest first, paginated
// like List.
func (s *DynamoStore) ListStatus(ctx context.Context, status Status, limit int, cursor string) (Page, error) {
	return s.list(ctx, ddb.IndexGSI3, ddb.AttrGSI3PK, ddb.AttrGSI3SK, statusPK(status), statusFiltersHash(status), limit, cursor)
}
