package favourites_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
	"github.com/oklog/ulid/v2"

	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/accounts/accountstest"
	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/auth/authtest"
	"github.com/remat/remat/shared/catalog"
	"github.com/remat/remat/shared/ddb"
	"github.com/remat/remat/shared/ddb/ddbtest"
	"github.com/remat/remat/shared/favourites"
)

func TestMain(m *testing.M) { testcloud.Main(m) }

// cloud is the wish list wired to DynamoDB Local as the function wires it,
// with real accounts and ads.
type cloud struct {
	db      *dynamodb.Client
	table   string
	users   *accounts.DynamoStore
	ads     *catalog.Store
	store   *favourites.Store
	handler http.Handler
	issuer  *auth.Issuer
}

func newCloud(t *testing.T) *cloud {
	t.Helper()
	db, table := testcloud.DynamoDB(t)
	cursors := ddbtest.Cursors(t)
	verifier := authtest.Verifier(t)
	issuer := authtest.Issuer(t, time.Hour)
	users := accounts.NewDynamoStore(db, table)
	ads := catalog.NewStore(db, table)
	store := favourites.NewStore(db, table, cursors)
	return &cloud{
		db: db, table: table, users: users, ads: ads, store: store, issuer: issuer,
		handler: favourites.NewHandler(favourites.NewService(store, ads), verifier.WithTokenVersions(users)),
	}
}

func newID() string { return ulid.Make().String() }

// user creates an active account and returns its id and a token.
func (c *cloud) user(t *testing.T, role auth.Role) (string, string) {
	t.Helper()
	u, tok := accountstest.User(t, c.users, c.issuer, accounts.User{ID: "u-" + newID(), Language: "fr", Role: role})
	return u.ID, tok
}

// ad puts an active ad of seller titled title.
func (c *cloud) ad(t *testing.T, seller, title string) string {
	t.Helper()
	a := catalog.Ad{
		ID: newID(), SellerID: seller, Title: title, CategorySlug: "materials", CategoryPath: []string{"materials"},
		Description: "Gut erhalten", PriceRp: 12500, DiscountPct: 20, Condition: catalog.ConditionUsed,
		Quantity: catalog.Quantity{Amount: 10, Unit: "pieces"}, Pickup: true,
		Location: catalog.Location{Kind: catalog.LocationCanton, Canton: "ZH", Lat: 47.4, Lon: 8.6}, CreatedAt: time.Now().UTC(),
	}
	if err := c.ads.PutImported(t.Context(), a, nil); err != nil {
		t.Fatal(err)
	}
	return a.ID
}

func (c *cloud) deactivate(t *testing.T, id string) {
	t.Helper()
	a, err := c.ads.Ad(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.ads.SetStatus(t.Context(), a, catalog.StatusInactive, time.Now()); err != nil {
		t.Fatal(err)
	}
}

// favCount is the ad's favourites counter as stored.
func (c *cloud) favCount(t *testing.T, id string) int64 {
	t.Helper()
	st, err := c.ads.Stats(t.Context(), []string{id})
	if err != nil {
		t.Fatal(err)
	}
	return st[id].Favourites
}

// listCount is the user's list counter as stored (the limit's).
func (c *cloud) listCount(t *testing.T, uid string) int {
	t.Helper()
	out, err := c.db.GetItem(t.Context(), &dynamodb.GetItemInput{
		TableName: aws.String(c.table), Key: ddb.Key("USER#"+uid, "FAVCOUNT"), ConsistentRead: aws.Bool(true),
	})
	if err != nil {
		t.Fatal(err)
	}
	n, ok := out.Item["n"].(*types.AttributeValueMemberN)
	if !ok {
		return 0
	}
	var v int
	_, _ = fmt.Sscan(n.Value, &v)
	return v
}

// do serves one request and checks the answer against docs/openapi.yaml.
func (c *cloud) do(t *testing.T, method, path, token string) testcloud.Response {
	t.Helper()
	return testcloud.Serve(t, c.handler, method, path, token, nil)
}

type listBody struct {
	Items []struct {
		AdID    string            `json:"adId"`
		Title   string            `json:"title"`
		SavedAt string            `json:"savedAt"`
		State   string            `json:"state"`
		Card    *catalog.CardJSON `json:"card"`
	} `json:"items"`
	NextCursor *string `json:"nextCursor"`
}

// TestAuthorization: every route needs a signed-in user, and each user
// reads and changes their own list only, administrators included.
func TestAuthorization(t *testing.T) {
	c := newCloud(t)
	seller, _ := c.user(t, auth.RoleUser)
	owner, ownerTok := c.user(t, auth.RoleUser)
	_, otherTok := c.user(t, auth.RoleUser)
	_, adminTok := c.user(t, auth.RoleAdmin)
	ad := c.ad(t, seller, "Dachziegel")
	if r := c.do(t, "PUT", "/api/v1/wishlist/"+ad, ownerTok); r.Status != 201 {
		t.Fatalf("owner save: got %d %s", r.Status, r.Body)
	}
	routes := []struct{ method, path string }{
		{"GET", "/api/v1/wishlist"},
		{"GET", "/api/v1/wishlist/ids"},
		{"PUT", "/api/v1/wishlist/" + ad},
		{"DELETE", "/api/v1/wishlist/" + ad},
	}
	for _, rt := range routes {
		t.Run("anonymous "+rt.method+" "+rt.path, func(t *testing.T) {
			if r := c.do(t, rt.method, rt.path, ""); r.Status != 401 || apperr.Code(r.Code()) != apperr.CodeNotLoggedIn {
				t.Errorf("got %d %s, want 401 not_logged_in", r.Status, r.Body)
			}
		})
	}
	for name, tok := range map[string]string{"other": otherTok, "admin": adminTok} {
		t.Run(name, func(t *testing.T) {
			var ids struct{ IDs []string }
			r := c.do(t, "GET", "/api/v1/wishlist/ids", tok)
			r.Decode(t, &ids)
			if r.Status != 200 || len(ids.IDs) != 0 {
				t.Errorf("ids: got %d %s, want an empty list of their own", r.Status, r.Body)
			}
			var list listBody
			r = c.do(t, "GET", "/api/v1/wishlist", tok)
			r.Decode(t, &list)
			if r.Status != 200 || len(list.Items) != 0 {
				t.Errorf("list: got %d %s, want an empty list of their own", r.Status, r.Body)
			}
			// Removing the ad from their own list cannot touch the owner's.
			if r := c.do(t, "DELETE", "/api/v1/wishlist/"+ad, tok); r.Status != 404 || apperr.Code(r.Code()) != apperr.CodeWishlistNotFound {
				t.Errorf("delete: got %d %s, want 404 wishlist_not_found", r.Status, r.Body)
			}
		})
	}
	if _, err := c.store.Get(t.Context(), owner, ad); err != nil {
		t.Errorf("the owner's favourite: got %v, want it still there", err)
	}
	if got := c.favCount(t, ad); got != 1 {
		t.Errorf("ad counter: got %d, want 1", got)
	}
}

func TestSaveAndRemove(t *testing.T) {
	c := newCloud(t)
	seller, sellerTok := c.user(t, auth.RoleUser)
	buyer, buyerTok := c.user(t, auth.RoleUser)
	ad := c.ad(t, seller, "Holzbalken")
	inactive := c.ad(t, seller, "Schalungstafeln")
	c.deactivate(t, inactive)
	hiddenSeller, _ := c.user(t, auth.RoleUser)
	hidden := c.ad(t, hiddenSeller, "Gerüst")
	if _, err := c.ads.HideSellerAds(t.Context(), hiddenSeller, time.Now()); err != nil {
		t.Fatal(err)
	}

	first := c.do(t, "PUT", "/api/v1/wishlist/"+ad, buyerTok)
	var saved struct{ AdID, SavedAt string }
	first.Decode(t, &saved)
	if first.Status != 201 || saved.AdID != ad {
		t.Fatalf("save: got %d %s, want 201", first.Status, first.Body)
	}
	again := c.do(t, "PUT", "/api/v1/wishlist/"+ad, buyerTok)
	var savedAgain struct{ AdID, SavedAt string }
	again.Decode(t, &savedAgain)
	if again.Status != 200 || savedAgain.SavedAt != saved.SavedAt {
		t.Errorf("save again: got %d %s, want 200 with the first save's time %s", again.Status, again.Body, saved.SavedAt)
	}
	if got := c.favCount(t, ad); got != 1 {
		t.Errorf("counter after two saves: got %d, want 1", got)
	}

	refusals := []struct {
		name, token, id string
		status          int
		code            apperr.Code
	}{
		{"own ad", sellerTok, ad, 403, apperr.CodeWishlistOwnAd},
		{"inactive ad", buyerTok, inactive, 404, apperr.CodeProductNotFound},
		{"hidden seller", buyerTok, hidden, 404, apperr.CodeProductNotFound},
		{"unknown ad", buyerTok, newID(), 404, apperr.CodeProductNotFound},
		{"malformed id", buyerTok, "not-an-id", 404, apperr.CodeProductNotFound},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			if r := c.do(t, "PUT", "/api/v1/wishlist/"+tc.id, tc.token); r.Status != tc.status || apperr.Code(r.Code()) != tc.code {
				t.Errorf("got %d %s, want %d %s", r.Status, r.Body, tc.status, tc.code)
			}
		})
	}
	if got := c.favCount(t, inactive); got != 0 {
		t.Errorf("refused save moved the counter to %d", got)
	}

	if r := c.do(t, "DELETE", "/api/v1/wishlist/"+ad, buyerTok); r.Status != 204 {
		t.Fatalf("remove: got %d %s, want 204", r.Status, r.Body)
	}
	if r := c.do(t, "DELETE", "/api/v1/wishlist/"+ad, buyerTok); r.Status != 404 || apperr.Code(r.Code()) != apperr.CodeWishlistNotFound {
		t.Errorf("remove again: got %d %s, want 404 wishlist_not_found", r.Status, r.Body)
	}
	if r := c.do(t, "DELETE", "/api/v1/wishlist/bad-id", buyerTok); r.Status != 404 || apperr.Code(r.Code()) != apperr.CodeWishlistNotFound {
		t.Errorf("remove malformed: got %d %s, want 404 wishlist_not_found", r.Status, r.Body)
	}
	if got, n := c.favCount(t, ad), c.listCount(t, buyer); got != 0 || n != 0 {
		t.Errorf("counters after removal: ad %d, list %d, want 0 and 0", got, n)
	}
}

// TestCountsUnderConcurrency: many buyers saving one ad at once, and one
// buyer double-clicking, leave exact counters.
func TestCountsUnderConcurrency(t *testing.T) {
	c := newCloud(t)
	seller, _ := c.user(t, auth.RoleUser)
	ad := c.ad(t, seller, "Kies 0/16")
	const buyers = 16
	toks := make([]string, buyers)
	ids := make([]string, buyers)
	for i := range toks {
		ids[i], toks[i] = c.user(t, auth.RoleUser)
	}
	run := func(method string, toks []string) {
		var wg sync.WaitGroup
		for _, tok := range toks {
			wg.Go(func() {
				if r := c.do(t, method, "/api/v1/wishlist/"+ad, tok); r.Status >= 300 {
					t.Errorf("%s: got %d %s", method, r.Status, r.Body)
				}
			})
		}
		wg.Wait()
	}
	run("PUT", toks)
	if got := c.favCount(t, ad); got != buyers {
		t.Fatalf("after %d concurrent saves: got %d", buyers, got)
	}
	run("DELETE", toks[:buyers/2])
	if got := c.favCount(t, ad); got != buyers/2 {
		t.Errorf("after %d concurrent removals: got %d, want %d", buyers/2, got, buyers/2)
	}

	// One buyer (whose favourite was removed above) saving and removing the
	// same ad from several tabs at once: the counters match the outcome,
	// whatever the order.
	var wg sync.WaitGroup
	for i := range 8 {
		method := "PUT"
		if i%2 == 1 {
			method = "DELETE"
		}
		wg.Go(func() { c.do(t, method, "/api/v1/wishlist/"+ad, toks[0]) })
	}
	wg.Wait()
	want := int64(buyers / 2)
	inList := 0
	if _, err := c.store.Get(t.Context(), ids[0], ad); err == nil {
		want++
		inList = 1
	}
	if got, n := c.favCount(t, ad), c.listCount(t, ids[0]); got != want || n != inList {
		t.Errorf("after racing saves and removals: ad counter %d (want %d), list counter %d (want %d)", got, want, n, inList)
	}
}

func TestLimit(t *testing.T) {
	c := newCloud(t)
	seller, _ := c.user(t, auth.RoleUser)
	buyer, buyerTok := c.user(t, auth.RoleUser)
	a1, a2 := c.ad(t, seller, "Backsteine"), c.ad(t, seller, "Mörtel")
	// A list one short of the limit (its counter, as MaxFavourites-1 saves
	// would leave it).
	if _, err := c.db.PutItem(t.Context(), &dynamodb.PutItemInput{TableName: aws.String(c.table), Item: map[string]types.AttributeValue{
		"PK": &types.AttributeValueMemberS{Value: "USER#" + buyer}, "SK": &types.AttributeValueMemberS{Value: "FAVCOUNT"},
		"n": &types.AttributeValueMemberN{Value: fmt.Sprint(favourites.MaxFavourites - 1)},
	}}); err != nil {
		t.Fatal(err)
	}
	if r := c.do(t, "PUT", "/api/v1/wishlist/"+a1, buyerTok); r.Status != 201 {
		t.Fatalf("last place: got %d %s, want 201", r.Status, r.Body)
	}
	r := c.do(t, "PUT", "/api/v1/wishlist/"+a2, buyerTok)
	var body struct {
		Error struct {
			Code   apperr.Code       `json:"code"`
			Params map[string]string `json:"params"`
		} `json:"error"`
	}
	r.Decode(t, &body)
	if r.Status != 409 || body.Error.Code != apperr.CodeWishlistFull || body.Error.Params["max"] != "300" {
		t.Errorf("over the limit: got %d %s, want 409 wishlist_full with max 300", r.Status, r.Body)
	}
	if got := c.favCount(t, a2); got != 0 {
		t.Errorf("refused save moved the ad counter to %d", got)
	}
	// Removing one makes room again.
	if r := c.do(t, "DELETE", "/api/v1/wishlist/"+a1, buyerTok); r.Status != 204 {
		t.Fatalf("remove: got %d %s", r.Status, r.Body)
	}
	if r := c.do(t, "PUT", "/api/v1/wishlist/"+a2, buyerTok); r.Status != 201 {
		t.Errorf("after making room: got %d %s, want 201", r.Status, r.Body)
	}
}

// TestListShowsWhatBecameOfEachAd: the list keeps ads that were
// deactivated, expired or deleted, with their state, newest saved first.
func TestListShowsWhatBecameOfEachAd(t *testing.T) {
	c := newCloud(t)
	seller, _ := c.user(t, auth.RoleUser)
	_, buyerTok := c.user(t, auth.RoleUser)
	active := c.ad(t, seller, "Dachfenster")
	inactive := c.ad(t, seller, "Parkett Eiche")
	expiring := c.ad(t, seller, "Gipsplatten")
	deleted := c.ad(t, seller, "Bauzaun")
	for _, id := range []string{active, inactive, expiring, deleted} {
		if r := c.do(t, "PUT", "/api/v1/wishlist/"+id, buyerTok); r.Status != 201 {
			t.Fatalf("save %s: got %d %s", id, r.Status, r.Body)
		}
		time.Sleep(2 * time.Millisecond) // distinct save times: a defined order
	}
	c.deactivate(t, inactive)
	if n, err := c.ads.ExpireDue(t.Context(), time.Now().AddDate(0, 0, catalog.DefaultAdDurationDays+1)); err != nil || n < 1 {
		t.Fatalf("expire: got %d, %v", n, err)
	}
	if _, err := c.ads.DeleteAd(t.Context(), deleted); err != nil {
		t.Fatal(err)
	}

	r := c.do(t, "GET", "/api/v1/wishlist", buyerTok)
	var list listBody
	r.Decode(t, &list)
	if r.Status != 200 || len(list.Items) != 4 || list.NextCursor != nil {
		t.Fatalf("list: got %d %s, want the four favourites on one page", r.Status, r.Body)
	}
	want := []struct{ id, title, state string }{
		{deleted, "Bauzaun", favourites.StateRemoved},
		{expiring, "Gipsplatten", favourites.StateExpired},
		{inactive, "Parkett Eiche", favourites.StateInactive},
		{active, "Dachfenster", favourites.StateExpired},
	}
	// ExpireDue ran past every ad's end: the active one expired too, except
	// that the inactive one keeps its state.
	for i, w := range want {
		got := list.Items[i]
		if got.AdID != w.id || got.Title != w.title {
			t.Errorf("item %d: got %s %q, want %s %q (newest saved first)", i, got.AdID, got.Title, w.id, w.title)
		}
		if w.id == deleted {
			if got.State != w.state || got.Card != nil {
				t.Errorf("deleted ad: got state %s card %v, want removed and no card", got.State, got.Card)
			}
			continue
		}
		if got.Card == nil || got.Card.ID != w.id || got.Card.EffectivePriceRp != 10000 {
			t.Errorf("item %d: card %+v, want the ad's card at CHF 100 after its discount", i, got.Card)
		}
	}
	states := map[string]string{}
	for _, it := range list.Items {
		states[it.AdID] = it.State
	}
	if states[inactive] != favourites.StateInactive || states[expiring] != favourites.StateExpired || states[deleted] != favourites.StateRemoved {
		t.Errorf("states: got %v", states)
	}

	// A deleted ad can be taken off the list; it leaves no stats behind.
	if r := c.do(t, "DELETE", "/api/v1/wishlist/"+deleted, buyerTok); r.Status != 204 {
		t.Errorf("remove deleted ad: got %d %s, want 204", r.Status, r.Body)
	}
	if st, err := c.ads.Stats(t.Context(), []string{deleted}); err != nil || len(st) != 0 {
		t.Errorf("stats of the deleted ad: got %v, %v, want none", st, err)
	}
}

func TestListPages(t *testing.T) {
	c := newCloud(t)
	seller, _ := c.user(t, auth.RoleUser)
	_, buyerTok := c.user(t, auth.RoleUser)
	_, otherTok := c.user(t, auth.RoleUser)
	const total = favourites.DefaultPageSize + 5
	saved := make([]string, total)
	for i := range saved {
		saved[i] = c.ad(t, seller, fmt.Sprintf("Platte %d", i))
		if r := c.do(t, "PUT", "/api/v1/wishlist/"+saved[i], buyerTok); r.Status != 201 {
			t.Fatalf("save: got %d %s", r.Status, r.Body)
		}
	}
	var first, second listBody
	c.do(t, "GET", "/api/v1/wishlist", buyerTok).Decode(t, &first)
	if len(first.Items) != favourites.DefaultPageSize || first.NextCursor == nil {
		t.Fatalf("first page: got %d items, cursor %v", len(first.Items), first.NextCursor)
	}
	c.do(t, "GET", "/api/v1/wishlist?cursor="+*first.NextCursor, buyerTok).Decode(t, &second)
	if len(second.Items) != 5 || second.NextCursor != nil {
		t.Fatalf("second page: got %d items, cursor %v", len(second.Items), second.NextCursor)
	}
	seen := map[string]bool{}
	for _, it := range append(first.Items, second.Items...) {
		if seen[it.AdID] {
			t.Errorf("%s twice", it.AdID)
		}
		seen[it.AdID] = true
	}
	if len(seen) != total {
		t.Errorf("got %d distinct favourites, want %d", len(seen), total)
	}
	var ids struct{ IDs []string }
	c.do(t, "GET", "/api/v1/wishlist/ids", buyerTok).Decode(t, &ids)
	if len(ids.IDs) != total || ids.IDs[0] != saved[total-1] {
		t.Errorf("ids: got %d, first %v, want %d newest first", len(ids.IDs), ids.IDs[:1], total)
	}
	// A cursor is bound to its list.
	if r := c.do(t, "GET", "/api/v1/wishlist?cursor="+*first.NextCursor, otherTok); r.Status != 400 || apperr.Code(r.Code()) != apperr.CodeInvalidCursor {
		t.Errorf("another user's cursor: got %d %s, want 400 invalid_cursor", r.Status, r.Body)
	}
	if r := c.do(t, "GET", "/api/v1/wishlist?limit=0", buyerTok); r.Status != 400 || apperr.Code(r.Code()) != apperr.CodeValidationFailed {
		t.Errorf("limit 0: got %d %s, want 400 validation_failed", r.Status, r.Body)
	}
}

// TestRemoveAll is the account deletion's part: every favourite goes, and
// each ad's counter with it.
func TestRemoveAll(t *testing.T) {
	c := newCloud(t)
	seller, _ := c.user(t, auth.RoleUser)
	buyer, buyerTok := c.user(t, auth.RoleUser)
	_, otherTok := c.user(t, auth.RoleUser)
	a1, a2 := c.ad(t, seller, "Fenster"), c.ad(t, seller, "Türen")
	for _, tok := range []string{buyerTok, otherTok} {
		for _, id := range []string{a1, a2} {
			if r := c.do(t, "PUT", "/api/v1/wishlist/"+id, tok); r.Status != 201 {
				t.Fatalf("save: got %d %s", r.Status, r.Body)
			}
		}
	}
	n, err := c.store.RemoveAll(t.Context(), buyer)
	if err != nil || n != 2 {
		t.Fatalf("remove all: got %d, %v, want 2", n, err)
	}
	if all, err := c.store.All(t.Context(), buyer); err != nil || len(all) != 0 {
		t.Errorf("after: got %v, %v, want an empty list", all, err)
	}
	if c.favCount(t, a1) != 1 || c.favCount(t, a2) != 1 || c.listCount(t, buyer) != 0 {
		t.Errorf("counters: ads %d %d, list %d, want 1 1 0", c.favCount(t, a1), c.favCount(t, a2), c.listCount(t, buyer))
	}
}
