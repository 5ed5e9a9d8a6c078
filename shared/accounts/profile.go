package accounts

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/remat/remat/shared/apperr"
	"github.com/remat/remat/shared/auth"
	"github.com/remat/remat/shared/blob"
	"github.com/remat/remat/shared/imaging"
)

// The signed-in user's own account: reading it, changing the profile and
// the password, signing out everywhere, and the profile photo.

// Me returns the caller's account.
func (s *Service) Me(ctx context.Context, p auth.Principal) (User, error) {
	u, err := s.store.UserByID(ctx, p.UserID)
	if errors.Is(err, apperr.ErrNotFound) {
		return User{}, fmt.Errorf("accounts: me: %w", apperr.New(apperr.CodeNotLoggedIn, err))
	}
	if err != nil {
		return User{}, fmt.Errorf("accounts: me: %w", err)
	}
	return u, nil
}

// UpdateInput is the body of PATCH /auth/update-info; absent fields are
// unchanged. The e-mail cannot be changed here.
type UpdateInput struct {
	FirstName *string  `json:"firstName"`
	LastName  *string  `json:"lastName"`
	Phone     *string  `json:"phone"`
	Language  *string  `json:"language"`
	Company   *Company `json:"company"`
}

func trimPtr(p *string) *string {
	if p == nil {
		return nil
	}
	v := strings.TrimSpace(*p)
	return &v
}

// UpdateInfo changes the caller's profile. Errors: validation_failed;
// company_required when a professional has no company.
func (s *Service) UpdateInfo(ctx context.Context, p auth.Principal, in UpdateInput) (User, error) {
	in.FirstName, in.LastName, in.Phone, in.Language = trimPtr(in.FirstName), trimPtr(in.LastName), trimPtr(in.Phone), trimPtr(in.Language)
	f := fieldErrors{}
	if in.FirstName != nil {
		*in.FirstName = f.text("firstName", *in.FirstName, NameMax)
	}
	if in.LastName != nil {
		*in.LastName = f.text("lastName", *in.LastName, NameMax)
	}
	if in.Phone != nil {
		f.phone("phone", *in.Phone)
	}
	if in.Language != nil {
		if *in.Language == "" {
			f.add("language", apperr.FieldRequired)
		}
		f.language("language", *in.Language)
	}
	company := f.company(in.Company)
	if err := f.err(); err != nil {
		return User{}, fmt.Errorf("accounts: update info: %w", err)
	}
	u, err := s.Me(ctx, p)
	if err != nil {
		return User{}, err
	}
	upd := ProfileUpdate{FirstName: in.FirstName, LastName: in.LastName, Phone: in.Phone, Language: in.Language}
	if company != nil {
		if u.AccountType != AccountProfessional {
			return User{}, fmt.Errorf("accounts: update info: %w", apperr.Validation(map[string]string{"company": apperr.FieldInvalid}))
		}
		upd.SetCompany, upd.Company = true, company
	} else if u.AccountType == AccountProfessional && u.Company == nil {
		return User{}, fmt.Errorf("accounts: update info: %w", apperr.New(apperr.CodeCompanyRequired, nil))
	}
	u, err = s.store.UpdateProfile(ctx, p.UserID, upd)
	if err != nil {
		return User{}, fmt.Errorf("accounts: update info: %w", err)
	}
	return u, nil
}

// ChangePassword checks the current password and sets the new one; every
// other token dies and the caller gets a fresh one. Errors:
// validation_failed, cannot_change_password (wrong current password or no
// password yet), too_many_requests (failures count like logins).
func (s *Service) ChangePassword(ctx context.Context, p auth.Principal, current, newPassword, confirm string) (string, error) {
	u, err := s.Me(ctx, p)
	if err != nil {
		return "", err
	}
	f := fieldErrors{}
	if current == "" {
		f.add("currentPassword", apperr.FieldRequired)
	}
	f.password("newPassword", newPassword, u.Email)
	if confirm != newPassword {
		f.add("confirmPassword", apperr.FieldPasswordsMismatch)
	}
	if err := f.err(); err != nil {
		return "", fmt.Errorf("accounts: change password: %w", err)
	}
	held, err := s.reserveChecks(ctx, budget{scopeFailAccount, NormalizeEmail(u.Email), loginAccountLimit})
	if err != nil {
		return "", fmt.Errorf("accounts: change password: %w", err)
	}
	ok := false
	if u.PasswordHash != "" {
		ok, _ = s.verify(current, u.PasswordHash)
	}
	if !ok {
		return "", fmt.Errorf("accounts: change password of %s: %w", u.ID, apperr.New(apperr.CodeCannotChangePassword, nil))
	}
	s.releaseChecks(ctx, held)
	hash, err := s.hasher.Hash(newPassword)
	if err != nil {
		return "", fmt.Errorf("accounts: change password: %w", err)
	}
	u, err = s.store.ChangePassword(ctx, u.ID, p.Version, hash)
	if err != nil {
		return "", fmt.Errorf("accounts: change password: %w", err)
	}
	return s.token(u)
}

// Logout revokes every token of the caller (the token version is bumped),
// so copies of the token stop working everywhere.
func (s *Service) Logout(ctx context.Context, p auth.Principal) error {
	if err := s.store.BumpTokenVersion(ctx, p.UserID); err != nil {
		return fmt.Errorf("accounts: logout: %w", err)
	}
	return nil
}

// UploadAvatar processes an uploaded image, stores it, points the profile
// at it and deletes the previous avatar. Every attempt counts against
// avatarLimit per user and avatarWindow before the picture is read, refused
// ones too: each costs a decode. Errors: image_processing_failed
// (params.reason), too_many_requests.
func (s *Service) UploadAvatar(ctx context.Context, p auth.Principal, r io.Reader) (User, error) {
	if s.avatar == nil || s.blobs == nil {
		return User{}, errors.New("accounts: upload avatar: image processing is not configured")
	}
	if _, err := s.Me(ctx, p); err != nil {
		return User{}, err
	}
	if err := s.allow(ctx, scopeAvatar, p.UserID, avatarLimit, avatarWindow); err != nil {
		return User{}, fmt.Errorf("accounts: upload avatar: %w", err)
	}
	jpeg, err := s.avatar(r, MaxAvatarBytes)
	if err != nil {
		return User{}, fmt.Errorf("accounts: upload avatar: %w", imageError(err))
	}
	key := blob.NewAvatarKey(p.UserID, s.now())
	if err := s.blobs.Put(ctx, key, imaging.AvatarContentType, jpeg, blob.ImmutableCacheControl); err != nil {
		return User{}, fmt.Errorf("accounts: upload avatar: %w", err)
	}
	old, u, err := s.store.SetAvatar(ctx, p.UserID, key)
	if err != nil {
		_ = s.blobs.Delete(context.WithoutCancel(ctx), key)
		return User{}, fmt.Errorf("accounts: upload avatar: %w", err)
	}
	// Only keys this code made are deleted: a corrupt item must not make
	// the function delete someone else's object.
	if old != "" && old != key && blob.IsAvatarKeyOf(p.UserID, old) {
		if err := s.blobs.Delete(ctx, old); err != nil {
			slog.WarnContext(ctx, "accounts: delete previous avatar", "key", old, "err", err.Error())
		}
	}
	return u, nil
}

// Reasons of image_processing_failed (params.reason) raised here; the
// rest come from imaging.
const (
	ReasonTooLarge = string(imaging.ReasonTooLarge)
	ReasonMissing  = string(imaging.ReasonMissing)
)

// ImageFailed is image_processing_failed with params.reason.
func ImageFailed(reason string, cause error) *apperr.Error {
	return apperr.WithParams(apperr.CodeImageProcessingFailed, map[string]string{"reason": reason}, cause)
}

// imageError maps imaging's rejections and an over-long body onto
// image_processing_failed; other errors (I/O) stay internal.
func imageError(err error) error {
	var ae *apperr.Error
	if errors.As(err, &ae) && ae.Code == apperr.CodeImageProcessingFailed {
		return err
	}
	var ie *imaging.ImageError
	if errors.As(err, &ie) {
		return ImageFailed(string(ie.Reason), err)
	}
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return ImageFailed(ReasonTooLarge, err)
	}
	return err
}
