package reports

import (
	"crypto/sha256"
	"encoding/hex"
	"time"

	"github.com/remat/remat/shared/ddb"
)

// Item types and keys of the ad-report domain. Reports are stored with the
// ad they are about.
//
// Items:
//
//	Report         PK = AD#<adId>          SK = REPORT#<ulid>   type = AdReport
//	               while open:   GSI3PK = REPORT#OPEN, GSI3SK = <createdAt>#<ulid>
//	               once resolved: GSI1PK = REPORTS#RESOLVED, GSI1SK = <resolvedAt>#<ulid>
//	               id, adId, reason, details, email, language, reporterId
//	               (signed in), clientHash, consentAt, status, createdAt,
//	               notified, resolvedAt, resolution {action, note, by, byId}
//	Report guard   PK = AD#<adId>          SK = REPORTER#<hex sha256(normalised e-mail)>
//	               type = AdReportGuard, reportId: one open report per
//	               reporter and ad (exists exactly while the report is open)
//	Report lookup  PK = REPORT#<ulid>      SK = REPORT   type = AdReportLookup, adId
//
// Access patterns:
//
//	Report an ad (atomic: two parallel reports by one reporter, one wins)
//	    TransactWriteItems [Put report, Put guard, Put lookup], each
//	    attribute_not_exists(PK); the guard's failure is report_already_open.
//	    Rate limits per client address and per e-mail first (ratelimit).
//	One report by id (admin)
//	    GetItem REPORT#<id>/REPORT -> GetItem AD#<adId>/REPORT#<id>
//	Open reports, oldest first (admin queue)
//	    Query GSI3 GSI3PK=REPORT#OPEN ascending, signed cursor
//	Resolved reports, newest first (admin)
//	    Query GSI1 GSI1PK=REPORTS#RESOLVED descending, signed cursor
//	Open reports of one ad (resolve them together)
//	    Query PK=AD#<adId> begins_with(SK, REPORT#), FilterExpression status = open
//	Resolve a report
//	    TransactWriteItems [Update report SET status = resolved, ...
//	    REMOVE GSI3 keys IF status = open, Delete guard, Put audit entry
//	    (+ Update ad SET status = inactive IF status = active for
//	    deactivate_ad: catalog.Store.DeactivateUpdate)]
//
// Both queues are one partition each; reports are far below a partition's
// limits.
const (
	adPKPrefix       = "AD#"
	reportSKPrefix   = "REPORT#"
	guardSKPrefix    = "REPORTER#"
	lookupPKPrefix   = "REPORT#"
	skLookup         = "REPORT"
	gsi3PKOpen       = "REPORT#OPEN"
	gsi1PKResolved   = "REPORTS#RESOLVED"
	typeReport       = "AdReport"
	typeReportGuard  = "AdReportGuard"
	typeReportLookup = "AdReportLookup"
)

func adPK(adID string) string               { return adPKPrefix + adID }
func reportSK(id string) string             { return reportSKPrefix + id }
func lookupPK(id string) string             { return lookupPKPrefix + id }
func guardSK(email string) string           { return guardSKPrefix + hashHex(normalizeEmail(email)) }
func queueSK(t time.Time, id string) string { return ddb.TimeKey(t, id) }

func hashHex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// Cursor bindings of the two lists.
var (
	openFiltersHash     = ddb.FiltersHash("reports", "list", string(StatusOpen))
	resolvedFiltersHash = ddb.FiltersHash("reports", "list", string(StatusResolved))
)

// Rate limits of reporting.
const (
	RateScopeAddr  = "report-addr"
	RateScopeEmail = "report-email"
	RateLimitAddr  = 10
	RateLimitEmail = 5
	RateWindow     = time.Hour
)
