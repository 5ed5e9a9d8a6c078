package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
	stypes "github.com/aws/aws-sdk-go-v2/service/dynamodbstreams/types"

	"github.com/remat/remat/infra/lambdart"
	"github.com/remat/remat/infra/samtpl"
)

// The template's DynamoDB events, played as Lambda's event source
// mappings do: each one polls its table's stream in DynamoDB Local, shard
// by shard (a parent before its children, each shard in order), gathers
// the records its filters keep into batches, and invokes the function
// synchronously with a DynamoDB stream event. A failed batch is retried
// (bisected, trimmed to the records the function reported) until it
// succeeds or its retries or records' age run out; then the records'
// metadata goes to the on-failure destination. docs/local-cloud.md
// ("DynamoDB Streams") says what differs from AWS.

// streamFailuresPath lists the on-failure invocation records by
// destination (there is no SQS or SNS locally to send them to).
const streamFailuresPath = "/_dev/streams/failures"

// streamTiming is how fast the pollers go. Lambda polls a shard about
// four times a second; its retry back-off grows to minutes, cut here to
// seconds so that a failing consumer shows at once and recovers soon.
type streamTiming struct {
	// poll is the wait between two reads of a shard that returned nothing.
	poll time.Duration
	// retry is the wait before the first retry of a failed batch, doubled
	// after each failure up to maxRetry.
	retry, maxRetry time.Duration
}

var defaultStreamTiming = streamTiming{poll: 250 * time.Millisecond, retry: 100 * time.Millisecond, maxRetry: 2 * time.Second}

// getRecordsLimit is the most records one GetRecords call returns.
const getRecordsLimit = 1000

// streamConsumers runs a poller per enabled DynamoDB event.
type streamConsumers struct {
	pollers  []*streamPoller
	failures *streamFailures
	cancel   context.CancelFunc
	wg       sync.WaitGroup
}

// streamClients are the two APIs a poller reads: DescribeTable for the
// table's current stream, and the Streams API on the same endpoint.
type streamClients struct {
	ddb     *dynamodb.Client
	streams *dynamodbstreams.Client
}

// newStreamsClient returns a DynamoDB Streams client for DynamoDB Local at
// endpoint (the local cloud's own tools reach it as the account root).
func newStreamsClient(endpoint string) *dynamodbstreams.Client {
	return dynamodbstreams.NewFromConfig(aws.Config{
		Region:      region,
		Credentials: credentials.NewStaticCredentialsProvider("local", "local", ""),
	}, func(o *dynamodbstreams.Options) {
		o.BaseEndpoint = aws.String(endpoint)
	})
}

// newStreamConsumers prepares a poller for each enabled source. tables
// maps a table's logical id to its physical name. checkpointFile, when
// set, keeps each shard's position across restarts.
func newStreamConsumers(clients streamClients, lambdas invoker, sources []samtpl.StreamSource, tables map[string]string,
	checkpointFile string, timing streamTiming, log *slog.Logger,
) (*streamConsumers, error) {
	cps, err := loadStreamCheckpoints(checkpointFile)
	if err != nil {
		return nil, err
	}
	sc := &streamConsumers{failures: newStreamFailures()}
	for _, src := range sources {
		if !src.Enabled {
			log.Info("localcloud: stream consumer disabled", "function", src.Function, "event", src.Event)
			continue
		}
		sc.pollers = append(sc.pollers, &streamPoller{
			src: src, table: tables[src.Table], clients: clients, lambdas: lambdas,
			checkpoints: cps, failures: sc.failures, timing: timing,
			log:    log.With("function", src.Function, "event", src.Event),
			shards: map[string]*shardState{},
		})
	}
	return sc, nil
}

// start runs every poller until stop.
func (sc *streamConsumers) start() {
	ctx, cancel := context.WithCancel(context.Background())
	sc.cancel = cancel
	for _, p := range sc.pollers {
		sc.wg.Go(func() { p.run(ctx) })
	}
}

// stop ends the polls and the waits between retries and returns once
// every poller has returned; a batch in flight is not checkpointed, so it
// is delivered again at the next start (at least once, as on AWS).
func (sc *streamConsumers) stop() error {
	if sc.cancel != nil {
		sc.cancel()
	}
	sc.wg.Wait()
	return nil
}

// streamRecord is one stream record, converted for the event.
type streamRecord struct {
	event events.DynamoDBEventRecord
	// seq is the record's sequence number; created its approximate
	// creation time.
	seq     string
	created time.Time
}

// shardState is a poller's position in one shard.
type shardState struct {
	id, parent string
	// iterator is the next GetRecords iterator; "" when it must be taken
	// (again) from lastRead or the starting position.
	iterator string
	start    stypes.ShardIteratorType
	// lastRead is the sequence number of the last record read.
	lastRead string
	// closed: the shard has no next iterator; done: and all its records
	// are delivered.
	closed, done bool
	// pending are the read records the filters kept, waiting for their
	// batch; since is when the first of them was read.
	pending []streamRecord
	since   time.Time
}

// streamPoller is one event source mapping.
type streamPoller struct {
	src         samtpl.StreamSource
	table       string
	clients     streamClients
	lambdas     invoker
	checkpoints *streamCheckpoints
	failures    *streamFailures
	timing      streamTiming
	log         *slog.Logger

	streamARN string
	shards    map[string]*shardState
	order     []string // shard ids in DescribeStream order
	listed    bool     // the shards were listed once
	// resumed: the checkpoints hold an earlier run's positions in this
	// stream, so StartingPosition no longer applies.
	resumed bool
}

// run polls until ctx ends; errors (DynamoDB Local restarting, a table
// without a stream) are logged and retried after a pause.
func (p *streamPoller) run(ctx context.Context) {
	failing := false
	for ctx.Err() == nil {
		busy, err := p.pollOnce(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			if !failing {
				p.log.Error("localcloud: stream poll failed", "table", p.table, "err", err.Error())
			}
			failing, busy = true, false
		case err == nil && failing:
			p.log.Info("localcloud: stream poll recovered", "table", p.table)
			failing = false
		}
		if !busy {
			wait := p.timing.poll
			if failing {
				wait = p.timing.maxRetry
			}
			if !sleepCtx(ctx, wait) {
				return
			}
		}
	}
}

// pollOnce reads each readable shard once and delivers the batches that
// are due. busy reports whether a shard returned records (poll again at
// once).
func (p *streamPoller) pollOnce(ctx context.Context) (busy bool, err error) {
	if p.streamARN == "" {
		out, err := p.clients.ddb.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(p.table)})
		if err != nil {
			return false, fmt.Errorf("localcloud: stream of %s: %w", p.table, err)
		}
		arn := aws.ToString(out.Table.LatestStreamArn)
		if arn == "" {
			return false, fmt.Errorf("localcloud: table %s has no stream (created before its StreamSpecification? make clean recreates it)", p.table)
		}
		if p.resumed, err = p.checkpoints.begin(p.key(), arn); err != nil {
			return false, err
		}
		p.streamARN = arn
		p.log.Info("localcloud: stream consumer polling", "stream", arn, "startingPosition", p.src.StartingPosition)
	}
	if err := p.listShards(ctx); err != nil {
		return false, err
	}
	relist := false
	for _, id := range p.order {
		s := p.shards[id]
		if s.done || !p.parentDone(s) {
			continue
		}
		read, err := p.readShard(ctx, s)
		if err != nil {
			return false, err
		}
		busy = busy || read
		if err := p.deliverDue(ctx, s); err != nil {
			return false, err
		}
		if s.closed && len(s.pending) == 0 {
			s.done = true
			relist = true // its children may be readable now
			if err := p.checkpoints.finish(p.key(), s.id); err != nil {
				return false, err
			}
		}
	}
	return busy || relist, nil
}

func (p *streamPoller) key() string { return p.src.Function + "/" + p.src.Event }

// parentDone: a child shard is read once its parent is; a parent that is
// no longer listed (trimmed) does not hold it back.
func (p *streamPoller) parentDone(s *shardState) bool {
	parent, ok := p.shards[s.parent]
	return s.parent == "" || !ok || parent.done
}

// listShards adds the stream's new shards. At a new mapping's first
// listing, LATEST starts the open shards at their end and skips the
// closed ones; every other shard without a checkpoint (one that appears
// later, as Lambda reads a child, or after a restart) starts at its
// beginning.
func (p *streamPoller) listShards(ctx context.Context) error {
	var start *string
	first := !p.listed
	for {
		out, err := p.clients.streams.DescribeStream(ctx, &dynamodbstreams.DescribeStreamInput{StreamArn: aws.String(p.streamARN), ExclusiveStartShardId: start})
		if err != nil {
			return fmt.Errorf("localcloud: describe stream %s: %w", p.streamARN, err)
		}
		for _, sh := range out.StreamDescription.Shards {
			id := aws.ToString(sh.ShardId)
			if _, ok := p.shards[id]; ok {
				continue
			}
			s := &shardState{id: id, parent: aws.ToString(sh.ParentShardId), start: stypes.ShardIteratorTypeTrimHorizon}
			cp, known := p.checkpoints.get(p.key(), id)
			switch {
			case known && cp.Done:
				s.done = true
			case known && cp.Seq != "":
				s.lastRead = cp.Seq
			case first && !p.resumed && p.src.StartingPosition == "LATEST":
				if sh.SequenceNumberRange != nil && sh.SequenceNumberRange.EndingSequenceNumber != nil {
					s.done = true
				} else {
					s.start = stypes.ShardIteratorTypeLatest
				}
			}
			p.shards[id] = s
			p.order = append(p.order, id)
		}
		start = out.StreamDescription.LastEvaluatedShardId
		if start == nil {
			break
		}
	}
	p.listed = true
	return nil
}

// readShard reads one page of records of s into s.pending (those the
// filters keep). It reports whether records came.
func (p *streamPoller) readShard(ctx context.Context, s *shardState) (bool, error) {
	if s.closed {
		return false, nil
	}
	if s.iterator == "" {
		in := &dynamodbstreams.GetShardIteratorInput{StreamArn: aws.String(p.streamARN), ShardId: aws.String(s.id), ShardIteratorType: s.start}
		if s.lastRead != "" {
			in.ShardIteratorType, in.SequenceNumber = stypes.ShardIteratorTypeAfterSequenceNumber, aws.String(s.lastRead)
		}
		out, err := p.clients.streams.GetShardIterator(ctx, in)
		if err != nil {
			var gone *stypes.ResourceNotFoundException
			var trimmed *stypes.TrimmedDataAccessException
			if errors.As(err, &gone) || errors.As(err, &trimmed) {
				p.log.Warn("localcloud: stream position expired, reading the shard from its oldest record", "shard", s.id, "err", err.Error())
				s.lastRead, s.start = "", stypes.ShardIteratorTypeTrimHorizon
			}
			return false, fmt.Errorf("localcloud: shard iterator %s: %w", s.id, err)
		}
		s.iterator = aws.ToString(out.ShardIterator)
	}
	out, err := p.clients.streams.GetRecords(ctx, &dynamodbstreams.GetRecordsInput{ShardIterator: aws.String(s.iterator), Limit: aws.Int32(getRecordsLimit)})
	if err != nil {
		var expired *stypes.ExpiredIteratorException
		if errors.As(err, &expired) {
			s.iterator = "" // taken again after lastRead
			return true, nil
		}
		return false, fmt.Errorf("localcloud: get records %s: %w", s.id, err)
	}
	s.iterator = aws.ToString(out.NextShardIterator)
	s.closed = s.iterator == ""
	for _, r := range out.Records {
		rec, err := p.convert(r)
		if err != nil {
			return false, err
		}
		s.lastRead = rec.seq
		if !p.keep(rec) {
			continue
		}
		if len(s.pending) == 0 {
			s.since = time.Now()
		}
		s.pending = append(s.pending, rec)
	}
	if len(out.Records) > 0 && len(s.pending) == 0 {
		// Only filtered-out records: nothing to deliver, the position moves.
		if err := p.checkpoints.commit(p.key(), s.id, s.lastRead); err != nil {
			return false, err
		}
	}
	return len(out.Records) > 0, nil
}

// keep applies the filter criteria: any filter may match; none drops the
// record, as Lambda does.
func (p *streamPoller) keep(rec streamRecord) bool {
	if len(p.src.Filters) == 0 {
		return true
	}
	raw, err := json.Marshal(rec.event)
	if err != nil {
		return false
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return false
	}
	return slices.ContainsFunc(p.src.Filters, func(f samtpl.StreamFilter) bool { return f.Matches(m) })
}

// deliverDue invokes the function with the pending batches that are due:
// full, or older than the batching window, or the last of a closed shard.
func (p *streamPoller) deliverDue(ctx context.Context, s *shardState) error {
	for len(s.pending) > 0 {
		full := len(s.pending) >= p.src.BatchSize
		if !full && !s.closed && time.Since(s.since) < p.src.BatchingWindow {
			return nil
		}
		n := min(len(s.pending), p.src.BatchSize)
		batch := s.pending[:n:n]
		if err := p.deliver(ctx, s, batch); err != nil {
			return err
		}
		s.pending = s.pending[n:]
		s.since = time.Now()
	}
	return nil
}

// subBatch is a part of a batch with the failed invocations it has had.
type subBatch struct {
	recs     []streamRecord
	attempts int
}

// lastInvoke is what the on-failure record says of the last attempt.
type lastInvoke struct {
	requestID     string
	functionError string
	statusCode    int
}

// deliver invokes the function with batch until every record is
// delivered or discarded, checkpointing as records settle. A failed batch
// is split in two when BisectOnError (down to single records), else
// retried until MaxRetryAttempts retries have failed; then its records go
// to the on-failure destination. It returns only ctx's error or a
// checkpoint write failure.
func (p *streamPoller) deliver(ctx context.Context, s *shardState, batch []streamRecord) error {
	queue := []subBatch{{recs: batch}}
	for len(queue) > 0 {
		b := &queue[0]
		if p.src.MaxRecordAge > 0 {
			fresh := slices.IndexFunc(b.recs, func(r streamRecord) bool { return time.Since(r.created) <= p.src.MaxRecordAge })
			if fresh < 0 {
				fresh = len(b.recs)
			}
			if fresh > 0 {
				if err := p.discard(s, b.recs[:fresh], "RecordAgeExceeded", b.attempts, lastInvoke{}); err != nil {
					return err
				}
				b.recs = b.recs[fresh:]
			}
			if len(b.recs) == 0 {
				queue = queue[1:]
				continue
			}
		}
		failedAt, last := p.invoke(ctx, b.recs)
		if failedAt < 0 { // checkpointed even when stopping: the function is done with it
			if err := p.checkpoints.commit(p.key(), s.id, b.recs[len(b.recs)-1].seq); err != nil {
				return err
			}
			queue = queue[1:]
			continue
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if failedAt > 0 { // the function reported which records failed
			if err := p.checkpoints.commit(p.key(), s.id, b.recs[failedAt-1].seq); err != nil {
				return err
			}
			b.recs = b.recs[failedAt:]
		}
		b.attempts++
		records, attempt := len(b.recs), b.attempts
		switch {
		case p.src.BisectOnError && len(b.recs) > 1:
			// Each half is a batch of its own, with its own retries: a
			// poisoned record does not use up its neighbours'.
			half := len(b.recs) / 2
			queue = slices.Insert(queue[1:], 0, subBatch{recs: b.recs[:half]}, subBatch{recs: b.recs[half:]})
		case p.src.MaxRetryAttempts >= 0 && b.attempts > p.src.MaxRetryAttempts:
			if err := p.discard(s, b.recs, "RetryAttemptsExhausted", b.attempts, last); err != nil {
				return err
			}
			queue = queue[1:]
			continue
		}
		wait := min(p.timing.retry<<min(attempt-1, 16), p.timing.maxRetry)
		p.log.Warn("localcloud: stream batch failed, retrying", "shard", s.id, "records", records, "attempt", attempt, "in", wait)
		if !sleepCtx(ctx, wait) {
			return ctx.Err()
		}
	}
	return nil
}

// invoke runs the function on recs. failedAt is -1 when every record
// succeeded, else the index of the first record to retry (0 for the
// whole batch).
func (p *streamPoller) invoke(ctx context.Context, recs []streamRecord) (failedAt int, last lastInvoke) {
	ev := events.DynamoDBEvent{Records: make([]events.DynamoDBEventRecord, len(recs))}
	for i, r := range recs {
		ev.Records[i] = r.event
	}
	payload, err := json.Marshal(ev)
	if err != nil {
		p.log.Error("localcloud: stream event", "err", err.Error())
		return 0, lastInvoke{functionError: "Unhandled"}
	}
	start := time.Now()
	out, err := p.lambdas.Invoke(ctx, p.src.Function, payload)
	if err != nil {
		last = lastInvoke{statusCode: http.StatusOK, functionError: "Unhandled"}
		var fe *lambdart.FunctionError
		if errors.As(err, &fe) {
			last.requestID = fe.RequestID
		}
		if ctx.Err() == nil {
			p.log.Warn("localcloud: stream consumer failed", "records", len(recs), "err", err.Error())
		}
		return 0, last
	}
	last = lastInvoke{statusCode: http.StatusOK}
	if p.src.ReportBatchItemFailures {
		if i := reportedFailure(out, recs); i >= 0 {
			p.log.Warn("localcloud: stream consumer reported failed records", "records", len(recs), "retryFrom", i)
			return i, last
		}
	}
	p.log.Info("localcloud: stream batch delivered", "records", len(recs), "ms", time.Since(start).Milliseconds())
	return -1, last
}

// reportedFailure reads a ReportBatchItemFailures answer: -1 when none
// failed, else the index of the lowest failed sequence number. An answer
// Lambda cannot read (a failure without or with an unknown identifier)
// fails the whole batch, as on AWS; any other answer (null, {}) succeeds.
func reportedFailure(out []byte, recs []streamRecord) int {
	var resp struct {
		BatchItemFailures []struct {
			ItemIdentifier *string `json:"itemIdentifier"`
		} `json:"batchItemFailures"`
	}
	if err := json.Unmarshal(out, &resp); err != nil {
		return -1
	}
	first := -1
	for _, f := range resp.BatchItemFailures {
		if f.ItemIdentifier == nil {
			return 0
		}
		i := slices.IndexFunc(recs, func(r streamRecord) bool { return r.seq == *f.ItemIdentifier })
		if i < 0 {
			return 0
		}
		if first < 0 || i < first {
			first = i
		}
	}
	return first
}

// discard sends recs' metadata to the on-failure destination and moves
// the shard's position past them.
func (p *streamPoller) discard(s *shardState, recs []streamRecord, condition string, attempts int, last lastInvoke) error {
	f := streamFailure{Version: "1.0", Timestamp: time.Now().UTC().Format("2006-01-02T15:04:05.000Z")}
	f.RequestContext.RequestID = last.requestID
	if f.RequestContext.RequestID == "" {
		f.RequestContext.RequestID = newRequestID()
	}
	f.RequestContext.FunctionARN = fmt.Sprintf("arn:aws:lambda:%s:%s:function:%s", region, accountID, p.src.Function)
	f.RequestContext.Condition = condition
	f.RequestContext.ApproximateInvokeCount = attempts
	f.ResponseContext.StatusCode = last.statusCode
	f.ResponseContext.ExecutedVersion = "$LATEST"
	f.ResponseContext.FunctionError = last.functionError
	info := &f.DDBStreamBatchInfo
	info.ShardID, info.StreamARN, info.BatchSize = s.id, p.streamARN, len(recs)
	info.StartSequenceNumber, info.EndSequenceNumber = recs[0].seq, recs[len(recs)-1].seq
	info.ApproximateArrivalOfFirstRecord = recs[0].created.UTC().Format(time.RFC3339)
	info.ApproximateArrivalOfLastRecord = recs[len(recs)-1].created.UTC().Format(time.RFC3339)
	if p.src.OnFailure == "" {
		p.log.Error("localcloud: stream records discarded (no on-failure destination)", "condition", condition,
			"shard", s.id, "from", info.StartSequenceNumber, "to", info.EndSequenceNumber)
	} else {
		p.failures.add(p.src.OnFailure, f)
		p.log.Error("localcloud: stream records sent to the on-failure destination", "destination", p.src.OnFailure,
			"condition", condition, "shard", s.id, "from", info.StartSequenceNumber, "to", info.EndSequenceNumber)
	}
	return p.checkpoints.commit(p.key(), s.id, info.EndSequenceNumber)
}
