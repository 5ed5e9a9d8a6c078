import * as z from 'zod/mini';
import { REPORT_REASONS } from '@/contract/enums.gen';
import * as limits from '@/contract/limits.gen';
import { MUST_ACCEPT, optionalText, REQUIRED, requiredEmail } from '@/lib/fieldSchemas';

/** The server's bounds (docs/openapi.yaml, ReportRequest), in characters after trimming. */
export const REPORT_LIMITS = {
  details: limits.ReportRequest.details.maxLength,
  email: limits.ReportRequest.email.maxLength,
} as const;

export const REPORT_FIELDS = ['reason', 'details', 'email', 'consent'] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];

/** The form as the visitor fills it in (no reason chosen yet is the empty string). */
export interface ReportValues {
  reason: string;
  details: string;
  email: string;
  consent: boolean;
}

/**
 * Client-side check before sending, mirroring the server: a reason, a valid e-mail address, details
 * within bounds, and the consent to the processing of personal data ticked (spec §5). Error
 * messages are field error codes, the same the server sends, so one translation serves both.
 */
export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, REQUIRED),
  details: optionalText(REPORT_LIMITS.details),
  email: requiredEmail(REPORT_LIMITS.email),
  consent: z.literal(true, MUST_ACCEPT),
});
