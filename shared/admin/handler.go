package admin

import (
	"net/http"
	"time"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/httpx"
	"github.com/remat/remat/shared/reports"
)

// Routes of the users screens.
const (
	routeUsers        = "GET /api/v1/admin/users"
	routeUser         = "GET /api/v1/admin/users/{id}"
	routeStatus       = "PATCH /api/v1/admin/users/{id}/status"
	routeVerification = "POST /api/v1/admin/users/{id}/resend-verification"
)

// MaxBodyBytes bounds a request body.
const MaxBodyBytes = 8 << 10

// VerificationSent is the success message code of a resend.
const VerificationSent = "verification_sent"

// NewHandler returns the back office API, administrators only (401
// without a valid token, 403 for other roles), wired with httpx's
// middleware:
//
//	GET   /api/v1/admin/users?q=&limit=1..100 (20)&cursor=  200 {"items":[User],"nextCursor"}
//	GET   /api/v1/admin/users/{id}                         200 {"user":User,"ads":[Ad]}
//	PATCH /api/v1/admin/users/{id}/status                  {"status","reason"?} 200 User
//	POST  /api/v1/admin/users/{id}/resend-verification     200 {"message":"verification_sent"}
//
// and the routes of reports.RegisterAdmin, audit.Register and each of
// sections (sections.go).
func NewHandler(svc *Service, reportsSvc *reports.Service, log *audit.Log, verifier *auth.Verifier, sections ...Section) http.Handler {
	guard := verifier.RequireRole(auth.RoleAdmin)
	h := &handler{svc: svc}
	mux := http.NewServeMux()
	mux.Handle(routeUsers, guard(http.HandlerFunc(h.users)))
	mux.Handle(routeUser, guard(http.HandlerFunc(h.user)))
	mux.Handle(routeStatus, guard(http.HandlerFunc(h.status)))
	mux.Handle(routeVerification, guard(http.HandlerFunc(h.resend)))
	reports.RegisterAdmin(mux, reportsSvc, guard)
	audit.Register(mux, log, guard)
	for _, register := range sections {
		register(mux, guard)
	}
	return httpx.NewHandler(mux)
}

type handler struct {
	svc *Service
}

// UserJSON is an account as the back office shows it.
type UserJSON struct {
	ID            string               `json:"id"`
	Email         string               `json:"email"`
	FirstName     string               `json:"firstName"`
	LastName      string               `json:"lastName"`
	CompanyName   string               `json:"companyName"`
	AccountType   accounts.AccountType `json:"accountType"`
	Role          auth.Role            `json:"role"`
	Status        accounts.Status      `json:"status"`
	EmailVerified bool                 `json:"emailVerified"`
	CreatedAt     string               `json:"createdAt"`
}

func userJSON(u accounts.User) UserJSON {
	out := UserJSON{
		ID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, AccountType: u.AccountType,
		Role: u.Role, Status: u.Status, EmailVerified: u.EmailVerified, CreatedAt: u.CreatedAt.UTC().Format(time.RFC3339Nano),
	}
	if u.Company != nil {
		out.CompanyName = u.Company.Name
	}
	return out
}

// AdJSON is one of a user's ads. Hidden: out of search and product pages
// because the account is not active.
type AdJSON struct {
	ID          string `json:"id"`
	Title       string `json:"title"`
	Status      string `json:"status"`
	PriceRp     int64  `json:"priceRp"`
	DiscountPct int    `json:"discountPct"`
	Hidden      bool   `json:"hidden"`
	CreatedAt   string `json:"createdAt"`
}

func adJSON(a catalog.Ad) AdJSON {
	return AdJSON{
		ID: a.ID, Title: a.Title, Status: a.Status, PriceRp: a.PriceRp, DiscountPct: a.DiscountPct,
		Hidden: a.SellerHidden, CreatedAt: a.CreatedAt.UTC().Format(time.RFC3339Nano),
	}
}

type usersResponse struct {
	Items      []UserJSON `json:"items"`
	NextCursor *string    `json:"nextCursor"`
}

func (h *handler) users(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit, err := httpx.Limit(r, DefaultPageSize, MaxPageSize)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	page, err := h.svc.Users(r.Context(), q.Get("q"), limit, q.Get("cursor"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	resp := usersResponse{Items: make([]UserJSON, 0, len(page.Users))}
	for _, u := range page.Users {
		resp.Items = append(resp.Items, userJSON(u))
	}
	if page.NextCursor != "" {
		resp.NextCursor = &page.NextCursor
	}
	httpx.JSON(w, http.StatusOK, resp)
}

type userResponse struct {
	User UserJSON `json:"user"`
	Ads  []AdJSON `json:"ads"`
}

func (h *handler) user(w http.ResponseWriter, r *http.Request) {
	u, ads, err := h.svc.User(r.Context(), r.PathValue("id"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	resp := userResponse{User: userJSON(u), Ads: make([]AdJSON, 0, len(ads))}
	for _, a := range ads {
		resp.Ads = append(resp.Ads, adJSON(a))
	}
	httpx.JSON(w, http.StatusOK, resp)
}

type statusRequest struct {
	Status string `json:"status"`
	Reason string `json:"reason"`
}

func (h *handler) status(w http.ResponseWriter, r *http.Request) {
	var req statusRequest
	if err := httpx.DecodeJSON(w, r, &req, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	p, _ := auth.PrincipalFrom(r.Context())
	u, err := h.svc.SetStatus(r.Context(), p, r.PathValue("id"), accounts.Status(req.Status), req.Reason)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, userJSON(u))
}

func (h *handler) resend(w http.ResponseWriter, r *http.Request) {
	p, _ := auth.PrincipalFrom(r.Context())
	if err := h.svc.ResendVerification(r.Context(), p, r.PathValue("id")); err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, httpx.MessageBody{Message: VerificationSent})
}
