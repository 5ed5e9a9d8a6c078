package apispec_test

import (
	"testing"

	"github.com/remat/remat/infra/apispec"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/admin"
	"github.com/remat/remat/shared/alerts"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/contactreq"
	"github.com/remat/remat/shared/contactus"
	"github.com/remat/remat/shared/password"
	"github.com/remat/remat/shared/reports"
	"github.com/remat/remat/shared/reviews"
)

// TestBoundsMatchCode holds docs/openapi.yaml and the code to the same
// figures: every row is one bound the document promises (maxLength,
// minLength, minimum, maximum) and the Go constant the code checks it
// with. Lengths are in characters on both sides (package input counts
// code points after normalisation, as JSON Schema does).
func TestBoundsMatchCode(t *testing.T) {
	doc, err := apispec.LoadDefaultDocument()
	if err != nil {
		t.Fatal(err)
	}
	prop := func(schema, path string) apispec.Bounds {
		t.Helper()
		b, err := doc.Property(schema, path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	param := func(op, name string) apispec.Bounds {
		t.Helper()
		b, err := doc.Parameter(op, name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	maxLen := func(b apispec.Bounds) any { return deref(b.MaxLength) }
	minLen := func(b apispec.Bounds) any { return deref(b.MinLength) }
	maximum := func(b apispec.Bounds) any { return deref(b.Maximum) }
	minimum := func(b apispec.Bounds) any { return deref(b.Minimum) }
	search := "GET /api/v1/products"
	tests := []struct {
		name string
		doc  any // the document's figure (nil when it sets none)
		code float64
	}{
		// The ad form.
		{"ProductInput.title minLength", minLen(prop("ProductInput", "title")), catalog.TitleMin},
		{"ProductInput.title maxLength", maxLen(prop("ProductInput", "title")), catalog.TitleMax},
		{"ProductInput.brand maxLength", maxLen(prop("ProductInput", "brand")), catalog.BrandMax},
		{"ProductInput.description minLength", minLen(prop("ProductInput", "description")), catalog.DescriptionMin},
		{"ProductInput.description maxLength", maxLen(prop("ProductInput", "description")), catalog.DescriptionMax},
		{"ProductInput.priceRp minimum", minimum(prop("ProductInput", "priceRp")), 0},
		{"ProductInput.priceRp maximum", maximum(prop("ProductInput", "priceRp")), catalog.PriceMaxRp},
		{"ProductInput.discountPct minimum", minimum(prop("ProductInput", "discountPct")), 0},
		{"ProductInput.discountPct maximum", maximum(prop("ProductInput", "discountPct")), catalog.DiscountMax},
		{"ProductInput.quantity.amount exclusiveMinimum", deref(prop("ProductInput", "quantity.amount").ExclusiveMinimum), 0},
		{"ProductInput.quantity.amount maximum", maximum(prop("ProductInput", "quantity.amount")), catalog.QuantityMax},
		{"ProductInput.location.locality maxLength", maxLen(prop("ProductInput", "location.locality")), catalog.LocalityMax},

		// The product list (and saved searches, which keep its parameters).
		{"products q maxLength", maxLen(param(search, "q")), catalog.MaxQueryText},
		{"products category maxLength", maxLen(param(search, "category")), catalog.SlugMax},
		{"products brand maxLength", maxLen(param(search, "brand")), catalog.BrandMax},
		{"products location maxLength", maxLen(param(search, "location")), catalog.LocalityMax},
		{"products radius minimum", minimum(param(search, "radius")), catalog.MinRadius},
		{"products radius maximum", maximum(param(search, "radius")), catalog.MaxRadius},
		{"products limit maximum", maximum(param(search, "limit")), catalog.MaxSearchPage},
		{"localities q minLength", minLen(param("GET /api/v1/localities", "q")), catalog.LocalityQueryMin},
		{"localities q maxLength", maxLen(param("GET /api/v1/localities", "q")), catalog.LocalityQueryMax},
		{"suggestions q minLength", minLen(param("GET /api/v1/suggestions", "q")), catalog.SuggestQueryMin},
		{"suggestions q maxLength", maxLen(param("GET /api/v1/suggestions", "q")), catalog.SuggestQueryMax},
		{"SavedSearchInput.name maxLength", maxLen(prop("SavedSearchInput", "name")), alerts.MaxNameRunes},
		{"SavedSearchInput.params maxLength", maxLen(prop("SavedSearchInput", "params")), alerts.MaxParamsRunes},
		{"SavedSearchChange.name maxLength", maxLen(prop("SavedSearchChange", "name")), alerts.MaxNameRunes},
		{"SavedSearch.name maxLength", maxLen(prop("SavedSearch", "name")), alerts.MaxNameRunes},

		// Messages.
		{"ContactUsRequest.name maxLength", maxLen(prop("ContactUsRequest", "name")), contactus.NameMax},
		{"ContactUsRequest.email maxLength", maxLen(prop("ContactUsRequest", "email")), contactus.EmailMax},
		{"ContactUsRequest.subject maxLength", maxLen(prop("ContactUsRequest", "subject")), contactus.SubjectMax},
		{"ContactUsRequest.message maxLength", maxLen(prop("ContactUsRequest", "message")), contactus.MessageMax},
		{"ContactRequestInput.name maxLength", maxLen(prop("ContactRequestInput", "name")), contactreq.NameMax},
		{"ContactRequestInput.email maxLength", maxLen(prop("ContactRequestInput", "email")), contactreq.EmailMax},
		{"ContactRequestInput.phone maxLength", maxLen(prop("ContactRequestInput", "phone")), contactreq.PhoneMax},
		{"ContactRequestInput.message maxLength", maxLen(prop("ContactRequestInput", "message")), contactreq.MessageMax},
		{"ReportRequest.details maxLength", maxLen(prop("ReportRequest", "details")), reports.DetailsMax},
		{"ReportRequest.email maxLength", maxLen(prop("ReportRequest", "email")), reports.EmailMax},
		{"ResolveReportRequest.note maxLength", maxLen(prop("ResolveReportRequest", "note")), reports.NoteMax},

		// Reviews.
		{"ReviewInput.rating minimum", minimum(prop("ReviewInput", "rating")), reviews.MinRating},
		{"ReviewInput.rating maximum", maximum(prop("ReviewInput", "rating")), reviews.MaxRating},
		{"ReviewInput.text minLength", minLen(prop("ReviewInput", "text")), reviews.MinText},
		{"ReviewInput.text maxLength", maxLen(prop("ReviewInput", "text")), reviews.MaxText},
		{"ReviewEdit.rating minimum", minimum(prop("ReviewEdit", "rating")), reviews.MinRating},
		{"ReviewEdit.rating maximum", maximum(prop("ReviewEdit", "rating")), reviews.MaxRating},
		{"ReviewEdit.text minLength", minLen(prop("ReviewEdit", "text")), reviews.MinText},
		{"ReviewEdit.text maxLength", maxLen(prop("ReviewEdit", "text")), reviews.MaxText},
		{"ReviewText.text maxLength", maxLen(prop("ReviewText", "text")), reviews.MaxReply},
		{"ReviewText.reason maxLength", maxLen(prop("ReviewText", "reason")), reviews.MaxReason},

		// Accounts.
		{"SignUpRequest.firstName maxLength", maxLen(prop("SignUpRequest", "firstName")), accounts.NameMax},
		{"SignUpRequest.lastName maxLength", maxLen(prop("SignUpRequest", "lastName")), accounts.NameMax},
		{"SignUpRequest.email maxLength", maxLen(prop("SignUpRequest", "email")), accounts.EmailMax},
		{"SignUpRequest.phone maxLength", maxLen(prop("SignUpRequest", "phone")), accounts.PhoneMax},
		{"SignUpRequest.password minLength", minLen(prop("SignUpRequest", "password")), password.MinLength},
		{"SignUpRequest.password maxLength", maxLen(prop("SignUpRequest", "password")), password.MaxLength},
		{"UpdateInfoRequest.firstName maxLength", maxLen(prop("UpdateInfoRequest", "firstName")), accounts.NameMax},
		{"UpdateInfoRequest.lastName maxLength", maxLen(prop("UpdateInfoRequest", "lastName")), accounts.NameMax},
		{"UpdateInfoRequest.phone maxLength", maxLen(prop("UpdateInfoRequest", "phone")), accounts.PhoneMax},
		{"CreateAdminRequest.firstName maxLength", maxLen(prop("CreateAdminRequest", "firstName")), accounts.NameMax},
		{"CreateAdminRequest.lastName maxLength", maxLen(prop("CreateAdminRequest", "lastName")), accounts.NameMax},
		{"CreateAdminRequest.email maxLength", maxLen(prop("CreateAdminRequest", "email")), accounts.EmailMax},
		{"Company.name maxLength", maxLen(prop("Company", "name")), accounts.CompanyMax},
		{"Company.email maxLength", maxLen(prop("Company", "email")), accounts.EmailMax},
		{"Company.address maxLength", maxLen(prop("Company", "address")), accounts.AddressMax},
		{"Company.website maxLength", maxLen(prop("Company", "website")), accounts.WebsiteMax},

		// The back office.
		{"UserStatusRequest.reason maxLength", maxLen(prop("UserStatusRequest", "reason")), admin.ReasonMax},
		{"CategoryNames.en maxLength", maxLen(prop("CategoryNames", "en")), catalog.CategoryNameMax},
		{"AdminCategoryCreate.slug minLength", minLen(prop("AdminCategoryCreate", "slug")), catalog.SlugMin},
		{"AdminCategoryCreate.slug maxLength", maxLen(prop("AdminCategoryCreate", "slug")), catalog.SlugMax},
		{"AdminCategoryCreate.sortOrder maximum", maximum(prop("AdminCategoryCreate", "sortOrder")), catalog.SortOrderMax},
		{"AdminCategoryPatch.sortOrder maximum", maximum(prop("AdminCategoryPatch", "sortOrder")), catalog.SortOrderMax},
		{"AdminBrandRequest.name maxLength", maxLen(prop("AdminBrandRequest", "name")), catalog.BrandNameMax},
		{"PlanEdit.priceRp minimum", minimum(prop("PlanEdit", "priceRp")), billing.PlanPriceMinRp},
		{"PlanEdit.priceRp maximum", maximum(prop("PlanEdit", "priceRp")), billing.PlanPriceMaxRp},
		{"PlanEdit.freeMonths maximum", maximum(prop("PlanEdit", "freeMonths")), billing.PlanFreeMonthsMax},
		{"PlanEdit.adAllowance maximum", maximum(prop("PlanEdit", "adAllowance")), billing.PlanAdAllowanceMax},
		{"PlanEdit.imageAllowance maximum", maximum(prop("PlanEdit", "imageAllowance")), billing.PlanImageAllowanceMax},
		{"PlanEdit.adDurationDays maximum", maximum(prop("PlanEdit", "adDurationDays")), billing.PlanAdDurationMax},
		{"PlanEdit.sortOrder maximum", maximum(prop("PlanEdit", "sortOrder")), billing.PlanSortOrderMax},
	}
	for _, tt := range tests {
		var got float64
		switch v := tt.doc.(type) {
		case int:
			got = float64(v)
		case float64:
			got = v
		default:
			t.Errorf("%s: the document sets none, want %v", tt.name, tt.code)
			continue
		}
		if got != tt.code {
			t.Errorf("%s: got %v in docs/openapi.yaml, want %v (the code's)", tt.name, got, tt.code)
		}
	}
}

// deref returns *p, or nil for a nil p (a keyword the document does not set).
func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}
