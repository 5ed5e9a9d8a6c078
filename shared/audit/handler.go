package audit

import (
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/httpx"
)

// RouteList is the audit log's route; the admin function serves it.
const RouteList = "GET /api/v1/admin/audit"

// Register adds the audit log's route to mux behind guard (administrators
// only):
//
//	GET /api/v1/admin/audit ?limit=1..100 (20) &cursor= &targetType= &targetId=
//	    200 {"items":[{"id","actorId","actorEmail","action","targetType","targetId",
//	         "before":{},"after":{},"at"}],"nextCursor":null|"..."}
func Register(mux *http.ServeMux, log *Log, guard httpx.Middleware) {
	h := &handler{log: log}
	mux.Handle(RouteList, guard(http.HandlerFunc(h.list)))
}

type handler struct {
	log *Log
}

// EntryJSON is the JSON form of an Entry.
type EntryJSON struct {
	ID         string          `json:"id"`
	ActorID    string          `json:"actorId"`
	ActorEmail string          `json:"actorEmail"`
	Action     string          `json:"action"`
	TargetType string          `json:"targetType"`
	TargetID   string          `json:"targetId"`
	Before     json.RawMessage `json:"before"`
	After      json.RawMessage `json:"after"`
	At         string          `json:"at"`
}

// JSON returns e's JSON form.
func (e Entry) JSON() EntryJSON {
	return EntryJSON{
		ID: e.ID, ActorID: e.ActorID, ActorEmail: e.ActorEmail, Action: e.Action, TargetType: e.TargetType,
		TargetID: e.TargetID, Before: e.Before, After: e.After, At: e.At.UTC().Format(time.RFC3339Nano),
	}
}

type listResponse struct {
	Items      []EntryJSON `json:"items"`
	NextCursor *string     `json:"nextCursor"`
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
	page, err := h.log.List(r.Context(), Filter{TargetType: q.Get("targetType"), TargetID: q.Get("targetId")}, limit, q.Get("cursor"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	resp := listResponse{Items: make([]EntryJSON, 0, len(page.Items))}
	for _, e := range page.Items {
		resp.Items = append(resp.Items, e.JSON())
	}
	if page.NextCursor != "" {
		resp.NextCursor = &page.NextCursor
	}
	httpx.JSON(w, http.StatusOK, resp)
}
