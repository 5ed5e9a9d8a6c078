package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sync"
)

// streamFailure is the invocation record Lambda sends an on-failure
// destination for a stream source.
type streamFailure struct {
	RequestContext struct {
		RequestID              string `json:"requestId"`
		FunctionARN            string `json:"functionArn"`
		Condition              string `json:"condition"`
		ApproximateInvokeCount int    `json:"approximateInvokeCount"`
	} `json:"requestContext"`
	ResponseContext struct {
		StatusCode      int    `json:"statusCode"`
		ExecutedVersion string `json:"executedVersion"`
		FunctionError   string `json:"functionError,omitempty"`
	} `json:"responseContext"`
	Version            string `json:"version"`
	Timestamp          string `json:"timestamp"`
	DDBStreamBatchInfo struct {
		ShardID                         string `json:"shardId"`
		StartSequenceNumber             string `json:"startSequenceNumber"`
		EndSequenceNumber               string `json:"endSequenceNumber"`
		ApproximateArrivalOfFirstRecord string `json:"approximateArrivalOfFirstRecord"`
		ApproximateArrivalOfLastRecord  string `json:"approximateArrivalOfLastRecord"`
		BatchSize                       int    `json:"batchSize"`
		StreamARN                       string `json:"streamArn"`
	} `json:"DDBStreamBatchInfo"`
}

// streamFailures keeps the on-failure records by destination, for as long
// as the local cloud runs.
type streamFailures struct {
	mu     sync.Mutex
	byDest map[string][]streamFailure
}

func newStreamFailures() *streamFailures {
	return &streamFailures{byDest: map[string][]streamFailure{}}
}

func (f *streamFailures) add(dest string, rec streamFailure) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.byDest[dest] = append(f.byDest[dest], rec)
}

// snapshot returns a copy of the records, by destination.
func (f *streamFailures) snapshot() map[string][]streamFailure {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make(map[string][]streamFailure, len(f.byDest))
	for dest, recs := range f.byDest {
		out[dest] = slices.Clone(recs)
	}
	return out
}

// handler serves GET /_dev/streams/failures: {"destinations": {ARN:
// [records]}}, or with ?destination=ARN that destination's records only.
func (f *streamFailures) handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "Method Not Allowed", http.StatusMethodNotAllowed)
			return
		}
		out := f.snapshot()
		if d := r.URL.Query().Get("destination"); d != "" {
			maps.DeleteFunc(out, func(dest string, _ []streamFailure) bool { return dest != d })
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		_ = json.NewEncoder(w).Encode(map[string]any{"destinations": out})
	})
}

// ---------------------------------------------------------------- checkpoints

// streamCheckpoint is a shard's position: the last sequence number
// delivered or discarded, or Done once the closed shard is read.
type streamCheckpoint struct {
	Seq  string `json:"seq,omitempty"`
	Done bool   `json:"done,omitempty"`
}

// streamCheckpoints are the pollers' positions, by mapping (function/
// event) and shard. With a file (the data directory's), they survive a
// restart, as DynamoDB Local's stream does: a restarted local cloud goes
// on after the last settled record instead of replaying or skipping.
type streamCheckpoints struct {
	path string
	mu   sync.Mutex
	data map[string]*streamPosition
}

// streamPosition is one mapping's checkpoints in one stream.
type streamPosition struct {
	StreamARN string                      `json:"streamArn"`
	Shards    map[string]streamCheckpoint `json:"shards"`
}

func loadStreamCheckpoints(path string) (*streamCheckpoints, error) {
	cps := &streamCheckpoints{path: path, data: map[string]*streamPosition{}}
	if path == "" {
		return cps, nil
	}
	raw, err := os.ReadFile(path) //nolint:gosec // G304: a file of the local cloud's data directory
	if errors.Is(err, os.ErrNotExist) {
		return cps, nil
	}
	if err != nil {
		return nil, fmt.Errorf("localcloud: stream checkpoints: %w", err)
	}
	if err := json.Unmarshal(raw, &cps.data); err != nil {
		return nil, fmt.Errorf("localcloud: stream checkpoints %s: %w (delete the file to start the consumers afresh)", path, err)
	}
	return cps, nil
}

// begin reports whether a mapping resumes where an earlier run left
// off; it forgets the mapping's checkpoints of another stream (the table
// was recreated) and records that the mapping has started.
func (c *streamCheckpoints) begin(key, streamARN string) (bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if pos := c.data[key]; pos != nil && pos.StreamARN == streamARN {
		return true, nil
	}
	c.data[key] = &streamPosition{StreamARN: streamARN, Shards: map[string]streamCheckpoint{}}
	return false, c.save()
}

func (c *streamCheckpoints) get(key, shard string) (streamCheckpoint, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cp, ok := c.data[key].Shards[shard]
	return cp, ok
}

func (c *streamCheckpoints) commit(key, shard, seq string) error {
	return c.set(key, shard, streamCheckpoint{Seq: seq})
}

func (c *streamCheckpoints) finish(key, shard string) error {
	return c.set(key, shard, streamCheckpoint{Done: true})
}

func (c *streamCheckpoints) set(key, shard string, cp streamCheckpoint) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.data[key].Shards[shard] = cp
	return c.save()
}

// save writes the checkpoints to the file, if any; c.mu is held.
func (c *streamCheckpoints) save() error {
	if c.path == "" {
		return nil
	}
	raw, err := json.MarshalIndent(c.data, "", "  ")
	if err != nil {
		return fmt.Errorf("localcloud: stream checkpoints: %w", err)
	}
	tmp := c.path + ".tmp"
	if err := os.WriteFile(tmp, raw, 0o600); err != nil {
		return fmt.Errorf("localcloud: stream checkpoints: %w", err)
	}
	if err := os.Rename(tmp, c.path); err != nil {
		return fmt.Errorf("localcloud: stream checkpoints: %w", err)
	}
	return nil
}

// streamCheckpointFile is where a data directory keeps the checkpoints.
func streamCheckpointFile(dataDir string) string {
	if dataDir == "" {
		return ""
	}
	return filepath.Join(dataDir, "streams.json")
}
