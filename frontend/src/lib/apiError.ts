import {
  ACCOUNT_STATUSES,
  ERROR_CODES,
  FIELD_ERROR_CODES,
  OAUTH_LOGIN_ERRORS,
  REVIEW_INELIGIBILITY_REASONS,
} from '@/contract/enums.gen';
import type { ErrorCode, FieldErrorCode, OAuthLoginError } from '@/contract/schema.gen';

/**
 * Server error codes the client translates (namespace `errors`, key `codes.<code>`): every code of
 * the API's error bodies (`{"error":{"code":"snake_case","message":"English text","fields":{...}}}`)
 * and of a failed social sign-in's redirect (`?error=<code>`), both generated from
 * docs/openapi.yaml. A test checks that each has a translation in every language.
 */
export const SERVER_ERROR_CODES: readonly ServerErrorCode[] = [...new Set([...ERROR_CODES, ...OAUTH_LOGIN_ERRORS])];
export type ServerErrorCode = ErrorCode | OAuthLoginError;

/** Success message codes (`{"message":"message_sent"}`), translated under `success.<code>`. */
export const SUCCESS_CODES = [
  'message_sent',
  'verification_email_sent',
  'email_verified',
  'login_success',
  'profile_updated',
  'password_changed',
  'password_reset_email_sent',
  'password_reset',
  'logout_success',
  'admin_created',
  'order_created',
  'payment_processing',
  'payment_done',
  'payment_failed',
  'cart_checked_out',
  'order_deleted',
  'cart_deleted',
  'account_deleted',
  'account_deletion_in_progress',
  'review_reported',
  'review_removed',
  'review_reports_dismissed',
] as const;
export type SuccessCode = (typeof SUCCESS_CODES)[number];

/** Values of `error.params.status` (account_status), translated under `accountStatus.<value>`. */
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Values of `error.params.reason` (image_processing_failed), translated under `imageReasons.<value>`. */
export const IMAGE_REASONS = [
  'unsupported_type',
  'too_large',
  'too_small',
  'corrupt',
  'missing',
  'type_mismatch',
] as const;
export type ImageReason = (typeof IMAGE_REASONS)[number];

/**
 * Why a buyer may not rate a seller for an ad (`GET /reviews/eligibility` `reason`, and
 * `error.params.reason` of review_not_eligible), translated under `reviewNotEligible.<value>`.
 */
export type ReviewIneligibilityReason = (typeof REVIEW_INELIGIBILITY_REASONS)[number];

export function isReviewIneligibilityReason(value: unknown): value is ReviewIneligibilityReason {
  return typeof value === 'string' && (REVIEW_INELIGIBILITY_REASONS as readonly string[]).includes(value);
}

export type ApiErrorKind = 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'HTTP';

/** A translation key in namespace `errors`. */
export type ErrorMessageKey =
  `codes.${ServerErrorCode}` | `fetch.${Exclude<ApiErrorKind, 'HTTP'>}` | 'generic' | 'http';

export type FieldErrorKey = `fields.${FieldErrorCode}`;

/** Any failed API call, reduced to what the UI needs to react and to explain. */
export interface ApiError {
  kind: ApiErrorKind;
  /** HTTP status (for PARSING_ERROR: the status of the unreadable response). */
  status?: number;
  /** The server's error code, as sent (possibly one the client does not know). */
  code?: string;
  /** Field name -> field error code, on validation errors. */
  fields?: Record<string, string>;
  /** Values the server's message interpolates (`status`, `reason`, `max`), as sent. */
  params?: Record<string, string>;
  /** What to show: `t(messageKey, { ns: 'errors', ...messageParams })`. */
  messageKey: ErrorMessageKey;
  messageParams?: { status: number };
}

const STATUS_FALLBACK: Partial<Record<number, ServerErrorCode>> = {
  400: 'validation_failed',
  401: 'not_logged_in',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  // A 503 without a known code (an unknown one, or an answer that is not ours) still says "try again".
  503: 'service_unavailable',
};

function isServerErrorCode(code: string): code is ServerErrorCode {
  return (SERVER_ERROR_CODES as readonly string[]).includes(code);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringMap(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return Object.fromEntries(entries);
}

/** Reads `{"error":{"code","message","fields","params"}}`; anything else yields no code. */
function errorBody(data: unknown): { code?: string; fields?: Record<string, string>; params?: Record<string, string> } {
  if (!isRecord(data) || !isRecord(data.error) || typeof data.error.code !== 'string') return {};
  const fields = stringMap(data.error.fields);
  const params = stringMap(data.error.params);
  return {
    code: data.error.code,
    ...(fields !== undefined && { fields }),
    ...(params !== undefined && { params }),
  };
}

function httpError(status: number, data: unknown): ApiError {
  const { code, fields, params } = errorBody(data);
  const known = code !== undefined && isServerErrorCode(code) ? code : undefined;
  const fallback = known ?? STATUS_FALLBACK[status] ?? (status >= 500 ? 'internal_error' : undefined);
  return {
    kind: 'HTTP',
    status,
    ...(code !== undefined && { code }),
    ...(fields !== undefined && { fields }),
    ...(params !== undefined && { params }),
    ...(fallback !== undefined
      ? { messageKey: `codes.${fallback}` as const }
      : { messageKey: 'http' as const, messageParams: { status } }),
  };
}

/**
 * Turns whatever an RTK Query call rejected with (a FetchBaseQueryError, a SerializedError or
 * anything else) into an ApiError. Never throws.
 */
export function toApiError(error: unknown): ApiError {
  if (!isRecord(error) || !('status' in error)) {
    // A SerializedError (a thrown exception inside the query) or something stranger: the request
    // did not produce a usable response.
    return { kind: 'FETCH_ERROR', messageKey: 'generic' };
  }
  const { status } = error;
  if (typeof status === 'number') {
    return httpError(status, error.data);
  }
  switch (status) {
    case 'FETCH_ERROR':
      return { kind: 'FETCH_ERROR', messageKey: 'fetch.FETCH_ERROR' };
    case 'TIMEOUT_ERROR':
      return { kind: 'TIMEOUT_ERROR', messageKey: 'fetch.TIMEOUT_ERROR' };
    case 'PARSING_ERROR': {
      const original = error.originalStatus;
      return {
        kind: 'PARSING_ERROR',
        ...(typeof original === 'number' && { status: original }),
        messageKey: 'fetch.PARSING_ERROR',
      };
    }
    default:
      // CUSTOM_ERROR: a response arrived but a transform or validator rejected it.
      return { kind: 'PARSING_ERROR', messageKey: 'fetch.PARSING_ERROR' };
  }
}

/** Translation key (namespace `errors`) for a field error code; unknown codes get a generic text. */
export function fieldErrorKey(code: string): FieldErrorKey {
  return (FIELD_ERROR_CODES as readonly string[]).includes(code)
    ? (`fields.${code}` as FieldErrorKey)
    : 'fields.invalid';
}

/**
 * The translation options for an ApiError's message: the HTTP status for unknown codes, and the
 * server's params with their values translated (`status` -> `accountStatus.<v>`, `reason` ->
 * `imageReasons.<v>`) or, for a limit (`max`), as sent. Use as
 * `t(error.messageKey, { ns: 'errors', ...messageOptions(t, error) })`.
 */
export function messageOptions(
  translate: (
    key:
      | `accountStatus.${AccountStatus}`
      | `imageReasons.${ImageReason}`
      | 'imageReasons.unknown'
      | 'accountStatus.unknown',
  ) => string,
  error: ApiError,
): Record<string, string | number> {
  const options: Record<string, string | number> = { ...error.messageParams };
  const status = error.params?.status;
  if (status !== undefined) {
    options.status = translate(
      (ACCOUNT_STATUSES as readonly string[]).includes(status)
        ? `accountStatus.${status as AccountStatus}`
        : 'accountStatus.unknown',
    );
  }
  if (error.code === 'account_status' && status === undefined) options.status = translate('accountStatus.unknown');
  // A limit the message quotes (wishlist_full, saved_search_limit: `max`) is a plain number: passed on as sent.
  const max = error.params?.max;
  if (max !== undefined) options.max = max;
  const reason = error.params?.reason;
  if (error.code === 'image_processing_failed') {
    options.reason = translate(
      reason !== undefined && (IMAGE_REASONS as readonly string[]).includes(reason)
        ? `imageReasons.${reason as ImageReason}`
        : 'imageReasons.unknown',
    );
  }
  return options;
}
