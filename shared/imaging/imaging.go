// Package imaging turns an untrusted uploaded picture into safe, uniform
// JPEGs: an avatar (Avatar) or the renditions of a product photo
// (Product). The format is sniffed from the content (never from the file
// name; a declared Content-Type must agree with it), the size in bytes and
// the pixel dimensions are bounded before anything large is allocated
// (the dimensions are read from the header, so a decompression bomb is
// refused before a pixel is decoded), the JPEG EXIF orientation is
// applied, the picture is cropped or fitted, scaled and re-encoded as a
// baseline JPEG. Re-encoding writes pixels only, so every piece of
// metadata of the upload (EXIF, GPS position, comments, ICC profiles) is
// dropped.
//
// Failures are *ImageError values whose Reason is a stable snake_case code
// the API returns as params.reason of image_processing_failed.
package imaging

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"mime"

	"golang.org/x/image/webp"
)

// Reason says why an image was rejected. The values are stable API codes.
type Reason string

// Rejection reasons.
const (
	ReasonMissing         Reason = "missing"          // no image, or an empty one
	ReasonUnsupportedType Reason = "unsupported_type" // not JPEG, PNG or WebP by content
	ReasonTooLarge        Reason = "too_large"        // over the byte bound or the pixel bound
	ReasonTooSmall        Reason = "too_small"        // a side under MinSide pixels
	ReasonCorrupt         Reason = "corrupt"          // the content does not decode
	ReasonTypeMismatch    Reason = "type_mismatch"    // the declared type is not the content's
)

// ImageError is the error of every rejected image. Err, when set, is the
// decoder's cause: for logs only.
type ImageError struct {
	Reason Reason
	Err    error
}

// Error implements error.
func (e *ImageError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("imaging: %s: %v", e.Reason, e.Err)
	}
	return "imaging: " + string(e.Reason)
}

// Unwrap returns the cause.
func (e *ImageError) Unwrap() error { return e.Err }

// Limits and output of Avatar.
const (
	// AvatarSize is the side, in pixels, of every avatar.
	AvatarSize = 512
	// AvatarQuality is the JPEG quality of every avatar.
	AvatarQuality = 85
	// AvatarContentType is the media type of Avatar's output.
	AvatarContentType = "image/jpeg"
	// MaxPixels bounds width×height of an accepted product photo (40
	// megapixels), checked from the header before the pixels are decoded.
	// It is sized for the images function (1024 MB): a 16-bit PNG at the
	// bound decodes into 320 MB.
	MaxPixels = 40_000_000
	// AvatarMaxPixels bounds width×height of an avatar (16 megapixels),
	// checked from the header before the pixels are decoded. The avatar is
	// made in the auth function, which has 512 MB: the worst case, a 16-bit
	// RGBA PNG, decodes into 8 bytes a pixel, 128 MB here; with the request
	// (the base64 event, the 4 MiB upload: about 20 MB) and the garbage
	// the Go collector lets grow to the live heap again before it runs,
	// the peak stays near 2 × 150 MB plus some 40 MB of runtime, well under
	// 512 MB (40 megapixels would be 2 × 340 MB). Phones take 12-megapixel
	// photos; larger cameras' JPEGs are over the 4 MiB byte bound anyway.
	AvatarMaxPixels = 16_000_000
	// MinSide is the smallest accepted width and height.
	MinSide = 64
	// DefaultMaxBytes is the byte bound Avatar uses when given maxBytes <= 0.
	// 4 MiB: the upload reaches the function base64-encoded inside the API
	// Gateway event, and a synchronous Lambda request is capped at 6 MB.
	DefaultMaxBytes = 4 << 20
)

// Format is an accepted input format.
type Format string

// Accepted formats.
const (
	FormatJPEG Format = "jpeg"
	FormatPNG  Format = "png"
	FormatWebP Format = "webp"
)

// ContentType returns the media type of format f.
func (f Format) ContentType() string { return "image/" + string(f) }

// FormatOf returns the accepted format a declared media type names
// ("image/jpeg", "image/png", "image/webp"; parameters and case ignored),
// or false for any other type.
func FormatOf(contentType string) (Format, bool) {
	mt, _, err := mime.ParseMediaType(contentType)
	if err != nil {
		return "", false
	}
	switch mt {
	case "image/jpeg":
		return FormatJPEG, true
	case "image/png":
		return FormatPNG, true
	case "image/webp":
		return FormatWebP, true
	}
	return "", false
}

// Sniff returns the format of data by its magic bytes, or false when data
// is not JPEG, PNG or WebP.
func Sniff(data []byte) (Format, bool) {
	switch {
	case len(data) >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF:
		return FormatJPEG, true
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return FormatPNG, true
	case len(data) >= 12 && string(data[0:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return FormatWebP, true
	}
	return "", false
}

// Avatar reads at most maxBytes from r (DefaultMaxBytes when maxBytes <= 0)
// and returns the avatar as JPEG bytes (AvatarContentType, AvatarSize
// square, quality AvatarQuality, no metadata). A picture over
// AvatarMaxPixels is ReasonTooLarge, from its header. A nil reader or empty input
// is ReasonMissing; every other rejection is an *ImageError with its
// Reason. An error reading r that is not the bound is returned wrapped, as
// is: the caller's I/O failure is not the image's fault.
func Avatar(r io.Reader, maxBytes int64) ([]byte, error) {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	data, err := readBounded(r, maxBytes)
	if err != nil {
		return nil, err
	}
	format, ok := Sniff(data)
	if !ok {
		return nil, &ImageError{Reason: ReasonUnsupportedType}
	}
	src, err := decode(format, data, AvatarMaxPixels)
	if err != nil {
		return nil, err
	}
	orientation := 1
	if format == FormatJPEG {
		orientation = JPEGOrientation(data)
	}
	return encodeAvatar(src, orientation)
}

// readBounded reads all of r, failing with ReasonMissing when r is nil or
// empty and ReasonTooLarge beyond maxBytes (without reading further). A
// read error is returned wrapped, as is: the caller's I/O failure is not
// the image's fault.
func readBounded(r io.Reader, maxBytes int64) ([]byte, error) {
	if r == nil {
		return nil, &ImageError{Reason: ReasonMissing}
	}
	data, err := io.ReadAll(io.LimitReader(r, maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("imaging: read upload: %w", err)
	}
	switch {
	case len(data) == 0:
		return nil, &ImageError{Reason: ReasonMissing}
	case int64(len(data)) > maxBytes:
		return nil, &ImageError{Reason: ReasonTooLarge}
	}
	return data, nil
}

// decode checks the header's dimensions (at most maxPixels), then decodes
// the pixels.
func decode(format Format, data []byte, maxPixels int64) (image.Image, error) {
	var decodeConfig func(io.Reader) (image.Config, error)
	var decodeImage func(io.Reader) (image.Image, error)
	switch format {
	case FormatJPEG:
		decodeConfig, decodeImage = jpeg.DecodeConfig, jpeg.Decode
	case FormatPNG:
		decodeConfig, decodeImage = png.DecodeConfig, png.Decode
	case FormatWebP:
		decodeConfig, decodeImage = webp.DecodeConfig, webp.Decode
	default:
		return nil, &ImageError{Reason: ReasonUnsupportedType}
	}
	cfg, err := decodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, &ImageError{Reason: ReasonCorrupt, Err: err}
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, &ImageError{Reason: ReasonCorrupt, Err: errors.New("empty dimensions")}
	}
	if int64(cfg.Width)*int64(cfg.Height) > maxPixels {
		return nil, &ImageError{Reason: ReasonTooLarge, Err: fmt.Errorf("%dx%d pixels", cfg.Width, cfg.Height)}
	}
	if cfg.Width < MinSide || cfg.Height < MinSide {
		return nil, &ImageError{Reason: ReasonTooSmall, Err: fmt.Errorf("%dx%d pixels", cfg.Width, cfg.Height)}
	}
	img, err := decodeImage(bytes.NewReader(data))
	if err != nil {
		return nil, &ImageError{Reason: ReasonCorrupt, Err: err}
	}
	if b := img.Bounds(); b.Dx() != cfg.Width || b.Dy() != cfg.Height {
		return nil, &ImageError{Reason: ReasonCorrupt, Err: errors.New("dimensions differ from the header")}
	}
	return img, nil
}

// encodeAvatar scales the centred square of src to AvatarSize (see
// resize: transparent pixels become white, not black), applies the EXIF
// orientation and encodes the result. Cropping the centred square commutes
// with every EXIF rotation and flip, so orienting the small square
// afterwards is the same as orienting the full picture first, and cheaper.
func encodeAvatar(src image.Image, orientation int) ([]byte, error) {
	square := coverRect(src.Bounds(), AvatarSize, AvatarSize)
	out := orient(resize(src, square, AvatarSize, AvatarSize), orientation)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, out, &jpeg.Options{Quality: AvatarQuality}); err != nil {
		return nil, fmt.Errorf("imaging: encode avatar: %w", err)
	}
	return buf.Bytes(), nil
}
