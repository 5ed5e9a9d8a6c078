// Package langs owns the list of languages Remat speaks: the site, the
// e-mails, the invoices and every multilingual field (category, brand and
// plan names) use these five, in the order they are shown. It imports
// nothing, so any package can depend on it.
package langs

// All are the languages, English (the fallback) first.
var All = []string{"en", "fr", "de", "it", "sq"}
