package admin

import (
	"net/http"

	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/httpx"
)

// Routes of the category tree and the brand list in the back office.
const (
	routeCategories     = "GET /api/v1/admin/categories"
	routeCreateCategory = "POST /api/v1/admin/categories"
	routeUpdateCategory = "PATCH /api/v1/admin/categories/{slug}"
	routeDeleteCategory = "DELETE /api/v1/admin/categories/{slug}"
	routeBrands         = "GET /api/v1/admin/brands"
	routeCreateBrand    = "POST /api/v1/admin/brands"
	routeRenameBrand    = "PATCH /api/v1/admin/brands/{slug}"
	routeDeleteBrand    = "DELETE /api/v1/admin/brands/{slug}"
)

// TaxonomySection is the category tree and the brand list (the rules are
// catalog.Taxonomy's), behind the back office's guard:
//
//	GET    /api/v1/admin/categories          200 {"items":[Category with activeAds]}, tree order
//	POST   /api/v1/admin/categories          {"slug"?,"parent"?,"sortOrder"?,"names":{en,fr,de,it,sq},"hidden"?}
//	                                         201 Category; 409 category_slug_taken
//	PATCH  /api/v1/admin/categories/{slug}   {"names"?,"parent"?,"sortOrder"?,"hidden"?} 200 Category;
//	                                         404 category_not_found; 409 category_in_use,
//	                                         category_has_subcategories (moves)
//	DELETE /api/v1/admin/categories/{slug}   204; 404; 409 category_in_use, category_has_subcategories
//	GET    /api/v1/admin/brands              200 {"items":[Brand with activeAds]}, by name
//	POST   /api/v1/admin/brands              {"name"} 201 Brand; 409 brand_exists
//	PATCH  /api/v1/admin/brands/{slug}       {"name"} 200 Brand; 404 brand_not_found; 409 brand_exists
//	DELETE /api/v1/admin/brands/{slug}       204; 404 brand_not_found
//
// Every change is audited in its transaction (targets category and brand).
// users names the acting administrator in the audit log.
func TaxonomySection(tax *catalog.Taxonomy, users Users) Section {
	h := &taxonomyHandler{tax: tax, users: users}
	return func(mux *http.ServeMux, guard httpx.Middleware) {
		mux.Handle(routeCategories, guard(http.HandlerFunc(h.categories)))
		mux.Handle(routeCreateCategory, guard(http.HandlerFunc(h.createCategory)))
		mux.Handle(routeUpdateCategory, guard(http.HandlerFunc(h.updateCategory)))
		mux.Handle(routeDeleteCategory, guard(http.HandlerFunc(h.deleteCategory)))
		mux.Handle(routeBrands, guard(http.HandlerFunc(h.brands)))
		mux.Handle(routeCreateBrand, guard(http.HandlerFunc(h.createBrand)))
		mux.Handle(routeRenameBrand, guard(http.HandlerFunc(h.renameBrand)))
		mux.Handle(routeDeleteBrand, guard(http.HandlerFunc(h.deleteBrand)))
	}
}

type taxonomyHandler struct {
	tax   *catalog.Taxonomy
	users Users
}

// acting decodes the request body into body (when not nil) and returns
// the audit actor of the request's administrator; false when it has
// already answered with the error.
func (h *taxonomyHandler) acting(w http.ResponseWriter, r *http.Request, body any) (audit.Actor, bool) {
	if body != nil {
		if err := httpx.DecodeJSON(w, r, body, MaxBodyBytes); err != nil {
			httpx.Error(w, r, err)
			return audit.Actor{}, false
		}
	}
	p, _ := auth.PrincipalFrom(r.Context())
	actor, err := actorOf(r.Context(), h.users, p)
	if err != nil {
		httpx.Error(w, r, err)
		return audit.Actor{}, false
	}
	return actor, true
}

// CategoryJSON is a category as the back office shows it; ActiveAds is
// set in the list only.
type CategoryJSON struct {
	Slug      string            `json:"slug"`
	Parent    *string           `json:"parent"`
	SortOrder int               `json:"sortOrder"`
	Names     map[string]string `json:"names"`
	Hidden    bool              `json:"hidden"`
	ActiveAds *int64            `json:"activeAds,omitempty"`
}

func categoryJSON(c catalog.Category) CategoryJSON {
	out := CategoryJSON{Slug: c.Slug, SortOrder: c.SortOrder, Names: c.Names, Hidden: c.Hidden}
	if c.Parent != "" {
		out.Parent = &c.Parent
	}
	if out.Names == nil {
		out.Names = map[string]string{}
	}
	return out
}

// BrandJSON is a brand as the back office shows it; ActiveAds is set in
// the list only.
type BrandJSON struct {
	Slug      string `json:"slug"`
	Name      string `json:"name"`
	ActiveAds *int64 `json:"activeAds,omitempty"`
}

type taxonomyItems[T any] struct {
	Items []T `json:"items"`
}

func (h *taxonomyHandler) categories(w http.ResponseWriter, r *http.Request) {
	cats, err := h.tax.Categories(r.Context())
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	body := taxonomyItems[CategoryJSON]{Items: make([]CategoryJSON, 0, len(cats))}
	for _, c := range cats {
		j := categoryJSON(c.Category)
		j.ActiveAds = &c.Ads
		body.Items = append(body.Items, j)
	}
	httpx.JSON(w, http.StatusOK, body)
}

type createCategoryRequest struct {
	Slug      string            `json:"slug"`
	Parent    string            `json:"parent"`
	SortOrder *int              `json:"sortOrder"`
	Names     map[string]string `json:"names"`
	Hidden    bool              `json:"hidden"`
}

func (h *taxonomyHandler) createCategory(w http.ResponseWriter, r *http.Request) {
	var req createCategoryRequest
	actor, ok := h.acting(w, r, &req)
	if !ok {
		return
	}
	c, err := h.tax.CreateCategory(r.Context(), actor, catalog.CategoryInput(req))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, categoryJSON(c))
}

type updateCategoryRequest struct {
	Names     map[string]string `json:"names"`
	Parent    *string           `json:"parent"`
	SortOrder *int              `json:"sortOrder"`
	Hidden    *bool             `json:"hidden"`
}

func (h *taxonomyHandler) updateCategory(w http.ResponseWriter, r *http.Request) {
	var req updateCategoryRequest
	actor, ok := h.acting(w, r, &req)
	if !ok {
		return
	}
	c, err := h.tax.UpdateCategory(r.Context(), actor, r.PathValue("slug"), catalog.CategoryPatch(req))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, categoryJSON(c))
}

func (h *taxonomyHandler) deleteCategory(w http.ResponseWriter, r *http.Request) {
	actor, ok := h.acting(w, r, nil)
	if !ok {
		return
	}
	if err := h.tax.DeleteCategory(r.Context(), actor, r.PathValue("slug")); err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *taxonomyHandler) brands(w http.ResponseWriter, r *http.Request) {
	brands, err := h.tax.Brands(r.Context())
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	body := taxonomyItems[BrandJSON]{Items: make([]BrandJSON, 0, len(brands))}
	for _, b := range brands {
		body.Items = append(body.Items, BrandJSON{Slug: b.Slug, Name: b.Name, ActiveAds: &b.Ads})
	}
	httpx.JSON(w, http.StatusOK, body)
}

type brandRequest struct {
	Name string `json:"name"`
}

func (h *taxonomyHandler) createBrand(w http.ResponseWriter, r *http.Request) {
	var req brandRequest
	actor, ok := h.acting(w, r, &req)
	if !ok {
		return
	}
	b, err := h.tax.CreateBrand(r.Context(), actor, req.Name)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, BrandJSON{Slug: b.Slug, Name: b.Name})
}

func (h *taxonomyHandler) renameBrand(w http.ResponseWriter, r *http.Request) {
	var req brandRequest
	actor, ok := h.acting(w, r, &req)
	if !ok {
		return
	}
	b, err := h.tax.RenameBrand(r.Context(), actor, r.PathValue("slug"), req.Name)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, BrandJSON{Slug: b.Slug, Name: b.Name})
}

func (h *taxonomyHandler) deleteBrand(w http.ResponseWriter, r *http.Request) {
	actor, ok := h.acting(w, r, nil)
	if !ok {
		return
	}
	if err := h.tax.DeleteBrand(r.Context(), actor, r.PathValue("slug")); err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
