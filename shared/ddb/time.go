package ddb

import "time"

// TimeLayout is how the table stores times: UTC with a fixed-width
// fraction, so stored times sort and compare as strings (sort keys, GSI
// keys, conditions on expiry times).
const TimeLayout = "2006-01-02T15:04:05.000000000Z07:00"

// Time returns t in UTC as TimeLayout.
func Time(t time.Time) string { return t.UTC().Format(TimeLayout) }

// TimeKey returns the sort key of an item listed by time: Time(at) "#" id,
// unique even when two items share a timestamp.
func TimeKey(at time.Time, id string) string { return Time(at) + "#" + id }
