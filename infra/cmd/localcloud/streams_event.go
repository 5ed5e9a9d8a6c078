package main

import (
	"context"
	"crypto/rand"
	"fmt"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	stypes "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"
)

// convert turns a Streams API record into the event's record, as Lambda
// builds it.
func (p *streamPoller) convert(r stypes.Record) (streamRecord, error) {
	if r.Dynamodb == nil {
		return streamRecord{}, fmt.Errorf("localcloud: stream record %s without dynamodb", aws.ToString(r.EventID))
	}
	d := r.Dynamodb
	rec := streamRecord{seq: aws.ToString(d.SequenceNumber), created: aws.ToTime(d.ApproximateCreationDateTime)}
	change := events.DynamoDBStreamRecord{
		ApproximateCreationDateTime: events.SecondsEpochTime{Time: rec.created},
		SequenceNumber:              rec.seq,
		SizeBytes:                   aws.ToInt64(d.SizeBytes),
		StreamViewType:              string(d.StreamViewType),
	}
	var err error
	for _, img := range []struct {
		in  map[string]stypes.AttributeValue
		out *map[string]events.DynamoDBAttributeValue
	}{{d.Keys, &change.Keys}, {d.NewImage, &change.NewImage}, {d.OldImage, &change.OldImage}} {
		if img.in == nil {
			continue
		}
		if *img.out, err = attributeMap(img.in); err != nil {
			return streamRecord{}, fmt.Errorf("localcloud: stream record %s: %w", rec.seq, err)
		}
	}
	rec.event = events.DynamoDBEventRecord{
		AWSRegion:      region,
		Change:         change,
		EventID:        aws.ToString(r.EventID),
		EventName:      string(r.EventName),
		EventSource:    "aws:dynamodb",
		EventVersion:   "1.1",
		EventSourceArn: p.streamARN,
	}
	if r.UserIdentity != nil { // a TTL deletion
		rec.event.UserIdentity = &events.DynamoDBUserIdentity{Type: aws.ToString(r.UserIdentity.Type), PrincipalID: aws.ToString(r.UserIdentity.PrincipalId)}
	}
	return rec, nil
}

func attributeMap(in map[string]stypes.AttributeValue) (map[string]events.DynamoDBAttributeValue, error) {
	out := make(map[string]events.DynamoDBAttributeValue, len(in))
	for k, v := range in {
		a, err := attributeValue(v)
		if err != nil {
			return nil, fmt.Errorf("attribute %s: %w", k, err)
		}
		out[k] = a
	}
	return out, nil
}

func attributeValue(v stypes.AttributeValue) (events.DynamoDBAttributeValue, error) {
	switch x := v.(type) {
	case *stypes.AttributeValueMemberS:
		return events.NewStringAttribute(x.Value), nil
	case *stypes.AttributeValueMemberN:
		return events.NewNumberAttribute(x.Value), nil
	case *stypes.AttributeValueMemberB:
		return events.NewBinaryAttribute(x.Value), nil
	case *stypes.AttributeValueMemberBOOL:
		return events.NewBooleanAttribute(x.Value), nil
	case *stypes.AttributeValueMemberNULL:
		return events.NewNullAttribute(), nil
	case *stypes.AttributeValueMemberSS:
		return events.NewStringSetAttribute(x.Value), nil
	case *stypes.AttributeValueMemberNS:
		return events.NewNumberSetAttribute(x.Value), nil
	case *stypes.AttributeValueMemberBS:
		return events.NewBinarySetAttribute(x.Value), nil
	case *stypes.AttributeValueMemberL:
		list := make([]events.DynamoDBAttributeValue, len(x.Value))
		for i, e := range x.Value {
			a, err := attributeValue(e)
			if err != nil {
				return events.DynamoDBAttributeValue{}, err
			}
			list[i] = a
		}
		return events.NewListAttribute(list), nil
	case *stypes.AttributeValueMemberM:
		m, err := attributeMap(x.Value)
		if err != nil {
			return events.DynamoDBAttributeValue{}, err
		}
		return events.NewMapAttribute(m), nil
	default:
		return events.DynamoDBAttributeValue{}, fmt.Errorf("unknown attribute type %T", v)
	}
}

// newRequestID returns a random UUID (version 4) for a failure record
// without an invocation behind it.
func newRequestID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// sleepCtx waits d or until ctx ends; it reports whether d elapsed.
func sleepCtx(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// ---------------------------------------------------------------- failures
