// Command streamfn is a DynamoDB stream consumer for the local cloud's
// stream tests, run as a real aws-lambda-go function. Each invocation
// appends one JSON line to $STREAMFN_LOG: whether it succeeded and the
// records it got. It fails the whole batch while the file $STREAMFN_DOWN
// exists (a consumer that is down) and whenever a record's new image has
// poison = true.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
)

// entry is one line of the log.
type entry struct {
	OK      bool                         `json:"ok"`
	Records []events.DynamoDBEventRecord `json:"records"`
}

func handle(_ context.Context, ev events.DynamoDBEvent) error {
	err := verdict(ev)
	line, mErr := json.Marshal(entry{OK: err == nil, Records: ev.Records})
	if mErr != nil {
		return mErr
	}
	f, oErr := os.OpenFile(os.Getenv("STREAMFN_LOG"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if oErr != nil {
		return oErr
	}
	defer func() { _ = f.Close() }()
	if _, wErr := f.Write(append(line, '\n')); wErr != nil {
		return wErr
	}
	return err
}

func verdict(ev events.DynamoDBEvent) error {
	if _, err := os.Stat(os.Getenv("STREAMFN_DOWN")); err == nil {
		return errors.New("consumer down")
	}
	for _, r := range ev.Records {
		if p, ok := r.Change.NewImage["poison"]; ok && p.DataType() == events.DataTypeBoolean && p.Boolean() {
			return fmt.Errorf("poisoned record %s", r.Change.SequenceNumber)
		}
	}
	return nil
}

func main() { lambda.Start(handle) }
