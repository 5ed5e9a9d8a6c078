package imageproc

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"golang.org/x/image/webp"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/imaging"
)

// Two valid ULIDs: the ad and image of most tests.
const (
	adID    = "01JQ8ZK3M4N5P6Q7R8S9T0V1W2"
	imageID = "01JQ8ZK3M4N5P6Q7R8S9T0V1W3"
)

var now = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

func TestMain(m *testing.M) {
	flag.Parse()
	if !testing.Verbose() {
		slog.SetDefault(slog.New(slog.DiscardHandler))
	}
	os.Exit(m.Run())
}

// fakeImages is an in-memory Images.
type fakeImages struct {
	mu       sync.Mutex
	images   map[string]catalog.Image // by image id
	getErr   error
	readyErr error
	ready    []string // "<imageId> <w>x<h> <large key>"
	keys     []catalog.ImageKeys
	failed   []string // "<imageId> <reason>"
}

func newFakeImages(imgs ...catalog.Image) *fakeImages {
	f := &fakeImages{images: map[string]catalog.Image{}}
	for _, img := range imgs {
		f.images[img.ID] = img
	}
	return f
}

func (f *fakeImages) Image(_ context.Context, ad, id string) (catalog.Image, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.getErr != nil {
		return catalog.Image{}, f.getErr
	}
	img, ok := f.images[id]
	if !ok || img.AdID != ad {
		return catalog.Image{}, apperr.New(apperr.CodeImageNotFound, nil)
	}
	return img, nil
}

func (f *fakeImages) MarkImageReady(_ context.Context, _, id string, keys catalog.ImageKeys, w, h int, at time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.readyErr != nil {
		return f.readyErr
	}
	if !at.Equal(now) {
		return fmt.Errorf("got time %v, want %v", at, now)
	}
	f.ready = append(f.ready, fmt.Sprintf("%s %dx%d %s", id, w, h, keys.Large))
	f.keys = append(f.keys, keys)
	return nil
}

func (f *fakeImages) MarkImageFailed(_ context.Context, _, id, reason string, _ time.Time) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.failed = append(f.failed, id+" "+reason)
	return nil
}

func pending(contentType string) catalog.Image {
	return catalog.Image{ID: imageID, AdID: adID, State: catalog.ImagePending, ContentType: contentType, UploadKey: catalog.UploadKey(adID, imageID)}
}

// fixture is a processor on a fresh bucket of the in-process S3 emulator.
type fixture struct {
	s3     *s3.Client
	bucket string
	images *fakeImages
	proc   *Processor
}

func newFixture(t *testing.T, images *fakeImages) *fixture {
	t.Helper()
	client, bucket := testcloud.S3(t)
	return &fixture{s3: client, bucket: bucket, images: images, proc: New(images, client, bucket, func() time.Time { return now })}
}

func (f *fixture) upload(t *testing.T, key, contentType string, data []byte) {
	t.Helper()
	if _, err := f.s3.PutObject(context.Background(), &s3.PutObjectInput{
		Bucket: aws.String(f.bucket), Key: aws.String(key), Body: bytes.NewReader(data), ContentType: aws.String(contentType),
	}); err != nil {
		t.Fatal(err)
	}
}

// object returns the object's bytes and Content-Type, or ok false when
// there is none.
func (f *fixture) object(t *testing.T, key string) (data []byte, contentType string, ok bool) {
	t.Helper()
	data, contentType, _, ok = f.objectWithCaching(t, key)
	return data, contentType, ok
}

// objectWithCaching is object with the Cache-Control S3 answers.
func (f *fixture) objectWithCaching(t *testing.T, key string) (data []byte, contentType, cacheControl string, ok bool) {
	t.Helper()
	out, err := f.s3.GetObject(context.Background(), &s3.GetObjectInput{Bucket: aws.String(f.bucket), Key: aws.String(key)})
	if err != nil {
		if isNotFound(err) {
			return nil, "", "", false
		}
		t.Fatal(err)
	}
	defer func() { _ = out.Body.Close() }()
	data, err = io.ReadAll(out.Body)
	if err != nil {
		t.Fatal(err)
	}
	return data, aws.ToString(out.ContentType), aws.ToString(out.CacheControl), true
}

// everyRenditionKey lists every key a rendition of the image may have, in
// either layout.
func everyRenditionKey(adID, imageID string) []string {
	keys := catalog.RenditionKeys(adID, imageID).All()
	for _, name := range []string{
		catalog.RenditionThumbJPEG, catalog.RenditionCardJPEG, catalog.RenditionLargeJPEG, catalog.RenditionThumbWebP,
		catalog.RenditionCardSmallWebP, catalog.RenditionCardWebP, catalog.RenditionLargeSmallWebP, catalog.RenditionLargeWebP,
	} {
		keys = append(keys, catalog.WebPRenditionKey(adID, imageID, name))
	}
	return keys
}

// photo is a w×h picture with a red top half and a blue bottom half.
func photo(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{200, 20, 20, 255}
			if y >= h/2 {
				c = color.RGBA{20, 20, 200, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

func encodeJPEG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 92}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func encodePNG(t testing.TB, img image.Image) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// secret is written into the EXIF of test photos; no rendition may hold it.
const secret = "GPS 47.3769N 8.5417E"

// withEXIF inserts an APP1 Exif segment with the orientation o and an
// ImageDescription holding secret right after the JPEG's SOI.
func withEXIF(jpg []byte, o int) []byte {
	le := binary.LittleEndian
	t := []byte("II\x2a\x00\x08\x00\x00\x00")
	t = le.AppendUint16(t, 2)
	t = le.AppendUint16(t, 0x0112) // orientation, SHORT, 1, value
	t = le.AppendUint16(t, 3)
	t = le.AppendUint32(t, 1)
	t = le.AppendUint16(t, uint16(o))
	t = le.AppendUint16(t, 0)
	t = le.AppendUint16(t, 0x010E) // ImageDescription, ASCII
	t = le.AppendUint16(t, 2)
	t = le.AppendUint32(t, uint32(len(secret)+1))
	t = le.AppendUint32(t, uint32(8+2+2*12+4))
	t = le.AppendUint32(t, 0)
	t = append(t, secret...)
	t = append(t, 0)
	payload := append([]byte("Exif\x00\x00"), t...)
	seg := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(payload)+2))
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	out = append(out, payload...)
	return append(out, jpg[2:]...)
}

// pngBomb is a valid PNG header claiming 50000×50000 pixels.
func pngBomb(t testing.TB) []byte {
	t.Helper()
	data := encodePNG(t, image.NewGray(image.Rect(0, 0, 1, 1)))
	ihdr := data[12 : 12+4+13]
	binary.BigEndian.PutUint32(ihdr[4:], 50000)
	binary.BigEndian.PutUint32(ihdr[8:], 50000)
	binary.BigEndian.PutUint32(data[12+4+13:], crc32.ChecksumIEEE(ihdr))
	return data
}

func TestProcessMakesRenditions(t *testing.T) {
	f := newFixture(t, newFakeImages(pending("image/jpeg")))
	key := catalog.UploadKey(adID, imageID)
	// A 1200×900 photo the camera stored sideways (orientation 6): upright
	// it is 900×1200, red on the right, blue on the left.
	f.upload(t, key, "image/jpeg", withEXIF(encodeJPEG(t, photo(1200, 900)), 6))

	got, err := f.proc.Process(context.Background(), key)
	if err != nil || got != OutcomeReady {
		t.Fatalf("got %s, %v, want ready", got, err)
	}
	folder := "images/products/" + adID + "/" + imageID + "/"
	if want := imageID + " 900x1200 " + folder + "large.jpg"; len(f.images.ready) != 1 || f.images.ready[0] != want {
		t.Fatalf("MarkImageReady: got %q, want %q", f.images.ready, want)
	}
	keys := f.images.keys[0]
	for _, r := range []struct {
		key  string
		w, h int
	}{{keys.Large, 900, 1200}, {keys.Card, imaging.CardWidth, imaging.CardHeight}, {keys.Thumb, imaging.ThumbWidth, imaging.ThumbHeight}} {
		data, ct, cc, ok := f.objectWithCaching(t, r.key)
		if !ok {
			t.Fatalf("%s: not written", r.key)
		}
		if ct != "image/jpeg" || cc != "public, max-age=31536000, immutable" {
			t.Errorf("%s: got Content-Type %q Cache-Control %q", r.key, ct, cc)
		}
		img, err := jpeg.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", r.key, err)
		}
		if b := img.Bounds(); b.Dx() != r.w || b.Dy() != r.h {
			t.Errorf("%s: got %dx%d, want %dx%d", r.key, b.Dx(), b.Dy(), r.w, r.h)
		}
		if rr, _, bb, _ := img.At(r.w-4, r.h/2).RGBA(); rr>>8 < 150 || bb>>8 > 80 {
			t.Errorf("%s: right edge is not red (%d, %d): orientation not applied", r.key, rr>>8, bb>>8)
		}
		if bytes.Contains(data, []byte("Exif")) || bytes.Contains(data, []byte(secret)) || bytes.Contains(data, []byte{0xFF, 0xE1}) {
			t.Errorf("%s: holds the upload's EXIF, want none", r.key)
		}
	}
	// The WebP renditions: recorded with their sizes, written next to the
	// JPEGs, upright like them.
	webps := []struct {
		got  []catalog.Variant
		want []string
	}{
		{keys.ThumbWebP, []string{folder + "thumb.webp 240x180"}},
		{keys.CardWebP, []string{folder + "card-320.webp 320x240", folder + "card.webp 640x480"}},
		{keys.LargeWebP, []string{folder + "large-800.webp 600x800", folder + "large.webp 900x1200"}},
	}
	for _, w := range webps {
		var got []string
		for _, v := range w.got {
			got = append(got, fmt.Sprintf("%s %dx%d", v.Key, v.Width, v.Height))
		}
		if !slices.Equal(got, w.want) {
			t.Errorf("WebP keys: got %v, want %v", got, w.want)
		}
		for _, v := range w.got {
			data, ct, cc, ok := f.objectWithCaching(t, v.Key)
			if !ok {
				t.Fatalf("%s: not written", v.Key)
			}
			if ct != "image/webp" || cc != "public, max-age=31536000, immutable" {
				t.Errorf("%s: got Content-Type %q Cache-Control %q", v.Key, ct, cc)
			}
			img, err := webp.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("%s: %v", v.Key, err)
			}
			if b := img.Bounds(); b.Dx() != v.Width || b.Dy() != v.Height {
				t.Errorf("%s: got %dx%d, want %dx%d", v.Key, b.Dx(), b.Dy(), v.Width, v.Height)
			}
			// Red (Cr well above neutral) on the right: upright.
			if ycc, ok := img.(*image.YCbCr); !ok || ycc.YCbCrAt(v.Width-4, v.Height/2).Cr < 170 {
				t.Errorf("%s: right edge is not red: orientation not applied", v.Key)
			}
		}
	}
	if _, _, ok := f.object(t, key); ok {
		t.Error("the upload is still there, want it deleted")
	}
}

func TestFiles(t *testing.T) {
	r := func(w, h int) imaging.Rendition {
		return imaging.Rendition{Data: fmt.Appendf(nil, "%dx%d", w, h), Width: w, Height: h}
	}
	jpegs := imaging.ProductRenditions{Thumb: r(240, 180), Card: r(640, 480), Large: r(700, 500)}
	folder := "images/products/" + adID + "/" + imageID + "/"
	tests := []struct {
		name    string
		out     imaging.ProductRenditions
		want    []string // "<key> <content type> <data>"
		wantErr bool
	}{
		{"JPEGs only", jpegs, []string{
			folder + "large.jpg image/jpeg 700x500", folder + "card.jpg image/jpeg 640x480", folder + "thumb.jpg image/jpeg 240x180",
		}, false},
		{"a small photo: one large WebP, the widest name", func() imaging.ProductRenditions {
			o := jpegs
			o.ThumbWebP, o.CardWebP, o.LargeWebP = []imaging.Rendition{r(240, 180)}, []imaging.Rendition{r(320, 240), r(640, 480)}, []imaging.Rendition{r(700, 500)}
			return o
		}(), []string{
			folder + "large.jpg image/jpeg 700x500", folder + "card.jpg image/jpeg 640x480", folder + "thumb.jpg image/jpeg 240x180",
			folder + "large.webp image/webp 700x500",
			folder + "card-320.webp image/webp 320x240", folder + "card.webp image/webp 640x480",
			folder + "thumb.webp image/webp 240x180",
		}, false},
		{"a large photo: both large WebPs", func() imaging.ProductRenditions {
			o := jpegs
			o.LargeWebP = []imaging.Rendition{r(800, 600), r(1600, 1200)}
			return o
		}(), []string{
			folder + "large.jpg image/jpeg 700x500", folder + "card.jpg image/jpeg 640x480", folder + "thumb.jpg image/jpeg 240x180",
			folder + "large-800.webp image/webp 800x600", folder + "large.webp image/webp 1600x1200",
		}, false},
		{"more renditions than names", func() imaging.ProductRenditions {
			o := jpegs
			o.ThumbWebP = []imaging.Rendition{r(120, 90), r(240, 180)}
			return o
		}(), nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			keys, files, err := Files(adID, imageID, tt.out)
			if (err != nil) != tt.wantErr {
				t.Fatalf("got %v, want error %v", err, tt.wantErr)
			}
			var got []string
			for _, f := range files {
				got = append(got, f.Key+" "+f.ContentType+" "+string(f.Data))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("files:\n got %q\nwant %q", got, tt.want)
			}
			if tt.wantErr {
				return
			}
			// The keys recorded are exactly the files written.
			if written := slices.Sorted(slices.Values(keys.All())); len(written) != len(files) {
				t.Errorf("keys %v, files %d", written, len(files))
			}
			if keys.HasWebP() != (tt.out.CardWebP != nil || tt.out.LargeWebP != nil) {
				t.Errorf("HasWebP: got %v", keys.HasWebP())
			}
		})
	}
}

func TestProcessAcceptsPNGAndWebP(t *testing.T) {
	tests := []struct {
		name, contentType string
		data              []byte
		want              string
	}{
		{"png", "image/png", encodePNG(t, photo(300, 200)), "300x200"},
		// A 2×2 WebP lossless picture is too small; the pipeline still
		// reads the format (and refuses the size).
		{"webp", "image/webp", webpLossless(2, 2), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, newFakeImages(pending(tt.contentType)))
			key := catalog.UploadKey(adID, imageID)
			f.upload(t, key, tt.contentType, tt.data)
			got, err := f.proc.Process(context.Background(), key)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want == "" {
				if got != OutcomeFailed || len(f.images.failed) != 1 || f.images.failed[0] != imageID+" too_small" {
					t.Errorf("got %s %v, want failed too_small", got, f.images.failed)
				}
				return
			}
			if got != OutcomeReady || len(f.images.ready) != 1 || !strings.Contains(f.images.ready[0], tt.want) {
				t.Errorf("got %s %v, want ready %s", got, f.images.ready, tt.want)
			}
		})
	}
}

// webpLossless is a w×h single-colour WebP lossless file written by hand
// (see shared/imaging's tests for the bit layout).
func webpLossless(w, h int) []byte {
	var bits []bool
	put := func(v uint64, n int) {
		for i := range n {
			bits = append(bits, v>>i&1 == 1)
		}
	}
	put(0x2f, 8)
	put(uint64(w-1), 14)
	put(uint64(h-1), 14)
	put(1, 1)
	put(0, 3)
	put(0, 3) // no transform, no colour cache, no meta codes
	for _, sym := range []uint64{200, 30, 40, 255} {
		put(1, 1)
		put(0, 1)
		put(1, 1)
		put(sym, 8)
	}
	put(1, 1)
	put(0, 3)
	chunk := make([]byte, (len(bits)+7)/8)
	for i, b := range bits {
		if b {
			chunk[i/8] |= 1 << (i % 8)
		}
	}
	var out []byte
	out = append(out, "RIFF"...)
	out = binary.LittleEndian.AppendUint32(out, uint32(4+8+len(chunk)+len(chunk)%2))
	out = append(out, "WEBPVP8L"...)
	out = binary.LittleEndian.AppendUint32(out, uint32(len(chunk)))
	out = append(out, chunk...)
	if len(chunk)%2 == 1 {
		out = append(out, 0)
	}
	return out
}

func TestProcessRefusesBadUploads(t *testing.T) {
	tests := []struct {
		name     string
		declared string
		data     func(t *testing.T) []byte
		reason   string
	}{
		{"png lying as jpeg", "image/jpeg", func(t *testing.T) []byte { return encodePNG(t, photo(300, 200)) }, "type_mismatch"},
		{"text lying as png", "image/png", func(*testing.T) []byte { return []byte("#!/bin/sh\necho not a picture\n") }, "unsupported_type"},
		{"over 15 MiB", "image/jpeg", func(t *testing.T) []byte {
			return append(encodeJPEG(t, photo(100, 100)), make([]byte, imaging.ProductMaxBytes)...)
		}, "too_large"},
		{"decompression bomb", "image/png", func(t *testing.T) []byte { return pngBomb(t) }, "too_large"},
		{"truncated", "image/jpeg", func(t *testing.T) []byte { j := encodeJPEG(t, photo(300, 200)); return j[:len(j)/3] }, "corrupt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, newFakeImages(pending(tt.declared)))
			key := catalog.UploadKey(adID, imageID)
			f.upload(t, key, tt.declared, tt.data(t))
			got, err := f.proc.Process(context.Background(), key)
			if err != nil || got != OutcomeFailed {
				t.Fatalf("got %s, %v, want failed", got, err)
			}
			if want := imageID + " " + tt.reason; len(f.images.failed) != 1 || f.images.failed[0] != want {
				t.Errorf("MarkImageFailed: got %q, want %q", f.images.failed, want)
			}
			if len(f.images.ready) != 0 {
				t.Errorf("MarkImageReady: got %q, want no call", f.images.ready)
			}
			for _, k := range append(everyRenditionKey(adID, imageID), key) {
				if _, _, ok := f.object(t, k); ok {
					t.Errorf("%s exists, want the upload removed and no rendition", k)
				}
			}
		})
	}
}

func TestProcessSkips(t *testing.T) {
	ready := pending("image/jpeg")
	ready.State = catalog.ImageReady
	jpg := encodeJPEG(t, photo(200, 150))
	tests := []struct {
		name       string
		images     *fakeImages
		key        string
		upload     bool
		wantKept   bool
		wantOutErr bool
	}{
		{name: "image already ready (a second delivery)", images: newFakeImages(ready), key: catalog.UploadKey(adID, imageID), upload: true},
		{name: "unknown image", images: newFakeImages(), key: catalog.UploadKey(adID, imageID), upload: true},
		{name: "not an upload key", images: newFakeImages(), key: "uploads/whatever.jpg", upload: true},
		{name: "outside uploads/ is never deleted", images: newFakeImages(), key: "images/products/x-card.jpg", upload: true, wantKept: true},
		{name: "upload already gone", images: newFakeImages(pending("image/jpeg")), key: catalog.UploadKey(adID, imageID)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, tt.images)
			if tt.upload {
				f.upload(t, tt.key, "image/jpeg", jpg)
			}
			got, err := f.proc.Process(context.Background(), tt.key)
			if err != nil || got != OutcomeSkipped {
				t.Fatalf("got %s, %v, want skipped", got, err)
			}
			if len(f.images.ready)+len(f.images.failed) != 0 {
				t.Errorf("got ready %q failed %q, want no state change", f.images.ready, f.images.failed)
			}
			if _, _, ok := f.object(t, tt.key); ok != tt.wantKept {
				t.Errorf("object kept: got %v, want %v", ok, tt.wantKept)
			}
		})
	}
}

func TestProcessCleansUpWhenTheImageVanished(t *testing.T) {
	for _, err := range []error{catalog.ErrImageNotFound, catalog.ErrProductNotFound, apperr.ErrConflict} {
		t.Run(err.Error(), func(t *testing.T) {
			images := newFakeImages(pending("image/jpeg"))
			images.readyErr = err
			f := newFixture(t, images)
			key := catalog.UploadKey(adID, imageID)
			f.upload(t, key, "image/jpeg", encodeJPEG(t, photo(200, 150)))
			got, perr := f.proc.Process(context.Background(), key)
			if perr != nil || got != OutcomeSkipped {
				t.Fatalf("got %s, %v, want skipped", got, perr)
			}
			for _, k := range append(everyRenditionKey(adID, imageID), key) {
				if _, _, ok := f.object(t, k); ok {
					t.Errorf("%s exists, want it deleted", k)
				}
			}
		})
	}
}

func TestProcessReturnsInfrastructureErrors(t *testing.T) {
	boom := errors.New("dynamodb unavailable")
	for _, tt := range []struct {
		name string
		set  func(*fakeImages)
	}{
		{"reading the image", func(f *fakeImages) { f.getErr = boom }},
		{"marking it ready", func(f *fakeImages) { f.readyErr = boom }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			images := newFakeImages(pending("image/jpeg"))
			tt.set(images)
			f := newFixture(t, images)
			key := catalog.UploadKey(adID, imageID)
			f.upload(t, key, "image/jpeg", encodeJPEG(t, photo(200, 150)))
			if _, err := f.proc.Process(context.Background(), key); !errors.Is(err, boom) {
				t.Fatalf("got %v, want the store's error", err)
			}
			if _, _, ok := f.object(t, key); !ok {
				t.Error("the upload is gone, want it kept for the retry")
			}
		})
	}
}
