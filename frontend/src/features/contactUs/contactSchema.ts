import * as z from 'zod/mini';
import { requiredEmail, requiredText } from '@/lib/fieldSchemas';
import type { ContactUsLimits } from '@/lib/settings';

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The contact-us message as the API takes it. */
export type ContactUsMessage = Record<ContactField, string>;

/**
 * Client-side check run before sending, mirroring the browser's `required`/`type=email`/
 * `maxlength` (which a whitespace-only value passes) with the server's limits from settings.
 */
export function makeContactSchema(limits: ContactUsLimits) {
  return z.object({
    name: requiredText(limits.nameMax),
    email: requiredEmail(limits.emailMax),
    subject: requiredText(limits.subjectMax),
    message: requiredText(limits.messageMax),
  });
}
