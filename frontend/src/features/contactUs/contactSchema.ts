import * as z from 'zod/mini';
import type { FieldErrorCode } from '@/contract/schema.gen';
import type { ContactUsLimits } from '@/lib/settings';

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The contact-us message as the API takes it. */
export type ContactUsMessage = Record<ContactField, string>;

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

/**
 * Client-side check run before sending, mirroring the browser's `required`/`type=email`/
 * `maxlength` (which a whitespace-only value passes) with the server's limits from settings.
 */
export function makeContactSchema(limits: ContactUsLimits) {
  return z.object({
    name: text(limits.nameMax),
    email: z.pipe(text(limits.emailMax), z.email('invalid_email' satisfies FieldErrorCode)),
    subject: text(limits.subjectMax),
    message: text(limits.messageMax),
  });
}

/** The first error code per field of a failed parse. */
export function fieldErrorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isContactField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

export function isContactField(value: unknown): value is ContactField {
  return typeof value === 'string' && (CONTACT_FIELDS as readonly string[]).includes(value);
}
