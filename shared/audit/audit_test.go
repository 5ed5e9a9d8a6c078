package audit

import (
	"strings"
	"testing"
	"time"
)

func TestTransactItem(t *testing.T) {
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	r := NewRecorder(nil, "remat-test").WithClock(func() time.Time { return at })
	actor := Actor{ID: "a1", Email: "ada@remat.ch"}
	tests := []struct {
		name       string
		change     Change
		before     string
		wantErr    bool
		wantAfterB string
	}{
		{"map", Change{Actor: actor, Action: "user.status", TargetType: TargetUser, TargetID: "u1",
			Before: map[string]string{"status": "active"}, After: map[string]string{"status": "banned"}}, `{"status":"active"}`, false, `{"status":"banned"}`},
		{"nil snapshots", Change{Actor: actor, Action: "x.y", TargetType: "ad", TargetID: "1"}, `{}`, false, `{}`},
		{"not an object", Change{Actor: actor, Action: "x.y", TargetType: "ad", TargetID: "1", Before: []int{1}}, "", true, ""},
		{"too large", Change{Actor: actor, Action: "x.y", TargetType: "ad", TargetID: "1", After: map[string]string{"s": strings.Repeat("x", MaxSnapshotBytes)}}, "", true, ""},
		{"no actor", Change{Action: "x.y", TargetType: "ad", TargetID: "1"}, "", true, ""},
		{"bad target type", Change{Actor: actor, Action: "x.y", TargetType: "Ad#1", TargetID: "1"}, "", true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			put, e, err := r.TransactItem(tt.change)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("got nil, want an error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(e.Before) != tt.before || string(e.After) != tt.wantAfterB || !e.At.Equal(at) || e.ID == "" {
				t.Errorf("got %+v", e)
			}
			if put.Put == nil || *put.Put.ConditionExpression != "attribute_not_exists(PK)" {
				t.Errorf("put: got %+v, want a conditional Put", put)
			}
		})
	}
}
