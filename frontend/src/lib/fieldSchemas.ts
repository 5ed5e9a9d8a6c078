import * as z from 'zod/mini';
import type { FieldErrorCode } from '@/contract/schema.gen';

/**
 * Building blocks of the forms' schemas. Their messages are field error codes, the ones the
 * server sends, so one translation (`errors:fields.<code>`) serves the client's checks and the
 * server's answers.
 */
export const REQUIRED = 'required' satisfies FieldErrorCode;
export const TOO_SHORT = 'too_short' satisfies FieldErrorCode;
export const TOO_LONG = 'too_long' satisfies FieldErrorCode;
export const INVALID = 'invalid' satisfies FieldErrorCode;
export const OUT_OF_RANGE = 'out_of_range' satisfies FieldErrorCode;
export const INVALID_EMAIL = 'invalid_email' satisfies FieldErrorCode;
export const MUST_ACCEPT = 'must_accept' satisfies FieldErrorCode;

/** Text, trimmed, of at most `max` characters; may be empty. */
export function optionalText(max: number) {
  return z.string().check(z.trim(), z.maxLength(max, TOO_LONG));
}

/** Text, trimmed, of 1 to `max` characters. */
export function requiredText(max: number) {
  return z.string().check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(max, TOO_LONG));
}

/** An e-mail address, trimmed, required, of at most `max` characters. */
export function requiredEmail(max: number) {
  return z.pipe(requiredText(max), z.email(INVALID_EMAIL));
}
