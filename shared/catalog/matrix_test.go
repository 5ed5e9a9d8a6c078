package catalog_test

import (
	"testing"

	"github.com/remat/remat/shared/auth"
)

// TestAuthorizationMatrix calls every products endpoint as an anonymous
// visitor, the ad's owner, another user and an administrator. Reference
// data, search, active ads, similar ads and clicks are public; drafts are
// visible to their owner and administrators only (others get the 404 of a
// missing ad); every change needs a token and only the owner may make it,
// except that an administrator may delete an ad.
func TestAuthorizationMatrix(t *testing.T) {
	c := newCloud(t)
	owner, ownerTok := c.user(t, auth.RoleUser)
	_, otherTok := c.user(t, auth.RoleUser)
	_, adminTok := c.user(t, auth.RoleAdmin)
	c.subscribe(t, owner, sub{remaining: 10, images: 10})
	tokens := map[string]string{"owner": ownerTok, "other": otherTok, "admin": adminTok}

	active := c.published(t, ownerTok)
	activeMain := c.do(t, "GET", "/api/v1/products/"+active, ownerTok, nil).str("mainImageId")
	activeImg := c.image(t, ownerTok, active, true)
	activeImg2 := c.image(t, ownerTok, active, true)
	draft := c.draft(t, ownerTok)
	draftImg := c.image(t, ownerTok, draft, true)
	delByAdmin, delByOwner := c.draft(t, ownerTok), c.draft(t, ownerTok)

	type row struct {
		method, path string
		body         any
		want         map[string]int
		order        []string // callers in this order (destructive rows)
	}
	all := func(s int) map[string]int { return map[string]int{"anonymous": s, "owner": s, "other": s, "admin": s} }
	users := func(s int) map[string]int {
		return map[string]int{"anonymous": 401, "owner": s, "other": s, "admin": s}
	}
	ownerOnly := func(s int) map[string]int {
		return map[string]int{"anonymous": 401, "owner": s, "other": 403, "admin": 403}
	}
	ownerLast := []string{"anonymous", "other", "admin", "owner"}
	ad := "/api/v1/products/"
	rows := []row{
		{"GET", "/api/v1/categories", nil, all(200), nil},
		{"GET", "/api/v1/brands", nil, all(200), nil},
		{"GET", "/api/v1/localities?q=80", nil, all(200), nil},
		{"GET", "/api/v1/suggestions?q=zi&lang=de", nil, all(200), nil},
		{"GET", "/api/v1/products?q=ziegel", nil, all(200), nil},
		{"GET", ad + "batch?ids=" + active + "," + draft, nil, all(200), nil},
		{"GET", ad + "mine", nil, users(200), nil},
		{"GET", ad + active, nil, all(200), nil},
		{"GET", ad + draft, nil, map[string]int{"anonymous": 404, "owner": 200, "other": 404, "admin": 200}, nil},
		{"GET", ad + "01NOSUCHAD0000000000000000", nil, all(404), nil},
		{"GET", ad + active + "/similar", nil, all(200), nil},
		{"GET", ad + draft + "/similar", nil, all(200), nil}, // none: the owner's preview
		{"POST", ad + active + "/view", map[string]any{"visitorId": "visitor-0001"}, all(204), nil},
		// Others hold no subscription: refused before anything is stored.
		{"POST", "/api/v1/products", input(), map[string]int{"anonymous": 401, "owner": 201, "other": 403, "admin": 403}, nil},
		{"PATCH", ad + draft, input(), ownerOnly(200), nil},
		{"POST", ad + draft + "/images", map[string]any{"contentType": "image/webp", "size": 2048}, ownerOnly(201), nil},
		{"PATCH", ad + draft + "/images/" + draftImg, map[string]any{"main": true}, ownerOnly(200), nil},
		{"POST", ad + active + "/publish", nil, ownerOnly(409), nil},
		{"PATCH", ad + active + "/status", map[string]any{"status": "inactive"}, ownerOnly(200), ownerLast},
		{"PATCH", ad + active + "/status", map[string]any{"status": "active"}, ownerOnly(200), ownerLast},
		{"DELETE", ad + active + "/images/" + activeImg2, nil, ownerOnly(204), ownerLast},
		{"DELETE", ad + active + "/images/" + activeImg, nil, ownerOnly(204), ownerLast},
		{"DELETE", ad + active + "/images/" + activeMain, nil, ownerOnly(422), ownerLast}, // the last ready image of an active ad
		{"POST", ad + draft + "/publish", nil, ownerOnly(200), ownerLast},
		{"DELETE", ad + delByOwner, nil, map[string]int{"anonymous": 401, "owner": 204, "other": 403, "admin": 404}, []string{"anonymous", "other", "owner", "admin"}},
		{"DELETE", ad + delByAdmin, nil, map[string]int{"anonymous": 401, "owner": 404, "other": 403, "admin": 204}, []string{"anonymous", "other", "admin", "owner"}},
	}
	for _, r := range rows {
		order := r.order
		if order == nil {
			order = []string{"anonymous", "owner", "other", "admin"}
		}
		for _, who := range order {
			resp := c.do(t, r.method, r.path, tokens[who], r.body)
			if resp.Status != r.want[who] {
				t.Errorf("%s %s as %s: got %d %s, want %d", r.method, r.path, who, resp.Status, resp.Body, r.want[who])
			}
			if resp.Status == 403 && r.method != "POST" && who != "owner" && r.path != "/api/v1/products" {
				want := "product_not_owned"
				if r.method == "DELETE" && len(r.path) > len(ad)+26 {
					want = "image_delete_forbidden"
				}
				if resp.Code() != want {
					t.Errorf("%s %s as %s: got code %s, want %s", r.method, r.path, who, resp.Code(), want)
				}
			}
		}
	}
}
