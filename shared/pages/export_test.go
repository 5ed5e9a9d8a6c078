package pages

// The SPA's sizes, for TestSizesMatchTheSPA.
const (
	GallerySizes     = gallerySizes
	ResultsCardSizes = resultsCardSizes
)
