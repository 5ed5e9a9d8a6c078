package catalog

import (
	"context"
	"errors"
	"testing"

	"github.com/remat/remat/shared/accounts"
	"github.com/remat/remat/shared/auth"
)

// failingSellers fails every read, as a throttled table would.
type failingSellers struct{}

func (failingSellers) UserByID(context.Context, string) (accounts.User, error) {
	return accounts.User{}, errors.New("ProvisionedThroughputExceededException")
}

// TestDetailOfSurvivesAFailedSellerRead: the answer to the owner's own
// write never fails on the seller's profile (the write is done; an error
// would make the seller write again), while a public detail still does.
func TestDetailOfSurvivesAFailedSellerRead(t *testing.T) {
	svc := NewService(nil, nil, failingSellers{}, nil, nil)
	rec := AdRecord{Ad: Ad{ID: "ad1", SellerID: "u1", Status: StatusDraft}}
	d, err := svc.DetailOf(t.Context(), auth.Principal{UserID: "u1"}, rec)
	if err != nil || !d.CanEdit || !d.Privileged || d.Record.Ad.ID != "ad1" || d.Seller.ID != "" {
		t.Errorf("owner: got %+v, %v, want the ad without its seller", d, err)
	}
	rec.Ad.Status = StatusActive
	if _, err := svc.detail(t.Context(), auth.Principal{UserID: "u2"}, rec); err == nil {
		t.Error("a visitor's detail: got no error, want the failed read")
	}
}
