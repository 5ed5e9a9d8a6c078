package pages

import (
	"slices"
	"strings"

	"github.com/remat/remat/shared/langs"
)

// Kind is what a public path shows.
type Kind int

// The kinds of page the site has.
const (
	// KindNotFound is a path no route of the SPA serves (404).
	KindNotFound Kind = iota
	// KindRedirect is a path the language rules move (301 to Route.To).
	KindRedirect
	KindHome
	// KindProducts is the product list (/<lang>/products); KindSearchToken
	// the same list behind an encoded search (/<lang>/products/<token>).
	KindProducts
	KindSearchToken
	KindProduct
	KindSeller
	// KindStatic is an indexable page without an id (about, terms, ...).
	KindStatic
	// KindPrivate is a route the SPA serves that search engines must not
	// index (sign-in, dashboard, invoices, ...).
	KindPrivate
)

// Route is a resolved public path.
type Route struct {
	Kind Kind
	// Lang is the page's language (the redirect's for KindRedirect).
	Lang string
	// To is the redirect's target, path and query (KindRedirect).
	To string
	// Segment is the route segment after the language ("" for the home
	// page).
	Segment string
	// ID is the ad's or seller's id, or the search token.
	ID string
}

// Resolve applies the SPA's routing rules (frontend/src/lib/localePath.ts,
// router.tsx) to a path and its raw query:
//   - no valid language prefix: 301 to the French version of the same path
//     (/about?x=1 -> /fr/about?x=1, / -> /fr/), an upper-case prefix
//     lowered (/DE/about -> /de/about);
//   - a repeated language segment is removed (/fr/fr/about -> /fr/about);
//   - otherwise the route table decides; what it does not know is
//     KindNotFound.
func Resolve(path, rawQuery string) Route {
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	suffix := ""
	if rawQuery != "" {
		suffix = "?" + rawQuery
	}
	segments := strings.Split(path, "/")[1:]
	first := segments[0]
	if !isLanguage(first) {
		if lowered := strings.ToLower(first); isLanguage(lowered) {
			fixed := "/" + lowered + path[len(first)+1:]
			if next := Resolve(fixed, rawQuery); next.Kind == KindRedirect {
				return next
			}
			return Route{Kind: KindRedirect, Lang: lowered, To: fixed + suffix}
		}
		return Route{Kind: KindRedirect, Lang: DefaultLanguage, To: "/" + DefaultLanguage + path + suffix}
	}
	rest := segments[1:]
	for len(rest) > 0 && rest[0] == first {
		rest = rest[1:]
	}
	if len(rest) != len(segments)-1 {
		to := "/" + first
		if len(rest) > 0 {
			to += "/" + strings.Join(rest, "/")
		}
		return Route{Kind: KindRedirect, Lang: first, To: to + suffix}
	}
	return match(first, rest)
}

// match is the SPA's route table under /:lang/ (frontend/src/app/router.tsx)
// for the public pages; every signed-in area is KindPrivate as a whole,
// since its own not-found answers need the session.
func match(lang string, rest []string) Route {
	r := Route{Lang: lang}
	if len(rest) == 0 || (len(rest) == 1 && rest[0] == "") {
		r.Kind = KindHome
		return r
	}
	// A trailing slash is the same page, as in react-router.
	if rest[len(rest)-1] == "" {
		rest = rest[:len(rest)-1]
	}
	r.Segment = rest[0]
	switch {
	case len(rest) == 1 && slices.Contains(StaticPublicSegments, rest[0]):
		r.Kind = KindStatic
		if rest[0] == SegProducts {
			r.Kind = KindProducts
		}
	case len(rest) == 2 && rest[0] == SegProducts && rest[1] != "":
		r.Kind, r.ID = KindSearchToken, rest[1]
	case len(rest) == 2 && rest[0] == SegProduct && rest[1] != "":
		r.Kind, r.ID = KindProduct, rest[1]
	case len(rest) == 2 && rest[0] == SegSeller && rest[1] != "":
		r.Kind, r.ID = KindSeller, rest[1]
	case privateRoute(rest):
		r.Kind = KindPrivate
	default:
		r.Kind = KindNotFound
	}
	return r
}

// privateRoute reports whether the SPA serves rest as one of its private
// pages (shapes from router.tsx).
func privateRoute(rest []string) bool {
	n := len(rest)
	switch rest[0] {
	case SegUser, SegAdmin:
		return true // the dashboard and the back office answer their own unknown paths
	case SegLogin:
		return n == 1 || (n == 2 && rest[1] == "social")
	case SegSignUp, SegForgotPassword, SegUnsubscribe, SegChoosePlan:
		return n == 1
	case SegEmailVerify, SegResetPassword, SegInvoice:
		return n == 2 && rest[1] != ""
	case SegPayment:
		return (n == 2 && rest[1] != "") || (n == 3 && rest[1] != "" && (rest[2] == "success" || rest[2] == "failure"))
	}
	return false
}

func isLanguage(s string) bool { return slices.Contains(langs.All, s) }
