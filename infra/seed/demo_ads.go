package seed

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/imageproc"
	"github.com/remat/remat/shared/imaging"
)

// The demo's ads: built from the demo data (demo_data.go), written with
// their drawn photos (photos.go) and search postings, and the marker (the
// demo's hash and seed time) that tells a later run what is there.

// preparedAd is a demo ad ready to write, with the photos to draw.
type preparedAd struct {
	ad     catalog.Ad
	images []catalog.Image
	photos []photoSpec
}

func buildDemoAds(places map[string]catalog.Location, uids, subIDs []string, plan billing.Plan, now time.Time) ([]preparedAd, error) {
	paths := categoryPaths()
	out := make([]preparedAd, len(demoAds))
	for i, d := range demoAds {
		path, ok := paths[d.Category]
		if !ok {
			return nil, fmt.Errorf("seed: demo: ad %d: unknown category %q", i, d.Category)
		}
		motif := d.Motif
		if motif == "" {
			motif = categoryMotif[d.Category]
		}
		if _, ok := scenes[motif]; !ok {
			return nil, fmt.Errorf("seed: demo: ad %d: unknown photo motif %q", i, motif)
		}
		published := now.Add(-demoAge(i)).Truncate(time.Second)
		created := published.Add(-time.Duration(10+i%40) * time.Minute) // saved, photos added, published
		p := preparedAd{ad: catalog.Ad{
			ID: demoAdID(i), SellerID: uids[d.Seller], Status: catalog.StatusActive,
			Title: d.Title, CategorySlug: d.Category, CategoryPath: path, Brand: d.Brand, Description: d.Text,
			PriceRp: d.PriceRp, DiscountPct: d.Discount, Condition: d.Condition,
			Quantity: catalog.Quantity{Amount: d.Amount, Unit: d.Unit}, Pickup: d.Pickup, Delivery: d.Delivery,
			Location: places[d.Place], CreatedAt: created, UpdatedAt: published, PublishedAt: published,
			ExpiresAt: published.AddDate(0, 0, plan.AdDurationDays), SubscriptionID: subIDs[d.Seller],
		}}
		for k := range d.Photos {
			id := demoImageID(i, k)
			p.images = append(p.images, catalog.Image{
				ID: id, State: catalog.ImageReady, ContentType: imaging.ProductContentType,
				Width: largeW, Height: largeH, CreatedAt: created.Add(time.Duration(k+1) * time.Minute),
			})
			p.photos = append(p.photos, photoSpec{Motif: motif, Variant: k, Accent: rgbHex(d.Accent), Seed: demoPhotoSeed(i, k)})
		}
		out[i] = p
	}
	return out, nil
}

// categoryPaths maps each seeded category to its slug followed by its
// ancestors' (catalog.Ad.CategoryPath).
func categoryPaths() map[string][]string {
	parent := map[string]string{}
	for _, c := range Categories() {
		parent[c.Slug] = c.Parent
	}
	paths := make(map[string][]string, len(parent))
	for slug := range parent {
		var path []string
		for s := slug; s != "" && len(path) <= len(parent); s = parent[s] {
			path = append(path, s)
		}
		paths[slug] = path
	}
	return paths
}

// writeDemoAds draws and uploads each ad's photos, then writes the ad
// with catalog.Store.PutImported (items, stats, image lookups, search
// postings), several ads at a time.
func writeDemoAds(ctx context.Context, client *dynamodb.Client, table string, opts DemoOptions, ads []preparedAd) error {
	workers := opts.Workers
	if workers <= 0 {
		workers = 8
	}
	store := catalog.NewStore(client, table)
	images := blob.New(opts.Images, opts.Bucket)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	jobs := make(chan preparedAd)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for p := range jobs {
				if err := writeDemoAd(ctx, store, images, p); err != nil {
					cancel(err)
				}
			}
		})
	}
send:
	for _, p := range ads {
		select {
		case jobs <- p:
		case <-ctx.Done():
			break send
		}
	}
	close(jobs)
	wg.Wait()
	if err := context.Cause(ctx); err != nil {
		return err
	}
	return nil
}

// renderDemoPhoto draws the demo's photos; tests substitute a memoised
// one, since drawing dominates the seed's time (more so under -race).
var renderDemoPhoto = renderPhoto

// writeDemoAd draws the ad's photos and stores their renditions as the
// image pipeline lays them out (imageproc.Files: the image's folder, JPEGs
// and WebP renditions, immutable), then the ad with the images' keys.
func writeDemoAd(ctx context.Context, store *catalog.Store, images *blob.Store, p preparedAd) error {
	for k, spec := range p.photos {
		if err := ctx.Err(); err != nil {
			return context.Cause(ctx)
		}
		out, err := renderDemoPhoto(spec)
		if err != nil {
			return fmt.Errorf("seed: demo: ad %s: %w", p.ad.ID, err)
		}
		keys, files, err := imageproc.Files(p.ad.ID, p.images[k].ID, out)
		if err != nil {
			return fmt.Errorf("seed: demo: ad %s: %w", p.ad.ID, err)
		}
		p.images[k].Keys = keys
		p.images[k].Size = int64(len(out.Large.Data))
		for _, f := range files {
			if err := images.Put(ctx, f.Key, f.ContentType, f.Data, blob.ImmutableCacheControl); err != nil {
				return fmt.Errorf("seed: demo: ad %s: %w", p.ad.ID, err)
			}
		}
	}
	if err := store.PutImported(ctx, p.ad, p.images); err != nil {
		return fmt.Errorf("seed: demo: %w", err)
	}
	return nil
}

type marker struct {
	Hash     string
	SeededAt time.Time
}

// readMarker returns the dataset's SEED marker (zero when absent).
func readMarker(ctx context.Context, client *dynamodb.Client, table, dataset string) (marker, error) {
	out, err := client.GetItem(ctx, &dynamodb.GetItemInput{
		TableName:      aws.String(table),
		Key:            map[string]types.AttributeValue{"PK": s(SeedPK), "SK": s(dataset)},
		ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		return marker{}, fmt.Errorf("seed: read %s marker: %w", dataset, err)
	}
	var m marker
	if v, ok := out.Item["hash"].(*types.AttributeValueMemberS); ok {
		m.Hash = v.Value
	}
	if v, ok := out.Item["seededAt"].(*types.AttributeValueMemberS); ok {
		m.SeededAt, _ = time.Parse(time.RFC3339, v.Value) // unreadable: zero, so it re-seeds
	}
	return m, nil
}

// putDemoMarker records the demo's hash and the seed time its dates are
// relative to (putMarker uses the wall clock; the demo's may be given).
func putDemoMarker(ctx context.Context, client *dynamodb.Client, table, hash string, count int, now time.Time) error {
	_, err := client.PutItem(ctx, &dynamodb.PutItemInput{
		TableName: aws.String(table),
		Item: map[string]types.AttributeValue{
			"PK": s(SeedPK), "SK": s(DatasetDemo), "hash": s(hash), "items": n(float64(count)),
			"seededAt": s(now.UTC().Format(time.RFC3339)),
		},
	})
	if err != nil {
		return fmt.Errorf("seed: write %s marker: %w", DatasetDemo, err)
	}
	return nil
}
