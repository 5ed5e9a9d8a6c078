package bench

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/search"
)

// EnvBenchAds sets how many ads BenchmarkSearch loads. `make bench` sets
// 100000, the catalogue size of the acceptance figure (loading takes most
// of half an hour on two cores: DynamoDB Local writes a few thousand
// postings per second); the default keeps a plain `go test -bench` short.
const EnvBenchAds = "REMAT_BENCH_ADS"

const defaultBenchAds = 20000

// capacityMeter asks DynamoDB for the consumed capacity of every read the
// search makes and adds it up.
type capacityMeter struct {
	*dynamodb.Client
	mu    sync.Mutex
	units float64
}

func (m *capacityMeter) add(cc ...types.ConsumedCapacity) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, c := range cc {
		if c.CapacityUnits != nil {
			m.units += *c.CapacityUnits
		}
	}
}

func (m *capacityMeter) Query(ctx context.Context, in *dynamodb.QueryInput, opts ...func(*dynamodb.Options)) (*dynamodb.QueryOutput, error) {
	in.ReturnConsumedCapacity = types.ReturnConsumedCapacityTotal
	out, err := m.Client.Query(ctx, in, opts...)
	if err == nil && out.ConsumedCapacity != nil {
		m.add(*out.ConsumedCapacity)
	}
	return out, err //nolint:wrapcheck // a transparent wrapper
}

func (m *capacityMeter) BatchGetItem(ctx context.Context, in *dynamodb.BatchGetItemInput, opts ...func(*dynamodb.Options)) (*dynamodb.BatchGetItemOutput, error) {
	in.ReturnConsumedCapacity = types.ReturnConsumedCapacityTotal
	out, err := m.Client.BatchGetItem(ctx, in, opts...)
	if err == nil {
		m.add(out.ConsumedCapacity...)
	}
	return out, err //nolint:wrapcheck // a transparent wrapper
}

func benchAds(b *testing.B) []search.Ad {
	n := defaultBenchAds
	if v := os.Getenv(EnvBenchAds); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 1 {
			b.Fatalf("%s=%q: want a positive number", EnvBenchAds, v)
		}
	}
	return benchAdsN(n)
}

// benchAdsN is n ads of the benchmark catalogue.
func benchAdsN(n int) []search.Ad {
	towns := []struct {
		canton   string
		lat, lon float64
	}{
		{"ZH", 47.3769, 8.5417}, {"ZH", 47.4988, 8.7237}, {"BE", 46.948, 7.4474},
		{"VD", 46.5197, 6.6323}, {"TI", 46.0037, 8.9511}, {"GE", 46.2044, 6.1432},
		{"BS", 47.5596, 7.5886}, {"LU", 47.0502, 8.3093}, {"SG", 47.4245, 9.3767},
	}
	// Titles go with their category, as in a real catalogue: a search for
	// "tuiles" in roofing finds roofing ads, not one in five of them.
	kinds := []struct {
		cats   []string
		titles []string
	}{
		{[]string{"roofing", "building-materials"}, []string{"Dachziegel Biberschwanz", "Tuiles en terre cuite", "Coppi in laterizio"}},
		{[]string{"drywall", "building-materials"}, []string{"Gipsplatten 12.5 mm", "Plaques de plâtre", "Lastre in cartongesso"}},
		{[]string{"bricks-blocks", "building-materials"}, []string{"Mattoni pieni", "Backsteine Modul", "Briques perforées"}},
		{[]string{"power-tools", "tools"}, []string{"Bohrmaschine Akku", "Perceuse à percussion", "Trapano a batteria"}},
		{[]string{"timber", "building-materials"}, []string{"Holzbalken Fichte", "Poutres en sapin", "Travi in abete"}},
	}
	brands := []string{"Gasser", "Knauf", "Hilti", "Eternit", "Sika", "Bosch", "Makita", "Swisspor", ""}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	ads := make([]search.Ad, n)
	for i := range ads {
		town := towns[(i*7)%len(towns)]
		// Spread ads around each town by up to ~10 km.
		dLat, dLon := float64(i%21-10)*0.009, float64((i/21)%21-10)*0.013
		kind := kinds[(i*11)%len(kinds)]
		brand := brands[(i*3)%len(brands)]
		if i%200 == 0 {
			brand = "Rarebrand"
		}
		ads[i] = search.Ad{
			ID: fmt.Sprintf("b%07d", i), Title: kind.titles[(i/len(kinds))%len(kind.titles)] + " " + strconv.Itoa(i%37), Brand: brand,
			CategoryPath: kind.cats, Condition: []string{search.CondNew, search.CondUsed}[(i/3)%2],
			PriceRp: int64(500 + (i*7919)%200000), DiscountPct: (i % 4) * 10, Canton: town.canton,
			Lat: town.lat + dLat, Lon: town.lon + dLon, PublishedAt: t0.Add(time.Duration(i) * time.Minute), SellerID: "seller",
		}
	}
	return ads
}

// BenchmarkSearch loads REMAT_BENCH_ADS ads into DynamoDB Local and runs
// typical searches page after page, reporting per page the items read
// (the cost: budget 2 x page size), the read capacity consumed and the
// p50/p95 latency.
func BenchmarkSearch(b *testing.B) {
	db, table := testcloud.DynamoDB(b)
	ads := benchAds(b)
	start := time.Now()
	if err := search.Load(context.Background(), db, table, ads, 16); err != nil {
		b.Fatal(err)
	}
	b.Logf("loaded %d ads in %v", len(ads), time.Since(start).Round(time.Millisecond))
	cursors, err := ddb.NewCursors([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		b.Fatal(err)
	}
	const limit = 24
	queries := []struct {
		name string
		q    search.Query
	}{
		{"recent", search.Query{}},
		{"text", search.Query{Text: "ziegel"}},
		{"category+maxprice/price_asc", search.Query{Category: "timber", MaxPriceRp: 50000, Sort: search.SortPriceAsc}},
		{"rare-brand", search.Query{Brand: "rarebrand"}},
		{"near-zurich-20km", search.Query{Near: &search.Near{Lat: 47.3769, Lon: 8.5417, RadiusKm: 20}}},
		{"near-bern-5km+used/price_desc", search.Query{Near: &search.Near{Lat: 46.948, Lon: 7.4474, RadiusKm: 5}, Condition: search.CondUsed, Sort: search.SortPriceDesc}},
		{"near-lugano-25km+category", search.Query{Near: &search.Near{Lat: 46.0037, Lon: 8.9511, RadiusKm: 25}, Category: "tools"}},
		{"text+category+condition", search.Query{Text: "tuiles", Category: "roofing", Condition: search.CondNew}},
		{"near-zurich-20km/distance", search.Query{Near: &search.Near{Lat: 47.3769, Lon: 8.5417, RadiusKm: 20}, Sort: search.SortDistance}},
		{"near-bern-5km+used/distance", search.Query{Near: &search.Near{Lat: 46.948, Lon: 7.4474, RadiusKm: 5}, Condition: search.CondUsed, Sort: search.SortDistance}},
		{"near-lugano-25km+category/distance", search.Query{Near: &search.Near{Lat: 46.0037, Lon: 8.9511, RadiusKm: 25}, Category: "tools", Sort: search.SortDistance}},
	}
	for _, qc := range queries {
		b.Run(qc.name, func(b *testing.B) {
			meter := &capacityMeter{Client: db}
			q := qc.q
			q.Limit = limit
			var lat []time.Duration
			read, results := 0, 0
			// The first page reads the counts and plans; later pages follow
			// the cursor: their costs apart.
			var firstRead, firstPages, laterRead, laterPages int
			b.ResetTimer()
			for b.Loop() {
				t := time.Now()
				page, err := search.Search(context.Background(), meter, table, cursors, q)
				lat = append(lat, time.Since(t))
				if err != nil {
					b.Fatal(err)
				}
				read += page.ItemsRead
				results += len(page.Items)
				if q.Cursor == "" {
					firstRead, firstPages = firstRead+page.ItemsRead, firstPages+1
				} else {
					laterRead, laterPages = laterRead+page.ItemsRead, laterPages+1
				}
				q.Cursor = page.NextCursor // walk the pages, then start again
			}
			b.StopTimer()
			slices.Sort(lat)
			n := float64(len(lat))
			b.ReportMetric(float64(read)/n, "items-read/page")
			b.ReportMetric(float64(results)/n, "results/page")
			b.ReportMetric(float64(firstRead)/float64(max(firstPages, 1)), "items-read/first-page")
			b.ReportMetric(float64(laterRead)/float64(max(laterPages, 1)), "items-read/later-page")
			b.ReportMetric(meter.units/n, "RCU/page")
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(lat[len(lat)*95/100].Microseconds())/1000, "p95-ms")
		})
	}
}
