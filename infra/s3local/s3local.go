// Package s3local serves an S3-compatible endpoint on loopback for the
// local cloud and the tests, built on gofakes3 with a disk backend (under a
// data directory; survives restarts) or an in-memory one.
//
// With Options.IAM, every request is authenticated (SigV4 header or
// presigned query, with the caller's own credentials) and authorized with
// its IAM policies and the bucket's policy, as S3 does (front.go). CORS
// follows the buckets' CorsConfiguration from the template: preflights a
// rule does not allow are refused like S3 refuses them. With Options.Faults,
// an authorized request may fail with S3's own error or stall (package
// faults). An object keeps the Cache-Control, Content-Type,
// Content-Language and Expires it was written with and answers them on
// GET and HEAD, as on S3 (headers.go). Differences from S3 that remain:
// buckets are not versioned, a browser POST upload keeps no Cache-Control
// (the catalogue uploads with presigned PUTs), and object-created
// notifications are emulated by OnObjectCreated (NotificationEvent gives
// them the shape of S3's event).
package s3local

import (
	"context"
	"crypto/md5" //nolint:gosec // G501: an S3 ETag is the MD5 of the content, not a security measure
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3afero"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"github.com/remat/remat/infra/faults"
	"github.com/remat/remat/infra/iam"
	"github.com/remat/remat/infra/samtpl"
)

// ObjectCreated is one stored object, as an S3 event notification
// describes it.
type ObjectCreated struct {
	Bucket, Key string
	Size        int64
	ContentType string
	// ETag is the hex MD5 of the content (unquoted, as in S3 events).
	ETag string
	// EventName is the S3 event name without "s3:": "ObjectCreated:Put"
	// (PUT, presigned PUT, browser POST, completed multipart upload: the
	// emulator tells them apart no further) or "ObjectCreated:Copy".
	EventName string
	// Time is when the object was stored; Sequencer orders the events of
	// one server (hex, increasing), as in S3 events.
	Time      time.Time
	Sequencer string
}

// Event names of ObjectCreated.
const (
	EventObjectCreatedPut  = "ObjectCreated:Put"
	EventObjectCreatedCopy = "ObjectCreated:Copy"
)

// ObjectCreatedFunc receives one call per stored object (PUT, presigned
// PUT, browser POST, copy, completed multipart upload). It runs on a
// separate goroutine, after the request has been answered, one call at a
// time in the order objects were stored; a slow consumer should hand the
// work on (S3 delivers notifications asynchronously).
type ObjectCreatedFunc func(ObjectCreated)

// Options configures Start.
type Options struct {
	// Addr is the listen address; it must be a loopback address. Default
	// 127.0.0.1:0 (a free port).
	Addr string
	// DataDir keeps buckets and objects on disk under this directory;
	// empty keeps them in memory.
	DataDir string
	// Buckets are created at start (existing ones are kept).
	Buckets []string
	// Template, if set, adds its AWS::S3::Bucket names to Buckets.
	Template *samtpl.Template
	// OnObjectCreated, if set, is told about every stored object.
	OnObjectCreated ObjectCreatedFunc
	// Logger receives gofakes3's warnings and errors and the IAM denials
	// (default: discarded).
	Logger *slog.Logger
	// IAM, if set, authenticates every request (SigV4 header or presigned
	// query with a principal's credentials; unsigned is anonymous) and
	// authorizes it with the caller's policies and the bucket's policy
	// from Template. Nil checks nothing.
	IAM *iam.Enforcer
	// Region names the emulated region (aws:RequestedRegion).
	Region string
	// Now is the clock signatures and presigned URLs are checked by
	// (default time.Now; tests move it).
	Now func() time.Time
	// Faults, if set, may fail or stall requests once they are authorized
	// (package faults): S3's XML error, with the bucket's CORS headers.
	Faults *faults.Table
}

// Server is a running S3 emulator.
type Server struct {
	srv      *http.Server
	url      string
	backend  gofakes3.Backend
	events   chan ObjectCreated
	served   chan struct{}
	workDone chan struct{}
	once     sync.Once
}

// Start serves S3 on loopback and creates the requested buckets.
func Start(opts Options) (*Server, error) {
	if opts.Addr == "" {
		opts.Addr = "127.0.0.1:0"
	}
	host, _, err := net.SplitHostPort(opts.Addr)
	if err != nil {
		return nil, fmt.Errorf("s3local: address %q: %w", opts.Addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil, fmt.Errorf("s3local: address %q is not loopback", opts.Addr)
	}

	var backend gofakes3.Backend
	if opts.DataDir == "" {
		backend = s3mem.New()
	} else {
		if err := os.MkdirAll(opts.DataDir, 0o750); err != nil {
			return nil, fmt.Errorf("s3local: data dir: %w", err)
		}
		fs, err := s3afero.FsPath(opts.DataDir, s3afero.FsPathCreateAll)
		if err != nil {
			return nil, fmt.Errorf("s3local: data dir %s: %w", opts.DataDir, err)
		}
		if backend, err = s3afero.MultiBucket(fs); err != nil {
			return nil, fmt.Errorf("s3local: data dir %s: %w", opts.DataDir, err)
		}
	}

	backend = storingBackend{Backend: backend}
	s := &Server{backend: backend, served: make(chan struct{}), workDone: make(chan struct{})}
	if opts.OnObjectCreated != nil {
		s.events = make(chan ObjectCreated, 1024)
		backend = &notifyingBackend{Backend: backend, events: s.events}
		go s.deliver(opts.OnObjectCreated)
	} else {
		close(s.workDone)
	}

	names := append([]string(nil), opts.Buckets...)
	if opts.Template != nil {
		for _, b := range opts.Template.Buckets {
			names = append(names, b.Name)
		}
	}
	for _, name := range names {
		if err := createBucket(backend, name); err != nil {
			s.stopWorker()
			return nil, err
		}
	}

	logger := opts.Logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	f := &front{iam: opts.IAM, region: opts.Region, log: logger, now: opts.Now, faults: opts.Faults}
	if opts.Template != nil {
		if f.cors, f.policies, err = bucketRules(opts.Template); err != nil {
			s.stopWorker()
			return nil, err
		}
	}
	faker := gofakes3.New(backend,
		gofakes3.WithLogger(slogLogger{logger}),
		gofakes3.WithoutVersioning(),
		// Presigned URLs carry their date in the query, which gofakes3 does
		// not read; a skew check on the header alone would only misfire.
		gofakes3.WithTimeSkewLimit(0),
	)

	ln, err := (&net.ListenConfig{}).Listen(context.Background(), "tcp", opts.Addr)
	if err != nil {
		s.stopWorker()
		return nil, fmt.Errorf("s3local: listen %s: %w", opts.Addr, err)
	}
	s.url = "http://" + ln.Addr().String()
	f.next = faker.Server()
	s.srv = &http.Server{Handler: f, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		defer close(s.served)
		_ = s.srv.Serve(ln)
	}()
	s.backend = backend
	return s, nil
}

// URL is the endpoint for SDK clients (path-style), e.g. http://127.0.0.1:PORT.
func (s *Server) URL() string { return s.url }

// CreateBucket creates a bucket; an existing one is not an error.
func (s *Server) CreateBucket(name string) error { return createBucket(s.backend, name) }

// Close stops the server, then delivers the object events still queued.
func (s *Server) Close() error {
	var err error
	s.once.Do(func() {
		err = s.srv.Close()
		<-s.served
		s.stopWorker()
	})
	return err
}

func (s *Server) stopWorker() {
	if s.events != nil {
		close(s.events)
	}
	<-s.workDone
}

func (s *Server) deliver(fn ObjectCreatedFunc) {
	defer close(s.workDone)
	for ev := range s.events {
		fn(ev)
	}
}

func createBucket(b gofakes3.Backend, name string) error {
	if err := gofakes3.ValidateBucketName(name); err != nil {
		return fmt.Errorf("s3local: bucket %q: %w", name, err)
	}
	err := b.CreateBucket(name)
	if err != nil && !gofakes3.IsAlreadyExists(err) && !gofakes3.HasErrorCode(err, "BucketAlreadyOwnedByYou") {
		return fmt.Errorf("s3local: create bucket %s: %w", name, err)
	}
	return nil
}

// notifyingBackend queues an event after every successful PutObject and
// CopyObject. gofakes3 completes multipart uploads and browser POSTs
// through PutObject, so those are covered too. The queue is drained by one
// goroutine, so the hook never delays the S3 answer.
type notifyingBackend struct {
	gofakes3.Backend
	events chan<- ObjectCreated
	seq    atomic.Uint64
}

func (b *notifyingBackend) event(bucket, key, name string, size int64, contentType, etag string) ObjectCreated {
	return ObjectCreated{
		Bucket: bucket, Key: key, Size: size, ContentType: contentType, ETag: etag, EventName: name,
		Time: time.Now().UTC(), Sequencer: fmt.Sprintf("%016X", b.seq.Add(1)),
	}
}

func (b *notifyingBackend) PutObject(bucket, key string, meta map[string]string, input io.Reader, size int64, cond *gofakes3.PutConditions) (gofakes3.PutObjectResult, error) {
	sum := md5.New() //nolint:gosec // G401: the ETag of S3 is an MD5, not a security measure
	res, err := b.Backend.PutObject(bucket, key, meta, io.TeeReader(input, sum), size, cond)
	if err == nil {
		b.events <- b.event(bucket, key, EventObjectCreatedPut, size, meta["Content-Type"], hex.EncodeToString(sum.Sum(nil)))
	}
	return res, err
}

func (b *notifyingBackend) CopyObject(srcBucket, srcKey, dstBucket, dstKey string, meta map[string]string) (gofakes3.CopyObjectResult, error) {
	res, err := b.Backend.CopyObject(srcBucket, srcKey, dstBucket, dstKey, meta)
	if err == nil {
		var size int64
		contentType, etag := meta["Content-Type"], ""
		if obj, herr := b.HeadObject(dstBucket, dstKey); herr == nil {
			size = obj.Size
			if ct := obj.Metadata["Content-Type"]; ct != "" {
				contentType = ct
			}
			etag = hex.EncodeToString(obj.Hash)
			_ = obj.Contents.Close()
		}
		b.events <- b.event(dstBucket, dstKey, EventObjectCreatedCopy, size, contentType, etag)
	}
	return res, err
}

// slogLogger adapts gofakes3's logger; info-level chatter is dropped.
type slogLogger struct{ l *slog.Logger }

func (s slogLogger) Print(level gofakes3.LogLevel, v ...any) {
	switch level {
	case gofakes3.LogErr:
		s.l.Error("s3local: " + fmt.Sprint(v...))
	case gofakes3.LogWarn:
		s.l.Warn("s3local: " + fmt.Sprint(v...))
	}
}

// NewClient returns an S3 client for a local endpoint: path-style
// addressing, static credentials, region eu-central-2, and checksums only
// when required (gofakes3 mishandles streaming checksum trailers and echoes
// full-object checksums on ranged reads). Use seekable bodies for PutObject.
func NewClient(endpoint string, optFns ...func(*s3.Options)) *s3.Client {
	cfg := aws.Config{
		Region:      "eu-central-2",
		Credentials: credentials.NewStaticCredentialsProvider("local", "local", ""),
	}
	opts := append([]func(*s3.Options){func(o *s3.Options) {
		o.BaseEndpoint = aws.String(endpoint)
	}, LocalOptions}, optFns...)
	return s3.NewFromConfig(cfg, opts...)
}

// LocalOptions adjusts an S3 client for this emulator: path-style
// addressing, and request and response checksums only when required.
// Use it with s3.NewFromConfig(cfg, s3local.LocalOptions).
func LocalOptions(o *s3.Options) {
	o.UsePathStyle = true
	o.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
	o.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
}
