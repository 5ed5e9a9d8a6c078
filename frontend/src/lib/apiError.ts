/**
 * Server error codes the client translates (namespace `errors`, key `codes.<code>`). The server
 * sends them as `{"error":{"code":"snake_case","message":"English text","fields":{...}}}`.
 * A test checks that each has a translation in every language.
 */
export const SERVER_ERROR_CODES = [
  'validation_failed',
  'invalid_json',
  'unsupported_media_type',
  'payload_too_large',
  'too_many_requests',
  'not_logged_in',
  'invalid_token',
  'invalid_token_payload',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'invalid_cursor',
  'internal_error',
] as const;
export type ServerErrorCode = (typeof SERVER_ERROR_CODES)[number];

/** Per-field validation codes (`error.fields`), translated under `fields.<code>`. */
export const FIELD_ERROR_CODES = ['required', 'invalid_email', 'too_long', 'too_short', 'invalid'] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

/** Success message codes (`{"message":"message_sent"}`), translated under `success.<code>`. */
export const SUCCESS_CODES = ['message_sent'] as const;
export type SuccessCode = (typeof SUCCESS_CODES)[number];

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
};

function isServerErrorCode(code: string): code is ServerErrorCode {
  return (SERVER_ERROR_CODES as readonly string[]).includes(code);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `{"error":{"code","message","fields"}}`; anything else yields no code. */
function errorBody(data: unknown): { code?: string; fields?: Record<string, string> } {
  if (!isRecord(data) || !isRecord(data.error) || typeof data.error.code !== 'string') return {};
  const { code, fields } = data.error;
  if (!isRecord(fields)) return { code };
  const stringFields = Object.entries(fields).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return { code, fields: Object.fromEntries(stringFields) };
}

function httpError(status: number, data: unknown): ApiError {
  const { code, fields } = errorBody(data);
  const known = code !== undefined && isServerErrorCode(code) ? code : undefined;
  const fallback = known ?? STATUS_FALLBACK[status] ?? (status >= 500 ? 'internal_error' : undefined);
  return {
    kind: 'HTTP',
    status,
    ...(code !== undefined && { code }),
    ...(fields !== undefined && { fields }),
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
