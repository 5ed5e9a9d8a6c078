package reviews

import (
	"net/http"
	"time"

	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/httpx"
)

// Messages of the success bodies.
const (
	MessageReported  = "review_reported"
	MessageRemoved   = "review_removed"
	MessageDismissed = "review_reports_dismissed"
)

const maxBodyBytes = 16 << 10

// NewHandler returns the reviews and seller-profile API:
//
//	GET    /api/v1/sellers/{id}               public   200 profile
//	GET    /api/v1/sellers/{id}/ads           public   200 {"items","nextCursor"}
//	GET    /api/v1/sellers/{id}/reviews       public   200 {"items","nextCursor","rating"}
//	GET    /api/v1/reviews/eligibility?adId=  user     200 {"canReview","reason"?,"availableFrom"?,"reviewId"?}
//	POST   /api/v1/reviews                    user     201 review
//	PATCH  /api/v1/reviews/{id}               author   200 review
//	POST   /api/v1/reviews/{id}/reply         seller   200 review
//	POST   /api/v1/reviews/{id}/report        user     202 {"message":"review_reported"}
//	GET    /api/v1/admin/reviews              admin    200 {"items","nextCursor"}
//	DELETE /api/v1/admin/reviews/{id}         admin    200 {"message":"review_removed"}
//	POST   /api/v1/admin/reviews/{id}/dismiss admin    200 {"message":"review_reports_dismissed"}
//
// verifier must check token versions (WithTokenVersions).
func NewHandler(svc *Service, verifier *auth.Verifier) http.Handler {
	h := &handler{svc: svc, verifier: verifier}
	user := verifier.Authenticate
	admin := verifier.RequireRole(auth.RoleAdmin)
	mux := http.NewServeMux()
	mux.HandleFunc("GET /api/v1/sellers/{id}", h.profile)
	mux.HandleFunc("GET /api/v1/sellers/{id}/ads", h.sellerAds)
	mux.HandleFunc("GET /api/v1/sellers/{id}/reviews", h.sellerReviews)
	mux.Handle("GET /api/v1/reviews/eligibility", user(http.HandlerFunc(h.eligibility)))
	mux.Handle("POST /api/v1/reviews", user(http.HandlerFunc(h.create)))
	mux.Handle("PATCH /api/v1/reviews/{id}", user(http.HandlerFunc(h.edit)))
	mux.Handle("POST /api/v1/reviews/{id}/reply", user(http.HandlerFunc(h.reply)))
	mux.Handle("POST /api/v1/reviews/{id}/report", user(http.HandlerFunc(h.report)))
	mux.Handle("GET /api/v1/admin/reviews", admin(http.HandlerFunc(h.reported)))
	mux.Handle("DELETE /api/v1/admin/reviews/{id}", admin(http.HandlerFunc(h.remove)))
	mux.Handle("POST /api/v1/admin/reviews/{id}/dismiss", admin(http.HandlerFunc(h.dismiss)))
	return httpx.NewHandler(mux)
}

type handler struct {
	svc      *Service
	verifier *auth.Verifier
}

type ratingJSON struct {
	Average *float64 `json:"average"`
	Count   int64    `json:"count"`
}

func toRating(r Rating) ratingJSON {
	return ratingJSON{Average: RoundedAverage(r), Count: max(r.Count, 0)}
}

type profileJSON struct {
	ID          string     `json:"id"`
	Name        string     `json:"name"`
	AccountType string     `json:"accountType"`
	MemberSince string     `json:"memberSince"`
	Rating      ratingJSON `json:"rating"`
	ActiveAds   int        `json:"activeAds"`
}

func (h *handler) profile(w http.ResponseWriter, r *http.Request) {
	p, err := h.svc.Profile(r.Context(), r.PathValue("id"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, profileJSON{
		ID: p.ID, Name: p.Name, AccountType: p.AccountType, MemberSince: p.MemberSince.UTC().Format(time.RFC3339),
		Rating: toRating(p.Rating), ActiveAds: p.ActiveAds,
	})
}

type adsJSON struct {
	Items      []catalog.CardJSON `json:"items"`
	NextCursor *string            `json:"nextCursor"`
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func (h *handler) sellerAds(w http.ResponseWriter, r *http.Request) {
	cards, next, err := h.svc.SellerAds(r.Context(), r.PathValue("id"), r.URL.Query().Get("cursor"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	body := adsJSON{Items: make([]catalog.CardJSON, len(cards)), NextCursor: optional(next)}
	for i, c := range cards {
		body.Items[i] = catalog.NewCardJSON(c)
	}
	httpx.JSON(w, http.StatusOK, body)
}

type replyJSON struct {
	Text      string `json:"text"`
	CreatedAt string `json:"createdAt"`
}

type reviewJSON struct {
	ID            string     `json:"id"`
	SellerID      string     `json:"sellerId"`
	AdID          string     `json:"adId"`
	AdTitle       string     `json:"adTitle"`
	Rating        int        `json:"rating"`
	Text          string     `json:"text"`
	AuthorName    string     `json:"authorName"`
	CreatedAt     string     `json:"createdAt"`
	EditableUntil string     `json:"editableUntil"`
	Reply         *replyJSON `json:"reply,omitempty"`
	Mine          bool       `json:"mine"`
}

func toJSON(rv Review, viewer string) reviewJSON {
	j := reviewJSON{
		ID: rv.ID, SellerID: rv.SellerID, AdID: rv.AdID, AdTitle: rv.AdTitle, Rating: rv.Rating, Text: rv.Text,
		AuthorName: rv.AuthorName, CreatedAt: rv.Created().UTC().Format(time.RFC3339),
		EditableUntil: rv.Created().Add(EditWindow).UTC().Format(time.RFC3339), Mine: viewer != "" && viewer == rv.BuyerID,
	}
	if rv.Reply != nil {
		at, _ := time.Parse(time.RFC3339Nano, rv.Reply.CreatedAt)
		j.Reply = &replyJSON{Text: rv.Reply.Text, CreatedAt: at.UTC().Format(time.RFC3339)}
	}
	return j
}

type reviewsJSON struct {
	Items      []reviewJSON `json:"items"`
	NextCursor *string      `json:"nextCursor"`
	Rating     ratingJSON   `json:"rating"`
}

func (h *handler) sellerReviews(w http.ResponseWriter, r *http.Request) {
	page, rating, err := h.svc.SellerReviews(r.Context(), r.PathValue("id"), r.URL.Query().Get("cursor"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	viewer := h.verifier.Viewer(r).UserID
	body := reviewsJSON{Items: make([]reviewJSON, len(page.Items)), NextCursor: optional(page.NextCursor), Rating: toRating(rating)}
	for i, rv := range page.Items {
		body.Items[i] = toJSON(rv, viewer)
	}
	httpx.JSON(w, http.StatusOK, body)
}

type eligibilityJSON struct {
	CanReview     bool   `json:"canReview"`
	Reason        string `json:"reason,omitempty"`
	AvailableFrom string `json:"availableFrom,omitempty"`
	ReviewID      string `json:"reviewId,omitempty"`
}

func (h *handler) eligibility(w http.ResponseWriter, r *http.Request) {
	e, _, err := h.svc.Eligibility(r.Context(), auth.Caller(r).UserID, r.URL.Query().Get("adId"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	body := eligibilityJSON{CanReview: e.CanReview, Reason: e.Reason, ReviewID: e.ReviewID}
	if !e.AvailableFrom.IsZero() {
		body.AvailableFrom = e.AvailableFrom.UTC().Format(time.RFC3339)
	}
	httpx.JSON(w, http.StatusOK, body)
}

type createJSON struct {
	AdID   string `json:"adId"`
	Rating int    `json:"rating"`
	Text   string `json:"text"`
}

func (h *handler) create(w http.ResponseWriter, r *http.Request) {
	var in createJSON
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	uid := auth.Caller(r).UserID
	rv, err := h.svc.Create(r.Context(), uid, in.AdID, in.Rating, in.Text)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusCreated, toJSON(rv, uid))
}

type editJSON struct {
	Rating *int    `json:"rating"`
	Text   *string `json:"text"`
}

func (h *handler) edit(w http.ResponseWriter, r *http.Request) {
	var in editJSON
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	uid := auth.Caller(r).UserID
	rv, err := h.svc.Edit(r.Context(), uid, r.PathValue("id"), in.Rating, in.Text)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, toJSON(rv, uid))
}

type textJSON struct {
	Text   string `json:"text"`
	Reason string `json:"reason"`
}

func (h *handler) reply(w http.ResponseWriter, r *http.Request) {
	var in textJSON
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	uid := auth.Caller(r).UserID
	rv, err := h.svc.Reply(r.Context(), uid, r.PathValue("id"), in.Text)
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, toJSON(rv, uid))
}

type messageJSON struct {
	Message string `json:"message"`
}

func (h *handler) report(w http.ResponseWriter, r *http.Request) {
	var in textJSON
	if err := httpx.DecodeJSON(w, r, &in, maxBodyBytes); err != nil {
		httpx.Error(w, r, err)
		return
	}
	if err := h.svc.Report(r.Context(), auth.Caller(r).UserID, r.PathValue("id"), in.Reason); err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusAccepted, messageJSON{Message: MessageReported})
}

type reportJSON struct {
	Reason       string `json:"reason"`
	ReporterName string `json:"reporterName"`
	CreatedAt    string `json:"createdAt"`
}

type reportedJSON struct {
	reviewJSON
	Reports []reportJSON `json:"reports"`
}

type reportedListJSON struct {
	Items      []reportedJSON `json:"items"`
	NextCursor *string        `json:"nextCursor"`
}

func (h *handler) reported(w http.ResponseWriter, r *http.Request) {
	items, next, err := h.svc.ReportedPage(r.Context(), r.URL.Query().Get("cursor"))
	if err != nil {
		httpx.Error(w, r, err)
		return
	}
	body := reportedListJSON{Items: make([]reportedJSON, len(items)), NextCursor: optional(next)}
	for i, it := range items {
		body.Items[i] = reportedJSON{reviewJSON: toJSON(it.Review, ""), Reports: make([]reportJSON, len(it.ReportList))}
		for j, rep := range it.ReportList {
			at, _ := time.Parse(time.RFC3339Nano, rep.CreatedAt)
			body.Items[i].Reports[j] = reportJSON{Reason: rep.Reason, ReporterName: rep.ReporterName, CreatedAt: at.UTC().Format(time.RFC3339)}
		}
	}
	httpx.JSON(w, http.StatusOK, body)
}

func (h *handler) remove(w http.ResponseWriter, r *http.Request) {
	if err := h.svc.Remove(r.Context(), auth.Caller(r), r.PathValue("id")); err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, messageJSON{Message: MessageRemoved})
}

func (h *handler) dismiss(w http.ResponseWriter, r *http.Request) {
	if err := h.svc.Dismiss(r.Context(), auth.Caller(r), r.PathValue("id")); err != nil {
		httpx.Error(w, r, err)
		return
	}
	httpx.JSON(w, http.StatusOK, messageJSON{Message: MessageDismissed})
}
