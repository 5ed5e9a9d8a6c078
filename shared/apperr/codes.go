package apperr

import "net/http"

// Code is a stable, snake_case error code. Clients translate codes; they
// must never change meaning once shipped.
type Code string

// Error codes. Each one has exactly one row in the table below.
const (
	CodeValidationFailed     Code = "validation_failed"
	CodeInvalidJSON          Code = "invalid_json"
	CodeInvalidCursor        Code = "invalid_cursor"
	CodeUnsupportedMediaType Code = "unsupported_media_type"
	CodePayloadTooLarge      Code = "payload_too_large"
	CodeNotLoggedIn          Code = "not_logged_in"
	CodeInvalidToken         Code = "invalid_token"
	CodeInvalidTokenPayload  Code = "invalid_token_payload"
	CodeForbidden            Code = "forbidden"
	CodeNotFound             Code = "not_found"
	CodeMethodNotAllowed     Code = "method_not_allowed"
	CodeConflict             Code = "conflict"
	CodeTooManyRequests      Code = "too_many_requests"
	CodeInternal             Code = "internal_error"
	// CodeServiceUnavailable: a dependency (DynamoDB, S3, SES, ...) failed
	// or was too slow in a way that passes; nothing was left half done and
	// the same request may simply be sent again (see Unavailable).
	CodeServiceUnavailable Code = "service_unavailable"

	// Accounts (issue 3).
	CodeUserExists              Code = "user_exists"
	CodeCompanyRequired         Code = "company_required"
	CodeInvalidCredentials      Code = "invalid_credentials" //nolint:gosec // an error code, not a credential
	CodeEmailNotVerified        Code = "email_not_verified"
	CodeAccountStatus           Code = "account_status"
	CodeCannotChangePassword    Code = "cannot_change_password"
	CodeVerificationEmailFailed Code = "verification_email_failed"
	CodeImageProcessingFailed   Code = "image_processing_failed"
	CodeAdminExists             Code = "admin_exists"
	// CodeOAuthHandoverInvalid: a social sign-in's one-time hand-over code
	// that is unknown, used, expired, or presented by a browser other than
	// the one that started the sign-in (package social).
	CodeOAuthHandoverInvalid Code = "oauth_handover_invalid"

	// Billing (issue 5).
	CodeTermsNotAccepted         Code = "terms_not_accepted"
	CodeSubscriptionPlanNotFound Code = "subscription_plan_not_found"
	CodeAlreadySubscribed        Code = "already_subscribed"
	CodeOrderNotFound            Code = "order_not_found"
	CodeOrderNotPending          Code = "order_not_pending"
	CodeInvoiceNotFound          Code = "invoice_not_found"
	CodeInvalidSignature         Code = "invalid_signature"
	CodePaymentsUnavailable      Code = "payments_unavailable"
	CodePaymentProviderError     Code = "payment_provider_error"
	CodeNoAdAllowance            Code = "no_ad_allowance"

	// Catalogue (issue 4).
	CodeProductNotFound      Code = "product_not_found"
	CodeProductNotOwned      Code = "product_not_owned"
	CodeProductNoAccess      Code = "product_no_access"
	CodeProductAlreadyActive Code = "product_already_active"
	CodeProductExpired       Code = "product_expired"
	CodeMainImageRequired    Code = "main_image_required"
	CodeSubscriptionInvalid  Code = "subscription_invalid"
	CodeAdCountExceeded      Code = "ad_count_exceeded"
	CodeBundlePlanNoAds      Code = "bundle_plan_no_ads"
	CodeImageCountExceeded   Code = "image_count_exceeded"
	CodeImageNotFound        Code = "image_not_found"
	CodeImageNotInProduct    Code = "image_not_in_product"
	CodeImageDeleteForbidden Code = "image_delete_forbidden"
	CodeCategoryNotFound     Code = "category_not_found"

	// Contact requests.
	CodeContactRequestNotFound      Code = "contact_request_not_found"
	CodeContactRequestOwnAd         Code = "contact_request_own_ad"
	CodeContactRequestAdInactive    Code = "contact_request_ad_inactive"
	CodeContactRequestLinksOnly     Code = "contact_request_links_only"
	CodeContactRequestSpam          Code = "contact_request_spam"
	CodeContactRequestSenderLimited Code = "contact_request_sender_limited"
	CodeContactRequestAdLimited     Code = "contact_request_ad_limited"

	// Ad reports and the back office.
	CodeAdReportNotFound      Code = "ad_report_not_found"
	CodeReportAlreadyOpen     Code = "report_already_open"
	CodeReportAlreadyResolved Code = "report_already_resolved"
	CodeUserNotFound          Code = "user_not_found"
	CodeCannotChangeOwnStatus Code = "cannot_change_own_status"
	CodeCannotBlockAdmin      Code = "cannot_block_admin"
	CodeEmailAlreadyVerified  Code = "email_already_verified"

	// Contact-us inbox, categories and brands in the back office.
	CodeContactMessageNotFound   Code = "contact_message_not_found"
	CodeCategorySlugTaken        Code = "category_slug_taken"
	CodeCategoryInUse            Code = "category_in_use"
	CodeCategoryHasSubcategories Code = "category_has_subcategories"
	CodeBrandNotFound            Code = "brand_not_found"
	CodeBrandExists              Code = "brand_exists"

	// Plans and site settings edited in the back office.
	CodePlanRetired   Code = "plan_retired"
	CodePlanExists    Code = "plan_exists"
	CodeEditConflict  Code = "edit_conflict"
	CodeSignupsClosed Code = "signups_closed"

	// Privacy: data export and account deletion.
	CodeAccountConfirmationInvalid Code = "account_confirmation_invalid"
	CodeAdminCannotDeleteSelf      Code = "admin_cannot_delete_self"

	// Favourites (the wish list).
	CodeWishlistNotFound Code = "wishlist_not_found"
	CodeWishlistOwnAd    Code = "wishlist_own_ad"
	CodeWishlistFull     Code = "wishlist_full"

	// Saved searches and alerts.
	CodeSavedSearchNotFound Code = "saved_search_not_found"
	CodeSavedSearchLimit    Code = "saved_search_limit"
	CodeSavedSearchTooBroad Code = "saved_search_too_broad"

	// Seller reviews.
	CodeReviewNotFound        Code = "review_not_found"
	CodeReviewNotEligible     Code = "review_not_eligible"
	CodeReviewExists          Code = "review_exists"
	CodeReviewLocked          Code = "review_locked"
	CodeReviewReplyExists     Code = "review_reply_exists"
	CodeReviewAlreadyReported Code = "review_already_reported"
)

// Field codes used in Error.Fields: why one request field was rejected.
const (
	FieldRequired     = "required"
	FieldInvalidEmail = "invalid_email"
	FieldTooLong      = "too_long"
	FieldTooShort     = "too_short"
	FieldInvalid      = "invalid"
	// FieldInvalidCharacters: text holding characters that have no place
	// in it (control characters, bidi embeddings, overrides and isolates,
	// noncharacters, bytes that are not UTF-8, a line break in a one-line
	// field): see package input.
	FieldInvalidCharacters = "invalid_characters"
	// FieldTooCommon: a password found in the common-passwords list (or
	// equal to the account's e-mail).
	FieldTooCommon = "too_common"
	// FieldPasswordsMismatch: a confirmation differs from the password.
	FieldPasswordsMismatch = "passwords_mismatch"
	// FieldMustAccept: a checkbox the user must tick (age, rules).
	FieldMustAccept = "must_accept"
	// FieldOutOfRange: a number outside its bounds (discount 0-99, ...).
	FieldOutOfRange = "out_of_range"
	// FieldUnknownCategory, FieldUnknownLocality, FieldUnknownCanton: a
	// reference to a category, locality (postal code or name) or canton
	// that does not exist.
	FieldUnknownCategory = "unknown_category"
	FieldUnknownLocality = "unknown_locality"
	FieldUnknownCanton   = "unknown_canton"
)

// FieldCodes lists every field code, for tests and for checking that
// clients translate all of them.
func FieldCodes() []string {
	return []string{
		FieldRequired, FieldInvalidEmail, FieldTooLong, FieldTooShort, FieldInvalid,
		FieldInvalidCharacters, FieldTooCommon, FieldPasswordsMismatch, FieldMustAccept,
		FieldOutOfRange, FieldUnknownCategory, FieldUnknownLocality, FieldUnknownCanton,
	}
}

type codeInfo struct {
	status  int
	message string
}

// table is the one place that maps a code to its HTTP status and default
// client message. Add new (domain) codes here.
var table = map[Code]codeInfo{
	CodeValidationFailed:     {http.StatusBadRequest, "validation failed"},
	CodeInvalidJSON:          {http.StatusBadRequest, "invalid JSON body"},
	CodeInvalidCursor:        {http.StatusBadRequest, "invalid cursor"},
	CodeUnsupportedMediaType: {http.StatusUnsupportedMediaType, "content type must be application/json"},
	CodePayloadTooLarge:      {http.StatusRequestEntityTooLarge, "request body too large"},
	CodeNotLoggedIn:          {http.StatusUnauthorized, "not logged in, please log in"},
	CodeInvalidToken:         {http.StatusUnauthorized, "invalid token"},
	CodeInvalidTokenPayload:  {http.StatusUnauthorized, "invalid token payload"},
	CodeForbidden:            {http.StatusForbidden, "not allowed to access this resource"},
	CodeNotFound:             {http.StatusNotFound, "not found"},
	CodeMethodNotAllowed:     {http.StatusMethodNotAllowed, "method not allowed"},
	CodeConflict:             {http.StatusConflict, "conflict"},
	CodeTooManyRequests:      {http.StatusTooManyRequests, "too many requests, please try again later"},
	CodeInternal:             {http.StatusInternalServerError, "internal server error"},
	CodeServiceUnavailable:   {http.StatusServiceUnavailable, "the service is temporarily unavailable, please try again in a moment"},

	CodeUserExists:              {http.StatusConflict, "user already exists with this email"},
	CodeCompanyRequired:         {http.StatusBadRequest, "company information required for non-independent users"},
	CodeInvalidCredentials:      {http.StatusUnauthorized, "invalid credentials"},
	CodeEmailNotVerified:        {http.StatusForbidden, "email not verified, please verify your email"},
	CodeAccountStatus:           {http.StatusForbidden, "account status is {status}, contact support"},
	CodeCannotChangePassword:    {http.StatusBadRequest, "cannot change the password"},
	CodeVerificationEmailFailed: {http.StatusBadGateway, "failed to send verification email"},
	CodeImageProcessingFailed:   {http.StatusBadRequest, "failed to process image"},
	CodeAdminExists:             {http.StatusConflict, "admin route invalid as admin exists"},
	CodeOAuthHandoverInvalid:    {http.StatusBadRequest, "this sign-in link was opened in another browser than the one that started the sign-in, or it has expired; please sign in again"},

	CodeTermsNotAccepted:         {http.StatusBadRequest, "the terms must be accepted"},
	CodeSubscriptionPlanNotFound: {http.StatusNotFound, "subscription plan not found"},
	CodeAlreadySubscribed:        {http.StatusConflict, "already subscribed to this plan"},
	CodeOrderNotFound:            {http.StatusNotFound, "order not found"},
	CodeOrderNotPending:          {http.StatusConflict, "order is not pending"},
	CodeInvoiceNotFound:          {http.StatusNotFound, "invoice not found"},
	CodeInvalidSignature:         {http.StatusBadRequest, "invalid signature"},
	CodePaymentsUnavailable:      {http.StatusServiceUnavailable, "payments are not available"},
	CodePaymentProviderError:     {http.StatusBadGateway, "the payment provider failed, please try again"},
	CodeNoAdAllowance:            {http.StatusForbidden, "no ad left in your subscriptions, please choose a plan"},

	CodeProductNotFound:      {http.StatusNotFound, "product not found"},
	CodeProductNotOwned:      {http.StatusForbidden, "product does not belong to you"},
	CodeProductNoAccess:      {http.StatusForbidden, "no access for this product"},
	CodeProductAlreadyActive: {http.StatusConflict, "product already active"},
	CodeProductExpired:       {http.StatusConflict, "this ad has expired; publish it again"},
	CodeMainImageRequired:    {http.StatusUnprocessableEntity, "a main (presentation) image must be chosen"},
	CodeSubscriptionInvalid:  {http.StatusForbidden, "invalid or expired subscription"},
	CodeAdCountExceeded:      {http.StatusForbidden, "ad count exceeded for the subscription"},
	CodeBundlePlanNoAds:      {http.StatusForbidden, "cannot create an ad on a bundle plan"},
	CodeImageCountExceeded:   {http.StatusForbidden, "image count exceeded for the plan"},
	CodeImageNotFound:        {http.StatusNotFound, "image not found"},
	CodeImageNotInProduct:    {http.StatusConflict, "image does not belong to this product"},
	CodeImageDeleteForbidden: {http.StatusForbidden, "not authorized to delete this image"},
	CodeCategoryNotFound:     {http.StatusNotFound, "category not found"},

	CodeContactRequestNotFound:      {http.StatusNotFound, "contact request not found"},
	CodeContactRequestOwnAd:         {http.StatusForbidden, "you cannot contact yourself about your own ad"},
	CodeContactRequestAdInactive:    {http.StatusConflict, "only active ads can be contacted"},
	CodeContactRequestLinksOnly:     {http.StatusUnprocessableEntity, "the message cannot consist of links only"},
	CodeContactRequestSpam:          {http.StatusUnprocessableEntity, "the message was refused as suspected spam"},
	CodeContactRequestSenderLimited: {http.StatusTooManyRequests, "you have sent too many messages, please try again later"},
	CodeContactRequestAdLimited:     {http.StatusTooManyRequests, "this ad has received too many messages, please try again later"},

	CodeAdReportNotFound:      {http.StatusNotFound, "ad report not found"},
	CodeReportAlreadyOpen:     {http.StatusConflict, "you have already reported this ad; your report is being reviewed"},
	CodeReportAlreadyResolved: {http.StatusConflict, "this report is already resolved"},
	CodeUserNotFound:          {http.StatusNotFound, "user not found"},
	CodeCannotChangeOwnStatus: {http.StatusForbidden, "you cannot change the status of your own account"},
	CodeCannotBlockAdmin:      {http.StatusForbidden, "an administrator's account cannot be suspended or banned"},
	CodeEmailAlreadyVerified:  {http.StatusConflict, "the e-mail address is already verified"},

	CodeContactMessageNotFound:   {http.StatusNotFound, "contact-us message not found"},
	CodeCategorySlugTaken:        {http.StatusConflict, "a category with this slug exists already"},
	CodeCategoryInUse:            {http.StatusConflict, "the category has ads; it cannot be deleted or moved, hide it instead"},
	CodeCategoryHasSubcategories: {http.StatusConflict, "the category has sub-categories"},
	CodeBrandNotFound:            {http.StatusNotFound, "brand not found"},
	CodeBrandExists:              {http.StatusConflict, "a brand with this spelling exists already"},

	CodePlanRetired:   {http.StatusConflict, "this plan is no longer offered, please choose another one"},
	CodePlanExists:    {http.StatusConflict, "a plan with this id exists already"},
	CodeEditConflict:  {http.StatusConflict, "someone else changed this meanwhile; reload and try again"},
	CodeSignupsClosed: {http.StatusForbidden, "new sign-ups are closed for the moment"},

	CodeAccountConfirmationInvalid: {http.StatusForbidden, "the password or e-mail address does not match this account"},
	CodeAdminCannotDeleteSelf:      {http.StatusForbidden, "an administrator's account cannot be deleted by its holder; ask another administrator"},

	CodeWishlistNotFound: {http.StatusNotFound, "wish list not found"},
	CodeWishlistOwnAd:    {http.StatusForbidden, "you cannot save your own ad"},
	CodeWishlistFull:     {http.StatusConflict, "your wish list is full; remove some ads first"},

	CodeSavedSearchNotFound: {http.StatusNotFound, "saved search not found"},
	CodeSavedSearchLimit:    {http.StatusConflict, "you have saved as many searches as allowed; delete one first"},
	CodeSavedSearchTooBroad: {http.StatusUnprocessableEntity, "choose at least one filter before saving a search"},

	CodeReviewNotFound:        {http.StatusNotFound, "review not found"},
	CodeReviewNotEligible:     {http.StatusForbidden, "you cannot review this seller for this ad (yet)"},
	CodeReviewExists:          {http.StatusConflict, "you have reviewed this seller for this ad already"},
	CodeReviewLocked:          {http.StatusConflict, "a review can no longer be changed 48 hours after it was written"},
	CodeReviewReplyExists:     {http.StatusConflict, "you have replied to this review already"},
	CodeReviewAlreadyReported: {http.StatusConflict, "you have reported this review already"},
}

// StatusOf is the HTTP status of code; unknown codes are 500.
func StatusOf(code Code) int {
	if info, ok := table[code]; ok {
		return info.status
	}
	return http.StatusInternalServerError
}

// DefaultMessage is the safe English message of code; unknown codes get the
// internal error message.
func DefaultMessage(code Code) string {
	if info, ok := table[code]; ok {
		return info.message
	}
	return table[CodeInternal].message
}

// Codes lists every code in the table (in no particular order), for tests
// and for checking that clients translate all of them.
func Codes() []Code {
	out := make([]Code, 0, len(table))
	for c := range table {
		out = append(out, c)
	}
	return out
}
