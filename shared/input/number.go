package input

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/remat/remat/shared/apperr"
)

// DynamoDB's numbers: a magnitude from 1e-130 to 9.99...e125 (38 nines),
// or 0, with at most 38 significant digits. A float64 never has more than
// 17 significant digits (its shortest representation, which the SDK
// sends), so the magnitude is the bound to check. Every float64 below
// 1e126 prints below it; every float64 at or above 1e-130 prints at or
// above it.
const (
	NumberMinMagnitude = 1e-130
	NumberMaxMagnitude = 1e126 // exclusive
)

// Number reports whether f is a number DynamoDB can store: finite (not
// NaN, not ±Inf, which every comparison with a bound lets through) and 0
// or of a magnitude from NumberMinMagnitude to below NumberMaxMagnitude.
// Check a user's float64 with it before any range check of its own.
func Number(f float64) bool {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return false
	}
	a := math.Abs(f)
	return a == 0 || (a >= NumberMinMagnitude && a < NumberMaxMagnitude)
}

// ParseNumber reads a decimal number as a query string carries it
// ("25", "2.5", "-1e3") and returns it with the field code of a refusal:
// invalid for anything else (strconv's NaN, Inf and Infinity, hexadecimal
// floats, underscores), out_of_range for a number Number refuses. The
// caller still checks its own bounds.
func ParseNumber(s string) (float64, string) {
	if s == "" || strings.Trim(s, "0123456789+-.eE") != "" {
		return 0, apperr.FieldInvalid
	}
	f, err := strconv.ParseFloat(s, 64)
	var numErr *strconv.NumError
	switch {
	case errors.As(err, &numErr) && errors.Is(numErr.Err, strconv.ErrRange):
		return 0, apperr.FieldOutOfRange // beyond float64, or rounded to 0
	case err != nil || math.IsNaN(f) || math.IsInf(f, 0):
		return 0, apperr.FieldInvalid
	case !Number(f):
		return 0, apperr.FieldOutOfRange
	}
	return f, ""
}
