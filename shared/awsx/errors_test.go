package awsx

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// TestTransient calls a real DynamoDB client against a server answering
// each error as DynamoDB does, and classifies what the client returns
// after its own retries.
func TestTransient(t *testing.T) {
	tests := []struct {
		name     string
		status   int
		typ      string
		stall    bool
		want     bool
		attempts int32
	}{
		{"throughput exceeded", 400, "ProvisionedThroughputExceededException", false, true, 2},
		{"throttled", 400, "com.amazon.coral.availability#ThrottlingException", false, true, 2},
		{"internal server error", 500, "InternalServerError", false, true, 2},
		{"service unavailable", 503, "ServiceUnavailable", false, true, 2},
		{"the function's deadline", 200, "", true, true, 1},
		{"a failed condition", 400, "ConditionalCheckFailedException", false, false, 1},
		{"a validation error", 400, "ValidationException", false, false, 1},
		{"access denied", 400, "com.amazon.coral.service#AccessDeniedException", false, false, 1},
	}
	for _, tt := range tests {
		var calls atomic.Int32
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			_, _ = io.Copy(io.Discard, r.Body) // then a client that hangs up is noticed
			if tt.stall {
				<-r.Context().Done()
				return
			}
			body := []byte(fmt.Sprintf(`{"__type":"com.amazonaws.dynamodb.v20120810#%s","message":"x"}`, tt.typ))
			if tt.typ != "" && tt.typ[0] == 'c' {
				body = []byte(fmt.Sprintf(`{"__type":%q,"message":"x"}`, tt.typ))
			}
			w.Header().Set("Content-Type", "application/x-amz-json-1.0")
			w.Header().Set("X-Amz-Crc32", strconv.FormatUint(uint64(crc32.ChecksumIEEE(body)), 10))
			w.WriteHeader(tt.status)
			_, _ = w.Write(body)
		}))
		client := dynamodb.New(dynamodb.Options{
			Region: "eu-central-2", BaseEndpoint: aws.String(srv.URL), RetryMaxAttempts: 2,
			Credentials: credentials.NewStaticCredentialsProvider("k", "s", ""),
		})
		ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
		if tt.stall {
			ctx, cancel = context.WithTimeout(t.Context(), 100*time.Millisecond)
		}
		_, err := client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("t"), Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "a"}}})
		cancel()
		srv.Close()
		if err == nil {
			t.Fatalf("%s: got no error", tt.name)
		}
		if got := Transient(err); got != tt.want {
			t.Errorf("%s: Transient(%v): got %v, want %v", tt.name, err, got, tt.want)
		}
		if got := Transient(fmt.Errorf("catalog: get ad: %w", err)); got != tt.want {
			t.Errorf("%s, wrapped: got %v, want %v", tt.name, got, tt.want)
		}
		if n := calls.Load(); n != tt.attempts {
			t.Errorf("%s: attempts: got %d, want %d", tt.name, n, tt.attempts)
		}
	}
	if Transient(nil) || Transient(errors.New("plain")) {
		t.Error("nil or a plain error: got transient, want not")
	}
}
