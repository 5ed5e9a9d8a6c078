package samtpl

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

const streamsTemplate = `
Parameters:
  Stage: {Type: String, Default: dev}
Resources:
  AppTable:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: !Sub remat-${Stage}
      AttributeDefinitions: [{AttributeName: PK, AttributeType: S}]
      KeySchema: [{AttributeName: PK, KeyType: HASH}]
      StreamSpecification: {StreamViewType: NEW_AND_OLD_IMAGES}
  Alerts:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: functions/alerts
      Events:
        Published:
          Type: DynamoDB
          Properties:
            Stream: !GetAtt AppTable.StreamArn
            StartingPosition: LATEST
            BatchSize: 25
            MaximumBatchingWindowInSeconds: 5
            MaximumRetryAttempts: 4
            MaximumRecordAgeInSeconds: 3600
            BisectBatchOnFunctionError: true
            FunctionResponseTypes: [ReportBatchItemFailures]
            DestinationConfig:
              OnFailure:
                Destination: arn:aws:sqs:eu-central-2:000000000000:alerts-failed
            FilterCriteria:
              Filters:
                - Pattern: '{"eventName": ["INSERT"]}'
                - Pattern: '{"dynamodb": {"NewImage": {"status": {"S": ["active"]}}}}'
        Defaults:
          Type: DynamoDB
          Properties:
            Stream: !GetAtt AppTable.StreamArn
            StartingPosition: TRIM_HORIZON
            Enabled: false
`

func TestStreamSources(t *testing.T) {
	tpl, err := Parse([]byte(streamsTemplate), Options{AccountID: "000000000000", Region: "eu-central-2"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := tpl.StreamSources()
	if err != nil {
		t.Fatal(err)
	}
	for i := range got { // compared apart, by their patterns
		for j := range got[i].Filters {
			got[i].Filters[j].root = nil
		}
	}
	arn := "arn:aws:dynamodb:eu-central-2:000000000000:table/remat-dev/stream/1970-01-01T00:00:00.000"
	want := []StreamSource{
		{
			Function: "Alerts", Event: "Defaults", StreamARN: arn, Table: "AppTable", StartingPosition: "TRIM_HORIZON",
			BatchSize: 100, MaxRetryAttempts: -1,
		},
		{
			Function: "Alerts", Event: "Published", StreamARN: arn, Table: "AppTable", StartingPosition: "LATEST",
			BatchSize: 25, BatchingWindow: 5 * time.Second, MaxRetryAttempts: 4, MaxRecordAge: time.Hour,
			BisectOnError: true, ReportBatchItemFailures: true, Enabled: true,
			OnFailure: "arn:aws:sqs:eu-central-2:000000000000:alerts-failed",
			Filters:   []StreamFilter{{Pattern: `{"eventName": ["INSERT"]}`}, {Pattern: `{"dynamodb": {"NewImage": {"status": {"S": ["active"]}}}}`}},
		},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %+v\nwant %+v", got, want)
	}
}

func TestStreamSourceErrors(t *testing.T) {
	tests := []struct{ name, props, want string }{
		{"no stream", "StartingPosition: LATEST", "property Stream: required"},
		{"not a stream", "{Stream: !GetAtt AppTable.Arn, StartingPosition: LATEST}", "is not a DynamoDB stream ARN"},
		{"another table", "{Stream: 'arn:aws:dynamodb:eu-central-2:1:table/other/stream/x', StartingPosition: LATEST}", "no table other in the template"},
		{"no starting position", "Stream: !GetAtt AppTable.StreamArn", "StartingPosition: required"},
		{"AT_TIMESTAMP", "{Stream: !GetAtt AppTable.StreamArn, StartingPosition: AT_TIMESTAMP}", `"AT_TIMESTAMP": want TRIM_HORIZON or LATEST`},
		{"batch of 0", "{Stream: !GetAtt AppTable.StreamArn, StartingPosition: LATEST, BatchSize: 0}", "BatchSize: 0: want 1 to 10000"},
		{"window too long", "{Stream: !GetAtt AppTable.StreamArn, StartingPosition: LATEST, MaximumBatchingWindowInSeconds: 301}", "MaximumBatchingWindowInSeconds: 301: want 0 to 300"},
		{"retries below -1", "{Stream: !GetAtt AppTable.StreamArn, StartingPosition: LATEST, MaximumRetryAttempts: -2}", "MaximumRetryAttempts: -2: want -1 to 10000"},
		{"record age too short", "{Stream: !GetAtt AppTable.StreamArn, StartingPosition: LATEST, MaximumRecordAgeInSeconds: 30}", "MaximumRecordAgeInSeconds: 30: want -1 or 60 to 604800"},
		{"parallel consumers", "{Stream: !GetAtt AppTable.StreamArn, StartingPosition: LATEST, ParallelizationFactor: 4}", "only 1 is emulated"},
		{"bisect not a boolean", "{Stream: !GetAtt AppTable.StreamArn, StartingPosition: LATEST, BisectBatchOnFunctionError: yes please}", "want true or false"},
		{"another response type", "{Stream: !GetAtt AppTable.StreamArn, StartingPosition: LATEST, FunctionResponseTypes: [Other]}", `"Other": want ReportBatchItemFailures`},
		{"six filters", "{Stream: !GetAtt AppTable.StreamArn, StartingPosition: LATEST, FilterCriteria: {Filters: [" +
			strings.Repeat(`{Pattern: '{"eventName": ["INSERT"]}'}, `, 5) + `{Pattern: '{"eventName": ["INSERT"]}'}]}}`, "6 filters"},
		{"bad filter", `{Stream: !GetAtt AppTable.StreamArn, StartingPosition: LATEST, FilterCriteria: {Filters: [{Pattern: '{"eventName": "INSERT"}'}]}}`, "Filters[0].Pattern: field eventName: want an object or a list of rules"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tpl, err := Parse([]byte(`
Resources:
  AppTable:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: remat
      AttributeDefinitions: [{AttributeName: PK, AttributeType: S}]
      KeySchema: [{AttributeName: PK, KeyType: HASH}]
      StreamSpecification: {StreamViewType: NEW_AND_OLD_IMAGES}
  F:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: f
      Events:
        E:
          Type: DynamoDB
          Properties:
            `+tt.props+"\n"), Options{})
			if err != nil {
				t.Fatal(err)
			}
			_, err = tpl.StreamSources()
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "F event E") {
				t.Errorf("got %v, want an error naming F event E and containing %q", err, tt.want)
			}
		})
	}
}

// streamRecord is a stream record as the poller hands it to filters.
const streamRecord = `{
  "eventID": "1", "eventName": "MODIFY", "eventVersion": "1.1", "eventSource": "aws:dynamodb", "awsRegion": "eu-central-2",
  "dynamodb": {
    "Keys": {"PK": {"S": "AD#01J"}, "SK": {"S": "AD"}},
    "NewImage": {"PK": {"S": "AD#01J"}, "status": {"S": "active"}, "price": {"N": "120.5"}, "title": {"S": "Dachziegel"}, "tags": {"L": [{"S": "roof"}, {"S": "clay"}]}},
    "OldImage": {"PK": {"S": "AD#01J"}, "status": {"S": "draft"}, "price": {"N": "99"}},
    "SequenceNumber": "100", "SizeBytes": 120, "StreamViewType": "NEW_AND_OLD_IMAGES"
  }
}`

func TestStreamFilterMatches(t *testing.T) {
	var rec map[string]any
	if err := json.Unmarshal([]byte(streamRecord), &rec); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		pattern string
		want    bool
	}{
		{`{"eventName": ["MODIFY"]}`, true},
		{`{"eventName": ["INSERT", "REMOVE"]}`, false},
		{`{"eventName": ["INSERT", "MODIFY"]}`, true},
		{`{"dynamodb": {"Keys": {"PK": {"S": [{"prefix": "AD#"}]}}}}`, true},
		{`{"dynamodb": {"Keys": {"PK": {"S": [{"prefix": "USER#"}]}}}}`, false},
		{`{"dynamodb": {"NewImage": {"status": {"S": [{"anything-but": "draft"}]}}}}`, true},
		{`{"dynamodb": {"OldImage": {"status": {"S": [{"anything-but": ["draft", "paused"]}]}}}}`, false},
		{`{"dynamodb": {"NewImage": {"deletedAt": {"S": [{"exists": false}]}}}}`, true},
		{`{"dynamodb": {"NewImage": {"status": {"S": [{"exists": false}]}}}}`, false},
		{`{"dynamodb": {"NewImage": {"status": {"S": [{"exists": true}]}}}}`, true},
		{`{"dynamodb": {"OldImage": {"title": {"S": [{"exists": true}]}}}}`, false},
		{`{"dynamodb": {"NewImage": {"price": {"N": [{"numeric": [">", 100, "<=", 200]}]}}}}`, true},
		{`{"dynamodb": {"OldImage": {"price": {"N": [{"numeric": [">", 100, "<=", 200]}]}}}}`, false},
		{`{"dynamodb": {"OldImage": {"price": {"N": [{"numeric": ["=", 99]}]}}}}`, true},
		{`{"dynamodb": {"NewImage": {"title": {"S": [{"numeric": [">", 0]}]}}}}`, false},
		{`{"dynamodb": {"NewImage": {"tags": {"L": {"S": ["clay"]}}}}}`, false}, // a list's items are not objects to descend into
		// Every field must match: the status does, the event name does not.
		{`{"eventName": ["INSERT"], "dynamodb": {"NewImage": {"status": {"S": ["active"]}}}}`, false},
		{`{"eventName": ["MODIFY"], "dynamodb": {"NewImage": {"status": {"S": ["active"]}}, "OldImage": {"status": {"S": ["draft"]}}}}`, true},
		// A missing attribute matches nothing but exists: false.
		{`{"dynamodb": {"NewImage": {"missing": {"S": [{"anything-but": "x"}]}}}}`, false},
		// Exact values are typed: the N value "99" is a string.
		{`{"dynamodb": {"OldImage": {"price": {"N": [99]}}}}`, false},
		{`{"dynamodb": {"OldImage": {"price": {"N": ["99"]}}}}`, true},
	}
	for _, tt := range tests {
		f, err := ParseStreamFilter(tt.pattern)
		if err != nil {
			t.Errorf("%s: %v", tt.pattern, err)
			continue
		}
		if got := f.Matches(rec); got != tt.want {
			t.Errorf("%s: got %v, want %v", tt.pattern, got, tt.want)
		}
	}
}

func TestParseStreamFilterErrors(t *testing.T) {
	tests := []struct{ pattern, want string }{
		{`not json`, "invalid JSON"},
		{`[]`, "want a JSON object"},
		{`{}`, "want a JSON object"},
		{`{"eventSource": ["aws:dynamodb"]}`, "field eventSource: not emulated"},
		{`{"dynamodb": {"SequenceNumber": ["1"]}}`, "field dynamodb.SequenceNumber: not emulated"},
		{`{"dynamodb": ["x"]}`, "field dynamodb: want an object"},
		{`{"dynamodb": {"Keys": ["x"]}}`, "field dynamodb.Keys: want an object"},
		{`{"eventName": {"S": ["x"]}}`, "field eventName: want a list of rules"},
		{`{"eventName": []}`, "empty list of rules"},
		{`{"eventName": [{"suffix": "T"}]}`, `operator "suffix": not emulated`},
		{`{"eventName": [{"prefix": 1}]}`, "prefix: want a string"},
		{`{"eventName": [{"prefix": "I", "exists": true}]}`, "want a value or an object with one operator"},
		{`{"eventName": [{"exists": "yes"}]}`, "exists: want true or false"},
		{`{"eventName": [{"anything-but": [{"prefix": "I"}]}]}`, "anything-but: want strings or numbers"},
		{`{"dynamodb": {"NewImage": {"n": {"N": [{"numeric": [">"]}]}}}}`, "numeric: want [op, number]"},
		{`{"dynamodb": {"NewImage": {"n": {"N": [{"numeric": ["!=", 1]}]}}}}`, `operator !=`},
		{`{"dynamodb": {"NewImage": {"n": {"N": [{"numeric": [">", "1"]}]}}}}`, "want a number after >"},
		{`{"dynamodb": {"NewImage": {"n": {"N": [{"numeric": ["<", 1, ">", 0]}]}}}}`, "a range is"},
	}
	for _, tt := range tests {
		if _, err := ParseStreamFilter(tt.pattern); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: got %v, want an error containing %q", tt.pattern, err, tt.want)
		}
	}
}
