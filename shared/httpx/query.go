package httpx

import (
	"net/http"
	"strconv"

	"github.com/remat/remat/shared/apperr"
)

// Limit reads a list's page size from r's query parameter "limit": def
// when it is absent, else a whole number from 1 to max; anything else is
// a validation_failed error naming limit as invalid.
func Limit(r *http.Request, def, max int) (int, error) {
	s := r.URL.Query().Get("limit")
	if s == "" {
		return def, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > max {
		return 0, apperr.Validation(map[string]string{"limit": apperr.FieldInvalid})
	}
	return n, nil
}
