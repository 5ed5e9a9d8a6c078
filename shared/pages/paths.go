// Package pages answers the site's public HTML routes the way the SPA
// routes them, from the server: each page's index.html with its title,
// description, canonical URL, language alternates, Open Graph card and
// structured data, and the data its first render needs inlined; the
// sitemaps and robots.txt. The routing rules are the SPA's
// (frontend/src/lib/localePath.ts and paths.ts).
package pages

// DefaultLanguage is where a path without a valid language prefix is
// redirected (the SPA's REDIRECT_LANGUAGE) and the x-default alternate.
const DefaultLanguage = "fr"

// Route segments under /<lang>/ (frontend/src/lib/paths.ts ROUTE_SEGMENTS).
const (
	SegAbout          = "about"
	SegHowItWorks     = "how-it-works"
	SegContactUs      = "contact-us"
	SegProducts       = "products"
	SegProduct        = "product"
	SegSell           = "vendre"
	SegLogin          = "login"
	SegSignUp         = "account-creation"
	SegEmailVerify    = "email-verification"
	SegForgotPassword = "forgot-password"
	SegResetPassword  = "reset-password"
	SegUser           = "user"
	SegChoosePlan     = "choose-plan"
	SegInvoice        = "invoice"
	SegPayment        = "payment"
	SegTerms          = "terms"
	SegPrivacy        = "privacy"
	SegAdmin          = "admin"
	SegUnsubscribe    = "unsubscribe"
	SegSeller         = "seller"
)

// PrivateSegments are the routes search engines must not index: signed-in
// areas, single-use links and the sign-in forms (robots.txt disallows
// them, their pages say noindex).
var PrivateSegments = []string{
	SegUser, SegAdmin, SegInvoice, SegChoosePlan, SegPayment, SegLogin, SegSignUp,
	SegEmailVerify, SegForgotPassword, SegResetPassword, SegUnsubscribe,
}

// StaticPublicSegments are the indexable pages without an id ("" is the
// home page), in the order the sitemap lists them.
var StaticPublicSegments = []string{
	"", SegProducts, SegSell, SegAbout, SegHowItWorks, SegContactUs, SegTerms, SegPrivacy,
}
