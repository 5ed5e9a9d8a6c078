package httpx

import (
	"net/http/httptest"
	"testing"

	"github.com/remat/remat/shared/apperr"
)

func TestLimit(t *testing.T) {
	tests := []struct {
		query   string
		want    int
		invalid bool
	}{
		{"", 20, false},
		{"?limit=1", 1, false},
		{"?limit=50", 50, false},
		{"?limit=0", 0, true},
		{"?limit=51", 0, true},
		{"?limit=-3", 0, true},
		{"?limit=ten", 0, true},
		{"?limit=2.5", 0, true},
	}
	for _, tt := range tests {
		got, err := Limit(httptest.NewRequest("GET", "/items"+tt.query, nil), 20, 50)
		e := apperr.From(err)
		if got != tt.want || (err != nil) != tt.invalid || (tt.invalid && e.Fields["limit"] != apperr.FieldInvalid) {
			t.Errorf("%q: got %d, %v, want %d (invalid %v)", tt.query, got, err, tt.want, tt.invalid)
		}
	}
}
