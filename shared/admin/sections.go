package admin

import (
	"context"
	"fmt"
	"net/http"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/audit"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/billing"
	"github.com/remat/remat/shared/httpx"
)

// Section adds one domain's administrator routes to the back office's mux
// behind guard (administrators only: 401 without a valid token, 403 for
// other roles). reports.RegisterAdmin and audit.Register have this shape;
// NewHandler adds the sections passed to it after those two.
type Section func(mux *http.ServeMux, guard httpx.Middleware)

// PlansSection is the plans sellers buy (billing.RegisterPlanAdmin):
// every plan with the retired ones, create, edit, retire and reinstate,
// each change audited.
func PlansSection(svc *billing.PlanAdmin) Section {
	return func(mux *http.ServeMux, guard httpx.Middleware) { billing.RegisterPlanAdmin(mux, svc, guard) }
}

// actorOf is the audit actor of admin, read from users.
func actorOf(ctx context.Context, users Users, admin auth.Principal) (audit.Actor, error) {
	u, err := users.UserByID(ctx, admin.UserID)
	if err != nil {
		return audit.Actor{}, fmt.Errorf("admin: administrator %s: %w", admin.UserID, err)
	}
	return audit.Actor{ID: u.ID, Email: u.Email}, nil
}

// editConflict is the error of an edit made on a version that is no longer
// the stored one.
func editConflict(seen, stored int) error {
	return apperr.New(apperr.CodeEditConflict, fmt.Errorf("admin: edit on version %d, stored %d", seen, stored))
}
