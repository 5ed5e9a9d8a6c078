package favourites

import (
	"net/http"
	"time"

	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/httpx"
)

// Routes of the wish list.
const (
	routeList   = "GET /api/v1/wishlist"
	routeIDs    = "GET /api/v1/wishlist/ids"
	routeSave   = "PUT /api/v1/wishlist/{adId}"
	routeRemove = "DELETE /api/v1/wishlist/{adId}"
)

// NewHandler returns the wish-list API, every route for the signed-in user
// and about their own list only:
//
//	GET    /api/v1/wishlist         ?limit=1..48 (24) &cursor=   200 {"items","nextCursor"}
//	GET    /api/v1/wishlist/ids     200 {"ids"}: every saved ad id, newest first
//	PUT    /api/v1/wishlist/{adId}  201 {"adId","savedAt"} (200 when saved already)
//	DELETE /api/v1/wishlist/{adId}  204; 404 wishlist_not_found when not saved
//
// verifier must check token versions (WithTokenVersions).
func NewHandler(svc *Service, verifier *auth.Verifier) http.Handler {
	h := &handler{svc: svc}
	user := verifier.Authenticate
	mux := http.NewServeMux()
	mux.Handle(routeList, user(http.HandlerFunc(h.list)))
	mux.Handle(routeIDs, user(http.HandlerFunc(h.ids)))
	mux.Handle(routeSave, user(http.HandlerFunc(h.save)))
	mux.Handle(routeRemove, user(http.HandlerFunc(h.remove)))
	return httpx.NewHandler(mux)
}

type handler struct{ svc *Service }

func userID(r *http.Request) string {
	p, _ := auth.PrincipalFrom(r.Context())
	return p.UserID
}

type savedJSON struct {
	AdID    string `json:"adId"`
	SavedAt string `json:"savedAt"`
}

func (h *handler) save(w http.ResponseWriter, r *http.Request) {
	f, created, err := h.svc.Save(r.Context(), userID(r), r.PathValue("adId"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	httpx.JSON(w, status, savedJSON{AdID: f.AdID, SavedAt: f.SavedAt.UTC().Format(time.RFC3339Nano)})
}

func (h *handler) remove(w http.ResponseWriter, r *http.Request) {
	if err := h.svc.Remove(r.Context(), userID(r), r.PathValue("adId")); err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type idsJSON struct {
	IDs []string `json:"ids"`
}

func (h *handler) ids(w http.ResponseWriter, r *http.Request) {
	ids, err := h.svc.IDs(r.Context(), userID(r))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	if ids == nil {
		ids = []string{}
	}
	httpx.JSON(w, http.StatusOK, idsJSON{IDs: ids})
}

// entryJSON is one favourite. Title is the ad's title when it was saved;
// Card is the ad's current search card, null once the ad is deleted.
type entryJSON struct {
	AdID    string            `json:"adId"`
	Title   string            `json:"title"`
	SavedAt string            `json:"savedAt"`
	State   string            `json:"state"`
	Card    *catalog.CardJSON `json:"card"`
}

type listJSON struct {
	Items      []entryJSON `json:"items"`
	NextCursor *string     `json:"nextCursor"`
}

func (h *handler) list(w http.ResponseWriter, r *http.Request) {
	limit, err := httpx.Limit(r, DefaultPageSize, MaxPageSize)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	page, err := h.svc.List(r.Context(), userID(r), limit, r.URL.Query().Get("cursor"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	body := listJSON{Items: make([]entryJSON, len(page.Items))}
	for i, e := range page.Items {
		body.Items[i] = entryJSON{AdID: e.AdID, Title: e.Title, SavedAt: e.SavedAt.UTC().Format(time.RFC3339Nano), State: e.State}
		if e.Card != nil {
			card := catalog.NewCardJSON(*e.Card)
			body.Items[i].Card = &card
		}
	}
	if page.NextCursor != "" {
		body.NextCursor = &page.NextCursor
	}
	httpx.JSON(w, http.StatusOK, body)
}
