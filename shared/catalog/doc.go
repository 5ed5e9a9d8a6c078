// Package catalog is Remat's ad catalogue: sellers' ads (drafts, published,
// inactive, expired) with their photos, publishing against a subscription,
// click counting, the category, brand and locality reference data, and the
// buyer's side (detail, search through package search, similar ads, cards
// for recently viewed ads).
//
// Layers: Handler (HTTP, routes in handler.go) -> Service (rules: owner
// checks, validation, which subscription pays, presigned uploads) -> Store
// (the single table, keys in keys.go; the search index is kept in step by
// the Store, so every path that changes what buyers see - publish, edit,
// status, main image, delete, expiry, import - updates it). The Service
// and Taxonomy reach the table only through the Store's methods.
//
// Files by responsibility (rules, then the Store's side):
//
//	ads          ads.go (drafts, edits, publish, status, My ads),
//	             allowance.go (what the seller's subscriptions allow);
//	             store.go, status.go, lists.go, erase.go, moderation.go
//	photos       photos.go; photos_store.go, s3.go
//	buyers       buyer.go (detail, cards, similar, search), views.go
//	             (click counting); index.go (the search index and its queries)
//	reference    reference.go (cached tree and brands, localities,
//	             resolving an ad's input); reference_store.go
//	taxonomy     taxonomy.go (the back office's generic list editor),
//	             taxonomy_categories.go, taxonomy_brands.go,
//	             taxonomy_input.go; taxonomy_store.go
//
// The image pipeline (functions/images) and the demo seed use the Store
// directly: MarkImageReady / MarkImageFailed and PutImported.
package catalog
