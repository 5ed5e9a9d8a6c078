// Command seed fills a local DynamoDB table with the reference data:
// demo categories, Swiss cantons and Swiss localities. It is idempotent
// and skips datasets whose content has not changed since the last run.
//
//	go run ./infra/cmd/seed -dynamodb-endpoint http://127.0.0.1:8000
//
// With -demo it also adds the demo sellers and ads, whose photos go to the
// images bucket of an S3 endpoint (-s3-endpoint); the local cloud does this
// itself with -seed.
//
// The CSV files are read from ../shared/data/ beside the checkout unless
// -cantons/-localities (or REMAT_CANTONS_CSV/REMAT_LOCALITIES_CSV) say
// otherwise. It talks only to the given endpoint, with static credentials.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/remat/remat/infra/ddblocal"
	"github.com/remat/remat/infra/gateway"
	"github.com/remat/remat/infra/s3local"
	"github.com/remat/remat/infra/samtpl"
	"github.com/remat/remat/infra/seed"
)

func main() {
	logger := slog.New(slog.NewTextHandler(os.Stderr, nil))
	if err := run(os.Args[1:], logger); err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			logger.Error(err.Error())
		}
		os.Exit(1)
	}
}

func run(args []string, logger *slog.Logger) error {
	root, rootErr := samtpl.ModuleRoot("")
	dataDefault := func(name string) string {
		if rootErr != nil {
			return filepath.Join("..", "shared", "data", name)
		}
		return filepath.Join(root, "..", "shared", "data", name)
	}

	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	endpoint := fs.String("dynamodb-endpoint", os.Getenv("AWS_ENDPOINT_URL_DYNAMODB"), "DynamoDB (Local) endpoint, e.g. http://127.0.0.1:8000 (default $AWS_ENDPOINT_URL_DYNAMODB)")
	stage := fs.String("stage", "local", "template Stage parameter, used to derive the default table name")
	templatePath := fs.String("template", "", "path to template.yaml (default: the module root's)")
	table := fs.String("table", "", "table name (default: the template's AppTable name for -stage, i.e. remat-local)")
	localities := fs.String("localities", envOr(seed.EnvLocalitiesCSV, dataDefault("ch-localities.csv")), "localities CSV (env "+seed.EnvLocalitiesCSV+")")
	cantons := fs.String("cantons", envOr(seed.EnvCantonsCSV, dataDefault("ch-cantons.csv")), "cantons CSV (env "+seed.EnvCantonsCSV+")")
	createTable := fs.Bool("create-table", true, "create the table from the template's AppTable definition if it is missing")
	force := fs.Bool("force", false, "write every dataset even if unchanged")
	demo := fs.Bool("demo", false, "also add the demo sellers and ads (needs -s3-endpoint)")
	s3Endpoint := fs.String("s3-endpoint", os.Getenv("AWS_ENDPOINT_URL_S3"), "S3 endpoint for the demo photos (default $AWS_ENDPOINT_URL_S3)")
	imagesBucket := fs.String("images-bucket", "", "bucket of the demo photos (default: the template's bucket served under /images/*)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *endpoint == "" {
		return errors.New("seed: -dynamodb-endpoint is required (the local cloud prints it; or set AWS_ENDPOINT_URL_DYNAMODB)")
	}

	if *templatePath == "" {
		if rootErr != nil {
			return fmt.Errorf("seed: %w; pass -template", rootErr)
		}
		*templatePath = filepath.Join(root, samtpl.TemplateFile)
	}
	tpl, err := samtpl.Load(*templatePath, samtpl.Options{Parameters: map[string]string{"Stage": *stage}})
	if err != nil {
		return err
	}
	app, ok := tpl.Table("AppTable")
	if !ok {
		return errors.New("seed: template has no AppTable")
	}
	if *table != "" {
		app = app.WithName(*table)
	}

	opts := seed.Options{CantonsCSV: *cantons, LocalitiesCSV: *localities, Force: *force}
	if err := opts.Validate(); err != nil {
		return err
	}
	if *demo {
		if *s3Endpoint == "" {
			return errors.New("seed: -demo needs -s3-endpoint (or AWS_ENDPOINT_URL_S3) for the photos")
		}
		if *imagesBucket == "" {
			b, ok := gateway.BucketForPathPattern(tpl, "/images/*")
			if !ok {
				return errors.New("seed: the template serves no bucket under /images/*; pass -images-bucket")
			}
			*imagesBucket = b
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()

	client := ddblocal.NewClient(*endpoint)
	if *createTable {
		created, err := ddblocal.EnsureTable(ctx, client, app)
		if err != nil {
			return err
		}
		if created {
			logger.Info("seed: created table", "table", app.Name)
		}
	}
	start := time.Now()
	report, err := seed.Run(ctx, client, app.Name, opts)
	for _, r := range report {
		logger.Info("seed: "+r.String(), "table", app.Name)
	}
	if err != nil {
		return err
	}
	if *demo {
		res, err := seed.Demo(ctx, client, app.Name, seed.DemoOptions{
			Images: s3local.NewClient(*s3Endpoint), Bucket: *imagesBucket, Force: *force,
		})
		if err != nil {
			return err
		}
		logger.Info("seed: "+res.String(), "table", app.Name, "bucket", *imagesBucket, "password", seed.DemoPassword)
	}
	logger.Info("seed: done", "table", app.Name, "elapsed", time.Since(start).Round(time.Millisecond))
	return nil
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}
