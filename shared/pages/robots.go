package pages

import (
	"strings"

	"github.com/remat/remat/shared/langs"
)

// robotsTxt is the site's robots.txt: every crawler may fetch everything
// but the API and each language's private routes (PrivateSegments, as
// path prefixes: /fr/user also covers /fr/user/products), and the sitemap
// index is named by its absolute URL.
func robotsTxt(site string) []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: /\nDisallow: /api/\n")
	for _, lang := range langs.All {
		for _, seg := range PrivateSegments {
			b.WriteString("Disallow: /" + lang + "/" + seg + "\n")
		}
	}
	b.WriteString("\nSitemap: " + site + sitemapIndexPath + "\n")
	return []byte(b.String())
}
