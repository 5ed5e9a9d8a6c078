package bench

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/alerts"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/search"
)

// benchSavedSearches is how many saved searches the alert benchmark files.
const benchSavedSearches = 10000

// benchSearchCriteria returns n saved searches' criteria in the mix a
// marketplace sees: mostly a word, often a category or a place with a
// radius, sometimes a brand or a price limit.
func benchSearchCriteria(n int) []alerts.Criteria {
	words := []string{
		"ziegel", "tuiles", "gipsplatten", "plâtre", "mattoni", "backsteine", "bohrmaschine", "perceuse", "trapano",
		"holzbalken", "poutres", "travi", "eternit", "dachfenster", "parkett", "fliesen", "carrelage", "piastrelle",
		"gerüst", "échafaudage", "betonmischer", "bagger", "pelleteuse", "kies", "sable", "isolation", "dämmung",
	}
	cats := []string{"roofing", "drywall", "bricks-blocks", "power-tools", "timber"}
	towns := [][2]float64{{47.3769, 8.5417}, {47.4988, 8.7237}, {46.948, 7.4474}, {46.5197, 6.6323}, {46.0037, 8.9511}, {46.2044, 6.1432}, {47.5596, 7.5886}}
	brands := []string{"Hilti", "Makita", "Bosch", "Knauf", "Rarebrand", "Festool"}
	out := make([]alerts.Criteria, n)
	for i := range out {
		var c alerts.Criteria
		switch i % 20 {
		case 0, 1, 2, 3, 4, 5, 6, 7: // a word
			c.Text = words[(i*7)%len(words)]
		case 8, 9, 10: // a category, half with a price limit
			c.Category = cats[(i*3)%len(cats)]
			if i%2 == 0 {
				c.MaxPriceRp = int64(20000 + (i%10)*10000)
			}
		case 11, 12, 13, 14: // a place with a radius (5-30 km), half in a category
			t := towns[(i*5)%len(towns)]
			c.Lat, c.Lon, c.RadiusKm = t[0], t[1], float64(5+(i%6)*5)
			if i%2 == 0 {
				c.Category = cats[(i*3)%len(cats)]
			}
		case 15, 16: // a brand
			c.Brand = brands[(i*5)%len(brands)]
		default: // a word, a condition and a place
			t := towns[(i*5)%len(towns)]
			c.Text, c.Condition = words[(i*11)%len(words)], search.CondUsed
			c.Lat, c.Lon, c.RadiusKm = t[0], t[1], 30
		}
		out[i] = c
	}
	return out
}

// BenchmarkAlertMatching files 10,000 saved searches against a catalogue
// of 2,000 ads (the term counts the filing uses), then matches new ads as
// their publication does, reporting per ad the partitions queried, the
// filed entries read, the read capacity, the saved searches matched and
// the p50/p95 time (reads and the queue writes of the matches).
func BenchmarkAlertMatching(b *testing.B) {
	db, table := testcloud.DynamoDB(b)
	ctx := context.Background()
	catalogue := benchAdsN(2000)
	if err := search.Load(ctx, db, table, catalogue, 16); err != nil {
		b.Fatal(err)
	}
	cursors, err := ddb.NewCursors([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		b.Fatal(err)
	}
	meter := &capacityMeter{Client: db}
	store := alerts.NewStore(meter, table)
	start := time.Now()
	perKey := map[int]int{}
	for i, c := range benchSearchCriteria(benchSavedSearches) {
		keys, err := search.AlertKeys(ctx, db, table, c.Query())
		if err != nil {
			b.Fatal(err)
		}
		perKey[len(keys)]++
		s := alerts.SavedSearch{
			ID: ulid.Make().String(), UserID: fmt.Sprintf("user-%05d", i/5), Name: "bench", Params: "bench",
			Criteria: c, Frequency: alerts.FrequencyDaily, Keys: keys, CreatedAt: time.Now(),
		}
		if err := store.Create(ctx, s); err != nil {
			b.Fatal(err)
		}
	}
	b.Logf("filed %d saved searches in %v (searches by number of keys: %v)", benchSavedSearches, time.Since(start).Round(time.Millisecond), perKey)
	svc := alerts.NewService(store, db, table, nil, cursors)
	fresh := benchAdsN(2600)[2000:] // ads the catalogue has not seen: new publications
	var lat []time.Duration
	terms, read, matched, i := 0, 0, 0, 0
	meter.units = 0
	b.ResetTimer()
	for b.Loop() {
		ad := fresh[i%len(fresh)]
		ad.ID = fmt.Sprintf("n%07d", i)
		ad.SellerID = "bench-seller"
		i++
		t := time.Now()
		st, err := svc.Match(ctx, ad)
		lat = append(lat, time.Since(t))
		if err != nil {
			b.Fatal(err)
		}
		terms += st.Terms
		read += st.ItemsRead
		matched += st.Matched
	}
	b.StopTimer()
	slices.Sort(lat)
	n := float64(len(lat))
	b.ReportMetric(float64(terms)/n, "partitions/ad")
	b.ReportMetric(float64(read)/n, "entries-read/ad")
	b.ReportMetric(float64(matched)/n, "matched/ad")
	b.ReportMetric(meter.units/n, "RCU/ad")
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*95/100].Microseconds())/1000, "p95-ms")
}
