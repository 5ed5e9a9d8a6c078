package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/lambdart"
	"github.com/remat/remat/infra/samtpl"
	"github.com/remat/remat/infra/testcloud"
)

// testStreamTiming keeps the stream tests quick.
var testStreamTiming = streamTiming{poll: 20 * time.Millisecond, retry: 10 * time.Millisecond, maxRetry: 50 * time.Millisecond}

const failedQueue = "arn:aws:sqs:eu-central-2:000000000000:stream-failed"

// streamInvoker records the batches a consumer gets; answer decides each
// invocation's outcome (nil succeeds).
type streamInvoker struct {
	mu      sync.Mutex
	calls   []streamCall
	answer  func(call int, recs []events.DynamoDBEventRecord) ([]byte, error)
	changed chan struct{}
}

type streamCall struct {
	at   time.Time
	recs []events.DynamoDBEventRecord
	ok   bool
}

func newStreamInvoker(answer func(int, []events.DynamoDBEventRecord) ([]byte, error)) *streamInvoker {
	return &streamInvoker{answer: answer, changed: make(chan struct{}, 1)}
}

func (s *streamInvoker) Invoke(_ context.Context, name string, payload []byte) ([]byte, error) {
	if name != "Consumer" {
		return nil, fmt.Errorf("invoked %s, want Consumer", name)
	}
	var ev events.DynamoDBEvent
	if err := json.Unmarshal(payload, &ev); err != nil {
		return nil, err
	}
	s.mu.Lock()
	n := len(s.calls)
	var out []byte
	var err error
	if s.answer != nil {
		out, err = s.answer(n, ev.Records)
	}
	s.calls = append(s.calls, streamCall{at: time.Now(), recs: ev.Records, ok: err == nil})
	s.mu.Unlock()
	select {
	case s.changed <- struct{}{}:
	default:
	}
	if err != nil {
		return nil, &lambdart.FunctionError{Function: name, RequestID: "req-" + strconv.Itoa(n), Type: "errorString", Message: err.Error()}
	}
	return cmpOr(out, []byte("null")), nil
}

func cmpOr(b, def []byte) []byte {
	if b == nil {
		return def
	}
	return b
}

// until waits for cond over the calls so far.
func (s *streamInvoker) until(t *testing.T, what string, cond func([]streamCall) bool) []streamCall {
	t.Helper()
	deadline := time.After(15 * time.Second)
	for {
		s.mu.Lock()
		calls := slices.Clone(s.calls)
		s.mu.Unlock()
		if cond(calls) {
			return calls
		}
		select {
		case <-s.changed:
		case <-time.After(20 * time.Millisecond):
		case <-deadline:
			t.Fatalf("waited 15 s for %s; got %d invocations", what, len(calls))
		}
	}
}

// delivered returns the items' ids of the successful invocations, in
// delivery order, with each REMOVE as "-id".
func delivered(calls []streamCall) []string {
	var ids []string
	for _, c := range calls {
		if !c.ok {
			continue
		}
		for _, r := range c.recs {
			ids = append(ids, itemID(r))
		}
	}
	return ids
}

func itemID(r events.DynamoDBEventRecord) string {
	id := r.Change.Keys["PK"].String()
	if r.EventName == "REMOVE" {
		return "-" + id
	}
	if n, ok := r.Change.NewImage["n"]; ok {
		return id + "@" + n.Number()
	}
	return id
}

// streamTable is a fresh table with the app table's stream.
type streamTable struct {
	client   *dynamodb.Client
	endpoint string
	name     string
}

func newStreamTable(t *testing.T) streamTable {
	t.Helper()
	client, name := testcloud.DynamoDB(t)
	return streamTable{client: client, endpoint: testcloud.DynamoDBEndpoint(t), name: name}
}

func (st streamTable) put(t *testing.T, pk string, attrs map[string]types.AttributeValue) {
	t.Helper()
	item := map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: pk}, "SK": &types.AttributeValueMemberS{Value: "ITEM"}}
	for k, v := range attrs {
		item[k] = v
	}
	if _, err := st.client.PutItem(context.Background(), &dynamodb.PutItemInput{TableName: aws.String(st.name), Item: item}); err != nil {
		t.Fatal(err)
	}
}

func (st streamTable) remove(t *testing.T, pk string) {
	t.Helper()
	if _, err := st.client.DeleteItem(context.Background(), &dynamodb.DeleteItemInput{TableName: aws.String(st.name), Key: map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: pk}, "SK": &types.AttributeValueMemberS{Value: "ITEM"},
	}}); err != nil {
		t.Fatal(err)
	}
}

func (st streamTable) streamARN(t *testing.T) string {
	t.Helper()
	out, err := st.client.DescribeTable(context.Background(), &dynamodb.DescribeTableInput{TableName: aws.String(st.name)})
	if err != nil {
		t.Fatal(err)
	}
	return aws.ToString(out.Table.LatestStreamArn)
}

func num(n int) types.AttributeValue    { return &types.AttributeValueMemberN{Value: strconv.Itoa(n)} }
func str(s string) types.AttributeValue { return &types.AttributeValueMemberS{Value: s} }

// consume starts the consumers of src on st's stream; they stop when the
// test ends (or earlier with the returned stop).
func (st streamTable) consume(t *testing.T, src samtpl.StreamSource, lambdas invoker, checkpointFile string) (*streamConsumers, func()) {
	t.Helper()
	src.Function, src.Event, src.Table, src.Enabled = "Consumer", "Changes", "AppTable", true
	src.BatchSize = max(src.BatchSize, 1)
	if src.StartingPosition == "" {
		src.StartingPosition = "TRIM_HORIZON"
	}
	sc, err := newStreamConsumers(streamClients{ddb: st.client, streams: newStreamsClient(st.endpoint)}, lambdas,
		[]samtpl.StreamSource{src}, map[string]string{"AppTable": st.name}, checkpointFile, testStreamTiming, testLogger(t))
	if err != nil {
		t.Fatal(err)
	}
	sc.start()
	var once sync.Once
	stop := func() { once.Do(func() { _ = sc.stop() }) }
	t.Cleanup(stop)
	return sc, stop
}

func TestStreamRecordsInOrderWithLambdasEventShape(t *testing.T) {
	st := newStreamTable(t)
	inv := newStreamInvoker(nil)
	st.consume(t, samtpl.StreamSource{BatchSize: 100, MaxRetryAttempts: -1}, inv, "")
	// DynamoDB Local rounds ApproximateCreationDateTime down to the minute.
	before := time.Now().Add(-time.Minute - 2*time.Second)
	for i := 1; i <= 4; i++ {
		st.put(t, "A", map[string]types.AttributeValue{"n": num(i)})
		st.put(t, "B", map[string]types.AttributeValue{"n": num(10 + i)})
	}
	st.remove(t, "A")
	calls := inv.until(t, "9 records", func(c []streamCall) bool { return len(delivered(c)) >= 9 })

	perItem := map[string][]string{}
	for _, id := range delivered(calls) {
		item, _, _ := strings.Cut(strings.TrimPrefix(id, "-"), "@")
		perItem[item] = append(perItem[item], id)
	}
	if want := []string{"A@1", "A@2", "A@3", "A@4", "-A"}; !slices.Equal(perItem["A"], want) {
		t.Errorf("item A: got %v, want %v", perItem["A"], want)
	}
	if want := []string{"B@11", "B@12", "B@13", "B@14"}; !slices.Equal(perItem["B"], want) {
		t.Errorf("item B: got %v, want %v", perItem["B"], want)
	}

	arn := st.streamARN(t)
	var all []events.DynamoDBEventRecord
	for _, c := range calls {
		all = append(all, c.recs...)
	}
	var lastSeq string
	for i, r := range all {
		if r.EventSource != "aws:dynamodb" || r.EventVersion != "1.1" || r.AWSRegion != region || r.EventSourceArn != arn || r.EventID == "" {
			t.Errorf("record %d: got source %q version %q region %q arn %q id %q, want aws:dynamodb 1.1 %s %s and an id",
				i, r.EventSource, r.EventVersion, r.AWSRegion, r.EventSourceArn, r.EventID, region, arn)
		}
		c := r.Change
		if c.StreamViewType != "NEW_AND_OLD_IMAGES" || c.SizeBytes <= 0 || c.Keys["SK"].String() != "ITEM" {
			t.Errorf("record %d: got view %q size %d keys %v", i, c.StreamViewType, c.SizeBytes, c.Keys)
		}
		if created := c.ApproximateCreationDateTime.Time; created.Before(before) || created.After(time.Now().Add(2*time.Second)) {
			t.Errorf("record %d: ApproximateCreationDateTime %v, want about now", i, created)
		}
		if len(c.SequenceNumber) < len(lastSeq) || (len(c.SequenceNumber) == len(lastSeq) && c.SequenceNumber <= lastSeq) {
			t.Errorf("record %d: sequence number %s after %s, want increasing", i, c.SequenceNumber, lastSeq)
		}
		lastSeq = c.SequenceNumber
		first := itemID(r) == "A@1" || itemID(r) == "B@11"
		switch {
		case r.EventName == "REMOVE":
			if c.NewImage != nil || c.OldImage["n"].Number() != "4" {
				t.Errorf("REMOVE: got new %v old %v, want only the old image", c.NewImage, c.OldImage)
			}
		case first:
			if r.EventName != "INSERT" || c.OldImage != nil {
				t.Errorf("%s: got %s with old image %v, want INSERT without", itemID(r), r.EventName, c.OldImage)
			}
		default:
			if r.EventName != "MODIFY" || c.OldImage["n"].Number() == c.NewImage["n"].Number() {
				t.Errorf("%s: got %s old %v, want MODIFY with the previous image", itemID(r), r.EventName, c.OldImage)
			}
		}
	}
}

func TestStreamBatchSizeAndWindow(t *testing.T) {
	tests := []struct {
		name   string
		size   int
		window time.Duration
		items  int
	}{
		{"batches of 3 within the window", 3, 400 * time.Millisecond, 7},
		{"no window: invoked at once", 100, 0, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := newStreamTable(t)
			inv := newStreamInvoker(nil)
			st.consume(t, samtpl.StreamSource{BatchSize: tt.size, BatchingWindow: tt.window, MaxRetryAttempts: -1}, inv, "")
			// Let the poller list the shard first, so the window starts
			// at the first record read.
			time.Sleep(100 * time.Millisecond)
			written := time.Now()
			for i := range tt.items {
				st.put(t, fmt.Sprintf("I%02d", i), nil)
			}
			calls := inv.until(t, "every record", func(c []streamCall) bool { return len(delivered(c)) >= tt.items })
			total := 0
			for i, c := range calls {
				if len(c.recs) > tt.size {
					t.Errorf("batch %d: %d records, want at most %d", i, len(c.recs), tt.size)
				}
				total += len(c.recs)
			}
			if total != tt.items {
				t.Errorf("got %d records, want %d", total, tt.items)
			}
			last := calls[len(calls)-1]
			if tt.window > 0 {
				if len(calls[0].recs) != tt.size {
					t.Errorf("first batch: %d records, want a full batch of %d", len(calls[0].recs), tt.size)
				}
				// The last, partial batch waited for the window.
				if len(last.recs) < tt.size && last.at.Sub(written) < tt.window {
					t.Errorf("partial batch after %v, want after the %v window", last.at.Sub(written), tt.window)
				}
			} else if d := last.at.Sub(written); d > time.Second {
				t.Errorf("delivered after %v, want at once", d)
			}
		})
	}
}

func TestStreamFilterDropsRecords(t *testing.T) {
	st := newStreamTable(t)
	keep, err := samtpl.ParseStreamFilter(`{"eventName": ["INSERT"], "dynamodb": {"NewImage": {"kind": {"S": [{"prefix": "ad"}]}}}}`)
	if err != nil {
		t.Fatal(err)
	}
	inv := newStreamInvoker(nil)
	st.consume(t, samtpl.StreamSource{BatchSize: 10, MaxRetryAttempts: -1, Filters: []samtpl.StreamFilter{keep}}, inv, "")
	st.put(t, "1", map[string]types.AttributeValue{"kind": str("ad")})
	st.put(t, "2", map[string]types.AttributeValue{"kind": str("user")})
	st.put(t, "1", map[string]types.AttributeValue{"kind": str("ad"), "n": num(2)}) // a MODIFY
	st.put(t, "3", nil)
	st.put(t, "4", map[string]types.AttributeValue{"kind": str("advert")})
	calls := inv.until(t, "item 4", func(c []streamCall) bool { return slices.Contains(delivered(c), "4") })
	time.Sleep(100 * time.Millisecond)
	if got, want := delivered(calls), []string{"1", "4"}; !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestStreamPoisonedRecordBisectedToTheDestination(t *testing.T) {
	st := newStreamTable(t)
	inv := newStreamInvoker(func(_ int, recs []events.DynamoDBEventRecord) ([]byte, error) {
		for _, r := range recs {
			if _, ok := r.Change.NewImage["poison"]; ok {
				return nil, errors.New("cannot handle " + itemID(r))
			}
		}
		return nil, nil
	})
	sc, _ := st.consume(t, samtpl.StreamSource{BatchSize: 8, BatchingWindow: 300 * time.Millisecond, MaxRetryAttempts: 2,
		BisectOnError: true, OnFailure: failedQueue}, inv, "")
	time.Sleep(100 * time.Millisecond)
	for i := range 8 {
		attrs := map[string]types.AttributeValue{}
		if i == 5 {
			attrs["poison"] = &types.AttributeValueMemberBOOL{Value: true}
		}
		st.put(t, fmt.Sprintf("I%d", i), attrs)
	}
	calls := inv.until(t, "the 7 good records", func(c []streamCall) bool { return len(delivered(c)) >= 7 })
	time.Sleep(100 * time.Millisecond)
	if got, want := delivered(calls), []string{"I0", "I1", "I2", "I3", "I4", "I6", "I7"}; !slices.Equal(got, want) {
		t.Errorf("delivered %v, want %v (each good record once, in order)", got, want)
	}
	// The batch of 8 failed once, then its halves of 4 and 2 with the
	// poisoned record, then the record alone: once and its 2 retries.
	var poisonAttempts []int
	for _, c := range calls {
		if !c.ok {
			poisonAttempts = append(poisonAttempts, len(c.recs))
		}
	}
	if want := []int{8, 4, 2, 1, 1, 1}; len(calls) > 0 && !slices.Equal(poisonAttempts, want) {
		t.Errorf("failed invocations had %v records, want %v", poisonAttempts, want)
	}

	fails := sc.failures.snapshot()[failedQueue]
	if len(fails) != 1 {
		t.Fatalf("got %d on-failure records, want 1", len(fails))
	}
	f := fails[0]
	var poisonSeq string
	for _, c := range calls {
		for _, r := range c.recs {
			if itemID(r) == "I5" {
				poisonSeq = r.Change.SequenceNumber
			}
		}
	}
	info := f.DDBStreamBatchInfo
	if f.RequestContext.Condition != "RetryAttemptsExhausted" || f.RequestContext.ApproximateInvokeCount != 3 ||
		f.RequestContext.FunctionARN != "arn:aws:lambda:eu-central-2:000000000000:function:Consumer" || f.RequestContext.RequestID == "" ||
		f.ResponseContext.FunctionError != "Unhandled" || f.ResponseContext.ExecutedVersion != "$LATEST" || f.Version != "1.0" {
		t.Errorf("got contexts %+v %+v", f.RequestContext, f.ResponseContext)
	}
	if info.BatchSize != 1 || info.StartSequenceNumber != poisonSeq || info.EndSequenceNumber != poisonSeq ||
		info.StreamARN != st.streamARN(t) || !strings.HasPrefix(info.ShardID, "shardId-") || info.ApproximateArrivalOfFirstRecord == "" {
		t.Errorf("got batch info %+v, want the poisoned record %s alone", info, poisonSeq)
	}

	// The same records, over the dev endpoint.
	rec := httptest.NewRecorder()
	sc.failures.handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, streamFailuresPath+"?destination="+failedQueue, nil))
	var body struct {
		Destinations map[string][]map[string]any `json:"destinations"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil || rec.Code != http.StatusOK {
		t.Fatalf("GET %s: %d %s", streamFailuresPath, rec.Code, rec.Body)
	}
	got := body.Destinations[failedQueue]
	if len(got) != 1 || got[0]["DDBStreamBatchInfo"].(map[string]any)["startSequenceNumber"] != poisonSeq {
		t.Errorf("GET %s: got %s", streamFailuresPath, rec.Body)
	}
}

func TestStreamReportBatchItemFailuresRetriesFromTheFirstFailure(t *testing.T) {
	st := newStreamTable(t)
	inv := newStreamInvoker(func(call int, recs []events.DynamoDBEventRecord) ([]byte, error) {
		if call > 0 || len(recs) < 5 {
			return []byte(`{"batchItemFailures": []}`), nil
		}
		// The first batch: records 2 and 4 failed.
		return fmt.Appendf(nil, `{"batchItemFailures": [{"itemIdentifier": %q}, {"itemIdentifier": %q}]}`,
			recs[4].Change.SequenceNumber, recs[2].Change.SequenceNumber), nil
	})
	st.consume(t, samtpl.StreamSource{BatchSize: 5, BatchingWindow: 300 * time.Millisecond, MaxRetryAttempts: 1, ReportBatchItemFailures: true}, inv, "")
	time.Sleep(100 * time.Millisecond)
	for i := range 5 {
		st.put(t, fmt.Sprintf("I%d", i), nil)
	}
	calls := inv.until(t, "the retry", func(c []streamCall) bool { return len(c) >= 2 })
	time.Sleep(100 * time.Millisecond)
	var got [][]string
	for _, c := range calls {
		var ids []string
		for _, r := range c.recs {
			ids = append(ids, itemID(r))
		}
		got = append(got, ids)
	}
	want := [][]string{{"I0", "I1", "I2", "I3", "I4"}, {"I2", "I3", "I4"}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("got batches %v, want %v", got, want)
	}
}

func TestStreamConsumerDownDelaysButLosesNothing(t *testing.T) {
	st := newStreamTable(t)
	var mu sync.Mutex
	down := true
	inv := newStreamInvoker(func(int, []events.DynamoDBEventRecord) ([]byte, error) {
		mu.Lock()
		defer mu.Unlock()
		if down {
			return nil, errors.New("consumer down")
		}
		return nil, nil
	})
	sc, _ := st.consume(t, samtpl.StreamSource{BatchSize: 2, MaxRetryAttempts: -1, BisectOnError: true, OnFailure: failedQueue}, inv, "")
	for i := range 5 {
		st.put(t, fmt.Sprintf("I%d", i), nil)
	}
	inv.until(t, "a few failures", func(c []streamCall) bool { return len(c) >= 6 })
	mu.Lock()
	down = false
	mu.Unlock()
	calls := inv.until(t, "every record", func(c []streamCall) bool { return len(delivered(c)) >= 5 })
	time.Sleep(100 * time.Millisecond)
	if got, want := delivered(calls), []string{"I0", "I1", "I2", "I3", "I4"}; !slices.Equal(got, want) {
		t.Errorf("delivered %v, want %v", got, want)
	}
	if fails := sc.failures.snapshot()[failedQueue]; len(fails) != 0 {
		t.Errorf("got %d on-failure records, want none (retries are unlimited)", len(fails))
	}
}

func TestStreamCheckpointSurvivesARestart(t *testing.T) {
	st := newStreamTable(t)
	file := filepath.Join(t.TempDir(), "streams.json")
	first := newStreamInvoker(nil)
	_, stop := st.consume(t, samtpl.StreamSource{BatchSize: 10, MaxRetryAttempts: -1, StartingPosition: "LATEST"}, first, file)
	time.Sleep(100 * time.Millisecond) // LATEST: records from now on
	st.put(t, "I0", nil)
	st.put(t, "I1", nil)
	first.until(t, "the first records", func(c []streamCall) bool { return len(delivered(c)) >= 2 })
	stop()

	// Written while the local cloud is stopped.
	st.put(t, "I2", nil)
	st.put(t, "I3", nil)
	second := newStreamInvoker(nil)
	st.consume(t, samtpl.StreamSource{BatchSize: 10, MaxRetryAttempts: -1, StartingPosition: "LATEST"}, second, file)
	st.put(t, "I4", nil)
	calls := second.until(t, "the later records", func(c []streamCall) bool { return len(delivered(c)) >= 3 })
	time.Sleep(100 * time.Millisecond)
	if got, want := delivered(calls), []string{"I2", "I3", "I4"}; !slices.Equal(got, want) {
		t.Errorf("after the restart: got %v, want %v (nothing replayed, nothing skipped)", got, want)
	}
}
