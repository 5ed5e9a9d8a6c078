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
		if r := c.upload(t, tok, "image", []byte("not a picture")); r.status != 400 || r.code() != "image_processing_failed" {
			t.Fatalf("upload %d: got %d %s, want 400 image_processing_failed", i+1, r.status, r.raw)
		}
	}
	r := c.upload(t, tok, "image", avatarPNG(t, 100))
	if r.status != 429 || r.code() != "too_many_requests" || r.header.Get("Retry-After") == "" {
		t.Errorf("21st upload: got %d %s (Retry-After %q), want 429 too_many_requests", r.status, r.raw, r.header.Get("Retry-After"))
	}
	other := c.verifiedUser(t, "someone.else@example.ch")
	if r := c.upload(t, other, "image", avatarPNG(t, 100)); r.status != 200 {
		t.Errorf("another user: got %d %s, want 200", r.status, r.raw)
	}
	c.advance(time.Hour)
	if r := c.upload(t, tok, "image", avatarPNG(t, 100)); r.status != 200 {
		t.Errorf("an hour later: got %d %s, want 200", r.status, r.raw)
	}
}
