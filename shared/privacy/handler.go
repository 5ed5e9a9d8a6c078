package privacy

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/httpx"
)

// Routes of the account resource.
const (
	routeExport = "GET /api/v1/account/export"
	routeDelete = "DELETE /api/v1/account"
)

// Success message codes.
const (
	MessageAccountDeleted    = "account_deleted"
	MessageDeletionContinues = "account_deletion_in_progress"
)

// MaxBodyBytes bounds the deletion's JSON body.
const MaxBodyBytes = 4 << 10

// NewHandler returns the account API, for signed-in users (401 without a
// valid token), wired with httpx's middleware:
//
//	GET    /api/v1/account/export   200 Document, as a download
//	                                (Content-Disposition: attachment;
//	                                filename="remat-data-<yyyy-mm-dd>.json",
//	                                Cache-Control: no-store); 429 after
//	                                five exports in an hour
//	DELETE /api/v1/account          {"password"} or, without a password,
//	                                {"email"}; 200 {"message":"account_deleted",
//	                                "keptRecords":[...],"keptYears":10}, or 202
//	                                {"message":"account_deletion_in_progress"}:
//	                                send it again; 403 account_confirmation_invalid,
//	                                admin_cannot_delete_self
//
// verifier must check token versions (WithTokenVersions).
func NewHandler(svc *Service, verifier *auth.Verifier) http.Handler {
	h := &handler{svc: svc}
	user := verifier.Authenticate
	mux := http.NewServeMux()
	mux.Handle(routeExport, user(http.HandlerFunc(h.export)))
	mux.Handle(routeDelete, user(http.HandlerFunc(h.delete)))
	return httpx.NewHandler(mux)
}

type handler struct {
	svc *Service
}

func (h *handler) export(w http.ResponseWriter, r *http.Request) {
	doc, err := h.svc.Export(r.Context(), auth.Caller(r))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	// Indented: the file is for people to read.
	body, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		httpx.Error(w, r, fmt.Errorf("privacy: encode export: %w", err))
		return
	}
	name := "remat-data-" + doc.ExportedAt[:len("2006-01-02")] + ".json"
	w.Header().Set("Content-Type", httpx.ContentTypeJSON)
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	if _, err := w.Write(append(body, '\n')); err != nil {
		slog.WarnContext(r.Context(), "privacy: export not delivered", "err", err.Error())
	}
}

type deletedBody struct {
	Message     string   `json:"message"`
	KeptRecords []string `json:"keptRecords"`
	KeptYears   int      `json:"keptYears"`
}

func (h *handler) delete(w http.ResponseWriter, r *http.Request) {
	var in Confirmation
	if err := httpx.DecodeJSON(w, r, &in, MaxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	out, err := h.svc.Delete(r.Context(), auth.Caller(r), in)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	if !out.Done {
		httpx.JSON(w, http.StatusAccepted, httpx.MessageBody{Message: MessageDeletionContinues})
		return
	}
	httpx.JSON(w, http.StatusOK, deletedBody{Message: MessageAccountDeleted, KeptRecords: KeptRecords, KeptYears: RetentionYears})
}
