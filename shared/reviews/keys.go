// Package reviews is seller reviews and the public seller profile.
//
// A buyer who wrote to a seller about an ad while signed in (contactreq's
// Contacted record) may rate the seller once for that ad, 1 to 5 stars
// with a text, once the waiting period after the first message has passed
// (Options.Wait: time for the deal to happen). The author may edit the
// review for EditWindow; the seller may reply once. Anyone signed in may
// report a review; administrators remove it ("review removed") or dismiss
// the reports, each in the audit log. The seller's average and count are
// sums kept in the same transactions as the reviews, so the profile and
// every ad read them with one GetItem.
package reviews

import (
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"github.com/remat/remat/shared/ddb"
)

// Item types and keys.
//
// Items:
//
//	Review         PK = REVIEW#<id>          SK = REVIEW           type = Review
//	               id, sellerId, adId, adTitle, buyerId, authorName, rating,
//	               text, createdAt, updatedAt, reply {text, createdAt},
//	               status (visible | removed), reports
//	               while visible: GSI1PK = REVIEWS#<sellerId>, GSI1SK = <createdAt>#<id>
//	               while reported: GSI3PK = REVIEWREPORTED, GSI3SK = <first report>#<id>
//	Review report  PK = REVIEW#<id>          SK = REPORT#<userId>  type = ReviewReport
//	               reason, reporterName, createdAt
//	One per ad     PK = REVIEWBY#<buyerId>   SK = AD#<adId>        type = ReviewGuard
//	               reviewId
//	Seller rating  PK = USER#<sellerId>      SK = RATING           type = SellerRating
//	               sum, count (ADD, in the review transactions)
//	Contacted      USER#<buyerId>/CONTACTED#<adId> (contactreq): eligibility
//
// Access patterns:
//
//	Write a review (one TransactWriteItems)  Put REVIEW (not exists), Put
//	    REVIEWBY guard (not exists), Update RATING ADD sum :r, count :1
//	Edit (author, within EditWindow)         Update REVIEW IF rating = :seen AND
//	    status = visible, Update RATING ADD sum :delta
//	Reply (seller, once)                     Update REVIEW SET reply IF
//	    attribute_not_exists(reply) AND status = visible
//	Report                                   Put REPORT#uid (not exists), Update
//	    REVIEW ADD reports :1 SET GSI3 keys (if_not_exists)
//	Remove (admin)                           Update REVIEW SET status = removed
//	    REMOVE GSI keys IF status = visible, Update RATING ADD sum -r, count -1,
//	    Put audit entry
//	Dismiss reports (admin)                  Update REVIEW REMOVE GSI3 keys, audit
//	A seller's reviews, newest first         Query GSI1 GSI1PK=REVIEWS#sellerId desc
//	Reported reviews, oldest first           Query GSI3 GSI3PK=REVIEWREPORTED; their
//	                                         reports Query PK=REVIEW#id begins_with REPORT#
//	Rating                                   GetItem USER#sellerId/RATING
//	A buyer's reviews (export, erasure)      Query PK=REVIEWBY#buyerId (the guards),
//	                                         then the reviews they name
const (
	reviewPKPrefix = "REVIEW#"
	skReview       = "REVIEW"
	reportSKPrefix = "REPORT#"
	guardPKPrefix  = "REVIEWBY#"
	guardSKPrefix  = "AD#"
	userPKPrefix   = "USER#"
	skRating       = "RATING"
	listPKPrefix   = "REVIEWS#"
	pkReported     = "REVIEWREPORTED"

	typeReview = "Review"
	typeReport = "ReviewReport"
	typeGuard  = "ReviewGuard"
	typeRating = "SellerRating"
)

func reviewKey(id string) map[string]types.AttributeValue {
	return ddb.Key(reviewPKPrefix+id, skReview)
}
func guardKey(buyerID, adID string) map[string]types.AttributeValue {
	return ddb.Key(guardPKPrefix+buyerID, guardSKPrefix+adID)
}
func ratingKey(sellerID string) map[string]types.AttributeValue {
	return ddb.Key(userPKPrefix+sellerID, skRating)
}
func reportKey(id, userID string) map[string]types.AttributeValue {
	return ddb.Key(reviewPKPrefix+id, reportSKPrefix+userID)
}
func listPK(sellerID string) string          { return listPKPrefix + sellerID }
func sortKey(at time.Time, id string) string { return ddb.TimeKey(at, id) }
