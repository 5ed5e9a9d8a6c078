package admin_test

import (
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/accounts"
)

// statusUpdate sets uid's status straight in the table (a state no
// administrator can reach through the API).
func statusUpdate(table, uid, status string) *dynamodb.UpdateItemInput {
	return &dynamodb.UpdateItemInput{
		TableName: aws.String(table), Key: accounts.UserKey(uid),
		UpdateExpression:          aws.String("SET #s = :s"),
		ExpressionAttributeNames:  map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":s": &types.AttributeValueMemberS{Value: status}},
	}
}

// unverify marks uid's e-mail unverified.
func unverify(table, uid string) *dynamodb.UpdateItemInput {
	return &dynamodb.UpdateItemInput{
		TableName: aws.String(table), Key: accounts.UserKey(uid),
		UpdateExpression:          aws.String("SET emailVerified = :f"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":f": &types.AttributeValueMemberBOOL{Value: false}},
	}
}
