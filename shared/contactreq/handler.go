package contactreq

import (
	"net/http"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/httpx"
)

// Routes of the contact-request resource.
const (
	routeSend   = "POST /api/v1/contact-request"
	routeList   = "GET /api/v1/contact-request"
	routeGet    = "GET /api/v1/contact-request/{id}"
	routeUpdate = "PATCH /api/v1/contact-request/{id}"
	routeDelete = "DELETE /api/v1/contact-request/{id}"
)

// MessageSent is the success message code of a sent request.
const MessageSent = "contact_request_sent"

// categoryUnread is the value of each entry of the list's categories.
const categoryUnread = "unread"

// NewHandler returns the contact-request API, wired with httpx's standard
// middleware:
//
//	POST   /api/v1/contact-request       public; a valid token names the buyer   201 {"message":"contact_request_sent","id"}
//	GET    /api/v1/contact-request       user; ?limit=1..50 (20) &cursor= &archived=true|false
//	                                      200 {"items","nextCursor","unreadCount","categories"}
//	GET    /api/v1/contact-request/{id}  the receiving seller                     200 request
//	PATCH  /api/v1/contact-request/{id}  the receiving seller; {"read"?,"archived"?}  200 request
//	DELETE /api/v1/contact-request/{id}  the receiving seller                     204
//
// Anyone but the receiving seller (other users and administrators) gets
// 404 contact_request_not_found on {id}. verifier must check token
// versions (WithTokenVersions). On POST an invalid token is ignored: the
// form works for visitors, and a stale session must not block a message.
func NewHandler(svc *Service, verifier *auth.Verifier) http.Handler {
	h := &handler{svc: svc, verifier: verifier}
	user := verifier.Authenticate
	mux := http.NewServeMux()
	mux.HandleFunc(routeSend, h.send)
	mux.Handle(routeList, user(http.HandlerFunc(h.list)))
	mux.Handle(routeGet, user(http.HandlerFunc(h.get)))
	mux.Handle(routeUpdate, user(http.HandlerFunc(h.update)))
	mux.Handle(routeDelete, user(http.HandlerFunc(h.delete)))
	return httpx.NewHandler(mux)
}

type handler struct {
	svc      *Service
	verifier *auth.Verifier
}

type sendRequest struct {
	AdID    string `json:"adId"`
	Name    string `json:"name"`
	Email   string `json:"email"`
	Phone   string `json:"phone"`
	Message string `json:"message"`
	Website string `json:"website"`
}

type sendResponse struct {
	Message string `json:"message"`
	ID      string `json:"id"`
}

func (h *handler) send(w http.ResponseWriter, r *http.Request) {
	var req sendRequest
	if err := httpx.DecodeJSON(w, r, &req, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	from := Sender{UserID: h.verifier.Viewer(r).UserID, Address: httpx.ClientIP(r), UserAgent: r.UserAgent()}
	created, err := h.svc.Send(r.Context(), Submission(req), from)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, sendResponse{Message: MessageSent, ID: created.ID})
}

// requestJSON is a request as its seller sees it.
type requestJSON struct {
	ID        string `json:"id"`
	AdID      string `json:"adId"`
	AdTitle   string `json:"adTitle"`
	Name      string `json:"name"`
	Email     string `json:"email"`
	Phone     string `json:"phone,omitempty"`
	Message   string `json:"message"`
	Read      bool   `json:"read"`
	Archived  bool   `json:"archived"`
	CreatedAt string `json:"createdAt"`
}

func toJSON(r Request) requestJSON {
	return requestJSON{
		ID: r.ID, AdID: r.AdID, AdTitle: r.AdTitle, Name: r.Name, Email: r.Email, Phone: r.Phone,
		Message: r.Message, Read: r.Read, Archived: r.Archived, CreatedAt: r.CreatedAt.UTC().Format(time.RFC3339Nano),
	}
}

// listResponse is GET /contact-request. Categories has one entry
// ("unread") per unread request, at most CategoriesMax: the header badge
// shows its length (spec §2). UnreadCount is the exact number.
type listResponse struct {
	Items       []requestJSON `json:"items"`
	NextCursor  *string       `json:"nextCursor"`
	UnreadCount int           `json:"unreadCount"`
	Categories  []string      `json:"categories"`
}

func (h *handler) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit, err := httpx.Limit(r, DefaultPageSize, MaxPageSize)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	archived, err := parseBool("archived", q.Get("archived"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	inbox, err := h.svc.List(r.Context(), auth.Caller(r).UserID, archived, limit, q.Get("cursor"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	resp := listResponse{
		Items:       make([]requestJSON, 0, len(inbox.Items)),
		UnreadCount: inbox.Unread,
		Categories:  make([]string, min(inbox.Unread, CategoriesMax)),
	}
	for i := range resp.Categories {
		resp.Categories[i] = categoryUnread
	}
	for _, it := range inbox.Items {
		resp.Items = append(resp.Items, toJSON(it))
	}
	if inbox.NextCursor != "" {
		resp.NextCursor = &inbox.NextCursor
	}
	httpx.JSON(w, http.StatusOK, resp)
}

func (h *handler) get(w http.ResponseWriter, r *http.Request) {
	req, err := h.svc.Get(r.Context(), auth.Caller(r).UserID, r.PathValue("id"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, toJSON(req))
}

type updateRequest struct {
	Read     *bool `json:"read"`
	Archived *bool `json:"archived"`
}

func (h *handler) update(w http.ResponseWriter, r *http.Request) {
	var body updateRequest
	if err := httpx.DecodeJSON(w, r, &body, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	req, err := h.svc.Update(r.Context(), auth.Caller(r).UserID, r.PathValue("id"), Change(body))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, toJSON(req))
}

func (h *handler) delete(w http.ResponseWriter, r *http.Request) {
	if err := h.svc.Delete(r.Context(), auth.Caller(r).UserID, r.PathValue("id")); err != nil {
		httpx.Error(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// parseBool reads an optional "true"/"false" query parameter.
func parseBool(name, s string) (bool, error) {
	switch s {
	case "", "false":
		return false, nil
	case "true":
		return true, nil
	}
	return false, apperr.Validation(map[string]string{name: apperr.FieldInvalid})
}
