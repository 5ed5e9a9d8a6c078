package bench

import (
	"bytes"
	"image"
	"image/jpeg"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/remat/remat/shared/imaging"
	"github.com/remat/remat/shared/imaging/webpenc"
)

// photo12MP is a 4000×3000 JPEG (quality 90) with a photo's worth of
// detail: smooth gradients under per-pixel noise, so it weighs what a
// phone's 12-megapixel picture weighs (a few MB) and decodes as slowly.
func photo12MP(b *testing.B) []byte {
	b.Helper()
	const w, h = 4000, 3000
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewPCG(4000, 3000))
	for y := range h {
		row := img.Pix[y*img.Stride:]
		for x := range w {
			n := rng.IntN(48) - 24
			row[4*x] = clamp(255*x/w + n)
			row[4*x+1] = clamp(255*y/h + n)
			row[4*x+2] = clamp(128 + (x*y)%97 - 48 + n)
			row[4*x+3] = 255
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

func clamp(v int) uint8 { return uint8(max(0, min(255, v))) }

// heapSampler records the peak of the heap's object bytes while it runs,
// read through runtime/metrics every 200 µs (no stop-the-world, unlike
// runtime.ReadMemStats).
type heapSampler struct {
	stop chan struct{}
	done sync.WaitGroup
	peak uint64
}

const heapObjects = "/memory/classes/heap/objects:bytes"

func heapNow() uint64 {
	s := []metrics.Sample{{Name: heapObjects}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func startHeapSampler() *heapSampler {
	hs := &heapSampler{stop: make(chan struct{}), peak: heapNow()}
	hs.done.Go(func() {
		t := time.NewTicker(200 * time.Microsecond)
		defer t.Stop()
		for {
			if v := heapNow(); v > hs.peak {
				hs.peak = v
			}
			select {
			case <-hs.stop:
				return
			case <-t.C:
			}
		}
	})
	return hs
}

// end stops the sampler and returns the peak seen.
func (hs *heapSampler) end() uint64 {
	close(hs.stop)
	hs.done.Wait()
	if v := heapNow(); v > hs.peak {
		hs.peak = v
	}
	return hs.peak
}

// BenchmarkProductPhoto12MP runs the image pipeline's work on a
// 12-megapixel JPEG (4000×3000, generated): read, sniff, header check,
// decode, the large rendition (1600×1200), the card and the thumbnail,
// three JPEG encodings at quality 82, and (sub-benchmark jpeg+webp, what
// the images function does) the five WebP renditions: thumb 240, card 320
// and 640, large 800 and 1600 wide. It reports the time per photo (ns/op,
// and ms/photo), the bytes allocated (B/op) and peak-heap-MB: the most
// heap the photo's processing held at once above what was live before it
// (sampled; the upload's bytes, as the function holds them, included).
// The WebP encoder runs in WebAssembly; its module is compiled once per
// process (a cold start), before the timer starts.
func BenchmarkProductPhoto12MP(b *testing.B) {
	data := photo12MP(b)
	for _, bm := range []struct {
		name string
		webp imaging.WebPEncoder
	}{{"jpeg", nil}, {"jpeg+webp", webpenc.Encode}} {
		b.Run(bm.name, func(b *testing.B) {
			if bm.webp != nil {
				warm := image.NewRGBA(image.Rect(0, 0, 16, 16))
				if _, err := bm.webp(warm, imaging.WebPQuality); err != nil {
					b.Fatal(err)
				}
			}
			benchProduct(b, data, bm.webp)
		})
	}
}

func benchProduct(b *testing.B, data []byte, webp imaging.WebPEncoder) {
	var peak uint64
	var webpBytes int
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		runtime.GC()
		base := heapNow()
		hs := startHeapSampler()
		b.StartTimer()
		out, err := imaging.Product(bytes.NewReader(data), "image/jpeg", 0, webp)
		b.StopTimer()
		if p := hs.end() - base; p > peak {
			peak = p
		}
		if err != nil {
			b.Fatal(err)
		}
		if out.Large.Width != 1600 || out.Large.Height != 1200 {
			b.Fatalf("large: got %dx%d, want 1600x1200", out.Large.Width, out.Large.Height)
		}
		webpBytes = 0
		for _, r := range slices.Concat(out.ThumbWebP, out.CardWebP, out.LargeWebP) {
			webpBytes += len(r.Data)
		}
		if webp != nil && webpBytes == 0 {
			b.Fatal("no WebP renditions")
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/photo")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(len(data))/(1<<20), "input-MB")
	if webp != nil {
		b.ReportMetric(float64(webpBytes)/1024, "webp-KB")
	}
}
