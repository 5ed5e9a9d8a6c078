package billing

import (
	"net/http"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/httpx"
)

// Routes of the back office's plans (the admin function serves them).
const (
	RouteAdminPlans     = "GET /api/v1/admin/plans"
	RouteAdminPlanNew   = "POST /api/v1/admin/plans"
	RouteAdminPlan      = "PUT /api/v1/admin/plans/{id}"
	RouteAdminRetire    = "POST /api/v1/admin/plans/{id}/retire"
	RouteAdminReinstate = "POST /api/v1/admin/plans/{id}/reinstate"
)

// RegisterPlanAdmin adds the administrators' plan routes to mux behind
// guard (administrators only):
//
//	GET  /api/v1/admin/plans                  200 {"items":[AdminPlan]} (retired ones too)
//	POST /api/v1/admin/plans                  {id, kind, bundle, name, description, priceRp, duration,
//	     freeMonths, adAllowance, imageAllowance, adDurationDays, popular, sortOrder}
//	     201 AdminPlan; 400 validation_failed; 409 plan_exists
//	PUT  /api/v1/admin/plans/{id}             {name, ..., sortOrder, version} 200 AdminPlan;
//	     400 validation_failed; 404 subscription_plan_not_found; 409 edit_conflict
//	POST /api/v1/admin/plans/{id}/retire      200 AdminPlan (no longer offered or orderable)
//	POST /api/v1/admin/plans/{id}/reinstate   200 AdminPlan (offered again)
//
// Every change is audited (target type "plan").
func RegisterPlanAdmin(mux *http.ServeMux, svc *PlanAdmin, guard httpx.Middleware) {
	h := &planAdminHandler{svc: svc}
	mux.Handle(RouteAdminPlans, guard(http.HandlerFunc(h.list)))
	mux.Handle(RouteAdminPlanNew, guard(http.HandlerFunc(h.create)))
	mux.Handle(RouteAdminPlan, guard(http.HandlerFunc(h.update)))
	mux.Handle(RouteAdminRetire, guard(h.retire(true)))
	mux.Handle(RouteAdminReinstate, guard(h.retire(false)))
}

type planAdminHandler struct {
	svc *PlanAdmin
}

// AdminPlanJSON is a plan as the back office shows it: the public shape
// plus its sort order, whether it is retired, its version (sent back with
// an edit) and its last change (null for a plan no administrator changed).
type AdminPlanJSON struct {
	Plan
	SortOrder int     `json:"sortOrder"`
	Retired   bool    `json:"retired"`
	Version   int     `json:"version"`
	UpdatedAt *string `json:"updatedAt"`
	UpdatedBy *string `json:"updatedBy"`
}

func adminPlanJSON(p AdminPlan) AdminPlanJSON {
	j := AdminPlanJSON{Plan: p.Plan, SortOrder: p.SortOrder, Retired: p.Retired, Version: p.Version}
	if !p.UpdatedAt.IsZero() {
		at := p.UpdatedAt.UTC().Format(time.RFC3339)
		j.UpdatedAt = &at
	}
	if p.UpdatedBy != "" {
		by := p.UpdatedBy
		j.UpdatedBy = &by
	}
	return j
}

func (h *planAdminHandler) list(w http.ResponseWriter, r *http.Request) {
	plans, err := h.svc.Plans(r.Context())
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	items := make([]AdminPlanJSON, len(plans))
	for i, p := range plans {
		items[i] = adminPlanJSON(p)
	}
	httpx.JSON(w, http.StatusOK, struct {
		Items []AdminPlanJSON `json:"items"`
	}{items})
}

func (h *planAdminHandler) create(w http.ResponseWriter, r *http.Request) {
	var in NewPlanInput
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	p, err := h.svc.Create(r.Context(), principal(r), in)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, adminPlanJSON(p))
}

func (h *planAdminHandler) update(w http.ResponseWriter, r *http.Request) {
	var in struct {
		PlanInput
		Version *int `json:"version"`
	}
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if in.Version == nil {
		httpx.Error(w, r, apperr.Validation(map[string]string{"version": apperr.FieldRequired}))
		return
	}
	p, err := h.svc.Update(r.Context(), principal(r), r.PathValue("id"), *in.Version, in.PlanInput)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, adminPlanJSON(p))
}

func (h *planAdminHandler) retire(retired bool) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p, err := h.svc.SetRetired(r.Context(), principal(r), r.PathValue("id"), retired)
		if err != nil {
			httpx.Error(w, r, err)
			return
		}
		httpx.JSON(w, http.StatusOK, adminPlanJSON(p))
	}
}
