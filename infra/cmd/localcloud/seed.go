package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/remat/remat/infra/ddblocal"
	"github.com/remat/remat/infra/gateway"
	"github.com/remat/remat/infra/s3local"
	"github.com/remat/remat/infra/samtpl"
	"github.com/remat/remat/infra/seed"
)

// seedOptions are the seed options of cfg, checked before anything starts
// so a missing CSV fails fast.
func seedOptions(cfg Config) (seed.Options, error) {
	opts := seed.Options{CantonsCSV: cfg.CantonsCSV, LocalitiesCSV: cfg.LocalitiesCSV}
	if err := opts.Validate(); err != nil {
		var mf *seed.MissingFileError
		if errors.As(err, &mf) {
			return opts, configErrorf("%s CSV not found at %s: pass -%s PATH or set %s (the data lives beside the checkout, in ../shared/data/)",
				mf.Dataset, mf.Path, mf.Flag, mf.Env)
		}
		return opts, configErrorf("%v", err)
	}
	return opts, nil
}

// seedTable is the table the reference data goes to: AppTable, or the
// template's only table.
func seedTable(tpl *samtpl.Template) (string, error) {
	if t, ok := tpl.Table("AppTable"); ok {
		return t.Name, nil
	}
	if len(tpl.Tables) == 1 {
		return tpl.Tables[0].Name, nil
	}
	return "", configErrorf("-seed: the template has no AppTable to seed")
}

// seedData loads categories, cantons and localities into the table.
// Unchanged datasets are skipped, so a restart costs a few reads.
func seedData(ctx context.Context, opts seed.Options, endpoint, table string, log *slog.Logger) error {
	report, err := seed.Run(ctx, ddblocal.NewClient(endpoint), table, opts)
	if err != nil {
		return fmt.Errorf("localcloud: seed: %w", err)
	}
	log.Info("localcloud: seed", "table", table, "report", report.String())
	return nil
}

// seedDemo adds the demo sellers, subscriptions and ads with their photos
// (seed.Demo) and returns the demo accounts. The photos go to the
// bucket CloudFront serves under /images/*. An unchanged demo is skipped.
func seedDemo(ctx context.Context, tpl *samtpl.Template, endpoint, table, s3URL string, log *slog.Logger) ([]seed.DemoAccount, error) {
	bucket, ok := gateway.BucketForPathPattern(tpl, "/images/*")
	if !ok {
		return nil, configErrorf("-seed: the template serves no bucket under /images/* for the demo photos; pass -no-demo")
	}
	res, err := seed.Demo(ctx, ddblocal.NewClient(endpoint), table, seed.DemoOptions{
		Images: s3local.NewClient(s3URL), Bucket: bucket,
	})
	if err != nil {
		return nil, fmt.Errorf("localcloud: seed: %w", err)
	}
	log.Info("localcloud: seed", "table", table, "report", res.String())
	return seed.DemoAccounts(), nil
}
