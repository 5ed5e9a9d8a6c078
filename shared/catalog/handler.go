package catalog

import (
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/httpx"
	"github.com/remat/remat/shared/input"
	"github.com/remat/remat/shared/limits"
	"github.com/remat/remat/shared/search"
)

// Routes of the catalogue.
const (
	routeCategories  = "GET /api/v1/categories"
	routeBrands      = "GET /api/v1/brands"
	routeLocalities  = "GET /api/v1/localities"
	routeSuggest     = "GET /api/v1/suggestions"
	routeSearch      = "GET /api/v1/products"
	routeBatch       = "GET /api/v1/products/batch"
	routeMyAds       = "GET /api/v1/products/mine"
	routeDetail      = "GET /api/v1/products/{id}"
	routeSimilar     = "GET /api/v1/products/{id}/similar"
	routeView        = "POST /api/v1/products/{id}/view"
	routeCreate      = "POST /api/v1/products"
	routeUpdate      = "PATCH /api/v1/products/{id}"
	routeDelete      = "DELETE /api/v1/products/{id}"
	routePublish     = "POST /api/v1/products/{id}/publish"
	routeStatus      = "PATCH /api/v1/products/{id}/status"
	routeAddImage    = "POST /api/v1/products/{id}/images"
	routeImage       = "PATCH /api/v1/products/{id}/images/{imageId}"
	routeDeleteImage = "DELETE /api/v1/products/{id}/images/{imageId}"

	maxBodyBytes  = 32 << 10
	defaultRadius = 25
	// referenceCacheControl lets browsers keep reference data as long as
	// the function does.
	referenceCacheControl = "public, max-age=60"
)

// Bounds of the product list's parameters (docs/openapi.yaml has the
// same figures): the search words in characters, the radius in km, the
// page size.
const (
	MaxQueryText  = 200
	MinRadius     = limits.SearchRadiusMinKm
	MaxRadius     = limits.SearchRadiusMaxKm
	MaxSearchPage = 48
)

// NewHandler returns the catalogue API (ProductsFunction), wired with
// httpx's standard middleware:
//
//	GET    /api/v1/categories                      public       200 {items, counts}
//	GET    /api/v1/brands                          public       200 {items}
//	GET    /api/v1/localities?q=                   public       200 {items}
//	GET    /api/v1/suggestions?q=&lang=            public       200 {items}
//	GET    /api/v1/products?q=&category=...        public       200 {items, nextCursor?, place?, total}
//	GET    /api/v1/products/batch?ids=             public       200 {items}
//	GET    /api/v1/products/mine?status=&cursor=   user         200 {items, nextCursor?}
//	GET    /api/v1/products/{id}                   public if active, else owner/admin  200 detail
//	GET    /api/v1/products/{id}/similar           public       200 {items}
//	POST   /api/v1/products/{id}/view              public       204
//	POST   /api/v1/products                        user         201 detail (draft)
//	PATCH  /api/v1/products/{id}                   owner        200 detail
//	DELETE /api/v1/products/{id}                   owner/admin  204
//	POST   /api/v1/products/{id}/publish           owner        200 detail
//	PATCH  /api/v1/products/{id}/status            owner        200 detail
//	POST   /api/v1/products/{id}/images            owner        201 {image, upload, expiresAt}
//	PATCH  /api/v1/products/{id}/images/{imageId}  owner        200 detail
//	DELETE /api/v1/products/{id}/images/{imageId}  owner        204
//
// verifier must check token versions (WithTokenVersions). On public
// routes a valid token identifies the owner (drafts, no self-clicks); an
// invalid one is ignored.
func NewHandler(svc *Service, verifier *auth.Verifier) http.Handler {
	h := &handler{svc: svc, verifier: verifier}
	user := verifier.Authenticate
	mux := http.NewServeMux()
	mux.HandleFunc(routeCategories, h.categories)
	mux.HandleFunc(routeBrands, h.brands)
	mux.HandleFunc(routeLocalities, h.localities)
	mux.HandleFunc(routeSuggest, h.suggest)
	mux.HandleFunc(routeSearch, h.search)
	mux.HandleFunc(routeBatch, h.batch)
	mux.Handle(routeMyAds, user(http.HandlerFunc(h.myAds)))
	mux.HandleFunc(routeDetail, h.detail)
	mux.HandleFunc(routeSimilar, h.similar)
	mux.HandleFunc(routeView, h.view)
	mux.Handle(routeCreate, user(http.HandlerFunc(h.create)))
	mux.Handle(routeUpdate, user(http.HandlerFunc(h.update)))
	mux.Handle(routeDelete, user(http.HandlerFunc(h.delete)))
	mux.Handle(routePublish, user(http.HandlerFunc(h.publish)))
	mux.Handle(routeStatus, user(http.HandlerFunc(h.status)))
	mux.Handle(routeAddImage, user(http.HandlerFunc(h.addImage)))
	mux.Handle(routeImage, user(http.HandlerFunc(h.setMain)))
	mux.Handle(routeDeleteImage, user(http.HandlerFunc(h.deleteImage)))
	return httpx.NewHandler(mux)
}

type handler struct {
	svc      *Service
	verifier *auth.Verifier
}

func principal(r *http.Request) auth.Principal {
	p, _ := auth.PrincipalFrom(r.Context())
	return p
}

// viewer is the caller of a public route: the token's principal when a
// valid one is sent, else anonymous (zero).
func (h *handler) viewer(r *http.Request) auth.Principal {
	token, ok := auth.BearerToken(r)
	if !ok {
		return auth.Principal{}
	}
	p, err := h.verifier.Verify(r.Context(), token)
	if err != nil {
		return auth.Principal{}
	}
	return p
}

type itemsBody[T any] struct {
	Items []T `json:"items"`
}

func (h *handler) categories(w http.ResponseWriter, r *http.Request) {
	cats, err := h.svc.Categories(r.Context())
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	// The counts (the home page's tiles) are a bonus: without them the
	// tree still answers.
	counts, err := h.svc.CategoryCounts(r.Context(), cats)
	if err != nil {
		slog.WarnContext(r.Context(), "catalog: categories answered without counts", "err", err.Error())
		counts = nil
	}
	w.Header().Set("Cache-Control", referenceCacheControl)
	httpx.JSON(w, http.StatusOK, categoriesBody{Items: nonNilSlice(cats), Counts: counts})
}

// categoriesBody is GET /categories: the tree and the number of active
// ads of each category (sub-categories included).
type categoriesBody struct {
	Items  []Category       `json:"items"`
	Counts map[string]int64 `json:"counts,omitempty"`
}

// suggest answers the search field's suggestions; the same for everyone,
// so browsers and CloudFront may keep an answer as long as the reference
// data.
func (h *handler) suggest(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	items, err := h.svc.Suggest(r.Context(), q.Get("q"), q.Get("lang"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", referenceCacheControl)
	httpx.JSON(w, http.StatusOK, itemsBody[Suggestion]{Items: nonNilSlice(items)})
}

func (h *handler) brands(w http.ResponseWriter, r *http.Request) {
	brands, err := h.svc.Brands(r.Context())
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", referenceCacheControl)
	httpx.JSON(w, http.StatusOK, itemsBody[Brand]{Items: nonNilSlice(brands)})
}

func (h *handler) localities(w http.ResponseWriter, r *http.Request) {
	locs, err := h.svc.Localities(r.Context(), r.URL.Query().Get("q"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, itemsBody[Locality]{Items: nonNilSlice(locs)})
}

// searchBody is GET /products.
type searchBody struct {
	Items      []CardJSON   `json:"items"`
	NextCursor string       `json:"nextCursor,omitempty"`
	Place      *Locality    `json:"place,omitempty"`
	Total      search.Total `json:"total"`
}

func (h *handler) search(w http.ResponseWriter, r *http.Request) {
	p, err := parseSearch(r)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	res, err := h.svc.Search(r.Context(), p)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, searchBody{
		Items: cardsJSON(res.Page.Items), NextCursor: res.Page.NextCursor, Place: res.Place, Total: res.Page.Total,
	})
}

var pricePattern = regexp.MustCompile(`^[0-9]{1,7}(\.[0-9]{1,2})?$`)

// parseSearch reads the product list's query string.
func parseSearch(r *http.Request) (SearchParams, error) {
	return ParseSearchValues(r.URL.Query())
}

// The text rules of the search parameters (package input): none is
// longer than what it is compared with, so none can make a key lookup
// over DynamoDB's key size.
var (
	queryText    = input.Text{Max: MaxQueryText}
	categoryText = input.Text{Max: SlugMax}
	brandQuery   = input.Text{Max: BrandMax}
	placeText    = input.Text{Max: LocalityMax}
)

// ParseSearchValues reads the product list's parameters (q, category,
// brand, condition, maxPrice, location, radius, canton, sort, limit,
// cursor) from q; every invalid one is named in one validation error.
// Saved searches keep the same parameters.
func ParseSearchValues(q url.Values) (SearchParams, error) {
	get := func(k string) string { return strings.TrimSpace(q.Get(k)) }
	bad := map[string]string{}
	text := func(k string, rule input.Text) string {
		v, code := rule.Clean(q.Get(k))
		if code != "" {
			bad[k] = code
		}
		return v
	}
	p := SearchParams{
		Text: text("q", queryText), Category: text("category", categoryText), Brand: text("brand", brandQuery),
		Condition: get("condition"), Location: text("location", placeText), Canton: strings.ToUpper(get("canton")),
		Sort: get("sort"), Cursor: q.Get("cursor"), Limit: search.DefaultLimit,
	}
	switch p.Condition {
	case "", ConditionNew, ConditionUsed:
	default:
		bad["condition"] = apperr.FieldInvalid
	}
	switch p.Sort {
	case "", search.SortNewest, search.SortPriceAsc, search.SortPriceDesc:
	case search.SortDistance:
		if p.Location == "" {
			bad["sort"] = apperr.FieldInvalid // nearest to no place
		}
	default:
		bad["sort"] = apperr.FieldInvalid
	}
	if c := p.Canton; c != "" && (len(c) != 2 || strings.Trim(c, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "") {
		bad["canton"] = apperr.FieldInvalid
	}
	if v := get("maxPrice"); v != "" {
		if !pricePattern.MatchString(v) {
			bad["maxPrice"] = apperr.FieldInvalid
		} else {
			p.MaxPriceRp = chfToRappen(v)
		}
	}
	if v := get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		switch {
		case err != nil:
			bad["limit"] = apperr.FieldInvalid
		case n < 1 || n > MaxSearchPage:
			bad["limit"] = apperr.FieldOutOfRange
		default:
			p.Limit = n
		}
	}
	if p.Location != "" {
		p.RadiusKm = defaultRadius
		if v := get("radius"); v != "" {
			km, code := input.ParseNumber(v)
			switch {
			case code != "":
				bad["radius"] = code
			case km < MinRadius || km > MaxRadius:
				bad["radius"] = apperr.FieldOutOfRange
			default:
				p.RadiusKm = km
			}
		}
	}
	if len(bad) > 0 {
		return SearchParams{}, apperr.Validation(bad)
	}
	return p, nil
}

// chfToRappen converts a checked "123" or "123.4" or "123.45" to Rappen.
func chfToRappen(v string) int64 {
	whole, frac, _ := strings.Cut(v, ".")
	francs, _ := strconv.ParseInt(whole, 10, 64)
	frac = (frac + "00")[:2]
	rappen, _ := strconv.ParseInt(frac, 10, 64)
	return francs*100 + rappen
}

func (h *handler) batch(w http.ResponseWriter, r *http.Request) {
	var ids []string
	for id := range strings.SplitSeq(r.URL.Query().Get("ids"), ",") {
		if id = strings.TrimSpace(id); id != "" {
			ids = append(ids, id)
		}
	}
	cards, err := h.svc.Cards(r.Context(), ids)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, itemsBody[CardJSON]{Items: cardsJSON(cards)})
}

type myAdsBody struct {
	Items      []MyAdJSON `json:"items"`
	NextCursor string     `json:"nextCursor,omitempty"`
}

// myAds is My ads, the signed-in seller's own list in every status, on
// the path products/mine; the public seller page's list is reviews'
// sellerAds.
func (h *handler) myAds(w http.ResponseWriter, r *http.Request) {
	page, stats, err := h.svc.MyAds(r.Context(), principal(r), r.URL.Query().Get("status"), r.URL.Query().Get("cursor"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	body := myAdsBody{Items: make([]MyAdJSON, len(page.Ads)), NextCursor: page.NextCursor}
	for i, a := range page.Ads {
		body.Items[i] = myAdJSON(a, stats[a.ID])
	}
	httpx.JSON(w, http.StatusOK, body)
}

func (h *handler) detail(w http.ResponseWriter, r *http.Request) {
	d, err := h.svc.Detail(r.Context(), h.viewer(r), r.PathValue("id"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, DetailJSON(d))
}

func (h *handler) similar(w http.ResponseWriter, r *http.Request) {
	cards, err := h.svc.Similar(r.Context(), r.PathValue("id"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, itemsBody[CardJSON]{Items: cardsJSON(cards)})
}

func (h *handler) view(w http.ResponseWriter, r *http.Request) {
	var in struct {
		VisitorID string `json:"visitorId"`
	}
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if err := h.svc.View(r.Context(), h.viewer(r), r.PathValue("id"), in.VisitorID, r.UserAgent(), httpx.ClientIP(r)); err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// respond renders the record rec written by p as p's detail view.
func (h *handler) respond(w http.ResponseWriter, r *http.Request, status int, rec AdRecord) {
	d, err := h.svc.DetailOf(r.Context(), principal(r), rec)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, status, DetailJSON(d))
}

func (h *handler) create(w http.ResponseWriter, r *http.Request) {
	var in ProductInput
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	rec, err := h.svc.Create(r.Context(), principal(r), in)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	h.respond(w, r, http.StatusCreated, rec)
}

func (h *handler) update(w http.ResponseWriter, r *http.Request) {
	var in ProductInput
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	rec, err := h.svc.Update(r.Context(), principal(r), r.PathValue("id"), in)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	h.respond(w, r, http.StatusOK, rec)
}

func (h *handler) delete(w http.ResponseWriter, r *http.Request) {
	if err := h.svc.Delete(r.Context(), principal(r), r.PathValue("id")); err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func (h *handler) publish(w http.ResponseWriter, r *http.Request) {
	rec, err := h.svc.Publish(r.Context(), principal(r), r.PathValue("id"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	h.respond(w, r, http.StatusOK, rec)
}

func (h *handler) status(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Status string `json:"status"`
	}
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	rec, err := h.svc.SetStatus(r.Context(), principal(r), r.PathValue("id"), in.Status)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	h.respond(w, r, http.StatusOK, rec)
}

// uploadBody is POST /products/{id}/images.
type uploadBody struct {
	Image struct {
		ID    string `json:"id"`
		State string `json:"state"`
	} `json:"image"`
	Upload struct {
		URL     string            `json:"url"`
		Method  string            `json:"method"`
		Headers map[string]string `json:"headers"`
	} `json:"upload"`
	ExpiresAt string `json:"expiresAt"`
}

func (h *handler) addImage(w http.ResponseWriter, r *http.Request) {
	var in struct {
		ContentType string `json:"contentType"`
		Size        int64  `json:"size"`
	}
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	up, err := h.svc.AddImage(r.Context(), principal(r), r.PathValue("id"), in.ContentType, in.Size)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	var body uploadBody
	body.Image.ID, body.Image.State = up.Image.ID, up.Image.State
	body.Upload.URL, body.Upload.Method = up.URL, http.MethodPut
	body.Upload.Headers = map[string]string{"Content-Type": up.Image.ContentType}
	body.ExpiresAt = apiTime(up.ExpiresAt)
	httpx.JSON(w, http.StatusCreated, body)
}

func (h *handler) setMain(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Main bool `json:"main"`
	}
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if !in.Main {
		httpx.Error(w, r, apperr.Validation(map[string]string{"main": apperr.FieldInvalid}))
		return
	}
	rec, err := h.svc.SetMainImage(r.Context(), principal(r), r.PathValue("id"), r.PathValue("imageId"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	h.respond(w, r, http.StatusOK, rec)
}

func (h *handler) deleteImage(w http.ResponseWriter, r *http.Request) {
	if err := h.svc.DeleteImage(r.Context(), principal(r), r.PathValue("id"), r.PathValue("imageId")); err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

func nonNilSlice[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
