import * as z from 'zod/mini';
import { REPORT_REASONS } from '@/contract/enums.gen';
import { limits } from '@/contract/limits.gen';
import type { FieldErrorCode } from '@/contract/schema.gen';

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
  reason: z.enum(REPORT_REASONS, 'required' satisfies FieldErrorCode),
  details: z.string().check(z.trim(), z.maxLength(REPORT_LIMITS.details, 'too_long' satisfies FieldErrorCode)),
  email: z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'required' satisfies FieldErrorCode),
        z.maxLength(REPORT_LIMITS.email, 'too_long' satisfies FieldErrorCode),
      ),
    z.email('invalid_email' satisfies FieldErrorCode),
  ),
  consent: z.literal(true, 'must_accept' satisfies FieldErrorCode),
});

export function isReportField(value: unknown): value is ReportField {
  return typeof value === 'string' && (REPORT_FIELDS as readonly string[]).includes(value);
}

/** The first error code per field of a failed parse. */
export function fieldErrorsFromIssues(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Partial<Record<ReportField, string>> {
  const errors: Partial<Record<ReportField, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isReportField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
