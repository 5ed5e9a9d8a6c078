package s3local

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
)

func TestNotificationEventDecodesAsS3Event(t *testing.T) {
	at := time.Date(2026, 3, 10, 12, 0, 0, 123e6, time.UTC)
	payload, err := NotificationEvent("eu-central-2", "Upload", ObjectCreated{
		Bucket: "images", Key: "uploads/red flower+1/é.jpg", Size: 42, ETag: "abc",
		EventName: EventObjectCreatedPut, Time: at, Sequencer: "000000000000000A",
	})
	if err != nil {
		t.Fatal(err)
	}
	var ev events.S3Event
	if err := json.Unmarshal(payload, &ev); err != nil {
		t.Fatal(err)
	}
	if len(ev.Records) != 1 {
		t.Fatalf("got %d records, want 1", len(ev.Records))
	}
	r := ev.Records[0]
	for _, c := range []struct{ name, got, want string }{
		{"eventSource", r.EventSource, "aws:s3"},
		{"eventName", r.EventName, "ObjectCreated:Put"},
		{"awsRegion", r.AWSRegion, "eu-central-2"},
		{"bucket", r.S3.Bucket.Name, "images"},
		{"bucket arn", r.S3.Bucket.Arn, "arn:aws:s3:::images"},
		{"configurationId", r.S3.ConfigurationID, "Upload"},
		{"key as sent", r.S3.Object.Key, "uploads/red+flower%2B1/%C3%A9.jpg"},
		{"key decoded", r.S3.Object.URLDecodedKey, "uploads/red flower+1/é.jpg"},
		{"eTag", r.S3.Object.ETag, "abc"},
		{"sequencer", r.S3.Object.Sequencer, "000000000000000A"},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, c.got, c.want)
		}
	}
	if r.S3.Object.Size != 42 || !r.EventTime.Equal(at) {
		t.Errorf("got size %d time %v, want 42 %v", r.S3.Object.Size, r.EventTime, at)
	}
}
