package seed

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/usersearch"
)

// IndexUsers backfills the administrators' user search (package
// usersearch) for every account, reading them with a Query of GSI1 USERS
// (never a Scan). Accounts already indexed with their current terms cost
// one read each; the accounts store keeps new and changed accounts in
// step by itself.
func IndexUsers(ctx context.Context, client *dynamodb.Client, table string) error {
	in := &dynamodb.QueryInput{
		TableName: aws.String(table), IndexName: aws.String(ddb.IndexGSI1),
		KeyConditionExpression:    aws.String("GSI1PK = :pk"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":pk": &types.AttributeValueMemberS{Value: accounts.UsersListPK}},
	}
	for {
		out, err := client.Query(ctx, in)
		if err != nil {
			return fmt.Errorf("seed: index users: %w", err)
		}
		for _, av := range out.Items {
			u, err := accounts.UserFromItem(av)
			if err != nil {
				return fmt.Errorf("seed: index users: %w", err)
			}
			if err := usersearch.Sync(ctx, client, table, accounts.SearchDoc(u)); err != nil {
				return fmt.Errorf("seed: index users: %w", err)
			}
		}
		if len(out.LastEvaluatedKey) == 0 {
			return nil
		}
		in.ExclusiveStartKey = out.LastEvaluatedKey
	}
}
