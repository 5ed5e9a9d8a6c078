package contactus

import (
	"net/http"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/httpx"
)

// Routes of the contact-us resource.
const (
	routeSubmit = "POST /api/v1/contact-us"
	routeList   = "GET /api/v1/contact-us"
	routeHandle = "PATCH /api/v1/contact-us/{id}"
)

// NewHandler returns the contact-us API, fully wired with httpx's standard
// middleware:
//
//	POST  /api/v1/contact-us       public; 201 {"message":"message_sent","id":"<ulid>"}
//	GET   /api/v1/contact-us       admins; ?status=new|handled &limit=1..100 (20) &cursor=;
//	                               200 {"items":[...],"nextCursor":...}
//	PATCH /api/v1/contact-us/{id}  admins; {"handled":bool} 200 message;
//	                               404 contact_message_not_found
//
// Filtering by status and PATCH need a service WithInbox.
func NewHandler(svc *Service, verifier *auth.Verifier) http.Handler {
	h := &handler{svc: svc}
	admin := verifier.RequireRole(auth.RoleAdmin)
	mux := http.NewServeMux()
	mux.HandleFunc(routeSubmit, h.submit)
	mux.Handle(routeList, admin(http.HandlerFunc(h.list)))
	mux.Handle(routeHandle, admin(http.HandlerFunc(h.handle)))
	return httpx.NewHandler(mux)
}

type handler struct {
	svc *Service
}

type submitRequest struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Subject string `json:"subject"`
	Message string `json:"message"`
}

type submitResponse struct {
	Message string `json:"message"`
	ID      string `json:"id"`
}

// MessageSent is the success message code of a submission.
const MessageSent = "message_sent"

func (h *handler) submit(w http.ResponseWriter, r *http.Request) {
	var req submitRequest
	if err := httpx.DecodeJSON(w, r, &req, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	sub := Submission(req).Normalize()
	if err := sub.Validate(); err != nil {
		httpx.Error(w, r, err)
		return
	}
	m, err := h.svc.Submit(r.Context(), sub, Client{Address: httpx.ClientIP(r), UserAgent: r.UserAgent()})
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, submitResponse{Message: MessageSent, ID: m.ID})
}

type messageJSON struct {
	ID        string             `json:"id"`
	Name      string             `json:"name"`
	Email     string             `json:"email"`
	Subject   string             `json:"subject"`
	Message   string             `json:"message"`
	Status    Status             `json:"status"`
	CreatedAt string             `json:"createdAt"`
	HandledAt *string            `json:"handledAt"`
	HandledBy *administratorJSON `json:"handledBy"`
}

type administratorJSON struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Email string `json:"email"`
}

func toJSON(m Message) messageJSON {
	j := messageJSON{
		ID: m.ID, Name: m.Name, Email: m.Email, Subject: m.Subject, Message: m.Body,
		Status: m.Status, CreatedAt: m.CreatedAt.UTC().Format(time.RFC3339Nano),
	}
	if m.Status == StatusHandled && !m.HandledAt.IsZero() {
		at := m.HandledAt.UTC().Format(time.RFC3339Nano)
		j.HandledAt = &at
		j.HandledBy = &administratorJSON{ID: m.HandledBy.ID, Name: m.HandledBy.Name, Email: m.HandledBy.Email}
	}
	return j
}

type listResponse struct {
	Items      []messageJSON `json:"items"`
	NextCursor *string       `json:"nextCursor"`
}

func (h *handler) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit, err := httpx.Limit(r, DefaultPageSize, MaxPageSize)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	status, err := ParseStatus(q.Get("status"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	page, err := h.svc.ListStatus(r.Context(), status, limit, q.Get("cursor"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	resp := listResponse{Items: make([]messageJSON, 0, len(page.Items))}
	for _, m := range page.Items {
		resp.Items = append(resp.Items, toJSON(m))
	}
	if page.NextCursor != "" {
		resp.NextCursor = &page.NextCursor
	}
	httpx.JSON(w, http.StatusOK, resp)
}

type handleRequest struct {
	Handled *bool `json:"handled"`
}

func (h *handler) handle(w http.ResponseWriter, r *http.Request) {
	var req handleRequest
	if err := httpx.DecodeJSON(w, r, &req, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if req.Handled == nil {
		httpx.Error(w, r, apperr.Validation(map[string]string{"handled": apperr.FieldRequired}))
		return
	}
	p, _ := auth.PrincipalFrom(r.Context())
	m, err := h.svc.SetHandled(r.Context(), p, r.PathValue("id"), *req.Handled)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, toJSON(m))
}
