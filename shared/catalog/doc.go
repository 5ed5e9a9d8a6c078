// Package catalog is Remat's ad catalogue: sellers' ads (drafts, published,
// inactive, expired) with their photos, publishing against a subscription,
// click counting, the category, brand and locality reference data and the
// back office's editing of categories and brands (Taxonomy), and the
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
//	shared       model.go (Ad, Image, reference types), input.go (the
//	             seller's form), json.go (API shapes), errors.go (the
//	             catalogue's apperr sentinels), service.go (Service, its
//	             dependencies and limits)
//	ads          ads.go (drafts, edits, delete, publish, status, My ads),
//	             allowance.go (what the seller's subscriptions allow);
//	             store.go (Store, items; create, read, edit, delete),
//	             status.go (publish, status, expiry), lists.go (stats,
//	             cards by ids, a seller's ads, click writes), erase.go
//	             (account deletion), moderation.go (hide and show a
//	             seller's ads, deactivate on a report)
//	photos       photos.go; photos_store.go, s3.go
//	buyers       buyer.go (detail, cards, similar, search), views.go
//	             (click counting); index.go (the search index and its queries)
//	reference    reference.go (cached tree and brands, localities,
//	             resolving an ad's input); reference_store.go
//	taxonomy     taxonomy.go (the back office's generic list editor),
//	             taxonomy_categories.go, taxonomy_brands.go,
//	             taxonomy_input.go; taxonomy_store.go
//	import       imported.go (PutImported: the demo seed's active ads)
//
// Names: "My ads" is the signed-in seller's own list, in every status:
// the SPA's user/products screen (the product spec's route), GET
// /api/v1/products/mine (the API path; operation listMyAds), handler
// myAds, Service.MyAds, Store.SellerAds on GSI1 SELLER#<uid>. "The
// seller's ads" is the public seller page's list of active ads: GET
// /api/v1/sellers/{id}/ads (listSellerAds), reviews.Service.SellerAds,
// the same Store.SellerAds with status active.
//
// The image pipeline (functions/images) and the demo seed use the Store
// directly: MarkImageReady / MarkImageFailed and PutImported.
package catalog
