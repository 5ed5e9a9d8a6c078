package seed

import (
	"bytes"
	"image/jpeg"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"golang.org/x/image/webp"

	"github.com/remat/remat/infra/samtpl"
	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/imaging"
	"github.com/remat/remat/shared/password"
	"github.com/remat/remat/shared/search"
)

// demoReferenceData seeds the categories, the real cantons and, from the
// real localities CSV (../shared/data beside the checkout, or
// REMAT_LOCALITIES_CSV / REMAT_CANTONS_CSV), the rows of the demo's postal
// codes only, which keeps the test fast. The data is never committed, so
// without it the test is skipped.
func demoReferenceData(t *testing.T, client *dynamodb.Client, table string) {
	t.Helper()
	root, err := samtpl.ModuleRoot("")
	if err != nil {
		t.Fatal(err)
	}
	path := func(env, name string) string {
		if v := os.Getenv(env); v != "" {
			return v
		}
		return filepath.Join(root, "..", "shared", "data", name)
	}
	locs, cantons := path(EnvLocalitiesCSV, "ch-localities.csv"), path(EnvCantonsCSV, "ch-cantons.csv")
	raw, err := os.ReadFile(locs) //nolint:gosec // G304: the test's own data path
	if err != nil {
		t.Skipf("real localities CSV not available at %s: %v", locs, err)
	}
	if _, err := os.Stat(cantons); err != nil {
		t.Skipf("real cantons CSV not available at %s: %v", cantons, err)
	}
	want := map[string]bool{}
	for _, a := range demoAds {
		if pc, _, ok := strings.Cut(a.Place, " "); ok {
			want[pc] = true
		}
	}
	lines := strings.Split(strings.TrimSpace(string(raw)), "\n")
	kept := []string{lines[0]} // the header; postal_code is its first column
	for _, l := range lines[1:] {
		if pc, _, _ := strings.Cut(l, ","); want[pc] {
			kept = append(kept, l)
		}
	}
	small := filepath.Join(t.TempDir(), "localities.csv")
	if err := os.WriteFile(small, []byte(strings.Join(kept, "\n")+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(t.Context(), client, table, Options{CantonsCSV: cantons, LocalitiesCSV: small}); err != nil {
		t.Fatal(err)
	}
}

// memoisePhotos makes the demo draw each photo once per test binary, and
// under the race detector (which slows the pixel loops tenfold) draw one
// photo for all: the pictures themselves are photos_test.go's subject.
func memoisePhotos(t *testing.T) {
	draw := renderDemoPhoto
	var mu sync.Mutex
	cache := map[photoSpec]imaging.ProductRenditions{}
	renderDemoPhoto = func(spec photoSpec) (imaging.ProductRenditions, error) {
		if raceEnabled {
			spec = photoSpec{Motif: "bricks", Accent: rgbHex(0xb5532f)}
		}
		mu.Lock()
		p, ok := cache[spec]
		mu.Unlock()
		if ok {
			return p, nil
		}
		p, err := draw(spec)
		if err == nil {
			mu.Lock()
			cache[spec] = p
			mu.Unlock()
		}
		return p, err
	}
	t.Cleanup(func() { renderDemoPhoto = draw })
}

func TestSeedDemo(t *testing.T) {
	memoisePhotos(t)
	client, table := testcloud.DynamoDB(t)
	s3c, bucket := testcloud.S3(t)
	demoReferenceData(t, client, table)
	ctx := t.Context()
	now := time.Now().UTC().Truncate(time.Second)
	opts := DemoOptions{Images: s3c, Bucket: bucket, Now: now, PasswordParams: &password.TestParams}

	start := time.Now()
	res, err := Demo(ctx, client, table, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first demo seed: %v (%d ads, %d photos) in %v", res, len(demoAds), demoPhotoCount(), time.Since(start).Round(time.Millisecond))
	if res.Skipped || res.Items != len(demoAds) {
		t.Fatalf("got %v, want %d ads written", res, len(demoAds))
	}
	checkDemoAds(t, client, table, s3c, bucket, now)
	checkDemoSellers(t, client, table, now)
	checkDemoSearch(t, client, table)

	// Unchanged: skipped after a few reads.
	start = time.Now()
	res, err = Demo(ctx, client, table, opts)
	if err != nil || !res.Skipped {
		t.Fatalf("second run: got %v, %v, want skipped", res, err)
	}
	t.Logf("unchanged demo seed: %v", time.Since(start).Round(time.Millisecond))

	// The same table with an empty bucket (a persistent DynamoDB and an
	// in-memory S3): the photos are written again.
	s3c, bucket = testcloud.S3(t)
	opts.Images, opts.Bucket = s3c, bucket
	res, err = Demo(ctx, client, table, opts)
	if err != nil || res.Skipped {
		t.Fatalf("empty bucket: got %v, %v, want the demo written again", res, err)
	}
	checkDemoAds(t, client, table, s3c, bucket, now)

	// Forced or refreshed: the same ads again, nothing duplicated, and the
	// sellers keep the allowance they have used.
	huberID := demoUserID("huber")
	if _, err := billing.ConsumeAd(ctx, client, table, huberID, now); err != nil {
		t.Fatal(err)
	}
	later := now.Add(demoRefresh + time.Hour)
	opts.Now = later
	res, err = Demo(ctx, client, table, opts)
	if err != nil || res.Skipped {
		t.Fatalf("refresh: got %v, %v, want the ads written again", res, err)
	}
	checkDemoAds(t, client, table, s3c, bucket, later)
	checkDemoSearch(t, client, table)
	subs, err := billing.NewDynamoStore(client, table).Subscriptions(ctx, huberID)
	if err != nil {
		t.Fatal(err)
	}
	if len(subs) != 1 || subs[0].RemainingAds != 30-demoAdsOf(huber)-1 {
		t.Errorf("got %+v, want one subscription that kept its consumed ad", subs)
	}
}

func demoPhotoCount() int {
	n := 0
	for _, a := range demoAds {
		n += a.Photos
	}
	return n
}

func demoAdsOf(seller int) int {
	n := 0
	for _, a := range demoAds {
		if a.Seller == seller {
			n++
		}
	}
	return n
}

// scanAll reads the whole (test) table.
func scanAll(t *testing.T, client *dynamodb.Client, table string) []map[string]types.AttributeValue {
	t.Helper()
	var items []map[string]types.AttributeValue
	p := dynamodb.NewScanPaginator(client, &dynamodb.ScanInput{TableName: aws.String(table), ConsistentRead: aws.Bool(true)})
	for p.HasMorePages() {
		out, err := p.NextPage(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		items = append(items, out.Items...)
	}
	return items
}

func attrS(it map[string]types.AttributeValue, name string) string {
	if v, ok := it[name].(*types.AttributeValueMemberS); ok {
		return v.Value
	}
	return ""
}

// checkDemoAds: exactly the demo's ads and images, active, published
// within the 30 days before now, every rendition in the bucket.
func checkDemoAds(t *testing.T, client *dynamodb.Client, table string, s3c *s3.Client, bucket string, now time.Time) {
	t.Helper()
	ads, images := map[string]bool{}, 0
	for _, it := range scanAll(t, client, table) {
		pk, sk := attrS(it, "PK"), attrS(it, "SK")
		switch {
		case strings.HasPrefix(pk, "AD#") && sk == "AD":
			ads[pk] = true
		case strings.HasPrefix(pk, "AD#") && strings.HasPrefix(sk, "IMG#"):
			images++
		}
	}
	if len(ads) != len(demoAds) || images != demoPhotoCount() {
		t.Errorf("got %d ads and %d images, want %d and %d", len(ads), images, len(demoAds), demoPhotoCount())
	}
	store := catalog.NewStore(client, table)
	var ids []string
	for i := range demoAds {
		ids = append(ids, demoAdID(i))
	}
	got, err := store.Ads(t.Context(), ids)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(demoAds) {
		t.Fatalf("got %d ads by id, want %d", len(got), len(demoAds))
	}
	for i, a := range got {
		d := demoAds[slices.Index(ids, a.ID)]
		if a.Status != catalog.StatusActive || a.Title != d.Title || a.MainImageID == "" || len(a.ImageOrder) != d.Photos {
			t.Errorf("ad %d: got %+v", i, a)
		}
		if age := now.Sub(a.PublishedAt); age <= 0 || age > demoSpread {
			t.Errorf("ad %s: published %v, want within 30 days before %v", a.ID, a.PublishedAt, now)
		}
		if a.Location.Lat == 0 || a.Location.Canton == "" || (a.Location.Kind == catalog.LocationCity && a.Location.PostalCode == "") {
			t.Errorf("ad %s: location %+v", a.ID, a.Location)
		}
		if !a.ExpiresAt.After(now) {
			t.Errorf("ad %s: expires %v, before the seed", a.ID, a.ExpiresAt)
		}
	}
	// The renditions of one ad's photos, laid out and sized as the
	// pipeline makes them, JPEG and WebP, immutable.
	first := got[0]
	img, err := catalog.NewStore(client, table).Image(t.Context(), first.ID, first.MainImageID)
	if err != nil {
		t.Fatal(err)
	}
	key := func(name string) string { return catalog.WebPRenditionKey(first.ID, first.MainImageID, name) }
	if img.Keys.Large != key(catalog.RenditionLargeJPEG) || len(img.Keys.All()) != 8 {
		t.Errorf("main image keys: got %+v, want the image's folder with 3 JPEGs and 5 WebP renditions", img.Keys)
	}
	for _, r := range []struct {
		key         string
		contentType string
		w, h        int
	}{
		{key(catalog.RenditionThumbJPEG), imaging.ProductContentType, imaging.ThumbWidth, imaging.ThumbHeight},
		{key(catalog.RenditionCardJPEG), imaging.ProductContentType, imaging.CardWidth, imaging.CardHeight},
		{key(catalog.RenditionLargeJPEG), imaging.ProductContentType, largeW, largeH},
		{key(catalog.RenditionThumbWebP), imaging.WebPContentType, imaging.ThumbWidth, imaging.ThumbHeight},
		{key(catalog.RenditionCardSmallWebP), imaging.WebPContentType, imaging.CardSmallWidth, imaging.CardSmallHeight},
		{key(catalog.RenditionCardWebP), imaging.WebPContentType, imaging.CardWidth, imaging.CardHeight},
		{key(catalog.RenditionLargeSmallWebP), imaging.WebPContentType, 800, 600},
		{key(catalog.RenditionLargeWebP), imaging.WebPContentType, largeW, largeH},
	} {
		out, err := s3c.GetObject(t.Context(), &s3.GetObjectInput{Bucket: aws.String(bucket), Key: aws.String(r.key)})
		if err != nil {
			t.Fatalf("%s: %v", r.key, err)
		}
		decodeConfig := jpeg.DecodeConfig
		if r.contentType == imaging.WebPContentType {
			decodeConfig = webp.DecodeConfig
		}
		cfg, err := decodeConfig(out.Body)
		_ = out.Body.Close()
		if err != nil || cfg.Width != r.w || cfg.Height != r.h || aws.ToString(out.ContentType) != r.contentType ||
			aws.ToString(out.CacheControl) != blob.ImmutableCacheControl {
			t.Errorf("%s: got %dx%d %s %q (%v), want %dx%d %s, immutable", r.key, cfg.Width, cfg.Height,
				aws.ToString(out.ContentType), aws.ToString(out.CacheControl), err, r.w, r.h, r.contentType)
		}
	}
	// Every card the search shows exists, with its WebP renditions.
	for _, a := range got {
		for _, k := range append([]string{a.MainCardKey()}, keysOf(catalog.CardWebP(a.MainCardKey()))...) {
			if _, err := s3c.HeadObject(t.Context(), &s3.HeadObjectInput{Bucket: aws.String(bucket), Key: aws.String(k)}); err != nil {
				t.Errorf("ad %s: card %s: %v", a.ID, k, err)
			}
		}
		if len(catalog.CardWebP(a.MainCardKey())) != 2 {
			t.Errorf("ad %s: card %s has no WebP renditions", a.ID, a.MainCardKey())
		}
	}
}

// checkDemoSellers: verified accounts that log in with the demo password,
// each holding a valid pro subscription with ads left.
func checkDemoSellers(t *testing.T, client *dynamodb.Client, table string, now time.Time) {
	t.Helper()
	users := accounts.NewDynamoStore(client, table)
	subs := billing.NewDynamoStore(client, table)
	for i, ds := range demoSellers {
		u, err := users.UserByEmail(t.Context(), ds.Email)
		if err != nil {
			t.Fatalf("%s: %v", ds.Email, err)
		}
		ok, err := password.Verify(DemoPassword, u.PasswordHash)
		if err != nil || !ok || !u.EmailVerified || u.Status != accounts.StatusActive || u.AccountType != ds.AccountType {
			t.Errorf("%s: got %+v (password ok %v, %v)", ds.Email, u, ok, err)
		}
		if (ds.Company != nil) != (u.Company != nil) {
			t.Errorf("%s: company %+v, want %+v", ds.Email, u.Company, ds.Company)
		}
		list, err := subs.Subscriptions(t.Context(), u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || list[0].PlanID != billing.PlanPro || list[0].State(now) != billing.StateValid ||
			list[0].RemainingAds != list[0].AdAllowance-demoAdsOf(i) {
			t.Errorf("%s: subscriptions %+v, want one valid pro plan with %d ads used", ds.Email, list, demoAdsOf(i))
		}
	}
	if _, err := users.UserByEmail(t.Context(), "nobody@example.ch"); err == nil {
		t.Error("an unknown e-mail was found")
	}
}

// checkDemoSearch finds the ads through the search package: all of them
// once each across pages, by text in four languages, by category, and
// around 8001 Zürich.
func checkDemoSearch(t *testing.T, client *dynamodb.Client, table string) {
	t.Helper()
	cursors, err := ddb.NewCursors(bytes.Repeat([]byte("k"), ddb.MinCursorKeyBytes))
	if err != nil {
		t.Fatal(err)
	}
	all := func(q search.Query) []search.Card {
		t.Helper()
		var cards []search.Card
		for range 20 {
			page, err := search.Search(t.Context(), client, table, cursors, q)
			if err != nil {
				t.Fatalf("%+v: %v", q, err)
			}
			cards = append(cards, page.Items...)
			if page.NextCursor == "" {
				return cards
			}
			q.Cursor = page.NextCursor
		}
		t.Fatalf("%+v: too many pages", q)
		return nil
	}
	titles := func(cards []search.Card) []string {
		var out []string
		for _, c := range cards {
			out = append(out, c.Title)
		}
		return out
	}

	// Everything, 24 a page: each ad exactly once, newest first, with its card.
	cards := all(search.Query{})
	seen := map[string]bool{}
	for i, c := range cards {
		if seen[c.ID] {
			t.Errorf("ad %s listed twice", c.ID)
		}
		seen[c.ID] = true
		if i > 0 && c.PublishedAt.After(cards[i-1].PublishedAt) {
			t.Errorf("not newest first at %d", i)
		}
		if !strings.HasPrefix(c.ThumbKey, "images/products/"+c.ID+"/") {
			t.Errorf("ad %s: thumb key %q", c.ID, c.ThumbKey)
		}
	}
	if len(cards) != len(demoAds) {
		t.Errorf("got %d ads in search, want %d", len(cards), len(demoAds))
	}

	for _, tc := range []struct{ text, want string }{
		{"Hilti", "Hilti Akku-Bohrhammer TE 30-A36 mit 2 Akkus"},
		{"ardoise eternit", "Ardoises en fibrociment Eternit anthracite, 6 palettes"},
		{"Zement", "Portlandzement CEM II/A-LL 42,5 N, 42 Säcke à 25 kg"},
		{"radiatori", "Radiatori in ghisa d'epoca – in regalo"},
		{"pressure washer", "Kärcher K5 pressure washer with patio cleaner"},
	} {
		got := titles(all(search.Query{Text: tc.text}))
		if !slices.Contains(got, tc.want) {
			t.Errorf("text %q: got %q, want it to include %q", tc.text, got, tc.want)
		}
	}

	// A parent category holds its children's ads.
	tools := 0
	for _, a := range demoAds {
		if slices.Contains(categoryPaths()[a.Category], "tools") {
			tools++
		}
	}
	if got := all(search.Query{Category: "tools"}); len(got) != tools {
		t.Errorf("category tools: got %d ads, want %d", len(got), tools)
	}

	// 10 km around 8001 Zürich: the Zürich ads, nothing from elsewhere.
	places, err := demoPlaces(t.Context(), client, table)
	if err != nil {
		t.Fatal(err)
	}
	zurich, want := places["8001 Zürich"], 0
	for _, a := range demoAds {
		p := places[a.Place]
		if search.DistanceKm(zurich.Lat, zurich.Lon, p.Lat, p.Lon) <= 10 {
			want++
		}
	}
	near := all(search.Query{Near: &search.Near{Lat: zurich.Lat, Lon: zurich.Lon, RadiusKm: 10}})
	if len(near) != want || want < 5 {
		t.Errorf("10 km around 8001: got %d ads %q, want %d (at least 5)", len(near), titles(near), want)
	}
	for _, c := range near {
		if c.Canton != "ZH" || c.DistanceKm > 10 {
			t.Errorf("10 km around 8001: got %s in %s %s at %.1f km", c.Title, c.PostalCode, c.Canton, c.DistanceKm)
		}
	}
	// Around Genève, nothing from Zürich.
	geneva := places["1201 Genève"]
	for _, c := range all(search.Query{Near: &search.Near{Lat: geneva.Lat, Lon: geneva.Lon, RadiusKm: 25}}) {
		if c.Canton != "GE" && c.Canton != "VD" {
			t.Errorf("25 km around 1201: got %s in %s", c.Title, c.Canton)
		}
	}
}

func keysOf(vs []catalog.Variant) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = v.Key
	}
	return out
}
