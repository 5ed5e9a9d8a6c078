// Package ddb holds Remat's DynamoDB conventions and small helpers shared by
// every domain store: the client interface the stores take (API), the
// single table's key and index names and time layout, reads that decode
// (Get, QueryPage, QueryEach, QueryAll), batches of any size with retries
// of the unprocessed rest (BatchWrite, BatchGet), detection of
// conditional-check and transaction-cancel failures, and opaque signed
// pagination cursors.
//
// The table (template.yaml AppTable) is one on-demand table:
//
//	PK (S), SK (S)            primary key; entity prefixes, e.g. CONTACTUS#<ulid> / MESSAGE
//	GSI1: GSI1PK (S), GSI1SK (S)  owner/list index (lists newest first, "my items")
//	GSI2: GSI2PK (S), GSI2SK (N)  price index (search sorted by price)
//	GSI3: GSI3PK (S), GSI3SK (S)  queues (work to be handled: new messages, open reports)
//	ttl (N)                   epoch seconds; DynamoDB deletes the item some time after
//
// All GSIs project ALL attributes and are sparse: an item is in an index only
// when it has that index's key attributes, so leaving them out (never "") is
// how an item leaves a queue. Each domain documents its item types and
// access patterns in its own keys.go.
package ddb

import (
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Attribute and index names of the table.
const (
	AttrPK     = "PK"
	AttrSK     = "SK"
	AttrGSI1PK = "GSI1PK"
	AttrGSI1SK = "GSI1SK"
	AttrGSI2PK = "GSI2PK"
	AttrGSI2SK = "GSI2SK"
	AttrGSI3PK = "GSI3PK"
	AttrGSI3SK = "GSI3SK"
	AttrTTL    = "ttl"
	// AttrType names the entity type of an item ("ContactUsMessage", ...),
	// which makes exports and ad-hoc debugging readable.
	AttrType = "type"

	IndexGSI1 = "GSI1"
	IndexGSI2 = "GSI2"
	IndexGSI3 = "GSI3"
)

// Key returns the primary key map for pk and sk.
func Key(pk, sk string) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		AttrPK: &types.AttributeValueMemberS{Value: pk},
		AttrSK: &types.AttributeValueMemberS{Value: sk},
	}
}
