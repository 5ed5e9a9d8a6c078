package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/remat/remat/shared/apperr"
)

// DecodeJSON strictly decodes the request body into v.
//
// It answers with coded errors:
//   - unsupported_media_type unless Content-Type is application/json (a
//     charset parameter is allowed, but only utf-8);
//   - payload_too_large when the body exceeds maxBytes;
//   - invalid_json for an empty or malformed body, trailing data after the
//     JSON value, a type mismatch, or any field v does not declare.
//
// w is needed so http.MaxBytesReader can tell the server to close the
// connection after an oversized body.
func DecodeJSON(w http.ResponseWriter, r *http.Request, v any, maxBytes int64) error {
	ct := r.Header.Get("Content-Type")
	mediaType, params, err := mime.ParseMediaType(ct)
	if err != nil || mediaType != "application/json" {
		return apperr.New(apperr.CodeUnsupportedMediaType, fmt.Errorf("httpx: decode: content type %q", ct))
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
		return apperr.New(apperr.CodeUnsupportedMediaType, fmt.Errorf("httpx: decode: charset %q", cs))
	}
	if r.ContentLength > maxBytes {
		return apperr.New(apperr.CodePayloadTooLarge, fmt.Errorf("httpx: decode: content length %d > %d", r.ContentLength, maxBytes))
	}

	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBytes))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return decodeError(err, maxBytes)
	}
	// Exactly one JSON value: anything but whitespace after it is an error.
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if err == nil {
			err = errors.New("trailing data after JSON value")
		}
		return decodeError(err, maxBytes)
	}
	return nil
}

func decodeError(err error, maxBytes int64) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return apperr.New(apperr.CodePayloadTooLarge, fmt.Errorf("httpx: decode: body over %d bytes: %w", maxBytes, err))
	}
	return apperr.New(apperr.CodeInvalidJSON, fmt.Errorf("httpx: decode: %w", err))
}
