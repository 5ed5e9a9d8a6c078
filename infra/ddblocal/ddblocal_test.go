package ddblocal

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/samtpl"
)

func TestStartErrors(t *testing.T) {
	emptyDir := t.TempDir()
	fakeJarDir := t.TempDir()
	if err := os.WriteFile(filepath.Join(fakeJarDir, "DynamoDBLocal.jar"), []byte("not a jar"), 0o644); err != nil {
		t.Fatal(err)
	}
	notADir := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(notADir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		opts     Options
		kind     error
		contains []string
	}{
		{"java missing", Options{Java: "/nonexistent/java", Dir: fakeJarDir}, ErrJavaMissing, []string{"Java 17+ is required: apt-get install openjdk-17-jre-headless"}},
		{"jar missing", Options{Dir: emptyDir}, ErrJarMissing, []string{"run `make tools`", emptyDir, EnvDir}},
		{"jar dir absent", Options{Dir: filepath.Join(emptyDir, "nope")}, ErrJarMissing, []string{"make tools"}},
		{"data dir unwritable", Options{Dir: fakeJarDir, DataDir: filepath.Join(notADir, "db")}, ErrDataDir, []string{"writable data directory"}},
		{"exits early", Options{Dir: fakeJarDir}, ErrExitedEarly, []string{"last output of DynamoDB Local", "jar"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if errors.Is(tc.kind, ErrExitedEarly) && testing.Short() {
				t.Skip("starts a JVM")
			}
			s, err := Start(context.Background(), tc.opts)
			if err == nil {
				_ = s.Stop()
				t.Fatal("got no error")
			}
			if !errors.Is(err, tc.kind) {
				t.Errorf("got %v, want kind %v", err, tc.kind)
			}
			var se *StartError
			if !errors.As(err, &se) {
				t.Errorf("got %T, want *StartError", err)
			}
			for _, c := range tc.contains {
				if !strings.Contains(err.Error(), c) {
					t.Errorf("error %q lacks %q", err, c)
				}
			}
		})
	}
}

func TestTailBuffer(t *testing.T) {
	b := newTailBuffer(2)
	_, _ = b.Write([]byte("one\ntwo\nthr"))
	_, _ = b.Write([]byte("ee\nfour"))
	if got, want := b.String(), "two\nthree\nfour"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func start(t *testing.T, opts Options) *Server {
	t.Helper()
	begin := time.Now()
	s, err := Start(context.Background(), opts)
	if err != nil {
		t.Fatal(err) // a missing jar or Java is a setup error, never a skip
	}
	t.Logf("DynamoDB Local ready on %s in %s", s.Endpoint(), time.Since(begin).Round(time.Millisecond))
	t.Cleanup(func() { _ = s.Stop() })
	return s
}

func loadTemplate(t *testing.T) *samtpl.Template {
	t.Helper()
	tpl, err := samtpl.LoadDefault(samtpl.Options{Parameters: map[string]string{"Stage": "local"}})
	if err != nil {
		t.Fatal(err)
	}
	return tpl
}

func TestInMemoryEnsureTablesAndStop(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test: starts DynamoDB Local")
	}
	s := start(t, Options{})
	client := NewClient(s.Endpoint())
	ctx := context.Background()
	tpl := loadTemplate(t)

	begin := time.Now()
	created, err := EnsureTables(ctx, client, tpl)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("created %v in %s", created, time.Since(begin).Round(time.Millisecond))
	if len(created) != len(tpl.Tables) {
		t.Errorf("got created %v, want every template table", created)
	}
	again, err := EnsureTables(ctx, client, tpl)
	if err != nil || len(again) != 0 {
		t.Errorf("second EnsureTables: got %v, %v, want nothing created", again, err)
	}

	app, _ := tpl.Table("AppTable")
	desc, err := client.DescribeTable(ctx, &dynamodb.DescribeTableInput{TableName: aws.String(app.Name)})
	if err != nil {
		t.Fatal(err)
	}
	if got := len(desc.Table.GlobalSecondaryIndexes); got != len(app.GlobalSecondaryIndexes) {
		t.Errorf("got %d GSIs, want %d", got, len(app.GlobalSecondaryIndexes))
	}
	ttl, err := client.DescribeTimeToLive(ctx, &dynamodb.DescribeTimeToLiveInput{TableName: aws.String(app.Name)})
	if err != nil {
		t.Fatal(err)
	}
	if ttl.TimeToLiveDescription.TimeToLiveStatus != types.TimeToLiveStatusEnabled || aws.ToString(ttl.TimeToLiveDescription.AttributeName) != app.TTLAttribute {
		t.Errorf("got TTL %+v, want enabled on %s", ttl.TimeToLiveDescription, app.TTLAttribute)
	}

	// Errors come back typed, without checksum noise.
	_, err = client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("missing-table"), Key: map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "x"}}})
	var nf *types.ResourceNotFoundException
	if !errors.As(err, &nf) {
		t.Errorf("got %v, want ResourceNotFoundException", err)
	}

	pid := s.PID()
	begin = time.Now()
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}
	t.Logf("stopped in %s", time.Since(begin).Round(time.Millisecond))
	if err := syscall.Kill(pid, 0); err == nil {
		t.Errorf("pid %d still alive after Stop", pid)
	}
	if err := s.Stop(); err != nil {
		t.Errorf("second Stop: %v", err)
	}
}

func TestDataSurvivesRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test: starts DynamoDB Local twice")
	}
	dataDir := t.TempDir()
	ctx := context.Background()
	tpl := loadTemplate(t)
	app, _ := tpl.Table("AppTable")
	key := map[string]types.AttributeValue{"PK": &types.AttributeValueMemberS{Value: "P"}, "SK": &types.AttributeValueMemberS{Value: "S"}}

	s := start(t, Options{DataDir: dataDir})
	client := NewClient(s.Endpoint())
	if _, err := EnsureTables(ctx, client, tpl); err != nil {
		t.Fatal(err)
	}
	item := map[string]types.AttributeValue{"PK": key["PK"], "SK": key["SK"], "v": &types.AttributeValueMemberS{Value: "kept"}}
	if _, err := client.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(app.Name), Item: item}); err != nil {
		t.Fatal(err)
	}
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}

	s = start(t, Options{DataDir: dataDir})
	client = NewClient(s.Endpoint())
	if created, err := EnsureTables(ctx, client, tpl); err != nil || len(created) != 0 {
		t.Fatalf("got %v, %v, want the table to exist already", created, err)
	}
	out, err := client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(app.Name), Key: key})
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := out.Item["v"].(*types.AttributeValueMemberS); !ok || v.Value != "kept" {
		t.Errorf("got %v, want the item written before the restart", out.Item)
	}
}

// A relative jar directory must work although java runs in the jar's own
// folder (the path is made absolute before launch).
func TestRelativeJarDir(t *testing.T) {
	if testing.Short() {
		t.Skip("integration test: starts DynamoDB Local")
	}
	abs, err := resolveDir("")
	if err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	rel, err := filepath.Rel(wd, abs)
	if err != nil {
		t.Fatal(err)
	}
	s := start(t, Options{Dir: rel})
	if err := s.Stop(); err != nil {
		t.Errorf("got %v, want a clean stop", err)
	}
}
