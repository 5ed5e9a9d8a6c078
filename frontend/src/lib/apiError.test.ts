import { describe, expect, it } from 'vitest';
import { fieldErrorKey, messageOptions, SERVER_ERROR_CODES, toApiError } from '@/lib/apiError';

describe('toApiError', () => {
  it('maps a network failure to FETCH_ERROR', () => {
    expect(toApiError({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toEqual({
      kind: 'FETCH_ERROR',
      messageKey: 'fetch.FETCH_ERROR',
    });
  });

  it('maps a timeout to TIMEOUT_ERROR', () => {
    expect(toApiError({ status: 'TIMEOUT_ERROR', error: 'AbortError: signal timed out' })).toEqual({
      kind: 'TIMEOUT_ERROR',
      messageKey: 'fetch.TIMEOUT_ERROR',
    });
  });

  it('maps an unreadable body to PARSING_ERROR and keeps the original status', () => {
    expect(
      toApiError({
        status: 'PARSING_ERROR',
        originalStatus: 502,
        data: '<html>Bad gateway</html>',
        error: 'SyntaxError',
      }),
    ).toEqual({ kind: 'PARSING_ERROR', status: 502, messageKey: 'fetch.PARSING_ERROR' });
  });

  it('treats a rejected transform (CUSTOM_ERROR) as PARSING_ERROR', () => {
    expect(toApiError({ status: 'CUSTOM_ERROR', error: 'bad shape' })).toMatchObject({ kind: 'PARSING_ERROR' });
  });

  it('reads code and fields from a validation error body', () => {
    const error = {
      status: 400,
      data: {
        error: {
          code: 'validation_failed',
          message: 'validation failed',
          fields: { email: 'invalid_email', name: 'required' },
        },
      },
    };
    expect(toApiError(error)).toEqual({
      kind: 'HTTP',
      status: 400,
      code: 'validation_failed',
      fields: { email: 'invalid_email', name: 'required' },
      messageKey: 'codes.validation_failed',
    });
  });

  it.each(SERVER_ERROR_CODES)('translates the server code %s', (code) => {
    const result = toApiError({ status: 418, data: { error: { code, message: 'English text' } } });
    expect(result).toMatchObject({ kind: 'HTTP', status: 418, code, messageKey: `codes.${code}` });
  });

  it.each([
    [401, 'codes.not_logged_in'],
    [403, 'codes.forbidden'],
    [404, 'codes.not_found'],
    [405, 'codes.method_not_allowed'],
    [409, 'codes.conflict'],
    [413, 'codes.payload_too_large'],
    [415, 'codes.unsupported_media_type'],
    [429, 'codes.too_many_requests'],
    [500, 'codes.internal_error'],
    [502, 'codes.internal_error'],
    [503, 'codes.service_unavailable'],
  ])('falls back on the status %i when the code is unknown', (status, key) => {
    const result = toApiError({ status, data: { error: { code: 'something_new', message: 'x' } } });
    expect(result).toMatchObject({ kind: 'HTTP', status, code: 'something_new', messageKey: key });
  });

  it('uses the generic HTTP text with the status when nothing else fits', () => {
    expect(toApiError({ status: 418, data: "I'm a teapot" })).toEqual({
      kind: 'HTTP',
      status: 418,
      messageKey: 'http',
      messageParams: { status: 418 },
    });
  });

  it('ignores non-string field codes', () => {
    const result = toApiError({
      status: 400,
      data: { error: { code: 'validation_failed', fields: { a: 1, b: 'required' } } },
    });
    expect(result.fields).toEqual({ b: 'required' });
  });

  it('handles a thrown exception (SerializedError) and garbage without throwing', () => {
    expect(toApiError({ name: 'TypeError', message: 'boom' })).toEqual({ kind: 'FETCH_ERROR', messageKey: 'generic' });
    expect(toApiError(undefined)).toEqual({ kind: 'FETCH_ERROR', messageKey: 'generic' });
    expect(toApiError('nope')).toEqual({ kind: 'FETCH_ERROR', messageKey: 'generic' });
  });
});

describe('fieldErrorKey', () => {
  it('maps known field codes and falls back for unknown ones', () => {
    expect(fieldErrorKey('required')).toBe('fields.required');
    expect(fieldErrorKey('invalid_email')).toBe('fields.invalid_email');
    expect(fieldErrorKey('too_long')).toBe('fields.too_long');
    expect(fieldErrorKey('too_short')).toBe('fields.too_short');
    expect(fieldErrorKey('invalid')).toBe('fields.invalid');
    expect(fieldErrorKey('invalid_characters')).toBe('fields.invalid_characters');
    expect(fieldErrorKey('weird')).toBe('fields.invalid');
  });
});

describe('error params (account status, image reason)', () => {
  const translate = (key: string) => `<${key}>`;

  it('reads params and translates the status into the message options', () => {
    const error = toApiError({
      status: 403,
      data: {
        error: {
          code: 'account_status',
          message: 'account status is suspended',
          params: { status: 'suspended', n: 3 },
        },
      },
    });
    expect(error).toMatchObject({
      code: 'account_status',
      params: { status: 'suspended' },
      messageKey: 'codes.account_status',
    });
    expect(messageOptions(translate, error)).toEqual({ status: '<accountStatus.suspended>' });
  });

  it('translates known image reasons and falls back for unknown ones or none', () => {
    const make = (params?: Record<string, string>) =>
      toApiError({ status: 400, data: { error: { code: 'image_processing_failed', ...(params && { params }) } } });
    expect(messageOptions(translate, make({ reason: 'too_small' }))).toEqual({ reason: '<imageReasons.too_small>' });
    expect(messageOptions(translate, make({ reason: 'cosmic_rays' }))).toEqual({ reason: '<imageReasons.unknown>' });
    expect(messageOptions(translate, make())).toEqual({ reason: '<imageReasons.unknown>' });
  });

  it('passes a limit on as sent (wishlist_full)', () => {
    const error = toApiError({
      status: 409,
      data: { error: { code: 'wishlist_full', message: 'your wish list is full', params: { max: '300' } } },
    });
    expect(error.messageKey).toBe('codes.wishlist_full');
    expect(messageOptions(translate, error)).toEqual({ max: '300' });
  });

  it('keeps the HTTP status for unknown codes', () => {
    expect(messageOptions(translate, toApiError({ status: 418, data: {} }))).toEqual({ status: 418 });
  });
});
