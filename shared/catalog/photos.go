package catalog

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
)

// The seller's side of an ad's photos: a pending image and its presigned
// upload (counted against the plan's allowance), the main image, and
// deletion with the S3 objects. The image pipeline (functions/images)
// makes the renditions and marks the image ready or failed through the
// Store (photos_store.go).

// NewUpload is a pending image and where the browser uploads it.
type NewUpload struct {
	Image     Image
	URL       string
	ExpiresAt time.Time
}

// AddImage registers a pending image of ad id (owner only) and presigns
// its upload. Pending and ready images count against the plan's image
// allowance (image_count_exceeded).
func (s *Service) AddImage(ctx context.Context, p auth.Principal, id, contentType string, size int64) (NewUpload, error) {
	contentType = strings.ToLower(strings.TrimSpace(contentType))
	a, err := s.store.Ad(ctx, id)
	if err != nil {
		return NewUpload{}, err
	}
	if a.SellerID != p.UserID {
		return NewUpload{}, apperr.New(apperr.CodeProductNotOwned, fmt.Errorf("catalog: add image to ad %s by %s", id, p.UserID))
	}
	if bad := CheckImage(contentType, size); bad != nil {
		return NewUpload{}, apperr.Validation(bad)
	}
	now := s.now().UTC()
	allowance, err := s.imageAllowance(ctx, a, now)
	if err != nil {
		return NewUpload{}, err
	}
	imageID := newID(now)
	img := Image{
		ID: imageID, AdID: id, State: ImagePending, ContentType: contentType, Size: size,
		UploadKey: UploadKey(id, imageID), CreatedAt: now,
	}
	err = s.store.AddImage(ctx, img, p.UserID, allowance, now)
	if errors.Is(err, ErrImageCountExceeded) {
		released, relErr := s.releaseStaleUploads(ctx, id, now)
		if relErr != nil {
			return NewUpload{}, relErr
		}
		if released {
			err = s.store.AddImage(ctx, img, p.UserID, allowance, now)
		}
	}
	if err != nil {
		return NewUpload{}, err
	}
	url, err := s.uploads.PresignPut(ctx, img.UploadKey, contentType, size, UploadTTL)
	if err != nil {
		return NewUpload{}, fmt.Errorf("catalog: add image to ad %s: %w", id, err)
	}
	return NewUpload{Image: img, URL: url, ExpiresAt: now.Add(UploadTTL)}, nil
}

// releaseStaleUploads fails the pending images of ad id whose upload was
// presigned more than StaleUpload ago, so they leave the allowance. It
// reports whether it released any.
func (s *Service) releaseStaleUploads(ctx context.Context, id string, now time.Time) (bool, error) {
	rec, err := s.store.Record(ctx, id)
	if err != nil {
		return false, err
	}
	released := false
	for _, img := range rec.Images {
		if img.State != ImagePending || now.Sub(img.CreatedAt) < StaleUpload {
			continue
		}
		err := s.store.MarkImageFailed(ctx, id, img.ID, ReasonUploadMissing, now)
		if err != nil && !errors.Is(err, apperr.ErrConflict) { // ready meanwhile: keep it
			return released, err
		}
		released = released || err == nil
	}
	return released, nil
}

// checkImage resolves image imageID for an operation on ad id: image_not_found
// when unknown, image_not_in_product when it belongs to another ad.
func (s *Service) checkImage(ctx context.Context, id, imageID string) error {
	adID, _, err := s.store.ImageOwner(ctx, imageID)
	if err != nil {
		return err
	}
	if adID != id {
		return apperr.New(apperr.CodeImageNotInProduct, fmt.Errorf("catalog: image %s belongs to ad %s, not %s", imageID, adID, id))
	}
	return nil
}

// SetMainImage makes the ready image imageID the main image of ad id
// (owner only).
func (s *Service) SetMainImage(ctx context.Context, p auth.Principal, id, imageID string) (AdRecord, error) {
	if _, err := s.owned(ctx, p, id); err != nil {
		return AdRecord{}, err
	}
	if err := s.checkImage(ctx, id, imageID); err != nil {
		return AdRecord{}, err
	}
	if _, err := s.store.SetMainImage(ctx, id, imageID, p.UserID, s.now().UTC()); err != nil {
		return AdRecord{}, err
	}
	return s.store.Record(ctx, id)
}

// DeleteImage removes image imageID of ad id and its S3 objects. Only the
// ad's owner may (image_delete_forbidden for anyone else); image_not_found
// and image_not_in_product for an unknown image or one of another ad.
func (s *Service) DeleteImage(ctx context.Context, p auth.Principal, id, imageID string) error {
	a, err := s.store.Ad(ctx, id)
	if err != nil {
		return err
	}
	if a.SellerID != p.UserID {
		return apperr.New(apperr.CodeImageDeleteForbidden, fmt.Errorf("catalog: delete image %s of ad %s by %s", imageID, id, p.UserID))
	}
	if err := s.checkImage(ctx, id, imageID); err != nil {
		return err
	}
	for range maxAttempts {
		rec, err := s.store.Record(ctx, id)
		if err != nil {
			return err
		}
		keys, err := s.store.DeleteImage(ctx, rec, imageID, s.now().UTC())
		if errors.Is(err, errImageRace) {
			continue
		}
		if err != nil {
			return err
		}
		s.deleteObjects(ctx, keys)
		return nil
	}
	return apperr.New(apperr.CodeConflict, fmt.Errorf("catalog: delete image %s of ad %s: too many concurrent changes", imageID, id))
}
