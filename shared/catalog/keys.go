package catalog

import (
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/shared/ddb"
)

// Item types and keys of the catalogue.
//
// Items:
//
//	Ad           PK = AD#<adId>             SK = AD               type = Ad
//	             GSI1PK = SELLER#<uid>, GSI1SK = <createdAt>#<adId>
//	             while active: GSI3PK = ADEXP#<yyyy-mm-dd of expiresAt>,
//	             GSI3SK = <expiresAt>#<adId>
//	             id, sellerId, status, title, categorySlug, categoryPath,
//	             brand, description, priceRp, discountPct, condition,
//	             quantity {amount, unit}, pickup, delivery, location {kind,
//	             postalCode, locality, canton, lat, lon}, mainImageId,
//	             imageOrder, imageCount (pending + ready images, the
//	             allowance counter), webpImages (string set: the ready
//	             images with WebP renditions), createdAt, updatedAt, publishedAt,
//	             expiresAt, subscriptionId, sellerHidden (the seller's
//	             account is suspended or banned: see moderation.go)
//	Ad stats     PK = AD#<adId>             SK = STATS            type = AdStats
//	             clicks (ADD), favourites (ADD, by package favourites)
//	Ad image     PK = AD#<adId>             SK = IMG#<imageId>    type = AdImage
//	             imageId, adId, state, reason, contentType, size,
//	             uploadKey, keys {thumb, card, large: JPEG keys;
//	             thumbWebp, cardWebp, largeWebp: [{key, width, height}],
//	             narrowest first, absent before WebP renditions}, width,
//	             height (of the large rendition), createdAt
//	Image lookup PK = IMAGE#<imageId>       SK = IMAGE            type = ImageLookup
//	             adId, sellerId: which ad an image id belongs to
//	View guard   PK = VIEW#<adId>#<yyyy-mm-dd>  SK = <sha256 of the visitor id>
//	             type = ViewGuard, ttl (+2 days): one click per visitor,
//	             ad and day
//	Search       AD#<adId>/IXTERMS and the postings: package search
//
// Reference data written by infra/seed and read here: Category
// (CATEGORY/<slug>) and Brand (BRAND/<slug>), both also edited by the back
// office (taxonomy.go; the TAXONOMY/VERSION item: taxonomy_store.go), Canton (CANTON/<code>),
// Locality (LOCALITY#<postal code>/<normalised name>, GSI1
// LOCNAME#<2 letters>/<normalised name>#<postal code>, GSI2
// LOCPC#<first digit>/<postal code as a number>).
//
// Access patterns:
//
//	Create a draft                 PutItem AD#id/AD attribute_not_exists(PK)
//	Detail (ad, stats, images)     Query PK=AD#id (one request; IXTERMS skipped)
//	Edit                           UpdateItem AD#id/AD IF sellerId = :uid
//	Publish (one TransactWriteItems)
//	    Update USER#uid/SUB#subId remainingAds - 1 IF remainingAds > 0 AND
//	        expiresAt > :now AND bundle = false    (billing.ConsumeAdUpdate)
//	    Update AD#id/AD SET status = active, publishedAt, expiresAt,
//	        subscriptionId, GSI3 keys IF sellerId = :uid AND status = :seen
//	        AND mainImageId = :main
//	Status toggle                  UpdateItem AD#id/AD IF sellerId AND status
//	My ads, newest created first   Query GSI1 GSI1PK=SELLER#uid descending
//	                               [FilterExpression status = :s]; clicks and
//	                               favourites by BatchGetItem AD#id/STATS
//	                               (Store.SellerAds, Store.Stats)
//	The seller's ads (the public   the same Query with status = active
//	seller page, package reviews)
//	Add an image (one TransactWriteItems)
//	    Update AD imageCount + 1, imageOrder += [id] IF sellerId = :uid AND
//	        imageCount < :allowance
//	    Put AD#id/IMG#imageId, Put IMAGE#imageId (attribute_not_exists)
//	Image ready / failed           TransactWriteItems [Update IMG state IF
//	                               state = pending, Update AD (main image if
//	                               none, ADD webpImages / imageCount - 1)]
//	Delete an image                TransactWriteItems [Delete IMG, Delete
//	                               IMAGE#, Update AD (order, count, main,
//	                               DELETE webpImages) IF mainImageId = :seen]
//	Which ad has an image          GetItem IMAGE#imageId/IMAGE
//	Count a click                  ratelimit items (views.go): the address's
//	                               budget, then its one view of the ad today;
//	                               TransactWriteItems [Put VIEW guard
//	                               attribute_not_exists, Update STATS ADD
//	                               clicks :1]
//	Cards by ids (recently viewed) BatchGetItem AD#id/AD
//	Deleted ad (410 of its page)   GetItem ADGONE#<id>/GONE (written with
//	                               the ad's delete; ttl GoneFor)
//	Moderation (deactivate, hide and show a seller's ads): moderation.go
//	Ads expiring on a day          Query GSI3 GSI3PK=ADEXP#<day> AND
//	                               GSI3SK < <now>$ (the schedule)
//	Categories, brands             Query PK=CATEGORY / PK=BRAND (cached 60 s;
//	                               GetItem TAXONOMY/VERSION every 5 s)
//	Canton                         GetItem CANTON/<code>
//	Localities of a postal code    Query PK=LOCALITY#<code>
//	Localities by name prefix      Query GSI1 GSI1PK=LOCNAME#<2 letters>
//	                               begins_with(GSI1SK, <normalised prefix>)
//	Localities by postal prefix    Query GSI2 GSI2PK=LOCPC#<first digit>
//	                               GSI2SK BETWEEN <prefix>0.. AND <prefix>9..
const (
	adPKPrefix        = "AD#"
	skAd              = "AD"
	skStats           = "STATS"
	imgSKPrefix       = "IMG#"
	imagePKPrefix     = "IMAGE#"
	skImage           = "IMAGE"
	viewPKPrefix      = "VIEW#"
	sellerGSI1Prefix  = "SELLER#"
	adExpGSI3Prefix   = "ADEXP#"
	gonePKPrefix      = "ADGONE#"
	skGone            = "GONE"
	pkCategory        = "CATEGORY"
	pkBrand           = "BRAND"
	pkCanton          = "CANTON"
	localityPKPrefix  = "LOCALITY#"
	locNameGSI1Prefix = "LOCNAME#"
	locPCGSI2Prefix   = "LOCPC#"

	typeAd          = "Ad"
	typeStats       = "AdStats"
	typeImage       = "AdImage"
	typeImageLookup = "ImageLookup"
	typeViewGuard   = "ViewGuard"
	typeGone        = "AdGone"

	dayLayout = "2006-01-02"

	// Prefixes of the S3 keys.
	uploadsPrefix  = "uploads/"
	productsPrefix = "images/products/"
)

func adPK(id string) string                    { return adPKPrefix + id }
func imgSK(imageID string) string              { return imgSKPrefix + imageID }
func gonePK(id string) string                  { return gonePKPrefix + id }
func imagePK(imageID string) string            { return imagePKPrefix + imageID }
func sellerPK(uid string) string               { return sellerGSI1Prefix + uid }
func sellerSK(a Ad) string                     { return ddb.TimeKey(a.CreatedAt, a.ID) }
func adExpiryPK(t time.Time) string            { return adExpGSI3Prefix + t.UTC().Format(dayLayout) }
func adExpirySK(t time.Time, id string) string { return ddb.TimeKey(t, id) }
func viewPK(adID string, day time.Time) string {
	return viewPKPrefix + adID + "#" + day.UTC().Format(dayLayout)
}

// UploadKey is the S3 key the browser uploads an image to:
// "uploads/<adId>/<imageId>". The bucket's ObjectCreated event on the
// uploads/ prefix starts the image function.
func UploadKey(adID, imageID string) string { return uploadsPrefix + adID + "/" + imageID }

// ParseUploadKey returns the ad and image ids of an UploadKey; ok is false
// for any other key (both ids must be ULIDs).
func ParseUploadKey(key string) (adID, imageID string, ok bool) {
	rest, found := strings.CutPrefix(key, uploadsPrefix)
	if !found {
		return "", "", false
	}
	adID, imageID, found = strings.Cut(rest, "/")
	if !found || !ValidID(adID) || !ValidID(imageID) {
		return "", "", false
	}
	return adID, imageID, true
}

// RenditionKeys are the S3 keys of the renditions of an image processed
// before WebP renditions existed: images/products/<adId>/<imageId>-thumb.jpg,
// -card.jpg and -large.jpg (served by CloudFront at "/" + key). Images
// processed since have a folder of their own (WebPRenditionKey).
func RenditionKeys(adID, imageID string) ImageKeys {
	base := productsPrefix + adID + "/" + imageID
	return ImageKeys{Thumb: base + "-thumb.jpg", Card: base + "-card.jpg", Large: base + "-large.jpg"}
}

// Names of the renditions in an image's folder (WebPRenditionKey): the
// JPEGs and the WebP renditions of the same pictures. The narrow ones,
// card-320 (imaging.CardSmallWidth) and large-800 (fitted within
// imaging.LargeSmallMaxSide, made only for a larger photo), serve phones.
const (
	RenditionThumbJPEG      = "thumb.jpg"
	RenditionCardJPEG       = "card.jpg"
	RenditionLargeJPEG      = "large.jpg"
	RenditionThumbWebP      = "thumb.webp"
	RenditionCardSmallWebP  = "card-320.webp"
	RenditionCardWebP       = "card.webp"
	RenditionLargeSmallWebP = "large-800.webp"
	RenditionLargeWebP      = "large.webp"
)

// renditionNames are every name an image's folder may hold.
var renditionNames = []string{
	RenditionThumbJPEG, RenditionCardJPEG, RenditionLargeJPEG, RenditionThumbWebP,
	RenditionCardSmallWebP, RenditionCardWebP, RenditionLargeSmallWebP, RenditionLargeWebP,
}

// WebPRenditionKey is the S3 key of rendition name (RenditionThumbJPEG,
// ...) of an image processed with WebP renditions: each image has a folder
// of its own, images/products/<adId>/<imageId>/<name>. The image's item
// records which were written (ImageKeys).
func WebPRenditionKey(adID, imageID, name string) string {
	return productsPrefix + adID + "/" + imageID + "/" + name
}

// ValidID reports whether s is a ULID as the catalogue makes them (ad and
// image ids). Ids from URLs are checked before they become keys.
func ValidID(s string) bool {
	_, err := ulid.ParseStrict(s)
	return err == nil && len(s) == ulid.EncodedSize
}

// Keys and conditions for the domains that write an ad's items inside
// their own transactions (favourites: a wish-list item and the ad's
// favourites counter in one TransactWriteItems).

// AdKey is the key of ad id's main item.
func AdKey(id string) map[string]types.AttributeValue { return ddb.Key(adPK(id), skAd) }

// StatsKey is the key of ad id's STATS item (see Stats).
func StatsKey(id string) map[string]types.AttributeValue { return ddb.Key(adPK(id), skStats) }

// StatsType is the type attribute of a STATS item.
const StatsType = typeStats

// VisibleToOthers is a ConditionCheck on AdKey(id) that holds while the ad
// is active, its seller is not hidden and it does not belong to userID:
// the ads another user may save.
func VisibleToOthers(table, id, userID string) *types.ConditionCheck {
	return &types.ConditionCheck{
		TableName: aws.String(table), Key: AdKey(id),
		ConditionExpression:      aws.String("#s = :active AND sellerId <> :uid AND (attribute_not_exists(sellerHidden) OR sellerHidden = :false)"),
		ExpressionAttributeNames: map[string]string{"#s": "status"},
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":active": str(StatusActive), ":uid": str(userID), ":false": &types.AttributeValueMemberBOOL{Value: false},
		},
	}
}
