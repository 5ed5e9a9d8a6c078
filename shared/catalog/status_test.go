package catalog_test

import (
	"testing"

	"github.com/remat/remat/shared/auth"
)

// TestStatusTransitions: the dashboard toggle from every status.
func TestStatusTransitions(t *testing.T) {
	c := newCloud(t)
	owner, tok := c.user(t, auth.RoleUser)
	subID := c.subscribe(t, owner, sub{remaining: 5, images: 5})
	bare := c.draft(t, tok)
	ready := c.draft(t, tok)
	c.image(t, tok, ready, true)
	active := c.published(t, tok)
	inactive := c.published(t, tok)
	if r := c.do(t, "PATCH", "/api/v1/products/"+inactive+"/status", tok, map[string]any{"status": "inactive"}); r.Status != 200 {
		t.Fatalf("deactivate: got %d %s", r.Status, r.Body)
	}
	tests := []struct {
		name, id, to string
		status       int
		code, want   string
	}{
		{"draft without a main image to active: publish refuses", bare, "active", 422, "main_image_required", ""},
		{"draft to inactive", bare, "inactive", 409, "conflict", ""},
		{"active to active", active, "active", 409, "product_already_active", ""},
		{"inactive to inactive (nothing to do)", inactive, "inactive", 200, "", "inactive"},
		{"unknown status", active, "sold", 400, "validation_failed", ""},
		{"draft with a main image to active: published", ready, "active", 200, "", "active"},
		{"inactive to active within its run", inactive, "active", 200, "", "active"},
		{"active to inactive", active, "inactive", 200, "", "inactive"},
	}
	for _, tt := range tests {
		r := c.do(t, "PATCH", "/api/v1/products/"+tt.id+"/status", tok, map[string]any{"status": tt.to})
		if r.Status != tt.status || (tt.code != "" && r.Code() != tt.code) || (tt.want != "" && r.str("status") != tt.want) {
			t.Errorf("%s: got %d %s, want %d %s%s", tt.name, r.Status, r.Body, tt.status, tt.code, tt.want)
		}
	}
	// Three publications consumed ads: active, inactive and the draft
	// published by the toggle; reactivation consumed none.
	if got := c.remaining(t, owner, subID); got != 2 {
		t.Errorf("remaining: got %d, want 2", got)
	}
	// Publishing an inactive ad within its run just reactivates it.
	if r := c.do(t, "POST", "/api/v1/products/"+active+"/publish", tok, nil); r.Status != 200 || r.str("status") != "active" {
		t.Errorf("publish inactive: got %d %s", r.Status, r.Body)
	}
	if got := c.remaining(t, owner, subID); got != 2 {
		t.Errorf("remaining after reactivation by publish: got %d, want 2", got)
	}
}
