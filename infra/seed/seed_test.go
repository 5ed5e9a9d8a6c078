package seed_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/infra/samtpl"
	"github.com/remat/remat/infra/seed"
	"github.com/remat/remat/infra/testcloud"
)

func TestNormalizeName(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Zürich", "zurich"},
		{"  Neuchâtel ", "neuchatel"},
		{"Genève  1", "geneve 1"},
		{"L’Abbaye", "l'abbaye"},
		{"S-chanf", "s-chanf"},
		{"Sainte-Croix\tVD", "sainte-croix vd"},
		{"Çà", "ca"},
		{"", ""},
	}
	for _, tc := range tests {
		if got := seed.NormalizeName(tc.in); got != tc.want {
			t.Errorf("NormalizeName(%q): got %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestLocalityNameKeys(t *testing.T) {
	tests := []struct{ name, postal, pk, sk string }{
		{"Zürich", "8001", "LOCNAME#zu", "zurich#8001"},
		{"Ö", "1234", "LOCNAME#o", "o#1234"},
		{"Le Mont-sur-Lausanne", "1052", "LOCNAME#le", "le mont-sur-lausanne#1052"},
	}
	for _, tc := range tests {
		pk, sk := seed.LocalityNameKeys(tc.name, tc.postal)
		if pk != tc.pk || sk != tc.sk {
			t.Errorf("%s: got %q %q, want %q %q", tc.name, pk, sk, tc.pk, tc.sk)
		}
	}
}

func TestCategories(t *testing.T) {
	cats := seed.Categories()
	if len(cats) < 20 || len(cats) > 40 {
		t.Errorf("got %d categories, want 20 to 40", len(cats))
	}
	slugs := map[string]bool{}
	for _, c := range cats {
		slugs[c.Slug] = true
	}
	for _, want := range []string{"tools", "machines"} {
		if !slugs[want] {
			t.Errorf("category %q missing", want)
		}
	}
	for _, c := range cats {
		if c.Parent != "" && !slugs[c.Parent] {
			t.Errorf("%s: unknown parent %q", c.Slug, c.Parent)
		}
		for _, lang := range []string{"en", "fr", "de", "it", "sq"} {
			if strings.TrimSpace(c.Names[lang]) == "" {
				t.Errorf("%s: no %s name", c.Slug, lang)
			}
		}
	}
}

func writeFile(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReadErrors(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "nope.csv")
	_, _, err := seed.ReadLocalities(missing)
	var mf *seed.MissingFileError
	if !errors.As(err, &mf) || !strings.Contains(err.Error(), missing) || !strings.Contains(err.Error(), "-localities") || !strings.Contains(err.Error(), seed.EnvLocalitiesCSV) {
		t.Errorf("got %v, want a MissingFileError naming the path, flag and env", err)
	}
	_, _, err = seed.ReadCantons(missing)
	if !errors.As(err, &mf) || !strings.Contains(err.Error(), seed.EnvCantonsCSV) {
		t.Errorf("got %v, want a MissingFileError naming %s", err, seed.EnvCantonsCSV)
	}

	tests := []struct{ name, content, want string }{
		{"missing column", "postal_code,locality,lat,lon\n8001,Zürich,47.3,8.5\n", `lacks column "canton"`},
		{"bad lat", "postal_code,locality,canton,lat,lon\n8001,Zürich,ZH,north,8.5\n", "line 2: invalid lat"},
		{"short row", "postal_code,locality,canton,lat,lon\n8001,Zürich\n", "line 2"},
		{"empty name", "postal_code,locality,canton,lat,lon\n8001, ,ZH,47.3,8.5\n", "required"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := seed.ReadLocalities(writeFile(t, "l.csv", tc.content))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

// A handful of rows written for the test; the real data is never committed.
const (
	cantonsCSV = "code,name_de,name_fr,name_it,name_en,lat,lon\n" +
		"ZH,Zürich,Zurich,Zurigo,Zurich,47.37,8.54\n" +
		"GE,Genf,Genève,Ginevra,Geneva,46.20,6.14\n"
	localitiesCSV = "postal_code,locality,canton,lat,lon\n" +
		"8001,Zürich,ZH,47.37,8.54\n" +
		"1204,Genève,GE,46.20,6.15\n" +
		"1000,Lausanne 25,VD,46.57,6.69\n" +
		"1000,Lausanne 26,VD,46.55,6.70\n" +
		"8400,Winterthur,ZH,47.50,8.72\n"
)

func TestRunSeedsIdempotently(t *testing.T) {
	client, table := testcloud.DynamoDB(t)
	ctx := context.Background()
	opts := seed.Options{
		CantonsCSV:    writeFile(t, "cantons.csv", cantonsCSV),
		LocalitiesCSV: writeFile(t, "localities.csv", localitiesCSV),
		Concurrency:   2,
	}
	report, err := seed.Run(ctx, client, table, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{
		seed.DatasetCategories: len(seed.Categories()), seed.DatasetBrands: len(seed.Brands()),
		seed.DatasetCantons: 2, seed.DatasetLocalities: 5,
	}
	if len(report) != 4 {
		t.Fatalf("got %v, want 4 datasets", report)
	}
	for _, r := range report {
		if r.Skipped || r.Items != want[r.Dataset] {
			t.Errorf("got %v, want %d items written", r, want[r.Dataset])
		}
	}

	// Items and keys.
	get := func(pk, sk string) map[string]types.AttributeValue {
		t.Helper()
		out, err := client.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String(table), Key: map[string]types.AttributeValue{
			"PK": &types.AttributeValueMemberS{Value: pk}, "SK": &types.AttributeValueMemberS{Value: sk}}})
		if err != nil {
			t.Fatal(err)
		}
		return out.Item
	}
	if it := get("CATEGORY", "power-tools"); it["parent"].(*types.AttributeValueMemberS).Value != "tools" {
		t.Errorf("got %v, want power-tools under tools", it)
	}
	ge := get("CANTON", "GE")
	gnames := ge["names"].(*types.AttributeValueMemberM).Value
	if gnames["fr"].(*types.AttributeValueMemberS).Value != "Genève" || gnames["sq"].(*types.AttributeValueMemberS).Value != "Geneva" {
		t.Errorf("got names %v, want fr Genève and sq falling back to en", gnames)
	}
	zh := get("LOCALITY#8001", "zurich")
	if zh["locality"].(*types.AttributeValueMemberS).Value != "Zürich" || zh["canton"].(*types.AttributeValueMemberS).Value != "ZH" ||
		zh["lat"].(*types.AttributeValueMemberN).Value != "47.37" {
		t.Errorf("got %v", zh)
	}

	// Autocomplete by name through GSI1.
	out, err := client.Query(ctx, &dynamodb.QueryInput{
		TableName: aws.String(table), IndexName: aws.String("GSI1"),
		KeyConditionExpression: aws.String("GSI1PK = :pk AND begins_with(GSI1SK, :q)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: "LOCNAME#la"}, ":q": &types.AttributeValueMemberS{Value: "lausanne"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if out.Count != 2 {
		t.Errorf("got %d Lausanne localities by name, want 2", out.Count)
	}

	// Autocomplete by postal code prefix through GSI2.
	out, err = client.Query(ctx, &dynamodb.QueryInput{
		TableName: aws.String(table), IndexName: aws.String("GSI2"),
		KeyConditionExpression: aws.String("GSI2PK = :pk AND GSI2SK BETWEEN :lo AND :hi"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":pk": &types.AttributeValueMemberS{Value: "LOCPC#1"},
			":lo": &types.AttributeValueMemberN{Value: "1000"}, ":hi": &types.AttributeValueMemberN{Value: "1099"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if out.Count != 2 {
		t.Errorf("got %d localities with postal codes 10xx, want 2", out.Count)
	}
	if it := get("BRAND", "villeroy-boch"); it["name"].(*types.AttributeValueMemberS).Value != "Villeroy & Boch" {
		t.Errorf("got %v, want the brand Villeroy & Boch", it)
	}

	// Unchanged data is skipped; a changed file is written again.
	report, err = seed.Run(ctx, client, table, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range report {
		if !r.Skipped {
			t.Errorf("second run: got %v, want skipped", r)
		}
	}
	opts.LocalitiesCSV = writeFile(t, "localities2.csv", localitiesCSV+"3000,Bern,BE,46.95,7.44\n")
	report, err = seed.Run(ctx, client, table, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := report[3]; got.Skipped || got.Items != 6 {
		t.Errorf("got %v, want localities rewritten with 6 items", got)
	}
	if !report[0].Skipped || !report[1].Skipped || !report[2].Skipped {
		t.Errorf("got %v, want categories, brands and cantons skipped", report)
	}
}

func TestRunFailsBeforeWritingOnMissingFile(t *testing.T) {
	client, table := testcloud.DynamoDB(t)
	_, err := seed.Run(context.Background(), client, table, seed.Options{LocalitiesCSV: filepath.Join(t.TempDir(), "missing.csv")})
	var mf *seed.MissingFileError
	if !errors.As(err, &mf) {
		t.Fatalf("got %v, want MissingFileError", err)
	}
	out, err := client.Scan(context.Background(), &dynamodb.ScanInput{TableName: aws.String(table)})
	if err != nil || out.Count != 0 {
		t.Errorf("got %d items, %v, want nothing written", out.Count, err)
	}
}

// TestRealData seeds the project's real CSV files (read from
// ../shared/data beside the checkout, or REMAT_LOCALITIES_CSV and
// REMAT_CANTONS_CSV) and reports the time taken. Nothing derived from them
// is kept.
func TestRealData(t *testing.T) {
	root, err := samtpl.ModuleRoot("")
	if err != nil {
		t.Fatal(err)
	}
	locs := envOr(seed.EnvLocalitiesCSV, filepath.Join(root, "..", "shared", "data", "ch-localities.csv"))
	cantons := envOr(seed.EnvCantonsCSV, filepath.Join(root, "..", "shared", "data", "ch-cantons.csv"))
	if _, err := os.Stat(locs); err != nil {
		t.Skipf("real localities CSV not available at %s", locs)
	}
	client, table := testcloud.DynamoDB(t)
	start := time.Now()
	report, err := seed.Run(context.Background(), client, table, seed.Options{LocalitiesCSV: locs, CantonsCSV: cantons})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("seeded in %s: %v", time.Since(start).Round(time.Millisecond), report)
	if n := report[len(report)-1].Items; n < 4000 {
		t.Errorf("got %d localities, want about 4,240", n)
	}
	start = time.Now()
	if report, err = seed.Run(context.Background(), client, table, seed.Options{LocalitiesCSV: locs, CantonsCSV: cantons}); err != nil {
		t.Fatal(err)
	}
	t.Logf("re-run in %s: %v", time.Since(start).Round(time.Millisecond), report)
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

func TestBrands(t *testing.T) {
	brands := seed.Brands()
	if len(brands) < 30 {
		t.Errorf("got %d brands, want at least 30", len(brands))
	}
	slugs := map[string]bool{}
	for _, b := range brands {
		if b.Slug == "" || strings.Trim(b.Slug, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" || slugs[b.Slug] {
			t.Errorf("%q: got slug %q, want a unique [a-z0-9-] slug", b.Name, b.Slug)
		}
		slugs[b.Slug] = true
	}
	for _, want := range []string{"karcher", "villeroy-boch", "wacker-neuson", "hilti"} {
		if !slugs[want] {
			t.Errorf("slug %q missing", want)
		}
	}
}
