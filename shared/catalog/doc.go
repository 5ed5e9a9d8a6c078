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
// status, main image, delete, expiry, import - updates it).
//
// The image pipeline (functions/images) and the demo seed use the Store
// directly: MarkImageReady / MarkImageFailed and PutImported.
package catalog
