package seedtest_test

import (
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/seed/seedtest"
	"github.com/remat/remat/infra/testcloud"
)

func TestPlaces(t *testing.T) {
	db, table := testcloud.DynamoDB(t)
	seedtest.Places(t, db, table,
		"code,name_de,name_fr,name_it,name_en,lat,lon\nZH,Zürich,Zurich,Zurigo,Zurich,47.41,8.65\n",
		"postal_code,locality,canton,lat,lon\n8001,Zürich,ZH,47.3717,8.5423\n")
	out, err := db.Scan(t.Context(), &dynamodb.ScanInput{
		TableName:                 aws.String(table),
		FilterExpression:          aws.String("begins_with(PK, :p)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":p": &types.AttributeValueMemberS{Value: "CANTON"}},
	})
	if err != nil || out.Count == 0 {
		t.Errorf("got %v, %v, want the canton stored", out, err)
	}
}
