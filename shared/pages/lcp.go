package pages

import (
	"strconv"
	"strings"
)

// The `sizes` of the SPA's pictures (how wide each is drawn at each
// viewport width): a preload must name the same srcset and sizes as the
// <picture>, or the browser fetches another file. TestSizesMatchTheSPA
// reads them from the components.
const (
	// gallerySizes is Gallery.tsx's GALLERY_SIZES (the ad's large photo).
	gallerySizes = "(min-width: 1152px) 715px, (min-width: 960px) calc(66.67vw - 53px), (min-width: 768px) calc(100vw - 48px), calc(100vw - 32px)"
	// resultsCardSizes is ResultCard.tsx's CARD_SIZES.results (the list
	// page's cards, beside the filters).
	resultsCardSizes = "(min-width: 1152px) 248px, (min-width: 1080px) calc(33.34vw - 136px), (min-width: 960px) calc(50vw - 194px), (min-width: 744px) calc(33.34vw - 24px), (min-width: 600px) calc(50vw - 26px), 7rem"
)

// srcSet writes sources as a srcset ("url 320w, url 640w").
func srcSet(sources []sourceJSON) string {
	parts := make([]string, 0, len(sources))
	for _, s := range sources {
		if s.URL == "" || s.Width <= 0 {
			return ""
		}
		parts = append(parts, s.URL+" "+strconv.Itoa(s.Width)+"w")
	}
	return strings.Join(parts, ", ")
}

// pictureOf is the preload of a picture drawn with sizes: its WebP
// srcset, else its JPEG.
func pictureOf(jpeg string, webp []sourceJSON, sizes string) *ImagePreload {
	if set := srcSet(webp); set != "" {
		return &ImagePreload{SrcSet: set, Sizes: sizes}
	}
	if jpeg != "" {
		return &ImagePreload{Href: jpeg}
	}
	return nil
}

// galleryPhoto is the photo the ad's gallery shows first (Gallery.tsx:
// the ready photos, the main one first; the large rendition, else the
// card).
func galleryPhoto(images []imageJSON) *ImagePreload {
	var first *imageJSON
	for i := range images {
		img := &images[i]
		if img.State != "ready" || (img.LargeURL == "" && img.CardURL == "") {
			continue
		}
		if img.Main {
			first = img
			break
		}
		if first == nil {
			first = img
		}
	}
	switch {
	case first == nil:
		return nil
	case first.LargeURL != "":
		return pictureOf(first.LargeURL, first.LargeWebP, gallerySizes)
	default:
		return pictureOf(first.CardURL, first.CardWebP, gallerySizes)
	}
}
