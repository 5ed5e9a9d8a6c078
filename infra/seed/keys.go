package seed

// Item keys written by the seeder. Access patterns they serve:
//
//   - list categories (menus, filters): Query PK=CATEGORY; SK is the slug.
//   - list brands: Query PK=BRAND; SK is the brand's slug.
//   - list cantons: Query PK=CANTON; SK is the two-letter code.
//   - localities of a postal code: Query PK=LOCALITY#<postal code>; SK is
//     the normalised locality name.
//   - localities by name (autocomplete): Query GSI1 with
//     GSI1PK=LOCNAME#<first two characters of the normalised name> and
//     begins_with(GSI1SK, <normalised input>); GSI1SK is
//     <normalised name>#<postal code> (see LocalityNameKeys).
//   - localities by postal code prefix (autocomplete): Query GSI2 with
//     GSI2PK=LOCPC#<first digit> and GSI2SK (the postal code as a number)
//     BETWEEN the prefix padded with 0s and with 9s.
//   - has a dataset been seeded with this content: GetItem PK=SEED,
//     SK=<dataset>; attribute hash.
const (
	CategoryPK         = "CATEGORY"
	BrandPK            = "BRAND"
	CantonPK           = "CANTON"
	LocalityPKPrefix   = "LOCALITY#"
	LocalityNamePrefix = "LOCNAME#"
	LocalityPostalGSI2 = "LOCPC#"
	SeedPK             = "SEED"
)

// Dataset names, also the SK of their SEED marker item.
const (
	DatasetCategories = "categories"
	DatasetBrands     = "brands"
	DatasetCantons    = "cantons"
	DatasetLocalities = "localities"
)
