import type { Language } from '@/lib/languages';

/**
 * Dates and times in the one Swiss form every language shows: "26.11.2026" and
 * "26.11.2026, 14:05", in Swiss time. Intl is not used on purpose: its output follows the
 * browser's ICU data (Chromium ships no Albanian data, and builds differ), while the product
 * shows the same digits to everyone.
 */

/** Takes the language so every call site reads alike (format(value, lang)); the output ignores it. */
type SwissDateFormatter = (iso: string | null | undefined, lang?: Language) => string;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** 01:00 UTC on the last Sunday of a month: when Swiss (EU) summer time starts or ends. */
function lastSundayAt0100Utc(year: number, month0: number): number {
  const lastDay = Date.UTC(year, month0 + 1, 0);
  const weekday = new Date(lastDay).getUTCDay();
  return lastDay - weekday * DAY_MS + HOUR_MS;
}

/**
 * Europe/Zurich's offset from UTC in minutes at an instant: CEST (+120) from the last Sunday of
 * March to the last Sunday of October at 01:00 UTC, CET (+60) otherwise. Switzerland has
 * followed this rule since 1981; earlier instants never occur in the product.
 */
export function zurichOffsetMinutes(utcMs: number): number {
  const year = new Date(utcMs).getUTCFullYear();
  const summer = utcMs >= lastSundayAt0100Utc(year, 2) && utcMs < lastSundayAt0100Utc(year, 9);
  return summer ? 120 : 60;
}

interface WallClock {
  day: string;
  month: string;
  year: string;
  hour: string;
  minute: string;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The Swiss wall clock at an ISO instant, or null when the text is not a date. */
function zurichWallClock(iso: string | null | undefined): WallClock | null {
  if (!iso) return null;
  const utcMs = new Date(iso).getTime();
  if (Number.isNaN(utcMs)) return null;
  const local = new Date(utcMs + zurichOffsetMinutes(utcMs) * MINUTE_MS);
  return {
    day: pad2(local.getUTCDate()),
    month: pad2(local.getUTCMonth() + 1),
    year: String(local.getUTCFullYear()).padStart(4, '0'),
    hour: pad2(local.getUTCHours()),
    minute: pad2(local.getUTCMinutes()),
  };
}

/** A day in Swiss time as "26.11.2026"; '' for none or an invalid date. */
export const formatDate: SwissDateFormatter = (iso) => {
  const at = zurichWallClock(iso);
  return at ? `${at.day}.${at.month}.${at.year}` : '';
};

/** A moment in Swiss time as "26.11.2026, 14:05" (24-hour clock); '' for none or an invalid date. */
export const formatDateTime: SwissDateFormatter = (iso) => {
  const at = zurichWallClock(iso);
  return at ? `${at.day}.${at.month}.${at.year}, ${at.hour}:${at.minute}` : '';
};

/** A month in Swiss time as "11.2026" (a seller's "member since"); '' for none or an invalid date. */
export const formatMonthYear: SwissDateFormatter = (iso) => {
  const at = zurichWallClock(iso);
  return at ? `${at.month}.${at.year}` : '';
};
