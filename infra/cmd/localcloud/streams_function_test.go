package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/lambdart"
	"github.com/remat/remat/infra/samtpl"
)

// TestStreamConsumerFunction runs a DynamoDB event of a template end to
// end: samtpl reads it, the poller reads the stream, and a real function
// process behind lambdart consumes it. The consumer is down at first
// (every invocation fails), then recovers; a poisoned record ends at the
// on-failure destination while the others are delivered once, in order.
func TestStreamConsumerFunction(t *testing.T) {
	st := newStreamTable(t)
	tpl, err := samtpl.Parse(fmt.Appendf(nil, `
Resources:
  AppTable:
    Type: AWS::DynamoDB::Table
    Properties:
      TableName: %s
      AttributeDefinitions: [{AttributeName: PK, AttributeType: S}, {AttributeName: SK, AttributeType: S}]
      KeySchema: [{AttributeName: PK, KeyType: HASH}, {AttributeName: SK, KeyType: RANGE}]
      StreamSpecification: {StreamViewType: NEW_AND_OLD_IMAGES}
  Consumer:
    Type: AWS::Serverless::Function
    Properties:
      CodeUri: infra/cmd/localcloud/testdata/streamfn
      Handler: bootstrap
      Runtime: provided.al2023
      Timeout: 10
      Events:
        Changes:
          Type: DynamoDB
          Properties:
            Stream: !GetAtt AppTable.StreamArn
            StartingPosition: TRIM_HORIZON
            BatchSize: 4
            MaximumBatchingWindowInSeconds: 1
            MaximumRetryAttempts: 10
            BisectBatchOnFunctionError: true
            DestinationConfig: {OnFailure: {Destination: %s}}
            FilterCriteria:
              Filters:
                - Pattern: '{"dynamodb": {"Keys": {"PK": {"S": [{"prefix": "AD#"}]}}}}'
`, st.name, failedQueue), samtpl.Options{AccountID: accountID, Region: region})
	if err != nil {
		t.Fatal(err)
	}
	if err := tpl.CheckEmulated(); err != nil {
		t.Fatal(err)
	}
	sources, err := tpl.StreamSources()
	if err != nil {
		t.Fatal(err)
	}
	fn, _ := tpl.Function("Consumer")
	dir := t.TempDir()
	bin, err := lambdart.Build(context.Background(), moduleRoot, fn, filepath.Join(dir, "bin"))
	if err != nil {
		t.Fatal(err)
	}
	logFile, downFile := filepath.Join(dir, "log.jsonl"), filepath.Join(dir, "down")
	if err := os.WriteFile(downFile, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	svc := lambdart.New(lambdart.Options{Logger: testLogger(t), Output: os.Stderr, Region: region, AccountID: accountID})
	t.Cleanup(func() { _ = svc.Close() })
	lfn := lambdart.FromTemplate(fn, bin)
	lfn.Env = map[string]string{"STREAMFN_LOG": logFile, "STREAMFN_DOWN": downFile}
	if err := svc.Add(lfn); err != nil {
		t.Fatal(err)
	}
	// Retries slow enough that the records keep some while the consumer
	// is down (about 2 s for the 10).
	timing := streamTiming{poll: 20 * time.Millisecond, retry: 100 * time.Millisecond, maxRetry: 200 * time.Millisecond}
	sc, err := newStreamConsumers(streamClients{ddb: st.client, streams: newStreamsClient(st.endpoint)}, svc, sources,
		map[string]string{"AppTable": st.name}, "", timing, testLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	sc.start()
	t.Cleanup(func() { _ = sc.stop() })

	for i := range 6 {
		attrs := map[string]types.AttributeValue{"n": num(i)}
		if i == 3 {
			attrs["poison"] = &types.AttributeValueMemberBOOL{Value: true}
		}
		st.put(t, fmt.Sprintf("AD#%d", i), attrs)
	}
	st.put(t, "USER#1", nil) // filtered out

	type entry struct {
		OK      bool                         `json:"ok"`
		Records []events.DynamoDBEventRecord `json:"records"`
	}
	read := func() []entry {
		f, err := os.Open(logFile) //nolint:gosec // G304: the test's own file
		if errors.Is(err, os.ErrNotExist) {
			return nil
		}
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = f.Close() }()
		var out []entry
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			var e entry
			if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
				t.Fatal(err)
			}
			out = append(out, e)
		}
		return out
	}
	waitFor := func(what string, cond func([]entry) bool) []entry {
		deadline := time.Now().Add(30 * time.Second)
		for {
			es := read()
			if cond(es) {
				return es
			}
			if time.Now().After(deadline) {
				t.Fatalf("waited 30 s for %s; log: %d invocations", what, len(es))
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	waitFor("the consumer to fail while down", func(es []entry) bool { return len(es) >= 2 })
	if err := os.Remove(downFile); err != nil {
		t.Fatal(err)
	}
	ids := func(es []entry) []string {
		var out []string
		for _, e := range es {
			if e.OK {
				for _, r := range e.Records {
					out = append(out, r.Change.Keys["PK"].String())
				}
			}
		}
		return out
	}
	es := waitFor("the good records", func(es []entry) bool { return len(ids(es)) >= 5 && len(sc.failures.snapshot()[failedQueue]) == 1 })
	time.Sleep(200 * time.Millisecond)
	if got, want := ids(read()), []string{"AD#0", "AD#1", "AD#2", "AD#4", "AD#5"}; !slices.Equal(got, want) {
		t.Errorf("delivered %v, want %v", got, want)
	}
	for _, e := range es {
		if len(e.Records) > 4 {
			t.Errorf("an invocation with %d records, want at most 4", len(e.Records))
		}
	}
	fails := sc.failures.snapshot()[failedQueue]
	if len(fails) != 1 || fails[0].DDBStreamBatchInfo.BatchSize != 1 || fails[0].RequestContext.Condition != "RetryAttemptsExhausted" {
		t.Errorf("got on-failure records %+v, want the poisoned record alone", fails)
	}
}

// The local cloud starts its stream consumers (none in template.yaml yet)
// and serves their on-failure records.
func TestStreamFailuresServedByTheCloud(t *testing.T) {
	if testing.Short() {
		t.Skip("starts DynamoDB Local and builds every function")
	}
	c := startCloud(t, Config{Memory: true})
	defer func() { _ = c.Stop() }()
	status, body := get(t, c.URL+streamFailuresPath)
	if status != http.StatusOK || strings.TrimSpace(string(body)) != `{"destinations":{}}` {
		t.Errorf("GET %s: got %d %s, want 200 {\"destinations\":{}}", streamFailuresPath, status, body)
	}
}

func TestStreamRecordsPastTheirAgeGoToTheDestination(t *testing.T) {
	st := newStreamTable(t)
	inv := newStreamInvoker(nil)
	// Older than a nanosecond: every record is past its age when read.
	sc, _ := st.consume(t, samtpl.StreamSource{BatchSize: 10, MaxRetryAttempts: -1, MaxRecordAge: time.Nanosecond, OnFailure: failedQueue}, inv, "")
	st.put(t, "I0", nil)
	st.put(t, "I1", nil)
	deadline := time.Now().Add(15 * time.Second)
	var fails []streamFailure
	for {
		fails = sc.failures.snapshot()[failedQueue]
		n := 0
		for _, f := range fails {
			n += f.DDBStreamBatchInfo.BatchSize
		}
		if n >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited 15 s for 2 discarded records; got %+v", fails)
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, f := range fails {
		if f.RequestContext.Condition != "RecordAgeExceeded" || f.RequestContext.ApproximateInvokeCount != 0 {
			t.Errorf("got %+v, want RecordAgeExceeded without an invocation", f.RequestContext)
		}
	}
	inv.mu.Lock()
	defer inv.mu.Unlock()
	if len(inv.calls) != 0 {
		t.Errorf("got %d invocations, want none", len(inv.calls))
	}
}

func TestReportedFailure(t *testing.T) {
	recs := []streamRecord{{seq: "100"}, {seq: "200"}, {seq: "300"}}
	tests := []struct {
		answer string
		want   int
	}{
		{`null`, -1},
		{`{}`, -1},
		{`{"batchItemFailures": []}`, -1},
		{`"not an object"`, -1},
		{`{"batchItemFailures": [{"itemIdentifier": "300"}, {"itemIdentifier": "200"}]}`, 1},
		{`{"batchItemFailures": [{"itemIdentifier": "100"}]}`, 0},
		{`{"batchItemFailures": [{"itemIdentifier": "999"}]}`, 0},
		{`{"batchItemFailures": [{"itemIdentifier": ""}]}`, 0},
		{`{"batchItemFailures": [{}]}`, 0},
	}
	for _, tt := range tests {
		if got := reportedFailure([]byte(tt.answer), recs); got != tt.want {
			t.Errorf("%s: got %d, want %d", tt.answer, got, tt.want)
		}
	}
}
