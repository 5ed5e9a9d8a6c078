// Package subscriptions is the scheduled side of billing: once an hour it
// marks the subscriptions that reached their expiry as expired and e-mails
// each seller a reminder seven days before a subscription expires, once
// per expiry date, in the seller's language.
//
// The subscription items belong to shared/billing (see its keys.go); this
// package only reads them through GSI3 and sets its own attributes:
//
//	Subscription  PK = USER#<uid>  SK = SUB#<subId>
//	              GSI3PK = SUBEXP#<yyyy-mm-dd of expiresAt (UTC)>  (ExpiryPK = billing.SubExpiryPK)
//	              GSI3SK = <uid>#<subId>
//	  set here:   expiredAt       when the schedule saw it expired (a
//	                              subscription's state is still computed from
//	                              expiresAt; this records that expiry was handled)
//	              reminderSentAt  when the reminder was sent
//	              reminderFor     the expiresAt the reminder announced
//
// Access patterns:
//
//	Subscriptions expiring on a day   Query GSI3 GSI3PK=SUBEXP#<day> (paginated)
//	Mark expired (once)               UpdateItem SET expiredAt
//	                                  IF expiresAt = :seen AND attribute_not_exists(expiredAt)
//	Claim the reminder (once per      UpdateItem SET reminderSentAt, reminderFor
//	  expiry date)                    IF expiresAt = :seen AND (attribute_not_exists(reminderFor)
//	                                  OR reminderFor <> :seen)
//	Seller's e-mail and language      accounts.DynamoStore.UserByID (USER#<uid>/PROFILE)
//
// The conditions make every run idempotent: runs may overlap or repeat and
// a seller still gets one reminder per expiry date. A subscription that
// billing extends gets a new expiresAt (and a new GSI3 day), so it is
// reminded again before the new date. The claim is written before the
// e-mail is sent and released if sending fails, so a failure is retried on
// the next run instead of being lost.
package subscriptions

import "time"

// Attribute names this package reads and writes on subscription items.
const (
	subExpGSI3Prefix   = "SUBEXP#"
	dayLayout          = "2006-01-02"
	attrExpiresAt      = "expiresAt"
	attrExpiredAt      = "expiredAt"
	attrReminderSentAt = "reminderSentAt"
	attrReminderFor    = "reminderFor"
	typeSubscription   = "Subscription"
	indexGSI3          = "GSI3"
)

// ExpiryPK is the GSI3 partition of the subscriptions expiring on day's
// UTC date. It must equal billing.SubExpiryPK, which writes it (a test
// checks); it is repeated here so the schedule function does not link the
// payment provider's code.
func ExpiryPK(day time.Time) string { return subExpGSI3Prefix + day.UTC().Format(dayLayout) }
