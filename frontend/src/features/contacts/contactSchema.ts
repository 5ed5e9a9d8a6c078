import * as z from 'zod/mini';
import { limits } from '@/contract/limits.gen';
import type { FieldErrorCode } from '@/contract/schema.gen';

const INPUT = limits.ContactRequestInput;

/** The server's bounds (docs/openapi.yaml, ContactRequestInput), in characters after trimming. */
export const CONTACT_REQUEST_LIMITS = {
  name: INPUT.name.maxLength,
  email: INPUT.email.maxLength,
  phone: INPUT.phone.maxLength,
  message: INPUT.message.maxLength,
} as const;

export const CONTACT_REQUEST_FIELDS = ['name', 'email', 'phone', 'message'] as const;
export type ContactRequestField = (typeof CONTACT_REQUEST_FIELDS)[number];

export type ContactRequestValues = Record<ContactRequestField, string>;

/** Error messages are field error codes, the same the server sends, so one translation serves both. */
function text(max: number) {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'required' satisfies FieldErrorCode),
      z.maxLength(max, 'too_long' satisfies FieldErrorCode),
    );
}

/** Digits with the usual separators and an optional leading +, at least 6 digits (as the server). */
const PHONE = /^\+?[\d\s()./-]*$/;

/** Client-side check before sending, mirroring the server's rules. */
export const contactRequestSchema = z.object({
  name: text(CONTACT_REQUEST_LIMITS.name),
  email: z.pipe(text(CONTACT_REQUEST_LIMITS.email), z.email('invalid_email' satisfies FieldErrorCode)),
  phone: z.string().check(
    z.trim(),
    z.maxLength(CONTACT_REQUEST_LIMITS.phone, 'too_long' satisfies FieldErrorCode),
    z.refine(
      (value) => value === '' || (PHONE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6),
      'invalid' satisfies FieldErrorCode,
    ),
  ),
  message: text(CONTACT_REQUEST_LIMITS.message),
});

export function isContactRequestField(value: unknown): value is ContactRequestField {
  return typeof value === 'string' && (CONTACT_REQUEST_FIELDS as readonly string[]).includes(value);
}

/** The first error code per field of a failed parse. */
export function fieldErrorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<ContactRequestField, string>> {
  const errors: Partial<Record<ContactRequestField, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isContactRequestField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
