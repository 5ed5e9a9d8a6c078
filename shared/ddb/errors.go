package ddb

import (
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Cancellation reason code DynamoDB uses for a failed condition.
const reasonConditionalCheckFailed = "ConditionalCheckFailed"

// IsConditionFailed reports whether err is a failed ConditionExpression of
// a single-item write (PutItem, UpdateItem, DeleteItem).
func IsConditionFailed(err error) bool {
	var cfe *types.ConditionalCheckFailedException
	return errors.As(err, &cfe)
}

// CancellationReasons returns the per-action reason codes of a cancelled
// TransactWriteItems/TransactGetItems ("None" for actions that were fine),
// and whether err is such a cancellation at all.
func CancellationReasons(err error) ([]string, bool) {
	var tce *types.TransactionCanceledException
	if !errors.As(err, &tce) {
		return nil, false
	}
	codes := make([]string, len(tce.CancellationReasons))
	for i, r := range tce.CancellationReasons {
		codes[i] = aws.ToString(r.Code)
	}
	return codes, true
}

// IsTransactionConditionFailed reports whether err is a cancelled
// transaction in which at least one action's condition failed. Use
// CancellationReasons to learn which one (for example the unique-e-mail
// guard versus the profile).
func IsTransactionConditionFailed(err error) bool {
	codes, ok := CancellationReasons(err)
	if !ok {
		return false
	}
	for _, c := range codes {
		if c == reasonConditionalCheckFailed {
			return true
		}
	}
	return false
}
