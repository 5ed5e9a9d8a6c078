// Package seedtest loads reference data for integration tests: the
// category tree and brands, and cantons and localities given as CSV text
// in the formats the seed command reads.
package seedtest

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/remat/remat/infra/seed"
)

// Places seeds table with the category tree and brands and with the
// cantons and localities of cantonsCSV and localitiesCSV (seed.Options
// describes the formats), failing t when it cannot.
func Places(t testing.TB, db *dynamodb.Client, table, cantonsCSV, localitiesCSV string) {
	t.Helper()
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatalf("seedtest: %v", err)
		}
		return p
	}
	if _, err := seed.Run(t.Context(), db, table, seed.Options{
		CantonsCSV: write("cantons.csv", cantonsCSV), LocalitiesCSV: write("localities.csv", localitiesCSV), Concurrency: 2,
	}); err != nil {
		t.Fatalf("seedtest: %v", err)
	}
}
