package seed

import (
	"encoding/json"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

// Brand is a brand sellers of construction materials, tools and machines
// commonly name, with its canonical spelling. Ads keep free-text brands;
// one that matches a seeded brand (ignoring case, accents and
// punctuation) is stored with the canonical name, so search finds it under
// one spelling.
type Brand struct {
	Slug string
	Name string
}

// Brands returns the seeded brands, by name.
func Brands() []Brand {
	names := []string{
		"Bauknecht", "Bobcat", "Bosch", "Caparol", "Caterpillar", "DeWalt", "Eternit", "Fein", "Fermacell",
		"Festool", "Flumroc", "Geberit", "Hilti", "Holcim", "Hoval", "Husqvarna", "Isover", "JCB", "Jura-Cement",
		"Kärcher", "Knauf", "Komatsu", "Kubota", "Laufen", "Liebherr", "Makita", "Mapei", "Metabo", "Milwaukee",
		"Rigips", "Rockwool", "Schüco", "Sika", "Stihl", "Sto", "swisspor", "Takeuchi", "Velux", "Viessmann",
		"Vigier", "Villeroy & Boch", "Volvo", "Wacker Neuson", "Weber", "Ytong", "Zehnder",
	}
	out := make([]Brand, len(names))
	for i, n := range names {
		out[i] = Brand{Slug: brandSlug(n), Name: n}
	}
	return out
}

// brandSlug is the brand's key: normalised, runs of anything but letters
// and digits turned into one hyphen ("Villeroy & Boch" -> villeroy-boch).
func brandSlug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range NormalizeName(name) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			dash = false
		} else if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.TrimSuffix(b.String(), "-")
}

func brandItems() ([]map[string]types.AttributeValue, string) {
	brands := Brands()
	items := make([]map[string]types.AttributeValue, len(brands))
	for i, b := range brands {
		items[i] = map[string]types.AttributeValue{"PK": s(BrandPK), "SK": s(b.Slug), "slug": s(b.Slug), "name": s(b.Name)}
	}
	raw, _ := json.Marshal(brands)
	return items, contentHash(DatasetBrands, raw)
}
