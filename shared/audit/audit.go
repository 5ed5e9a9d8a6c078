package audit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/oklog/ulid/v2"
)

// Target types of the entries the back office writes. Other packages may
// add their own (lower-case words).
const (
	TargetUser   = "user"
	TargetReport = "report"
	TargetAd     = "ad"
)

// MaxSnapshotBytes bounds the JSON of Before and After each.
const MaxSnapshotBytes = 4 << 10

// Actor is the administrator who acted.
type Actor struct {
	ID    string
	Email string
}

// Change is one administrative action to record. Action is a stable
// dotted code ("user.status", "report.resolve"); TargetType a word
// matching [a-z_]+ and TargetID the target's id.
type Change struct {
	Actor      Actor
	Action     string
	TargetType string
	TargetID   string
	Before     any
	After      any
}

// Entry is a recorded Change.
type Entry struct {
	ID         string
	ActorID    string
	ActorEmail string
	Action     string
	TargetType string
	TargetID   string
	Before     json.RawMessage
	After      json.RawMessage
	At         time.Time
}

// PutAPI is the part of the DynamoDB client a Recorder needs.
type PutAPI interface {
	PutItem(ctx context.Context, in *dynamodb.PutItemInput, optFns ...func(*dynamodb.Options)) (*dynamodb.PutItemOutput, error)
}

// Recorder writes audit entries to the table. Safe for concurrent use.
type Recorder struct {
	db    PutAPI
	table string
	now   func() time.Time
}

// NewRecorder returns a Recorder on table. db may be nil when only
// TransactItem is used.
func NewRecorder(db PutAPI, table string) *Recorder {
	return &Recorder{db: db, table: table, now: time.Now}
}

// WithClock returns a copy of r that reads the time from now (tests).
func (r *Recorder) WithClock(now func() time.Time) *Recorder {
	c := *r
	c.now = now
	return &c
}

// TransactItem returns the Put of c's entry for the caller's
// TransactWriteItems, so the entry exists exactly when the change does,
// and the entry as it will be stored.
func (r *Recorder) TransactItem(c Change) (types.TransactWriteItem, Entry, error) {
	e, av, err := r.entry(c)
	if err != nil {
		return types.TransactWriteItem{}, Entry{}, err
	}
	return types.TransactWriteItem{Put: &types.Put{
		TableName: aws.String(r.table), Item: av, ConditionExpression: aws.String("attribute_not_exists(PK)"),
	}}, e, nil
}

// Record stores c's entry on its own, for changes made outside a
// transaction (record right after the change succeeded).
func (r *Recorder) Record(ctx context.Context, c Change) (Entry, error) {
	e, av, err := r.entry(c)
	if err != nil {
		return Entry{}, err
	}
	if _, err := r.db.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(r.table), Item: av, ConditionExpression: aws.String("attribute_not_exists(PK)"),
	}); err != nil {
		return Entry{}, fmt.Errorf("audit: record %s on %s %s: %w", c.Action, c.TargetType, c.TargetID, err)
	}
	return e, nil
}

var targetTypePattern = regexp.MustCompile(`^[a-z_]{1,32}$`)

func (r *Recorder) entry(c Change) (Entry, map[string]types.AttributeValue, error) {
	switch {
	case c.Actor.ID == "", c.Action == "", c.TargetID == "":
		return Entry{}, nil, fmt.Errorf("audit: change %+v: actor, action and target id are required", c)
	case !targetTypePattern.MatchString(c.TargetType):
		return Entry{}, nil, fmt.Errorf("audit: target type %q: want [a-z_]{1,32}", c.TargetType)
	}
	before, err := snapshot(c.Before)
	if err != nil {
		return Entry{}, nil, fmt.Errorf("audit: %s before: %w", c.Action, err)
	}
	after, err := snapshot(c.After)
	if err != nil {
		return Entry{}, nil, fmt.Errorf("audit: %s after: %w", c.Action, err)
	}
	at := r.now().UTC()
	e := Entry{
		ID: ulid.MustNew(ulid.Timestamp(at), ulid.DefaultEntropy()).String(), ActorID: c.Actor.ID,
		ActorEmail: c.Actor.Email, Action: c.Action, TargetType: c.TargetType, TargetID: c.TargetID,
		Before: before, After: after, At: at,
	}
	av, err := attributevalue.MarshalMap(toItem(e))
	if err != nil {
		return Entry{}, nil, fmt.Errorf("audit: marshal entry: %w", err)
	}
	return e, av, nil
}

// snapshot encodes v as a JSON object of at most MaxSnapshotBytes.
func snapshot(v any) (json.RawMessage, error) {
	if v == nil {
		return json.RawMessage(`{}`), nil
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("encode: %w", err)
	}
	if bytes.Equal(b, []byte("null")) {
		return json.RawMessage(`{}`), nil
	}
	if len(b) == 0 || b[0] != '{' {
		return nil, errors.New("not a JSON object")
	}
	if len(b) > MaxSnapshotBytes {
		return nil, fmt.Errorf("%d bytes, at most %d", len(b), MaxSnapshotBytes)
	}
	return b, nil
}

// item is the stored form of an Entry.
type item struct {
	PK         string `dynamodbav:"PK"`
	SK         string `dynamodbav:"SK"`
	GSI1PK     string `dynamodbav:"GSI1PK"`
	GSI1SK     string `dynamodbav:"GSI1SK"`
	Type       string `dynamodbav:"type"`
	ID         string `dynamodbav:"id"`
	ActorID    string `dynamodbav:"actorId"`
	ActorEmail string `dynamodbav:"actorEmail"`
	Action     string `dynamodbav:"action"`
	TargetType string `dynamodbav:"targetType"`
	TargetID   string `dynamodbav:"targetId"`
	Before     string `dynamodbav:"before"`
	After      string `dynamodbav:"after"`
	At         string `dynamodbav:"at"`
}

func toItem(e Entry) item {
	sk := entrySK(e.At, e.ID)
	return item{
		PK: entryPK(e.TargetType, e.TargetID), SK: sk, GSI1PK: gsi1PK, GSI1SK: sk, Type: itemType,
		ID: e.ID, ActorID: e.ActorID, ActorEmail: e.ActorEmail, Action: e.Action, TargetType: e.TargetType,
		TargetID: e.TargetID, Before: string(e.Before), After: string(e.After), At: e.At.UTC().Format(time.RFC3339Nano),
	}
}

func (it item) entry() (Entry, error) {
	at, err := time.Parse(time.RFC3339Nano, it.At)
	if err != nil {
		return Entry{}, fmt.Errorf("audit: entry %s: at %q: %w", it.ID, it.At, err)
	}
	raw := func(s string) json.RawMessage {
		if s == "" {
			return json.RawMessage(`{}`)
		}
		return json.RawMessage(s)
	}
	return Entry{
		ID: it.ID, ActorID: it.ActorID, ActorEmail: it.ActorEmail, Action: it.Action, TargetType: it.TargetType,
		TargetID: it.TargetID, Before: raw(it.Before), After: raw(it.After), At: at,
	}, nil
}
