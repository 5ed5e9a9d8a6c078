package catalog

import "github.com/remat/remat/shared/apperr"

// Sentinels of the catalogue's codes, for errors.Is (which matches any
// error of the same code, whatever its cause).
var (
	ErrProductNotFound      = apperr.New(apperr.CodeProductNotFound, nil)
	ErrProductNotOwned      = apperr.New(apperr.CodeProductNotOwned, nil)
	ErrProductAlreadyActive = apperr.New(apperr.CodeProductAlreadyActive, nil)
	ErrProductExpired       = apperr.New(apperr.CodeProductExpired, nil)
	ErrMainImageRequired    = apperr.New(apperr.CodeMainImageRequired, nil)
	ErrSubscriptionInvalid  = apperr.New(apperr.CodeSubscriptionInvalid, nil)
	ErrAdCountExceeded      = apperr.New(apperr.CodeAdCountExceeded, nil)
	ErrBundlePlanNoAds      = apperr.New(apperr.CodeBundlePlanNoAds, nil)
	ErrImageCountExceeded   = apperr.New(apperr.CodeImageCountExceeded, nil)
	ErrImageNotFound        = apperr.New(apperr.CodeImageNotFound, nil)
	ErrImageNotInProduct    = apperr.New(apperr.CodeImageNotInProduct, nil)
	ErrImageDeleteForbidden = apperr.New(apperr.CodeImageDeleteForbidden, nil)
)
