package accounts_test

import (
	"testing"
	"time"
)

// TestAvatarUploadsAreRateLimited: every upload attempt costs a decode, so
// each counts, refused pictures too: 20 per user and hour, then 429
// too_many_requests with Retry-After before the body is read; another user
// is not affected and the next hour opens again.
func TestAvatarUploadsAreRateLimited(t *testing.T) {
	c := newCloud(t)
	tok := c.verifiedUser(t, "avatars@example.ch")
	for i := range 20 {
		if r := c.upload(t, tok, "image", []byte("not a picture")); r.Status != 400 || r.Code() != "image_processing_failed" {
			t.Fatalf("upload %d: got %d %s, want 400 image_processing_failed", i+1, r.Status, r.Body)
		}
	}
	r := c.upload(t, tok, "image", avatarPNG(t, 100))
	if r.Status != 429 || r.Code() != "too_many_requests" || r.Header.Get("Retry-After") == "" {
		t.Errorf("21st upload: got %d %s (Retry-After %q), want 429 too_many_requests", r.Status, r.Body, r.Header.Get("Retry-After"))
	}
	other := c.verifiedUser(t, "someone.else@example.ch")
	if r := c.upload(t, other, "image", avatarPNG(t, 100)); r.Status != 200 {
		t.Errorf("another user: got %d %s, want 200", r.Status, r.Body)
	}
	c.clock.Advance(time.Hour)
	if r := c.upload(t, tok, "image", avatarPNG(t, 100)); r.Status != 200 {
		t.Errorf("an hour later: got %d %s, want 200", r.Status, r.Body)
	}
}
