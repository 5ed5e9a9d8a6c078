package imaging

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"slices"
	"testing"

	"golang.org/x/image/webp"

	"github.com/remat/remat/shared/imaging/webpenc"
)

// recordingEncoder stands in for a WebP encoder: it keeps a copy of every
// picture it is given and returns its size as the "encoded" bytes.
type recordingEncoder struct {
	got       []*image.RGBA
	qualities []int
	err       error
}

func (e *recordingEncoder) encode(img *image.RGBA, quality int) ([]byte, error) {
	if e.err != nil {
		return nil, e.err
	}
	cp := image.NewRGBA(img.Rect)
	copy(cp.Pix, img.Pix)
	e.got = append(e.got, cp)
	e.qualities = append(e.qualities, quality)
	return fmt.Appendf(nil, "%dx%d", img.Rect.Dx(), img.Rect.Dy()), nil
}

// sizes lists the pixel sizes of renditions as "WxH".
func sizes(rs []Rendition) []string {
	out := []string{}
	for _, r := range rs {
		if got := fmt.Sprintf("%dx%d", r.Width, r.Height); string(r.Data) != got {
			return []string{"data " + string(r.Data) + " is not the picture of " + got}
		}
		out = append(out, fmt.Sprintf("%dx%d", r.Width, r.Height))
	}
	return out
}

func TestProductWebPSizes(t *testing.T) {
	tests := []struct {
		name      string
		w, h      int
		wantLarge []string
	}{
		// The large rendition and its narrow WebP.
		{"landscape", 2000, 1500, []string{"800x600", "1600x1200"}},
		{"portrait", 850, 1700, []string{"400x800", "800x1600"}},
		{"panorama", 2400, 600, []string{"800x200", "1600x400"}},
		// Not bigger than the narrow box: one large WebP, the large size.
		{"exactly the narrow box", 800, 600, []string{"800x600"}},
		{"small photo is not enlarged", 100, 80, []string{"100x80"}},
		// One side over the narrow box is enough for a narrow WebP.
		{"just over", 801, 300, []string{"800x300", "801x300"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			enc := &recordingEncoder{}
			out, err := Product(bytes.NewReader(encodeJPEG(t, solidImage(tt.w, tt.h, red))), "image/jpeg", 0, enc.encode)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := sizes(out.ThumbWebP), []string{"240x180"}; !slices.Equal(got, want) {
				t.Errorf("thumb webp: got %v, want %v", got, want)
			}
			if got, want := sizes(out.CardWebP), []string{"320x240", "640x480"}; !slices.Equal(got, want) {
				t.Errorf("card webp: got %v, want %v", got, want)
			}
			if got := sizes(out.LargeWebP); !slices.Equal(got, tt.wantLarge) {
				t.Errorf("large webp: got %v, want %v", got, tt.wantLarge)
			}
			if last := out.LargeWebP[len(out.LargeWebP)-1]; last.Width != out.Large.Width || last.Height != out.Large.Height {
				t.Errorf("widest large webp %dx%d, want the large JPEG's %dx%d", last.Width, last.Height, out.Large.Width, out.Large.Height)
			}
			for i, q := range enc.qualities {
				if q != WebPQuality {
					t.Errorf("encode %d: quality %d, want %d", i, q, WebPQuality)
				}
			}
			for i, img := range enc.got {
				b := img.Bounds()
				if c := img.RGBAAt(b.Dx()/2, b.Dy()/2); !near(c, red, 8) || c.A != 255 {
					t.Errorf("picture %d (%v): centre %v, want opaque %v", i, b, c, red)
				}
			}
		})
	}
}

func TestProductWithoutEncoderMakesJPEGsOnly(t *testing.T) {
	out, err := Product(bytes.NewReader(encodeJPEG(t, solidImage(900, 600, blue))), "image/jpeg", 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if out.ThumbWebP != nil || out.CardWebP != nil || out.LargeWebP != nil {
		t.Errorf("got WebP renditions %v %v %v without an encoder", sizes(out.ThumbWebP), sizes(out.CardWebP), sizes(out.LargeWebP))
	}
	checkRendition(t, "large", out.Large, 900, 600)
}

// TestProductWebPPicturesAreUpright: the WebP renditions are made from the
// same upright pixels as the JPEGs (orientation 6: a 90° clockwise turn).
func TestProductWebPPicturesAreUpright(t *testing.T) {
	enc := &recordingEncoder{}
	data := withSegment(encodeJPEG(t, quadImage(1800, 1200)), markerAPP1, exifPayload(binary.LittleEndian, 6))
	out, err := Product(bytes.NewReader(data), "image/jpeg", 0, enc.encode)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := sizes(out.LargeWebP), []string{"534x800", "1067x1600"}; !slices.Equal(got, want) {
		t.Fatalf("large webp: got %v, want %v", got, want)
	}
	want := [4]color.RGBA{blue, red, yellow, green} // stored R G / B Y turned clockwise
	for _, img := range enc.got {
		w, h := img.Rect.Dx(), img.Rect.Dy()
		if w != 534 && w != 1067 {
			continue // the crops show the middle band only
		}
		for i, p := range [4]image.Point{{w / 4, h / 4}, {3 * w / 4, h / 4}, {w / 4, 3 * h / 4}, {3 * w / 4, 3 * h / 4}} {
			if c := img.RGBAAt(p.X, p.Y); !near(c, want[i], 24) {
				t.Errorf("%dx%d quadrant %d: got %v, want %v", w, h, i, c, want[i])
			}
		}
	}
}

func TestProductWebPEncoderFailure(t *testing.T) {
	boom := errors.New("out of memory")
	enc := &recordingEncoder{err: boom}
	_, err := Product(bytes.NewReader(encodeJPEG(t, solidImage(300, 200, green))), "image/jpeg", 0, enc.encode)
	var ie *ImageError
	if !errors.Is(err, boom) || errors.As(err, &ie) {
		t.Errorf("got %v, want the encoder's error wrapped, not a rejection of the picture", err)
	}
}

func TestRenditionsRefusesALargeOutOfBounds(t *testing.T) {
	for _, b := range []image.Rectangle{image.Rect(0, 0, 0, 0), image.Rect(0, 0, LargeMaxSide+1, 10), image.Rect(0, 0, 10, LargeMaxSide+1)} {
		if _, err := Renditions(image.NewRGBA(b), nil); err == nil {
			t.Errorf("%v: got nil, want an error", b)
		}
	}
}

// TestProductWithTheWebPEncoder runs the real encoder: every WebP
// rendition decodes at its announced size and shows the picture.
func TestProductWithTheWebPEncoder(t *testing.T) {
	if testing.Short() {
		t.Skip("encodes five WebP renditions")
	}
	out, err := Product(bytes.NewReader(encodePNG(t, quadImage(1200, 900))), "image/png", 0, webpenc.Encode)
	if err != nil {
		t.Fatal(err)
	}
	all := slices.Concat(out.ThumbWebP, out.CardWebP, out.LargeWebP)
	if len(all) != 5 {
		t.Fatalf("got %d WebP renditions (%v %v %v), want 5", len(all), sizes(out.ThumbWebP), sizes(out.CardWebP), sizes(out.LargeWebP))
	}
	for _, r := range all {
		if f, _ := Sniff(r.Data); f != FormatWebP {
			t.Fatalf("%dx%d: format %q, want webp", r.Width, r.Height, f)
		}
		img, err := webp.Decode(bytes.NewReader(r.Data))
		if err != nil {
			t.Fatalf("%dx%d: %v", r.Width, r.Height, err)
		}
		if b := img.Bounds(); b.Dx() != r.Width || b.Dy() != r.Height {
			t.Errorf("decoded %dx%d, announced %dx%d", b.Dx(), b.Dy(), r.Width, r.Height)
		}
		if len(r.Data) >= r.Width*r.Height {
			t.Errorf("%dx%d: %d bytes, want a compressed picture", r.Width, r.Height, len(r.Data))
		}
	}
	// The widest large WebP keeps the photo's proportions and quadrants:
	// luma tells red (dark) from yellow (light) whatever the colour range.
	large := out.LargeWebP[len(out.LargeWebP)-1]
	img, _ := webp.Decode(bytes.NewReader(large.Data))
	ycc := img.(*image.YCbCr)
	if dark, light := ycc.YCbCrAt(large.Width/4, large.Height/4).Y, ycc.YCbCrAt(3*large.Width/4, 3*large.Height/4).Y; dark+60 > light {
		t.Errorf("top-left luma %d, bottom-right %d: want red's far below yellow's", dark, light)
	}
}
