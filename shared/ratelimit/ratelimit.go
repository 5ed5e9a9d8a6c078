// Package ratelimit is a fixed-window rate limiter on the DynamoDB table,
// shared by every domain that must slow down abuse (sign-up, login and
// account e-mails, contact forms, reports, orders, ad views, ...).
//
// Item (one per scope, key and window):
//
//	PK  = RATE#<scope>#<hex sha256(key)>   never the raw key: keys are client IPs or e-mails
//	SK  = W#<window start, unix seconds>
//	n   = requests counted in the window (N)
//	ttl = window end + a margin (epoch seconds), so DynamoDB removes old windows
//
// Allow counts with one atomic UpdateItem, ADD n :1, conditioned on
// attribute_not_exists(n) OR n < :limit: concurrent requests from many Lambda
// instances can never admit more than limit per window. A denied request is
// not counted. Fixed windows allow up to 2*limit across a window boundary;
// that is accepted for abuse protection.
package ratelimit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/netip"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// Key prefixes of the limiter's items.
const (
	pkPrefix = "RATE#"
	skPrefix = "W#"
	itemType = "RateWindow"
)

// ttlMargin keeps a window's item a little past its end; the item is never
// read after the window, so the margin only absorbs clock skew.
const ttlMargin = 5 * time.Minute

// UpdateItemAPI is the part of the DynamoDB client the limiter needs.
type UpdateItemAPI interface {
	UpdateItem(ctx context.Context, in *dynamodb.UpdateItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.UpdateItemOutput, error)
}

// Decision is the outcome of Allow. When Allowed is false, RetryAfter is the
// time until the current window ends.
type Decision struct {
	Allowed    bool
	RetryAfter time.Duration
}

// Limiter counts requests per (scope, key) in fixed windows.
type Limiter struct {
	db    UpdateItemAPI
	table string
	now   func() time.Time
}

// New returns a Limiter on table.
func New(db UpdateItemAPI, table string) *Limiter {
	return &Limiter{db: db, table: table, now: time.Now}
}

// WithClock returns a copy of l that reads the time from now (for tests).
func (l *Limiter) WithClock(now func() time.Time) *Limiter {
	c := *l
	c.now = now
	return &c
}

// KeyHash is the hex SHA-256 of key: what the limiter stores instead of a
// raw client address or e-mail. Domains that keep a client reference store
// the same hash, so abuse can be correlated without keeping raw addresses.
// Note that IPv4 addresses are few enough to brute-force from the hash: this
// is pseudonymisation, not anonymisation.
func KeyHash(key string) string {
	sum := sha256.Sum256([]byte(key))
	return hex.EncodeToString(sum[:])
}

// unknownAddress is AddressKey's key for a request without a usable client
// address: all such requests share one budget, which errs on the side of
// abuse protection.
const unknownAddress = "unknown"

// AddressKey is the key that limits a client address: an IPv4 address as
// it is, an IPv6 address by its /64 prefix ("2001:db8:1:2::/64"), since one
// subscriber holds a whole /64 and picks addresses from it at will; "unknown"
// for an empty or unparsable address.
func AddressKey(addr string) string {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		return unknownAddress
	}
	ip = ip.Unmap().WithZone("")
	if ip.Is4() {
		return ip.String()
	}
	return netip.PrefixFrom(ip, 64).Masked().String()
}

// Allow counts one request for key in scope and reports whether it fits in
// limit per window. window must be at least one second (it is truncated to
// whole seconds); windows are aligned to the Unix epoch. Errors from
// DynamoDB are returned wrapped: the caller decides whether to fail open.
func (l *Limiter) Allow(ctx context.Context, scope, key string, limit int, window time.Duration) (Decision, error) {
	secs := int64(window / time.Second)
	if secs < 1 || limit < 1 {
		return Decision{}, fmt.Errorf("ratelimit: %s: need limit >= 1 and window >= 1s, got %d per %s", scope, limit, window)
	}
	now := l.now()
	start := now.Unix() / secs * secs
	end := time.Unix(start+secs, 0)

	_, err := l.db.UpdateItem(ctx, &dynamodb.UpdateItemInput{
		TableName:           aws.String(l.table),
		Key:                 ddb.Key(pkPrefix+scope+"#"+KeyHash(key), skPrefix+strconv.FormatInt(start, 10)),
		UpdateExpression:    aws.String("ADD n :one SET #ttl = :ttl, #type = :type"),
		ConditionExpression: aws.String("attribute_not_exists(n) OR n < :limit"),
		ExpressionAttributeNames: map[string]string{
			"#ttl":  ddb.AttrTTL,
			"#type": ddb.AttrType,
		},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":one":   &types.AttributeValueMemberN{Value: "1"},
			":limit": &types.AttributeValueMemberN{Value: strconv.Itoa(limit)},
			":ttl":   &types.AttributeValueMemberN{Value: strconv.FormatInt(end.Add(ttlMargin).Unix(), 10)},
			":type":  &types.AttributeValueMemberS{Value: itemType},
		},
	})
	if ddb.IsConditionFailed(err) {
		return Decision{Allowed: false, RetryAfter: end.Sub(now)}, nil
	}
	if err != nil {
		return Decision{}, fmt.Errorf("ratelimit: count %s window %d: %w", scope, start, err)
	}
	return Decision{Allowed: true}, nil
}
