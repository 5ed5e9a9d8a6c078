import * as z from 'zod/mini';
import * as limits from '@/contract/limits.gen';
import { INVALID, optionalText, requiredEmail, requiredText } from '@/lib/fieldSchemas';

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

/** Digits with the usual separators and an optional leading +, at least 6 digits (as the server). */
const PHONE = /^\+?[\d\s()./-]*$/;

/** Client-side check before sending, mirroring the server's rules. */
export const contactRequestSchema = z.object({
  name: requiredText(CONTACT_REQUEST_LIMITS.name),
  email: requiredEmail(CONTACT_REQUEST_LIMITS.email),
  phone: optionalText(CONTACT_REQUEST_LIMITS.phone).check(
    z.refine((value) => value === '' || (PHONE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 6), INVALID),
  ),
  message: requiredText(CONTACT_REQUEST_LIMITS.message),
});
