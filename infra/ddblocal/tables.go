package ddblocal

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/samtpl"
)

// NewClient returns a DynamoDB client for a local endpoint: static
// credentials (never the default chain, which would probe instance
// metadata), region eu-central-2, and response checksum validation off
// because DynamoDB Local omits x-amz-crc32 on 4xx answers.
func NewClient(endpoint string, optFns ...func(*dynamodb.Options)) *dynamodb.Client {
	cfg := aws.Config{
		Region:      "eu-central-2",
		Credentials: credentials.NewStaticCredentialsProvider("local", "local", ""),
	}
	opts := append([]func(*dynamodb.Options){func(o *dynamodb.Options) {
		o.BaseEndpoint = aws.String(endpoint)
	}, LocalOptions}, optFns...)
	return dynamodb.NewFromConfig(cfg, opts...)
}

// LocalOptions adjusts a DynamoDB client for DynamoDB Local: it turns off
// response CRC32 validation, because Local omits x-amz-crc32 on 4xx answers
// and the SDK would log a checksum warning for every error. Use it with
// dynamodb.NewFromConfig(cfg, ddblocal.LocalOptions); never in production.
func LocalOptions(o *dynamodb.Options) {
	o.DisableValidateResponseChecksum = true
}

// EnsureTables creates every table of the template that does not exist
// yet, enables its TTL attribute and waits until it is ACTIVE. Existing
// tables are left as they are (their TTL is still enabled if missing), so
// calling it on every start is cheap. It returns the names it created.
func EnsureTables(ctx context.Context, client *dynamodb.Client, tpl *samtpl.Template) ([]string, error) {
	var created []string
	for _, t := range tpl.Tables {
		ok, err := EnsureTable(ctx, client, t)
		if err != nil {
			return created, err
		}
		if ok {
			created = append(created, t.Name)
		}
	}
	return created, nil
}

// EnsureTable is EnsureTables for one table; it reports whether it created
// the table.
func EnsureTable(ctx context.Context, client *dynamodb.Client, t samtpl.Table) (bool, error) {
	created := false
	_, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(t.Name)})
	var notFound *types.ResourceNotFoundException
	switch {
	case errors.As(err, &notFound):
		_, err = client.CreateTable(ctx, t.CreateTableInput())
		var inUse *types.ResourceInUseException
		if err != nil && !errors.As(err, &inUse) { // in use: created concurrently
			return false, fmt.Errorf("ddblocal: create table %s: %w", t.Name, err)
		}
		created = err == nil
	case err != nil:
		return false, fmt.Errorf("ddblocal: describe table %s: %w", t.Name, err)
	}
	waiter := dynamodb.NewTableExistsWaiter(client, func(o *dynamodb.TableExistsWaiterOptions) {
		o.MinDelay = 50 * time.Millisecond
		o.MaxDelay = time.Second
	})
	if err := waiter.Wait(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(t.Name)}, time.Minute); err != nil {
		return created, fmt.Errorf("ddblocal: wait for table %s: %w", t.Name, err)
	}
	if t.TTLAttribute == "" {
		return created, nil
	}
	ttl, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(t.Name)})
	if err != nil {
		return created, fmt.Errorf("ddblocal: describe TTL of %s: %w", t.Name, err)
	}
	if d := ttl.TimeToLiveDescription; d != nil && aws.ToString(d.AttributeName) == t.TTLAttribute &&
		(d.TimeToLiveStatus == types.TimeToLiveStatusEnabled || d.TimeToLiveStatus == types.TimeToLiveStatusEnabling) {
		return created, nil
	}
	_, err = client.UpdateTimeToLive(ctx, &dynamodb.UpdateTimeToLiveInput{
		TableName:               aws.String(t.Name),
		TimeToLiveSpecification: &types.TimeToLiveSpecification{AttributeName: aws.String(t.TTLAttribute), Enabled: aws.Bool(true)},
	})
	if err != nil {
		return created, fmt.Errorf("ddblocal: enable TTL on %s: %w", t.Name, err)
	}
	return created, nil
}
