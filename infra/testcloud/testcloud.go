// Package testcloud is the shared integration-test harness: real AWS SDK
// clients wired to the local cloud's parts, started once per test binary
// and reused across tests, with fresh resources per test.
//
//	func TestStore(t *testing.T) {
//		db, table := testcloud.DynamoDB(t) // fresh table shaped like AppTable
//		store := catalog.NewDynamoStore(db, table)
//		...
//	}
//
// DynamoDB: when REMAT_TEST_DYNAMODB_ENDPOINT is set (the test command
// starts one DynamoDB Local per run and sets it), that server is used;
// otherwise the first call starts an in-memory DynamoDB Local for this test
// binary, which dies with the binary. A server that cannot start fails the
// test with ddblocal's explanation (missing Java or jar); it is never a
// silent skip. With -short, DynamoDB skips the test.
//
// S3, SES and SSM are in-process emulators (gofakes3, infra/awsemu); they
// cost milliseconds and run under -short too.
//
// Every client has static credentials and region eu-central-2; nothing
// probes instance metadata or leaves loopback.
package testcloud

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/aws/retry"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/ssm"

	"github.com/remat/remat/infra/apispec"
	"github.com/remat/remat/infra/awsemu"
	"github.com/remat/remat/infra/ddblocal"
	"github.com/remat/remat/infra/mailbox"
	"github.com/remat/remat/infra/s3local"
	"github.com/remat/remat/infra/samtpl"
)

// EnvDynamoDBEndpoint names the variable holding a running DynamoDB
// Local's URL, shared by all test binaries of a run.
const EnvDynamoDBEndpoint = "REMAT_TEST_DYNAMODB_ENDPOINT"

// Region is the region of every client the harness makes.
const Region = "eu-central-2"

// AppTableID is the logical id of the table DynamoDB copies.
const AppTableID = "AppTable"

// AWSConfig returns an aws.Config for local endpoints: static credentials,
// region eu-central-2, BaseEndpoint set to endpoint when it is not empty,
// and the standard retryer with millisecond back-offs so tests that inject
// failures stay fast. Build service clients from it with the service's
// local options (ddblocal.LocalOptions, s3local.LocalOptions).
func AWSConfig(t testing.TB, endpoint string) aws.Config {
	t.Helper()
	cfg := aws.Config{
		Region:      Region,
		Credentials: credentials.NewStaticCredentialsProvider("local", "local", ""),
		Retryer: func() aws.Retryer {
			return retry.NewStandard(func(o *retry.StandardOptions) {
				o.MaxBackoff = 20 * time.Millisecond
			})
		},
	}
	if endpoint != "" {
		cfg.BaseEndpoint = aws.String(endpoint)
	}
	return cfg
}

// Template returns template.yaml resolved with Stage=local (loaded once).
func Template(t testing.TB) *samtpl.Template {
	t.Helper()
	tplOnce.Do(func() {
		tpl, tplErr = samtpl.LoadDefault(samtpl.Options{Parameters: map[string]string{"Stage": "local"}})
	})
	if tplErr != nil {
		t.Fatalf("testcloud: %v", tplErr)
	}
	return tpl
}

var (
	tplOnce sync.Once
	tpl     *samtpl.Template
	tplErr  error
)

// ---------------------------------------------------------------- DynamoDB

var (
	ddbOnce     sync.Once
	ddbEndpoint string
	ddbErr      error
)

// DynamoDBEndpoint returns the URL of the DynamoDB Local the tests share,
// starting it on first use (see the package comment). Skips under -short.
func DynamoDBEndpoint(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("testcloud: integration test needs DynamoDB Local; skipped with -short")
	}
	ddbOnce.Do(func() {
		if ep := os.Getenv(EnvDynamoDBEndpoint); ep != "" {
			ddbEndpoint = strings.TrimRight(ep, "/")
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		// Never stopped explicitly: Pdeathsig ends it with the test binary.
		srv, err := ddblocal.Start(ctx, ddblocal.Options{})
		if err != nil {
			ddbErr = err
			return
		}
		ddbEndpoint = srv.Endpoint()
	})
	if ddbErr != nil {
		t.Fatalf("testcloud: %v\n(or set %s to a running DynamoDB Local)", ddbErr, EnvDynamoDBEndpoint)
	}
	return ddbEndpoint
}

// DynamoDB returns a client for the shared DynamoDB Local and the name of
// a fresh, empty table created from template.yaml's AppTable (same keys,
// GSIs and TTL) under a unique name. The table is deleted when the test
// ends. Skips under -short.
func DynamoDB(t testing.TB) (*dynamodb.Client, string) {
	t.Helper()
	client, name := freshTable(t, DynamoDBEndpoint(t))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, _ = client.DeleteTable(ctx, &dynamodb.DeleteTableInput{TableName: aws.String(name)})
	})
	return client, name
}

// DynamoDBAlone is DynamoDB on a DynamoDB Local of the test's own (in
// memory, stopped when the test ends), for tests that load thousands of
// items: one server slows down for all its tables once one of them is
// large (measured: the same 500 ads loaded into a second table took 8
// times as long, into a third 17 times, deleted or not), and every later
// test of the run would pay for it. Costs a few seconds to start.
func DynamoDBAlone(t testing.TB) (*dynamodb.Client, string) {
	t.Helper()
	if testing.Short() {
		t.Skip("testcloud: integration test needs DynamoDB Local; skipped with -short")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	srv, err := ddblocal.Start(ctx, ddblocal.Options{})
	if err != nil {
		t.Fatalf("testcloud: %v", err)
	}
	t.Cleanup(func() { _ = srv.Stop() })
	return freshTable(t, srv.Endpoint())
}

// freshTable creates a copy of AppTable under a unique name on the
// DynamoDB Local at endpoint.
func freshTable(t testing.TB, endpoint string) (*dynamodb.Client, string) {
	t.Helper()
	app, ok := Template(t).Table(AppTableID)
	if !ok {
		t.Fatalf("testcloud: template.yaml has no table %s", AppTableID)
	}
	client := dynamodb.NewFromConfig(AWSConfig(t, endpoint), ddblocal.LocalOptions)
	name := uniqueName(t, 200)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := ddblocal.EnsureTable(ctx, client, app.WithName(name)); err != nil {
		t.Fatalf("testcloud: %v", err)
	}
	return client, name
}

// ---------------------------------------------------------------- S3

var (
	s3Once   sync.Once
	s3Server *s3local.Server
	s3Err    error
)

// S3Endpoint returns the URL of the in-process S3 emulator the tests share.
func S3Endpoint(t testing.TB) string {
	t.Helper()
	s3Once.Do(func() { s3Server, s3Err = s3local.Start(s3local.Options{}) })
	if s3Err != nil {
		t.Fatalf("testcloud: %v", s3Err)
	}
	return s3Server.URL()
}

// S3 returns a client for the shared in-memory S3 emulator (path-style,
// checksums only when required) and the name of a fresh bucket. Use
// seekable bodies (bytes.Reader, strings.Reader, *os.File) for PutObject.
func S3(t testing.TB) (*s3.Client, string) {
	t.Helper()
	endpoint := S3Endpoint(t)
	name := strings.ToLower(uniqueName(t, 63))
	if err := s3Server.CreateBucket(name); err != nil {
		t.Fatalf("testcloud: %v", err)
	}
	return s3.NewFromConfig(AWSConfig(t, endpoint), s3local.LocalOptions), name
}

// ---------------------------------------------------------------- SES

// Mailbox is what a test's SES emulator received.
type Mailbox struct {
	store    *mailbox.Store
	emu      *awsemu.SES
	endpoint string
}

// Messages returns the messages sent so far, oldest first.
func (m *Mailbox) Messages() []mailbox.Message {
	list := m.store.List()
	slices.Reverse(list)
	return list
}

// SetFailure makes every following SendEmail fail (see awsemu.SES.SetFailure:
// an *awsemu.APIError picks status and code, other errors give a 500
// InternalFailure). nil restores normal operation.
func (m *Mailbox) SetFailure(err error) { m.emu.SetFailure(err) }

// Endpoint is the emulator's URL (for AWS_ENDPOINT_URL_SESV2).
func (m *Mailbox) Endpoint() string { return m.endpoint }

// SES starts a SES v2 emulator for this test and returns a client for it
// and its mailbox. Stopped when the test ends.
func SES(t testing.TB) (*sesv2.Client, *Mailbox) {
	t.Helper()
	store := mailbox.NewMemory(mailbox.WithLogger(slog.New(slog.DiscardHandler)))
	emu := awsemu.NewSES(store)
	url, closeFn := awsemu.Serve(emu)
	t.Cleanup(closeFn)
	return sesv2.NewFromConfig(AWSConfig(t, url)), &Mailbox{store: store, emu: emu, endpoint: url}
}

// ---------------------------------------------------------------- SSM

// SSM starts an SSM Parameter Store emulator serving params (full name ->
// value, all SecureString) for this test and returns a client for it.
// Stopped when the test ends; the URL is client.Options().BaseEndpoint.
func SSM(t testing.TB, params map[string]string) *ssm.Client {
	t.Helper()
	url, closeFn := awsemu.Serve(awsemu.NewSSM(params))
	t.Cleanup(closeFn)
	return ssm.NewFromConfig(AWSConfig(t, url))
}

// ---------------------------------------------------------------- OpenAPI

var (
	specOnce sync.Once
	spec     *apispec.Spec
	specErr  error
)

// ValidateResponse reports (t.Error) every way resp differs from what
// docs/openapi.yaml documents for req's operation: status, content type,
// body schema. resp.Body stays readable.
func ValidateResponse(t testing.TB, req *http.Request, resp *http.Response) {
	t.Helper()
	specOnce.Do(func() { spec, specErr = apispec.LoadDefault() })
	if specErr != nil {
		t.Fatalf("testcloud: %v", specErr)
	}
	if err := spec.Validate(req, resp); err != nil {
		t.Error(err)
	}
}

// ---------------------------------------------------------------- names

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9-]+`)

// uniqueName builds "t-<test name>-<random>" within max characters, using
// only characters valid in both table and bucket names.
func uniqueName(t testing.TB, max int) string {
	var b [5]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatalf("testcloud: %v", err)
	}
	suffix := hex.EncodeToString(b[:])
	base := strings.Trim(unsafeChars.ReplaceAllString(t.Name(), "-"), "-")
	if room := max - len("t--") - len(suffix); len(base) > room {
		base = strings.TrimRight(base[:room], "-")
	}
	return fmt.Sprintf("t-%s-%s", base, suffix)
}
