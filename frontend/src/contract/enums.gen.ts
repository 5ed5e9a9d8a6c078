// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:
// change the document and run the script again.

/**
 * Every code the API sends in `Error.error.code`, each with its HTTP status in `x-status` (the
 * table of shared/apperr; a test holds the two together, and the SPA's list of codes is generated
 * from this one). invalid_token is 401 for an access token and 400 for a single-use link token
 * from an e-mail (verification, password reset).
 */
export const ERROR_CODES = [
  'validation_failed',
  'invalid_json',
  'invalid_cursor',
  'unsupported_media_type',
  'payload_too_large',
  'not_logged_in',
  'invalid_token',
  'invalid_token_payload',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'too_many_requests',
  'internal_error',
  'service_unavailable',
  'user_exists',
  'company_required',
  'invalid_credentials',
  'email_not_verified',
  'account_status',
  'cannot_change_password',
  'verification_email_failed',
  'image_processing_failed',
  'admin_exists',
  'oauth_handover_invalid',
  'terms_not_accepted',
  'subscription_plan_not_found',
  'already_subscribed',
  'order_not_found',
  'order_not_pending',
  'invoice_not_found',
  'invalid_signature',
  'payments_unavailable',
  'payment_provider_error',
  'no_ad_allowance',
  'product_not_found',
  'product_not_owned',
  'product_no_access',
  'product_already_active',
  'product_expired',
  'main_image_required',
  'subscription_invalid',
  'ad_count_exceeded',
  'bundle_plan_no_ads',
  'image_count_exceeded',
  'image_not_found',
  'image_not_in_product',
  'image_delete_forbidden',
  'category_not_found',
  'contact_request_not_found',
  'contact_request_own_ad',
  'contact_request_ad_inactive',
  'contact_request_links_only',
  'contact_request_spam',
  'contact_request_sender_limited',
  'contact_request_ad_limited',
  'ad_report_not_found',
  'report_already_open',
  'report_already_resolved',
  'user_not_found',
  'cannot_change_own_status',
  'cannot_block_admin',
  'email_already_verified',
  'contact_message_not_found',
  'category_slug_taken',
  'category_in_use',
  'category_has_subcategories',
  'brand_not_found',
  'brand_exists',
  'plan_retired',
  'plan_exists',
  'edit_conflict',
  'signups_closed',
  'account_confirmation_invalid',
  'admin_cannot_delete_self',
  'wishlist_not_found',
  'wishlist_own_ad',
  'wishlist_full',
  'saved_search_not_found',
  'saved_search_limit',
  'saved_search_too_broad',
  'review_not_found',
  'review_not_eligible',
  'review_exists',
  'review_locked',
  'review_reply_exists',
  'review_already_reported',
] as const;

/**
 * Why one request field was refused (`Error.error.fields`): the field codes of shared/apperr.
 */
export const FIELD_ERROR_CODES = [
  'required',
  'invalid_email',
  'too_long',
  'too_short',
  'invalid',
  'invalid_characters',
  'too_common',
  'passwords_mismatch',
  'must_accept',
  'out_of_range',
  'unknown_category',
  'unknown_locality',
  'unknown_canton',
] as const;

/**
 * The `error` query parameter of the SPA's login page ({SITE_URL}/{lang}/login?error=<code>) after
 * a failed social sign-in (GET /api/v1/auth/oauth/{provider}/callback): oauth_failed for any
 * failure the user cannot act on, else the code of the refusal as the API sends it.
 */
export const OAUTH_LOGIN_ERRORS = ['oauth_failed', 'email_not_verified', 'account_status', 'signups_closed'] as const;

/**
 * The values of User.status in docs/openapi.yaml.
 */
export const ACCOUNT_STATUSES = ['active', 'suspended', 'banned'] as const;

/**
 * The values of MyAd.status in docs/openapi.yaml.
 */
export const AD_STATUSES = ['draft', 'active', 'inactive', 'expired'] as const;

/**
 * The values of ProductInput.condition in docs/openapi.yaml.
 */
export const CONDITIONS = ['new', 'used'] as const;

/**
 * The values of Quantity.unit in docs/openapi.yaml.
 */
export const QUANTITY_UNITS = ['pieces', 'm', 'm2', 'm3', 'kg', 't', 'pallet'] as const;

/**
 * The values of ImageUploadRequest.contentType in docs/openapi.yaml.
 */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * The values of ReportRequest.reason in docs/openapi.yaml.
 */
export const REPORT_REASONS = ['errors', 'suspicious'] as const;

/**
 * The values of ResolveReportRequest.action in docs/openapi.yaml.
 */
export const RESOLVE_ACTIONS = ['dismiss', 'deactivate_ad', 'suspend_seller'] as const;

/**
 * The values of SavedSearchInput.frequency in docs/openapi.yaml.
 */
export const FREQUENCIES = ['instant', 'daily'] as const;

/**
 * The values of ReviewEligibility.reason in docs/openapi.yaml.
 */
export const REVIEW_INELIGIBILITY_REASONS = ['not_contacted', 'too_early', 'own_ad', 'already_reviewed'] as const;

/**
 * The values of GET /api/v1/products ?sort in docs/openapi.yaml.
 */
export const SORTS = ['newest', 'price_asc', 'price_desc', 'distance'] as const;

/**
 * The values of SiteNotice.level in docs/openapi.yaml.
 */
export const NOTICE_LEVELS = ['info', 'warning'] as const;

/**
 * The values of Settings.socialProviders in docs/openapi.yaml.
 */
export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
