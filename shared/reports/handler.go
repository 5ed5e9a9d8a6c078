package reports

import (
	"net/http"
	"strconv"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/httpx"
)

// Routes of the report resource.
const (
	routeSubmit  = "POST /api/v1/reports"
	routeList    = "GET /api/v1/admin/reports"
	routeGet     = "GET /api/v1/admin/reports/{id}"
	routeResolve = "POST /api/v1/admin/reports/{id}/resolve"
)

// ReportSent is the success message code of a report.
const ReportSent = "report_sent"

// NewHandler returns the public report API, wired with httpx's middleware:
//
//	POST /api/v1/reports  public (optional bearer)
//	    {"productId","reason":"errors"|"suspicious","details"?,"email","consent":true}
//	    201 {"message":"report_sent","id"}; 400 validation_failed; 404
//	    product_not_found; 409 report_already_open; 429 too_many_requests
func NewHandler(svc *Service, verifier *auth.Verifier) http.Handler {
	mux := http.NewServeMux()
	h := &handler{svc: svc, verifier: verifier}
	mux.HandleFunc(routeSubmit, h.submit)
	return httpx.NewHandler(mux)
}

// RegisterAdmin adds the administrators' report routes to mux behind guard:
//
//	GET  /api/v1/admin/reports?status=open|resolved&limit=1..100 (20)&cursor=
//	     200 {"items":[Report],"nextCursor"}
//	GET  /api/v1/admin/reports/{id}          200 Report; 404 ad_report_not_found
//	POST /api/v1/admin/reports/{id}/resolve  {"action":"dismiss"|"deactivate_ad"|"suspend_seller","note"?}
//	     200 Report; 409 report_already_resolved
func RegisterAdmin(mux *http.ServeMux, svc *Service, guard httpx.Middleware) {
	h := &handler{svc: svc}
	mux.Handle(routeList, guard(http.HandlerFunc(h.list)))
	mux.Handle(routeGet, guard(http.HandlerFunc(h.get)))
	mux.Handle(routeResolve, guard(http.HandlerFunc(h.resolve)))
}

type handler struct {
	svc      *Service
	verifier *auth.Verifier
}

type submitRequest struct {
	ProductID string `json:"productId"`
	Reason    string `json:"reason"`
	Details   string `json:"details"`
	Email     string `json:"email"`
	Consent   bool   `json:"consent"`
}

type submitResponse struct {
	Message string `json:"message"`
	ID      string `json:"id"`
}

func (h *handler) submit(w http.ResponseWriter, r *http.Request) {
	var req submitRequest
	if err := httpx.DecodeJSON(w, r, &req, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	rep, err := h.svc.Submit(r.Context(), Submission(req), Client{
		Address: httpx.ClientIP(r), Principal: h.verifier.Viewer(r), Language: PreferredLanguage(r.Header.Get("Accept-Language")),
	})
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, submitResponse{Message: ReportSent, ID: rep.ID})
}

// ReportJSON is a report as the back office reads it.
type ReportJSON struct {
	ID         string          `json:"id"`
	ProductID  string          `json:"productId"`
	Product    *ProductJSON    `json:"product"`
	Reason     Reason          `json:"reason"`
	Details    string          `json:"details"`
	Email      string          `json:"email"`
	Status     Status          `json:"status"`
	CreatedAt  string          `json:"createdAt"`
	ResolvedAt *string         `json:"resolvedAt"`
	Resolution *ResolutionJSON `json:"resolution"`
}

// ProductJSON is the reported ad; null when it was deleted.
type ProductJSON struct {
	ID         string `json:"id"`
	Title      string `json:"title"`
	Status     string `json:"status"`
	SellerID   string `json:"sellerId"`
	SellerName string `json:"sellerName"`
}

// ResolutionJSON is how a report was resolved; by is the administrator's
// e-mail.
type ResolutionJSON struct {
	Action Action `json:"action"`
	Note   string `json:"note"`
	By     string `json:"by"`
}

// JSON returns v's JSON form.
func (v View) JSON() ReportJSON {
	r := v.Report
	out := ReportJSON{
		ID: r.ID, ProductID: r.AdID, Reason: r.Reason, Details: r.Details, Email: r.Email, Status: r.Status,
		CreatedAt: r.CreatedAt.UTC().Format(time.RFC3339Nano),
	}
	if v.Product != nil {
		p := ProductJSON(*v.Product)
		out.Product = &p
	}
	if r.Status == StatusResolved {
		at := r.ResolvedAt.UTC().Format(time.RFC3339Nano)
		out.ResolvedAt = &at
	}
	if r.Resolution != nil {
		out.Resolution = &ResolutionJSON{Action: r.Resolution.Action, Note: r.Resolution.Note, By: r.Resolution.By}
	}
	return out
}

type listResponse struct {
	Items      []ReportJSON `json:"items"`
	NextCursor *string      `json:"nextCursor"`
}

func (h *handler) list(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	limit := DefaultPageSize
	if s := q.Get("limit"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil {
			httpx.Error(w, r, apperr.Validation(map[string]string{"limit": apperr.FieldInvalid}))
			return
		}
		limit = n
	}
	status := q.Get("status")
	if status == "" {
		status = string(StatusOpen)
	}
	views, next, err := h.svc.List(r.Context(), status, limit, q.Get("cursor"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	resp := listResponse{Items: make([]ReportJSON, 0, len(views))}
	for _, v := range views {
		resp.Items = append(resp.Items, v.JSON())
	}
	if next != "" {
		resp.NextCursor = &next
	}
	httpx.JSON(w, http.StatusOK, resp)
}

func (h *handler) get(w http.ResponseWriter, r *http.Request) {
	v, err := h.svc.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, v.JSON())
}

type resolveRequest struct {
	Action string `json:"action"`
	Note   string `json:"note"`
}

func (h *handler) resolve(w http.ResponseWriter, r *http.Request) {
	var req resolveRequest
	if err := httpx.DecodeJSON(w, r, &req, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	p, _ := auth.PrincipalFrom(r.Context())
	v, err := h.svc.Resolve(r.Context(), p, r.PathValue("id"), Resolve(req))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, v.JSON())
}
