package admin_test

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"

	"github.com/remat/remat/infra/seed"
	"github.com/remat/remat/infra/testcloud"
	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/ddb"
)

// ids returns the user ids of a users list response.
func ids(r testcloud.Response) []string {
	var out []string
	items, _ := r.JSON["items"].([]any)
	for _, it := range items {
		out = append(out, it.(map[string]any)["id"].(string))
	}
	return out
}

func TestUserSearch(t *testing.T) {
	c := newCloud(t)
	admin := c.user(t, auth.RoleAdmin, "Ada", "Admin", "")
	emilie := c.user(t, auth.RoleUser, "Émilie", "Dubois-Rochat", "Bâtiments Léman SA")
	hans := c.user(t, auth.RoleUser, "Hans", "Müller", "")
	hanna := c.user(t, auth.RoleUser, "Hanna", "Muster", "")

	tests := []struct {
		q    string
		want []string
	}{
		{"emil", []string{emilie.ID}},
		{"ÉMILIE", []string{emilie.ID}},
		{"rochat", []string{emilie.ID}},
		{"batim", []string{emilie.ID}},
		{"LÉMAN", []string{emilie.ID}},
		{"muller", []string{hans.ID}},
		{"Mül", []string{hans.ID}},
		{"hans", []string{hans.ID}},
		{"han", []string{hans.ID, hanna.ID}},
		{"han mu", []string{hans.ID, hanna.ID}},
		{"han must", []string{hanna.ID}},
		{"mu han", []string{hans.ID, hanna.ID}},
		{hans.Email[:8], []string{hans.ID}},
		{hans.Email, []string{hans.ID}},
		{"zzz", nil},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			r := c.do(t, http.MethodGet, "/api/v1/admin/users?q="+url.QueryEscape(tt.q), admin.token, nil)
			got := ids(r)
			slices.Sort(got)
			want := slices.Clone(tt.want)
			slices.Sort(want)
			if r.Status != http.StatusOK || !slices.Equal(got, want) {
				t.Errorf("got %d %v, want %v", r.Status, got, want)
			}
		})
	}

	// Pagination: one per page, each user once.
	var seen []string
	cursor := ""
	for range 5 {
		r := c.do(t, http.MethodGet, "/api/v1/admin/users?limit=1&q=han&cursor="+url.QueryEscape(cursor), admin.token, nil)
		seen = append(seen, ids(r)...)
		next, _ := r.JSON["nextCursor"].(string)
		if next == "" {
			break
		}
		cursor = next
	}
	if len(seen) != 2 || seen[0] == seen[1] {
		t.Errorf("pages of one: got %v, want both Hans and Hanna once", seen)
	}
	// A cursor of another query is refused.
	first := c.do(t, http.MethodGet, "/api/v1/admin/users?limit=1&q=han", admin.token, nil)
	if r := c.do(t, http.MethodGet, "/api/v1/admin/users?limit=1&q=hans&cursor="+url.QueryEscape(first.JSON["nextCursor"].(string)), admin.token, nil); r.Status != http.StatusBadRequest || r.Code() != "invalid_cursor" {
		t.Errorf("cursor of another query: got %d %s, want 400 invalid_cursor", r.Status, r.Body)
	}

	// No query: everyone, newest first.
	all := c.do(t, http.MethodGet, "/api/v1/admin/users", admin.token, nil)
	if got := ids(all); !slices.Equal(got, []string{hanna.ID, hans.ID, emilie.ID, admin.ID}) {
		t.Errorf("all users: got %v, want newest first", got)
	}

	// A profile change moves the user in the index.
	newFirst, newLast := "Johann", "Meier"
	if _, err := c.users.UpdateProfile(context.Background(), hans.ID, accounts.ProfileUpdate{FirstName: &newFirst, LastName: &newLast}); err != nil {
		t.Fatal(err)
	}
	if got := ids(c.do(t, http.MethodGet, "/api/v1/admin/users?q=muller", admin.token, nil)); len(got) != 0 {
		t.Errorf("old name after the change: got %v, want none", got)
	}
	if got := ids(c.do(t, http.MethodGet, "/api/v1/admin/users?q=johann", admin.token, nil)); !slices.Equal(got, []string{hans.ID}) {
		t.Errorf("new name after the change: got %v, want Hans", got)
	}
	if r := c.do(t, http.MethodGet, "/api/v1/admin/users?q=%2C%2C", admin.token, nil); r.Status != http.StatusBadRequest {
		t.Errorf("query of punctuation only: got %d, want 400", r.Status)
	}
}

// TestIndexUsersBackfill: an account stored before the search existed is
// found once the seed's backfill ran.
func TestIndexUsersBackfill(t *testing.T) {
	c := newCloud(t)
	admin := c.user(t, auth.RoleAdmin, "Ada", "Admin", "")
	old := c.user(t, auth.RoleUser, "Greta", "Alt", "")
	if _, err := c.db.DeleteItem(context.Background(), &dynamodb.DeleteItemInput{
		TableName: aws.String(c.table), Key: ddb.Key("USERIX#g", "greta#"+old.ID),
	}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.db.DeleteItem(context.Background(), &dynamodb.DeleteItemInput{
		TableName: aws.String(c.table), Key: ddb.Key("USER#"+old.ID, "USERIX"),
	}); err != nil {
		t.Fatal(err)
	}
	if got := ids(c.do(t, http.MethodGet, "/api/v1/admin/users?q=greta", admin.token, nil)); len(got) != 0 {
		t.Fatalf("before the backfill: got %v, want none", got)
	}
	if err := seed.IndexUsers(context.Background(), c.db, c.table); err != nil {
		t.Fatal(err)
	}
	if got := ids(c.do(t, http.MethodGet, "/api/v1/admin/users?q=greta", admin.token, nil)); !slices.Equal(got, []string{old.ID}) {
		t.Errorf("after the backfill: got %v, want Greta", got)
	}
}
