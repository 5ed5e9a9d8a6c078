// Command localcloud starts the whole product on this machine without
// Docker: DynamoDB Local, the S3, SES and SSM emulators, every function of
// template.yaml (the real binaries behind a local Lambda Runtime API) and
// the SPA, all behind one gateway port on 127.0.0.1. `make dev` runs it.
//
//	localcloud [-addr 127.0.0.1:8080] [-data .data | -memory] [-seed] ...
//
// Every flag has an environment fallback (see -help). Ctrl-C or SIGTERM
// stops every child process and exits 0. A configuration problem (port in
// use, Java or DynamoDB Local missing, unwritable data directory,
// unreadable template, compile error) prints one line saying what to do
// and exits 2.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"

	"github.com/remat/remat/infra/seed"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run is main with its inputs and outputs explicit; it returns the exit
// status.
func run(args []string, stdout, stderr io.Writer) int {
	cfg, level, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		_, _ = fmt.Fprintf(stderr, "localcloud: %v\n", err)
		return 2
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	cfg.Logger = log
	cfg.FunctionOutput = stderr

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	c, err := Start(ctx, cfg)
	if err != nil {
		if ctx.Err() != nil { // interrupted while starting: not a failure
			return 0
		}
		var ce *configError
		if errors.As(err, &ce) {
			_, _ = fmt.Fprintf(stderr, "localcloud: %s\n", ce.msg)
			return 2
		}
		_, _ = fmt.Fprintf(stderr, "localcloud: %v\n", err)
		return 1
	}

	data := c.DataDir
	if data == "" {
		data = "in memory (-memory): everything is gone when it stops"
	}
	_, _ = fmt.Fprintf(stdout, "\nRemat is running at %s/fr/\n", c.URL)
	_, _ = fmt.Fprintf(stdout, "  Dev mailbox: %s/_dev/mailbox\n", c.URL)
	_, _ = fmt.Fprintf(stdout, "  The API's own endpoint (execute-api; refuses calls that skip the site, as on AWS): %s\n", c.APIURL)
	_, _ = fmt.Fprintf(stdout, "  S3 (the buckets' own host; photo uploads go here, cross-origin): %s\n", c.S3URL)
	for _, p := range devOIDCProviders {
		if issuer, ok := c.DevSignInIssuers[p]; ok {
			_, _ = fmt.Fprintf(stdout, "  Dev sign-in provider (stands in for %s): %s\n", p, issuer)
		}
	}
	if len(c.DemoAccounts) > 0 {
		_, _ = fmt.Fprintf(stdout, "  Demo sellers (password %s):", seed.DemoPassword)
		for _, a := range c.DemoAccounts {
			_, _ = fmt.Fprintf(stdout, " %s", a.Email)
		}
		_, _ = fmt.Fprintln(stdout)
	}
	_, _ = fmt.Fprintf(stdout, "  Data: %s\n", data)
	_, _ = fmt.Fprintf(stdout, "  First admin: POST %s/api/v1/auth/create-admin with setupSecret = %s\n", c.URL, adminSecretHint(c))
	if c.DataDir == "" {
		// In memory mode nothing else holds it; tests acting as other viewers need it.
		_, _ = fmt.Fprintf(stdout, "  Origin secret (CloudFront's X-Origin-Verify; for tests acting as other viewers): %s\n", c.OriginSecret)
	}
	_, _ = fmt.Fprintf(stdout, "  Ctrl-C stops everything.\n\n")

	status := 0
	select {
	case <-ctx.Done():
		log.Info("localcloud: stopping")
	case err := <-c.Failed():
		log.Error("localcloud: a part stopped; shutting down", "err", err)
		status = 1
	}
	stop() // a second Ctrl-C now ends the process at once
	if err := c.Stop(); err != nil {
		log.Error("localcloud: stop", "err", err)
		return 1
	}
	log.Info("localcloud: stopped")
	return status
}

// flagEnv documents each flag's environment fallback.
var flagEnv = map[string]string{
	"addr":              "REMAT_ADDR",
	"data":              "REMAT_DATA_DIR",
	"memory":            "REMAT_MEMORY",
	"web":               "REMAT_WEB_DIR",
	"template":          "REMAT_TEMPLATE",
	"seed":              "REMAT_SEED",
	"localities":        "REMAT_LOCALITIES_CSV",
	"cantons":           "REMAT_CANTONS_CSV",
	"dynamodb-local":    "DYNAMODB_LOCAL_DIR",
	"dynamodb-endpoint": "REMAT_DYNAMODB_ENDPOINT",
	"ready-file":        "REMAT_READY_FILE",
	"log-level":         "REMAT_LOG_LEVEL",
	"no-dev-oidc":       "REMAT_NO_DEV_OIDC",
	"no-demo":           "REMAT_NO_DEMO",
	"no-iam":            "REMAT_NO_IAM",
	"iam-usage":         "REMAT_IAM_USAGE",
}

func parseFlags(args []string, stderr io.Writer) (Config, slog.Level, error) {
	fs := flag.NewFlagSet("localcloud", flag.ContinueOnError)
	var (
		cfg   Config
		level string
		errs  []error
	)
	str := func(p *string, name, def, usage string) {
		if v, ok := os.LookupEnv(flagEnv[name]); ok && v != "" {
			def = v
		}
		fs.StringVar(p, name, def, usage+" (env "+flagEnv[name]+")")
	}
	boolean := func(p *bool, name, usage string) {
		def := false
		if v, ok := os.LookupEnv(flagEnv[name]); ok && v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s=%q is not a boolean (use true or false)", flagEnv[name], v))
			}
			def = b
		}
		fs.BoolVar(p, name, def, usage+" (env "+flagEnv[name]+")")
	}
	str(&cfg.Addr, "addr", "127.0.0.1:8080", "gateway address; loopback only")
	str(&cfg.DataDir, "data", ".data", "data directory (DynamoDB, S3 objects, mailbox, secrets, binaries, stream checkpoints)")
	boolean(&cfg.Memory, "memory", "keep everything in memory and temporary directories (tests)")
	str(&cfg.WebDir, "web", "frontend/dist", "the SPA build to serve")
	str(&cfg.Template, "template", "template.yaml", "the SAM template to run")
	boolean(&cfg.Seed, "seed", "load categories, brands, cantons, localities and the demo sellers and ads at start (idempotent)")
	boolean(&cfg.NoDemo, "no-demo", "with -seed, leave out the demo sellers and ads")
	str(&cfg.LocalitiesCSV, "localities", "../shared/data/ch-localities.csv", "Swiss localities CSV for -seed")
	str(&cfg.CantonsCSV, "cantons", "../shared/data/ch-cantons.csv", "Swiss cantons CSV for -seed")
	str(&cfg.DynamoDBLocalDir, "dynamodb-local", ".tools/dynamodb-local", "directory holding DynamoDBLocal.jar")
	str(&cfg.DynamoDBEndpoint, "dynamodb-endpoint", "", "use this running DynamoDB instead of starting DynamoDB Local")
	str(&cfg.ReadyFile, "ready-file", "", "write the base URL to this file once everything serves")
	boolean(&cfg.NoDevOIDC, "no-dev-oidc", "do not start the development sign-in providers that stand in for Google and Facebook")
	boolean(&cfg.NoIAM, "no-iam", "let calls the template's IAM policies do not allow through, logged as warnings (debugging only)")
	str(&cfg.IAMUsageFile, "iam-usage", "", "write what each function was allowed and denied to this JSON file at stop (make iam-report)")
	str(&level, "log-level", "info", "debug, info, warn or error")
	fs.Usage = func() {
		_, _ = fmt.Fprintf(fs.Output(), "Usage: localcloud [flags]\n\nStarts the whole product locally (see `make dev`).\n\n")
		fs.PrintDefaults()
	}
	// The flag package would print the whole usage with every mistake;
	// print one line instead, and the usage only for -help.
	fs.SetOutput(io.Discard)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stderr)
			fs.Usage()
			return cfg, 0, err
		}
		return cfg, 0, fmt.Errorf("%w (see -help)", err)
	}
	if fs.NArg() > 0 {
		return cfg, 0, fmt.Errorf("unexpected argument %q (flags only; see -help)", fs.Arg(0))
	}
	if len(errs) > 0 {
		return cfg, 0, errors.Join(errs...)
	}
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(level)); err != nil {
		return cfg, 0, fmt.Errorf("-log-level %q: want debug, info, warn or error", level)
	}
	return cfg, lvl, nil
}

// adminSecretHint tells where the admin setup secret is: the secrets file,
// or in memory mode (no file) the value itself.
func adminSecretHint(c *Cloud) string {
	if c.DataDir == "" {
		return c.AdminSetupSecret
	}
	return `"` + adminSetupSecret + `" in ` + filepath.Join(c.DataDir, secretsFile)
}
