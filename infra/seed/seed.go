// Package seed fills the app table with reference data: the category tree,
// the brands, the Swiss cantons and the Swiss localities (postal code ->
// locality, canton, coordinates). Cantons and localities are read at seed
// time from CSV files kept outside the repository (../shared/data/);
// neither they nor anything derived from them may be committed.
//
// Seeding is idempotent: items are written with their natural keys, and a
// marker item per dataset (PK=SEED, SK=<dataset>) keeps a hash of the
// dataset's content, so an unchanged dataset is skipped and restarts of
// the local cloud stay instant. Rows removed from a CSV are not deleted.
//
// Demo (demo.go, demo_ads.go, demo_data.go) adds the local cloud's demo
// marketplace: sellers with subscriptions, ads with photos drawn here
// (photos*.go) and reviews.
package seed

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/billing"
)

// itemFormat is mixed into every dataset hash; bump it when the item layout
// changes so existing tables are re-seeded.
const itemFormat = "v2"

// Options selects what Run seeds.
type Options struct {
	// CantonsCSV and LocalitiesCSV are the CSV paths; an empty path skips
	// that dataset. A path that does not exist is a *MissingFileError.
	CantonsCSV    string
	LocalitiesCSV string
	// SkipCategories leaves the category tree and the brands out.
	SkipCategories bool
	// Force re-writes datasets whose hash is unchanged.
	Force bool
	// Concurrency bounds parallel BatchWriteItem calls (default 4).
	Concurrency int
}

// Result is what happened to one dataset.
type Result struct {
	Dataset string
	Items   int  // items in the dataset
	Skipped bool // unchanged since the last seed; nothing written
	Elapsed time.Duration
}

func (r Result) String() string {
	if r.Skipped {
		return fmt.Sprintf("%s: %d items, unchanged (skipped)", r.Dataset, r.Items)
	}
	return fmt.Sprintf("%s: %d items written in %s", r.Dataset, r.Items, r.Elapsed.Round(time.Millisecond))
}

// Report lists the results in seeding order.
type Report []Result

func (r Report) String() string {
	parts := make([]string, len(r))
	for i, x := range r {
		parts[i] = x.String()
	}
	return strings.Join(parts, "; ")
}

// Validate checks that the named CSV files exist, so a caller can fail
// before touching the database. The error is a *MissingFileError.
func (o Options) Validate() error {
	for _, f := range []struct{ path, dataset, flag, env string }{
		{o.CantonsCSV, DatasetCantons, "cantons", EnvCantonsCSV},
		{o.LocalitiesCSV, DatasetLocalities, "localities", EnvLocalitiesCSV},
	} {
		if f.path == "" {
			continue
		}
		if _, err := os.Stat(f.path); errors.Is(err, fs.ErrNotExist) {
			return &MissingFileError{Dataset: f.dataset, Path: f.path, Flag: f.flag, Env: f.env}
		}
	}
	return nil
}

// Run seeds table with the selected datasets. CSV files are read and
// validated before anything is written.
func Run(ctx context.Context, client *dynamodb.Client, table string, opts Options) (Report, error) {
	if opts.Concurrency <= 0 {
		opts.Concurrency = 4
	}
	type dataset struct {
		name  string
		items []map[string]types.AttributeValue
		hash  string
	}
	var sets []dataset
	if !opts.SkipCategories {
		items, hash := categoryItems()
		sets = append(sets, dataset{DatasetCategories, items, hash})
		items, hash = brandItems()
		sets = append(sets, dataset{DatasetBrands, items, hash})
	}
	if opts.CantonsCSV != "" {
		cantons, raw, err := ReadCantons(opts.CantonsCSV)
		if err != nil {
			return nil, err
		}
		sets = append(sets, dataset{DatasetCantons, cantonItems(cantons), contentHash(DatasetCantons, raw)})
	}
	if opts.LocalitiesCSV != "" {
		locs, raw, err := ReadLocalities(opts.LocalitiesCSV)
		if err != nil {
			return nil, err
		}
		items, err := localityItems(locs)
		if err != nil {
			return nil, fmt.Errorf("seed: %s: %w", opts.LocalitiesCSV, err)
		}
		sets = append(sets, dataset{DatasetLocalities, items, contentHash(DatasetLocalities, raw)})
	}

	// Plans are few and versioned by the billing package itself.
	if err := billing.SeedPlans(ctx, client, table); err != nil {
		return nil, fmt.Errorf("seed: %w", err)
	}
	// Accounts created before the admin user search existed get indexed.
	if err := IndexUsers(ctx, client, table); err != nil {
		return nil, err
	}
	var report Report
	for _, ds := range sets {
		start := time.Now()
		res := Result{Dataset: ds.name, Items: len(ds.items)}
		if !opts.Force {
			same, err := markerMatches(ctx, client, table, ds.name, ds.hash)
			if err != nil {
				return report, err
			}
			if same {
				res.Skipped = true
				report = append(report, res)
				continue
			}
		}
		if err := writeAll(ctx, client, table, ds.items, opts.Concurrency); err != nil {
			return report, fmt.Errorf("seed: %s: %w", ds.name, err)
		}
		if err := putMarker(ctx, client, table, ds.name, ds.hash, len(ds.items)); err != nil {
			return report, err
		}
		res.Elapsed = time.Since(start)
		report = append(report, res)
	}
	return report, nil
}

func contentHash(dataset string, content []byte) string {
	h := sha256.New()
	h.Write([]byte(itemFormat + "\x00" + dataset + "\x00"))
	h.Write(content)
	return hex.EncodeToString(h.Sum(nil))
}

func s(v string) types.AttributeValue { return &types.AttributeValueMemberS{Value: v} }
func n(v float64) types.AttributeValue {
	return &types.AttributeValueMemberN{Value: strconv.FormatFloat(v, 'f', -1, 64)}
}

func names(m map[string]string) types.AttributeValue {
	out := make(map[string]types.AttributeValue, len(m))
	for k, v := range m {
		out[k] = s(v)
	}
	return &types.AttributeValueMemberM{Value: out}
}

func categoryItems() ([]map[string]types.AttributeValue, string) {
	cats := Categories()
	var items []map[string]types.AttributeValue
	for _, c := range cats {
		it := map[string]types.AttributeValue{
			"PK": s(CategoryPK), "SK": s(c.Slug),
			"slug": s(c.Slug), "sortOrder": n(float64(c.SortOrder)), "names": names(c.Names),
		}
		if c.Parent != "" {
			it["parent"] = s(c.Parent)
		}
		items = append(items, it)
	}
	raw, _ := json.Marshal(cats)
	return items, contentHash(DatasetCategories, raw)
}

func cantonItems(cantons []Canton) []map[string]types.AttributeValue {
	items := make([]map[string]types.AttributeValue, len(cantons))
	for i, c := range cantons {
		items[i] = map[string]types.AttributeValue{
			"PK": s(CantonPK), "SK": s(c.Code),
			"code": s(c.Code), "names": names(c.Names), "lat": n(c.Lat), "lon": n(c.Lon),
		}
	}
	return items
}

func localityItems(locs []Locality) ([]map[string]types.AttributeValue, error) {
	items := make([]map[string]types.AttributeValue, 0, len(locs))
	seen := make(map[string]bool, len(locs))
	for _, l := range locs {
		norm := NormalizeName(l.Name)
		key := l.PostalCode + "\x00" + norm
		if seen[key] { // one BatchWriteItem may not hold the same key twice
			return nil, fmt.Errorf("duplicate locality %s %s", l.PostalCode, l.Name)
		}
		seen[key] = true
		gpk, gsk := LocalityNameKeys(l.Name, l.PostalCode)
		item := map[string]types.AttributeValue{
			"PK": s(LocalityPKPrefix + l.PostalCode), "SK": s(norm),
			"GSI1PK": s(gpk), "GSI1SK": s(gsk),
			"postalCode": s(l.PostalCode), "locality": s(l.Name), "canton": s(l.Canton),
			"lat": n(l.Lat), "lon": n(l.Lon),
		}
		if code, err := strconv.Atoi(l.PostalCode); err == nil && code > 0 {
			item["GSI2PK"], item["GSI2SK"] = s(LocalityPostalGSI2+l.PostalCode[:1]), n(float64(code))
		}
		items = append(items, item)
	}
	return items, nil
}

func markerMatches(ctx context.Context, client *dynamodb.Client, table, dataset, hash string) (bool, error) {
	out, err := client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      aws.String(table),
		Key:            map[string]types.AttributeValue{"PK": s(SeedPK), "SK": s(dataset)},
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return false, fmt.Errorf("seed: read %s marker: %w", dataset, err)
	}
	v, ok := out.Item["hash"].(*types.AttributeValueMemberS)
	return ok && v.Value == hash, nil
}

func putMarker(ctx context.Context, client *dynamodb.Client, table, dataset, hash string, count int) error {
	_, err := client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(table),
		Item: map[string]types.AttributeValue{
			"PK": s(SeedPK), "SK": s(dataset), "hash": s(hash), "items": n(float64(count)),
			"seededAt": s(time.Now().UTC().Format(time.RFC3339)),
		},
	})
	if err != nil {
		return fmt.Errorf("seed: write %s marker: %w", dataset, err)
	}
	return nil
}

// batchSize is BatchWriteItem's limit.
const batchSize = 25

// writeAll writes items in batches of 25 with at most concurrency calls in
// flight, retrying UnprocessedItems with jittered exponential back-off.
func writeAll(ctx context.Context, client *dynamodb.Client, table string, items []map[string]types.AttributeValue, concurrency int) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	batches := make(chan []map[string]types.AttributeValue)
	var wg sync.WaitGroup
	for range concurrency {
		wg.Go(func() {
			for b := range batches {
				if err := writeBatch(ctx, client, table, b); err != nil {
					cancel(err)
				}
			}
		})
	}
send:
	for i := 0; i < len(items); i += batchSize {
		select {
		case batches <- items[i:min(i+batchSize, len(items))]:
		case <-ctx.Done():
			break send
		}
	}
	close(batches)
	wg.Wait()
	if err := context.Cause(ctx); err != nil {
		return err
	}
	return nil
}

func writeBatch(ctx context.Context, client *dynamodb.Client, table string, batch []map[string]types.AttributeValue) error {
	reqs := make([]types.WriteRequest, len(batch))
	for i, it := range batch {
		reqs[i] = types.WriteRequest{PutRequest: &types.PutRequest{Item: it}}
	}
	backoff := 50 * time.Millisecond
	for attempt := 0; len(reqs) > 0; attempt++ {
		if err := ctx.Err(); err != nil {
			return context.Cause(ctx)
		}
		if attempt == 10 {
			return errors.New("BatchWriteItem left items unprocessed after 10 attempts")
		}
		out, err := client.BatchWriteItem(ctx, &dynamodb.BatchWriteItemInput{
			RequestItems: map[string][]types.WriteRequest{table: reqs},
		})
		if err != nil {
			return fmt.Errorf("BatchWriteItem: %w", err)
		}
		reqs = out.UnprocessedItems[table]
		if len(reqs) > 0 {
			sleep := backoff/2 + rand.N(backoff/2+1) //nolint:gosec // G404: jitter, not a secret
			select {
			case <-time.After(sleep):
			case <-ctx.Done():
				return context.Cause(ctx)
			}
			backoff = min(2*backoff, 2*time.Second)
		}
	}
	return nil
}
