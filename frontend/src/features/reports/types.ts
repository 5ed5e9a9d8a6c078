import type { Language } from '@/lib/languages';

/** Why a visitor reports an ad (spec §3): errors in the ad, or a suspicious ad. */
export const REPORT_REASONS = ['errors', 'suspicious'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** `POST /reports`: one report of one ad. `consent` is the required agreement to data processing. */
export interface ReportInput {
  productId: string;
  reason: ReportReason;
  details?: string;
  email: string;
  consent: true;
}

/** A report as sent, with the page language (the reporter's e-mails are written in it). */
export interface ReportRequest extends ReportInput {
  language: Language;
}

/** `201` body of `POST /reports`. */
export interface ReportSent {
  message: 'report_sent';
  id: string;
}
