package alerts

import (
	"net/http"
	"time"

	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/httpx"
)

// Routes of saved searches.
const (
	routeList        = "GET /api/v1/saved-searches"
	routeCreate      = "POST /api/v1/saved-searches"
	routeUpdate      = "PATCH /api/v1/saved-searches/{id}"
	routeDelete      = "DELETE /api/v1/saved-searches/{id}"
	routeUnsubscribe = "POST /api/v1/saved-searches/unsubscribe"
)

// maxBodyBytes bounds a request body.
const maxBodyBytes = 8 << 10

// NewHandler returns the saved-search API; every route but unsubscribe is
// for the signed-in user and their own searches:
//
//	GET    /api/v1/saved-searches              200 {"items","max"}
//	POST   /api/v1/saved-searches              {"name","params","frequency"}  201 search
//	PATCH  /api/v1/saved-searches/{id}         {"name"?,"frequency"?,"paused"?} 200 search
//	DELETE /api/v1/saved-searches/{id}         204
//	POST   /api/v1/saved-searches/unsubscribe  public; {"token"}  200 search (paused)
//
// Another user's id is saved_search_not_found. verifier must check token
// versions (WithTokenVersions).
func NewHandler(svc *Service, verifier *auth.Verifier) http.Handler {
	h := &handler{svc: svc}
	user := verifier.Authenticate
	mux := http.NewServeMux()
	mux.Handle(routeList, user(http.HandlerFunc(h.list)))
	mux.Handle(routeCreate, user(http.HandlerFunc(h.create)))
	mux.Handle(routeUpdate, user(http.HandlerFunc(h.update)))
	mux.Handle(routeDelete, user(http.HandlerFunc(h.delete)))
	mux.HandleFunc(routeUnsubscribe, h.unsubscribe)
	return httpx.NewHandler(mux)
}

type handler struct{ svc *Service }

func userID(r *http.Request) string {
	p, _ := auth.PrincipalFrom(r.Context())
	return p.UserID
}

// searchJSON is a saved search as its owner sees it.
type searchJSON struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	Params     string `json:"params"`
	Place      string `json:"place,omitempty"`
	Frequency  string `json:"frequency"`
	Paused     bool   `json:"paused"`
	CreatedAt  string `json:"createdAt"`
	LastSentAt string `json:"lastSentAt,omitempty"`
}

func toJSON(s SavedSearch) searchJSON {
	j := searchJSON{
		ID: s.ID, Name: s.Name, Params: s.Params, Place: s.Place, Frequency: s.Frequency, Paused: s.Paused,
		CreatedAt: s.CreatedAt.UTC().Format(time.RFC3339Nano),
	}
	if !s.LastSentAt.IsZero() {
		j.LastSentAt = s.LastSentAt.UTC().Format(time.RFC3339Nano)
	}
	return j
}

type listJSON struct {
	Items []searchJSON `json:"items"`
	Max   int          `json:"max"`
}

func (h *handler) list(w http.ResponseWriter, r *http.Request) {
	all, err := h.svc.List(r.Context(), userID(r))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	body := listJSON{Items: make([]searchJSON, len(all)), Max: MaxSearches}
	for i, s := range all {
		body.Items[i] = toJSON(s)
	}
	httpx.JSON(w, http.StatusOK, body)
}

func (h *handler) create(w http.ResponseWriter, r *http.Request) {
	var in Input
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	s, err := h.svc.Create(r.Context(), userID(r), in)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, toJSON(s))
}

type changeJSON struct {
	Name      *string `json:"name"`
	Frequency *string `json:"frequency"`
	Paused    *bool   `json:"paused"`
}

func (h *handler) update(w http.ResponseWriter, r *http.Request) {
	var in changeJSON
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	s, err := h.svc.Update(r.Context(), userID(r), r.PathValue("id"), Change(in))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, toJSON(s))
}

func (h *handler) delete(w http.ResponseWriter, r *http.Request) {
	if err := h.svc.Delete(r.Context(), userID(r), r.PathValue("id")); err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

type unsubscribeJSON struct {
	Token string `json:"token"`
}

func (h *handler) unsubscribe(w http.ResponseWriter, r *http.Request) {
	var in unsubscribeJSON
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	s, err := h.svc.Unsubscribe(r.Context(), in.Token)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, toJSON(s))
}
