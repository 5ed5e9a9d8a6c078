package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/remat/remat/infra/awsemu"
	"github.com/remat/remat/infra/ddblocal"
	"github.com/remat/remat/infra/ddbproxy"
	"github.com/remat/remat/infra/faults"
	"github.com/remat/remat/infra/gateway"
	"github.com/remat/remat/infra/lambdart"
	"github.com/remat/remat/infra/mailbox"
	"github.com/remat/remat/infra/s3local"
	"github.com/remat/remat/infra/samtpl"
	"github.com/remat/remat/infra/seed"
)

// The deployment values the template is resolved with locally.
const (
	stage     = "local"
	accountID = "000000000000"
	region    = "eu-central-2"
)

// Config is what the flags select; see usage in main.go.
type Config struct {
	Addr             string
	DataDir          string
	Memory           bool
	WebDir           string
	Template         string
	Seed             bool
	LocalitiesCSV    string
	CantonsCSV       string
	DynamoDBLocalDir string
	DynamoDBEndpoint string
	ReadyFile        string
	// NoDemo leaves the demo sellers and ads out of -seed.
	NoDemo bool
	// NoDevOIDC leaves out the development sign-in providers that stand
	// in for Google and Facebook (devoidc.go).
	NoDevOIDC bool
	// NoIAM turns IAM enforcement off: calls the template's policies do
	// not allow still succeed, logged as "would be denied" (debugging
	// only; enforcement is on by default).
	NoIAM bool
	// IAMUsageFile, if set, receives at stop what every principal was
	// allowed and denied (make iam-report reads it).
	IAMUsageFile string

	// Logger receives the cloud's logs and the access log.
	Logger *slog.Logger
	// FunctionOutput receives the functions' stdout and stderr, one
	// prefixed line at a time (default os.Stderr).
	FunctionOutput io.Writer
}

// configError is a problem the developer fixes (a port in use, a missing
// tool, a compile error): main prints its message alone, without a stack
// or wrapping, and exits with status 2.
type configError struct{ msg string }

func (e *configError) Error() string { return e.msg }

func configErrorf(format string, args ...any) error {
	return &configError{msg: fmt.Sprintf(format, args...)}
}

// Cloud is a running local cloud. Stop it with Stop.
type Cloud struct {
	// URL is the gateway's base URL, e.g. http://127.0.0.1:8080.
	URL string
	// APIURL is the HTTP API's own endpoint (execute-api), which skips the
	// distribution: the functions refuse requests that come this way.
	APIURL string
	// S3URL is the S3 emulator's endpoint: the buckets' own host, where
	// browsers upload photos with presigned URLs (another origin than URL).
	S3URL string
	// DataDir is the absolute data directory, or "" in memory mode.
	DataDir string
	// Mailbox holds the e-mails the functions sent.
	Mailbox *mailbox.Store
	// AdminSetupSecret is the setupSecret of POST /api/v1/auth/create-admin
	// (also in <DataDir>/secrets.json as admin-setup-secret).
	AdminSetupSecret string
	// OriginSecret is what the site's port, standing in for CloudFront,
	// sends the API in X-Origin-Verify (also in secrets.json as
	// origin-secret): a test that acts as another viewer sends it to APIURL
	// with a CloudFront-Viewer-Address of its own.
	OriginSecret string
	// DevSignInIssuers maps each provider a development sign-in provider
	// stands in for (google, facebook) to its OpenID issuer; empty with
	// -no-dev-oidc.
	DevSignInIssuers map[string]string
	// DemoAccounts are the demo sellers -seed created (password
	// seed.DemoPassword), or nil.
	DemoAccounts []seed.DemoAccount
	// Faults make chosen DynamoDB, S3 and SES calls of the functions fail
	// or stall (also set over POST/DELETE /_dev/faults); empty at start.
	Faults *faults.Table

	log      *slog.Logger
	lambdas  *lambdart.Service
	ddb      *ddblocal.Server
	iam      *iamSetup
	failed   chan error // a part died while serving
	stopOnce sync.Once
	stopErr  error
	// cleanups run in reverse order on Stop.
	cleanups []func() error
}

// Start brings the whole product up in dependency order: port, data
// directory, template, DynamoDB (Local or -dynamodb-endpoint) and its
// tables, S3 emulator and buckets, SES and SSM emulators, seed data, the
// function binaries, and the gateway. Configuration problems are
// *configError. On failure everything started so far is stopped.
func Start(ctx context.Context, cfg Config) (_ *Cloud, err error) {
	log := cmp.Or(cfg.Logger, slog.Default())
	c := &Cloud{log: log, failed: make(chan error, 4), Faults: faults.New(log)}
	defer func() {
		if err != nil {
			_ = c.Stop()
		}
	}()
	began := time.Now()
	phase := func(name string, since time.Time) {
		log.Info("localcloud: "+name, "took", time.Since(since).Round(time.Millisecond))
	}

	// 1. The port, first: nothing else is worth starting without it. The
	// listener stays open and becomes the gateway's.
	ln, err := listen(ctx, cfg.Addr)
	if err != nil {
		return nil, err
	}
	c.onStop(func() error { _ = ln.Close(); return nil })
	c.URL = "http://" + ln.Addr().String()

	// 2. The data directory (or temporary space in memory mode).
	binDir, err := c.prepareData(cfg)
	if err != nil {
		return nil, err
	}

	// 3. The template, resolved as the local stage.
	tpl, err := loadTemplate(cfg.Template, c.URL)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return nil, configErrorf("cannot read the template %s: %v: run from the repository root or pass -template PATH", cfg.Template, pe.Err)
		}
		// One line, even for YAML's multi-line messages.
		msg := strings.Join(strings.Fields(strings.TrimPrefix(err.Error(), cfg.Template+": ")), " ")
		return nil, configErrorf("the template %s is invalid: %s", cfg.Template, msg)
	}
	if err := tpl.CheckEmulated(); err != nil {
		return nil, configErrorf("template %s: %v", cfg.Template, err)
	}
	headers, err := tpl.SecurityHeaders()
	if err != nil {
		return nil, configErrorf("template %s: %v", cfg.Template, err)
	}
	moduleRoot, err := samtpl.ModuleRoot(filepath.Dir(cfg.Template))
	if err != nil {
		return nil, configErrorf("cannot find go.mod above %s: %v", cfg.Template, err)
	}
	// Every function's role, from its template policies: each emulator
	// checks every call against them.
	if c.iam, err = newIAM(tpl, moduleRoot, cfg.NoIAM, log); err != nil {
		return nil, err
	}
	if cfg.NoIAM {
		log.Warn("localcloud: IAM enforcement is off (-no-iam): calls the template's policies do not allow are let through and logged")
	}
	if cfg.IAMUsageFile != "" {
		c.onStop(func() error { return c.iam.recorder.WriteFile(cfg.IAMUsageFile) })
	}
	var (
		seedOpts seed.Options
		seedTo   string
	)
	if cfg.Seed {
		if seedOpts, err = seedOptions(cfg); err != nil {
			return nil, err
		}
		if seedTo, err = seedTable(tpl); err != nil {
			return nil, err
		}
	}

	// The functions compile while the emulators start: on a warm build
	// cache both take about as long.
	type buildResult struct {
		bins map[string]string
		err  error
	}
	built := make(chan buildResult, 1)
	buildCtx, cancelBuild := context.WithCancel(ctx)
	defer cancelBuild()
	go func() {
		t := time.Now()
		bins, err := lambdart.BuildAll(buildCtx, moduleRoot, tpl.Functions, binDir)
		if err == nil {
			phase(fmt.Sprintf("built %d functions", len(bins)), t)
		}
		built <- buildResult{bins, err}
	}()
	// Never leave a go build running behind a failed start.
	buildDone := false
	defer func() {
		if err != nil && !buildDone {
			cancelBuild()
			<-built
		}
	}()

	// 4. DynamoDB and the tables.
	t := time.Now()
	endpoint, err := c.startDynamoDB(ctx, cfg)
	if err != nil {
		return nil, err
	}
	created, err := ddblocal.EnsureTables(ctx, ddblocal.NewClient(endpoint), tpl)
	if err != nil {
		return nil, fmt.Errorf("localcloud: tables: %w", err)
	}
	phase("DynamoDB ready", t)
	if len(created) > 0 {
		log.Info("localcloud: created tables", "tables", strings.Join(created, ", "))
	}
	// The functions reach DynamoDB Local through the IAM proxy; the cloud's
	// own tools (tables, seed) go to it directly, as the account root.
	proxy, err := ddbproxy.New(endpoint, c.iam.enforcer, region, accountID, log)
	if err != nil {
		return nil, fmt.Errorf("localcloud: %w", err)
	}
	proxy.WithFaults(c.Faults, tableKeyAttributes(tpl))
	ddbFunctionsURL, closeProxy := awsemu.Serve(proxy)
	c.onStop(func() error { closeProxy(); return nil })

	// 5. S3 with the template's buckets; stored objects raise the
	// template's S3 events once the functions are there.
	notifications, err := tpl.S3Notifications()
	if err != nil {
		return nil, configErrorf("%v", err)
	}
	streamSources, err := tpl.StreamSources()
	if err != nil {
		return nil, configErrorf("%v", err)
	}
	notifier := newS3Notifier(region, log)
	s3Opts := s3local.Options{Template: tpl, Logger: log, OnObjectCreated: notifier.objectCreated, IAM: c.iam.enforcer, Region: region, Faults: c.Faults}
	if c.DataDir != "" {
		s3Opts.DataDir = filepath.Join(c.DataDir, "s3")
	}
	s3srv, err := s3local.Start(s3Opts)
	if err != nil {
		return nil, fmt.Errorf("localcloud: %w", err)
	}
	c.onStop(s3srv.Close)
	c.S3URL = s3srv.URL()

	// 6. SES into the dev mailbox, SSM with the secrets.
	if c.DataDir != "" {
		if c.Mailbox, err = mailbox.OpenDir(filepath.Join(c.DataDir, "mailbox"), mailbox.WithLogger(log)); err != nil {
			return nil, fmt.Errorf("localcloud: %w", err)
		}
	} else {
		c.Mailbox = mailbox.NewMemory(mailbox.WithLogger(log))
	}
	sesURL, closeSES := awsemu.Serve(awsemu.NewSES(c.Mailbox).WithIAM(c.iam.enforcer, region, accountID).WithFaults(c.Faults))
	c.onStop(func() error { closeSES(); return nil })
	secrets, err := loadSecrets(c.DataDir)
	if err != nil {
		return nil, err
	}
	c.AdminSetupSecret = secrets[adminSetupSecret]
	c.OriginSecret = secrets[originSecretParam]
	params := map[string]string{}
	prefix := ssmPrefix(tpl)
	for name, v := range secrets {
		params[prefix+"/"+name] = v
	}
	var devSignIn *devSignIn
	if !cfg.NoDevOIDC {
		if devSignIn, err = startDevSignIn(ctx, secrets["jwt-signing-key"]); err != nil {
			return nil, err
		}
		c.onStop(devSignIn.Stop)
		c.DevSignInIssuers = devSignIn.Issuers()
		for name, v := range devSignIn.parameters() {
			params[prefix+"/"+name] = v
		}
	}
	ssm := awsemu.NewSSM(params).WithIAM(c.iam.enforcer, region, accountID)
	// The parameters the stack itself creates (site-url, ...), with their
	// values resolved for the local stage.
	stackParams, err := tpl.SSMParameters()
	if err != nil {
		return nil, configErrorf("%v", err)
	}
	for _, p := range stackParams {
		ssm.Put(p.Name, p.Type, p.Value)
	}
	ssmURL, closeSSM := awsemu.Serve(ssm)
	c.onStop(func() error { closeSSM(); return nil })

	// 7. Seed data.
	if cfg.Seed {
		t := time.Now()
		if err := seedData(ctx, seedOpts, endpoint, seedTo, log); err != nil {
			return nil, err
		}
		phase("seeded", t)
		if !cfg.NoDemo {
			t := time.Now()
			if c.DemoAccounts, err = seedDemo(ctx, tpl, endpoint, seedTo, s3srv.URL(), log); err != nil {
				return nil, err
			}
			phase("seeded the demo", t)
		}
	}

	// 8. The functions.
	br := <-built
	buildDone = true
	if br.err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		var be *lambdart.BuildError
		if errors.As(br.err, &be) {
			return nil, configErrorf("building the functions failed:\n%s", strings.TrimSpace(br.err.Error()))
		}
		return nil, configErrorf("building the functions failed: %v", br.err)
	}
	c.lambdas = lambdart.New(lambdart.Options{
		Logger:    log,
		Output:    cmp.Or[io.Writer](cfg.FunctionOutput, os.Stderr),
		Region:    region,
		AccountID: accountID,
		Env: lambdart.LocalAWSEnv(region, lambdart.Endpoints{
			DynamoDB: ddbFunctionsURL, S3: s3srv.URL(), SESv2: sesURL, SSM: ssmURL,
		}),
	})
	c.onStop(c.lambdas.Close)
	for _, fn := range tpl.Functions {
		lfn := lambdart.FromTemplate(fn, br.bins[fn.LogicalID])
		if devSignIn != nil {
			lfn.Env = devSignIn.env(lfn.Env)
		}
		lfn.Credentials = c.iam.functionCredentials(fn.LogicalID)
		if err := c.lambdas.Add(lfn); err != nil {
			return nil, fmt.Errorf("localcloud: %w", err)
		}
	}
	// The S3 events (bucket notifications): stopped before the functions.
	notifier.attach(c.lambdas, notifications)
	c.onStop(notifier.stop)

	// The DynamoDB events (stream event source mappings): stopped before
	// the functions.
	tableNames := map[string]string{}
	for _, tb := range tpl.Tables {
		tableNames[tb.LogicalID] = tb.Name
	}
	consumers, err := newStreamConsumers(streamClients{ddb: ddblocal.NewClient(endpoint), streams: newStreamsClient(endpoint)},
		c.lambdas, streamSources, tableNames, streamCheckpointFile(c.DataDir), defaultStreamTiming, log)
	if err != nil {
		return nil, err
	}
	consumers.start()
	c.onStop(consumers.stop)

	// The Schedule events (EventBridge): timed runs and the dev trigger.
	schedules, err := tpl.Schedules()
	if err != nil {
		return nil, configErrorf("%v", err)
	}
	sched := newScheduler(c.lambdas, schedules, region, accountID, log)
	sched.start(firstScheduledRun)
	c.onStop(sched.stopAll)

	// 9. The gateway, on the port held since step 1.
	apiOriginHeaders, err := originHeaders(tpl, "/api/*", ssm)
	if err != nil {
		return nil, configErrorf("template %s: %v", cfg.Template, err)
	}
	rate, burst := apiThrottle(tpl)
	behaviors, err := gateway.BehaviorsFromTemplate(tpl)
	if err != nil {
		return nil, configErrorf("template %s: %v", cfg.Template, err)
	}
	// The pages function reads the page shell from the web bucket, where a
	// deployment puts the SPA build.
	if bucket, ok := gateway.BucketForPathPattern(tpl, "/assets/*"); ok {
		shells := newShellPublisher(s3local.NewClient(s3srv.URL()), bucket, cfg.WebDir, log)
		if err := shells.publish(ctx); err != nil {
			return nil, err
		}
		watchCtx, stopWatch := context.WithCancel(context.WithoutCancel(ctx))
		go shells.watch(watchCtx)
		c.onStop(func() error { stopWatch(); return nil })
	}
	gwCfg := gateway.Config{
		Behaviors:       behaviors,
		OriginHeaders:   apiOriginHeaders,
		ThrottleRate:    rate,
		ThrottleBurst:   burst,
		Routes:          gateway.RoutesFromTemplate(tpl),
		Invoker:         c.lambdas,
		WebDir:          cfg.WebDir,
		SecurityHeaders: withLocalBucketHosts(headers, tpl, s3srv.URL()),
		Mailbox:         c.Mailbox,
		Scheduler:       sched,
		Logger:          log,
		AccountID:       accountID,
		DevHandlers:     map[string]http.Handler{iamUsagePath: c.iam.usageHandler(), faultsPath: c.Faults.Handler(), streamFailuresPath: consumers.failures.handler()},
	}
	if devSignIn != nil {
		gwCfg.DevHandlers[devOIDCQueuePath] = devSignIn.queueHandler()
	}
	if bucket, ok := gateway.BucketForPathPattern(tpl, "/images/*"); ok {
		gwCfg.ImagesOrigin = s3srv.URL() + "/" + bucket
		if c.iam.cloudfront != nil {
			gwCfg.ImagesCredentials, gwCfg.ImagesRegion = c.iam.cloudfront.Credentials, region
		}
	}
	gw, err := gateway.New(gwCfg)
	if err != nil {
		return nil, fmt.Errorf("localcloud: %w", err)
	}
	srv := &http.Server{
		Handler:           gw,
		ReadHeaderTimeout: 10 * time.Second,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	served := make(chan struct{})
	go func() {
		defer close(served)
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			c.fail(fmt.Errorf("localcloud: gateway: %w", err))
		}
	}()
	c.onStop(func() error {
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		err := srv.Shutdown(sctx)
		<-served
		return err
	})

	// The HTTP API's own endpoint (execute-api), on a port of its own: on
	// AWS it is public, and the functions refuse what comes that way
	// without CloudFront's origin header; the same here.
	apiURL, closeAPI, err := awsemu.ServeAddr("127.0.0.1:0", gw.API())
	if err != nil {
		return nil, fmt.Errorf("localcloud: %w", err)
	}
	c.onStop(func() error { closeAPI(); return nil })
	c.APIURL = apiURL

	if cfg.ReadyFile != "" {
		if err := writeReadyFile(cfg.ReadyFile, c.URL); err != nil {
			return nil, err
		}
		c.onStop(func() error { return ignoreNotExist(os.Remove(cfg.ReadyFile)) }) //nolint:gosec // G703: the developer names the file
	}
	phase("ready", began)
	return c, nil
}

// Failed delivers an error when a part of the cloud dies while serving
// (DynamoDB Local exits, the gateway's listener fails).
func (c *Cloud) Failed() <-chan error { return c.failed }

func (c *Cloud) fail(err error) {
	select {
	case c.failed <- err:
	default:
	}
}

// Stop shuts everything down in reverse start order: the gateway (letting
// requests in flight finish), every function process, the emulators and
// DynamoDB Local. It returns once every child process has exited. Safe to
// call more than once.
func (c *Cloud) Stop() error {
	c.stopOnce.Do(func() {
		var errs []error
		for _, f := range slices.Backward(c.cleanups) {
			if err := f(); err != nil {
				errs = append(errs, err)
			}
		}
		c.stopErr = errors.Join(errs...)
	})
	return c.stopErr
}

func (c *Cloud) onStop(f func() error) { c.cleanups = append(c.cleanups, f) }
