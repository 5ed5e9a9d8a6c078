package ddbproxy

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/remat/remat/infra/iam"
)

type validationError struct{ msg string }

func (e *validationError) Error() string { return "ddbproxy: " + e.msg }

// request is the part of a DynamoDB request body that names what it
// touches, across operations.
type request struct {
	TableName              string                     `json:"TableName"`
	IndexName              string                     `json:"IndexName"`
	ResourceArn            string                     `json:"ResourceArn"`
	ReturnValues           string                     `json:"ReturnValues"`
	Select                 string                     `json:"Select"`
	ReturnConsumedCapacity string                     `json:"ReturnConsumedCapacity"`
	RequestItems           map[string]json.RawMessage `json:"RequestItems"`
	TransactItems          []map[string]struct {
		TableName    string `json:"TableName"`
		ReturnValues string `json:"ReturnValuesOnConditionCheckFailure"`
	} `json:"TransactItems"`
}

// singleTable are the operations IAM authorizes as the action of the same
// name on the table named by TableName.
var singleTable = map[string]bool{
	"GetItem": true, "PutItem": true, "UpdateItem": true, "DeleteItem": true,
	"DescribeTable": true, "CreateTable": true, "DeleteTable": true, "UpdateTable": true,
	"DescribeTimeToLive": true, "UpdateTimeToLive": true, "DescribeContinuousBackups": true,
	"UpdateContinuousBackups": true,
}

// transactActions maps a TransactWriteItems / TransactGetItems entry to
// the action IAM checks for it: there is no IAM action for the
// transaction itself.
var transactActions = map[string]string{
	"Put": "dynamodb:PutItem", "Update": "dynamodb:UpdateItem", "Delete": "dynamodb:DeleteItem",
	"ConditionCheck": "dynamodb:ConditionCheckItem", "Get": "dynamodb:GetItem",
}

// Requirements returns the authorizations a DynamoDB operation needs, as
// DynamoDB checks them: the action of the operation's name on the table
// (or the index, for Query and Scan with IndexName), one per table for the
// batch operations, one per item (with the item operation's action) for
// the transactions, carrying the condition keys dynamodb:ReturnValues,
// dynamodb:Select, dynamodb:ReturnConsumedCapacity and
// dynamodb:EnclosingOperation. Operations it does not know are an error.
func Requirements(op string, body []byte, region, account string) ([]iam.Request, error) {
	var req request
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, &validationError{msg: "the request body is not valid JSON"}
	}
	arn := func(table string) string {
		if strings.HasPrefix(table, "arn:") {
			return table
		}
		return fmt.Sprintf("arn:aws:dynamodb:%s:%s:table/%s", region, account, table)
	}
	ctx := map[string][]string{}
	for k, v := range map[string]string{
		"dynamodb:ReturnValues": req.ReturnValues, "dynamodb:Select": req.Select,
		"dynamodb:ReturnConsumedCapacity": req.ReturnConsumedCapacity,
	} {
		if v != "" {
			ctx[k] = []string{v}
		}
	}
	needTable := func() error {
		if req.TableName == "" {
			return &validationError{msg: "1 validation error detected: Value null at 'tableName' failed to satisfy constraint: Member must not be null"}
		}
		return nil
	}
	switch {
	case singleTable[op]:
		if err := needTable(); err != nil {
			return nil, err
		}
		return []iam.Request{{Action: "dynamodb:" + op, Resource: arn(req.TableName), Context: ctx}}, nil

	case op == "Query" || op == "Scan":
		if err := needTable(); err != nil {
			return nil, err
		}
		res := arn(req.TableName)
		if req.IndexName != "" {
			res += "/index/" + req.IndexName
		}
		return []iam.Request{{Action: "dynamodb:" + op, Resource: res, Context: ctx}}, nil

	case op == "BatchGetItem" || op == "BatchWriteItem":
		if len(req.RequestItems) == 0 {
			return nil, &validationError{msg: "1 validation error detected: Value null at 'requestItems' failed to satisfy constraint: Member must not be null"}
		}
		var out []iam.Request
		for _, table := range slices.Sorted(maps.Keys(req.RequestItems)) {
			out = append(out, iam.Request{Action: "dynamodb:" + op, Resource: arn(table), Context: ctx})
		}
		return out, nil

	case op == "TransactWriteItems" || op == "TransactGetItems":
		if len(req.TransactItems) == 0 {
			return nil, &validationError{msg: "1 validation error detected: Value null at 'transactItems' failed to satisfy constraint: Member must not be null"}
		}
		var out []iam.Request
		for i, item := range req.TransactItems {
			if len(item) != 1 {
				return nil, &validationError{msg: fmt.Sprintf("TransactItems[%d] must hold exactly one operation", i)}
			}
			for kind, e := range item {
				action, ok := transactActions[kind]
				if !ok {
					return nil, &validationError{msg: fmt.Sprintf("TransactItems[%d]: unknown operation %s", i, kind)}
				}
				c := map[string][]string{"dynamodb:EnclosingOperation": {op}}
				for k, v := range ctx {
					c[k] = v
				}
				out = append(out, iam.Request{Action: action, Resource: arn(e.TableName), Context: c})
			}
		}
		return out, nil

	case op == "ListTables":
		return []iam.Request{{Action: "dynamodb:ListTables", Resource: "*", Context: ctx}}, nil

	case op == "TagResource" || op == "UntagResource" || op == "ListTagsOfResource":
		return []iam.Request{{Action: "dynamodb:" + op, Resource: req.ResourceArn, Context: ctx}}, nil
	}
	return nil, fmt.Errorf("the local cloud does not authorize the DynamoDB operation %q; add it to infra/ddbproxy/operations.go", op)
}

// requestID returns an id in the shape of DynamoDB's (52 characters).
func requestID() string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	b := make([]byte, 52)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}
