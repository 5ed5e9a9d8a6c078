// Package audit is the administrators' audit log: every administrative
// action is recorded as one Entry (who: actor id and e-mail; what: an
// action code; on what: target type and id; when; and the target's state
// before and after, as small JSON objects), and administrators read the
// log newest first (GET /api/v1/admin/audit).
//
// Recording, for other packages:
//
//	rec := audit.NewRecorder(db, table)
//	// In the same TransactWriteItems as the change it records (preferred):
//	put, entry, err := rec.TransactItem(audit.Change{Actor: actor, Action: "user.status",
//	    TargetType: audit.TargetUser, TargetID: uid, Before: before, After: after})
//	// ... append put to the transaction's items
//	// Or right after a change that is not a transaction:
//	entry, err := rec.Record(ctx, change)
//
// Before and After are marshalled with encoding/json and must encode to a
// JSON object (a struct or a map) of at most MaxSnapshotBytes; nil is {}.
// Keep them small: the fields the action changed, never secrets.
//
// Layout: keys.go (item and access patterns), audit.go (Entry, Change,
// Recorder), log.go (the reader), handler.go (the route).
package audit
