package s3local

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// NotificationEvent returns the JSON event S3 sends a Lambda function for
// objects created, one record each, in the shape of S3 event notifications
// (event version 2.1): Records[].eventName, .s3.bucket.name and .arn,
// .s3.object.key (URL-encoded like S3 does it: "red flower.jpg" is
// "red+flower.jpg"), .size, .eTag and .sequencer. aws-lambda-go's
// events.S3Event decodes it. configurationID names the notification (the
// template's event name, say).
func NotificationEvent(region, configurationID string, objects ...ObjectCreated) ([]byte, error) {
	ev := s3Event{Records: make([]s3Record, 0, len(objects))}
	for _, o := range objects {
		ev.Records = append(ev.Records, s3Record{
			EventVersion: "2.1",
			EventSource:  "aws:s3",
			AWSRegion:    region,
			EventTime:    o.Time.UTC().Format("2006-01-02T15:04:05.000Z"),
			EventName:    o.EventName,
			UserIdentity: principal{PrincipalID: localPrincipal},
			RequestParameters: map[string]string{
				"sourceIPAddress": "127.0.0.1",
			},
			ResponseElements: map[string]string{
				"x-amz-request-id": o.Sequencer,
				"x-amz-id-2":       "local/" + o.Sequencer,
			},
			S3: s3Entity{
				SchemaVersion:   "1.0",
				ConfigurationID: configurationID,
				Bucket: s3Bucket{
					Name:          o.Bucket,
					OwnerIdentity: principal{PrincipalID: localPrincipal},
					ARN:           "arn:aws:s3:::" + o.Bucket,
				},
				Object: s3Object{Key: EncodeEventKey(o.Key), Size: o.Size, ETag: o.ETag, Sequencer: o.Sequencer},
			},
		})
	}
	out, err := json.Marshal(ev)
	if err != nil {
		return nil, fmt.Errorf("s3local: notification event: %w", err)
	}
	return out, nil
}

// EncodeEventKey encodes an object key as S3 event records carry it: each
// path segment query-escaped (a space becomes "+"), the slashes kept.
func EncodeEventKey(key string) string {
	parts := strings.Split(key, "/")
	for i, p := range parts {
		parts[i] = url.QueryEscape(p)
	}
	return strings.Join(parts, "/")
}

// localPrincipal stands for the (absent) AWS principal in events.
const localPrincipal = "AWS:LOCAL"

type s3Event struct {
	Records []s3Record `json:"Records"`
}

type s3Record struct {
	EventVersion      string            `json:"eventVersion"`
	EventSource       string            `json:"eventSource"`
	AWSRegion         string            `json:"awsRegion"`
	EventTime         string            `json:"eventTime"`
	EventName         string            `json:"eventName"`
	UserIdentity      principal         `json:"userIdentity"`
	RequestParameters map[string]string `json:"requestParameters"`
	ResponseElements  map[string]string `json:"responseElements"`
	S3                s3Entity          `json:"s3"`
}

type principal struct {
	PrincipalID string `json:"principalId"`
}

type s3Entity struct {
	SchemaVersion   string   `json:"s3SchemaVersion"`
	ConfigurationID string   `json:"configurationId"`
	Bucket          s3Bucket `json:"bucket"`
	Object          s3Object `json:"object"`
}

type s3Bucket struct {
	Name          string    `json:"name"`
	OwnerIdentity principal `json:"ownerIdentity"`
	ARN           string    `json:"arn"`
}

type s3Object struct {
	Key       string `json:"key"`
	Size      int64  `json:"size"`
	ETag      string `json:"eTag"`
	Sequencer string `json:"sequencer"`
}
