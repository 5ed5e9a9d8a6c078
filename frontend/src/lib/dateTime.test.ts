import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMonthYear, zurichOffsetMinutes } from '@/lib/dateTime';
import { LANGUAGES } from '@/lib/languages';

describe('zurichOffsetMinutes', () => {
  it.each<[string, number]>([
    ['2026-01-15T12:00:00Z', 60],
    // Summer time starts on the last Sunday of March at 01:00 UTC (29.03.2026).
    ['2026-03-29T00:59:59Z', 60],
    ['2026-03-29T01:00:00Z', 120],
    ['2026-07-01T12:00:00Z', 120],
    // …and ends on the last Sunday of October at 01:00 UTC (25.10.2026).
    ['2026-10-25T00:59:59Z', 120],
    ['2026-10-25T01:00:00Z', 60],
    // A year whose last March day is a Sunday (31.03.2024).
    ['2024-03-31T00:30:00Z', 60],
    ['2024-03-31T01:30:00Z', 120],
  ])('%s → %i', (iso, want) => {
    expect(zurichOffsetMinutes(Date.parse(iso))).toBe(want);
  });
});

describe('formatDateTime', () => {
  it.each<[string | null | undefined, string]>([
    ['2026-11-26T13:05:00Z', '26.11.2026, 14:05'],
    ['2026-07-01T22:30:00Z', '02.07.2026, 00:30'],
    ['2026-12-31T23:00:00Z', '01.01.2027, 00:00'],
    ['2026-03-29T00:59:00Z', '29.03.2026, 01:59'],
    ['2026-03-29T01:00:00Z', '29.03.2026, 03:00'],
    ['2026-11-26T14:05:00+01:00', '26.11.2026, 14:05'],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['not a date', ''],
  ])('%s → "%s" (Swiss time)', (iso, want) => {
    for (const lang of LANGUAGES) expect(formatDateTime(iso, lang)).toBe(want);
  });
});

describe('formatDate', () => {
  it.each<[string | null | undefined, string]>([
    ['2026-11-26T10:00:00Z', '26.11.2026'],
    ['2026-11-26T23:30:00Z', '27.11.2026'],
    ['2026-06-30T22:00:00Z', '01.07.2026'],
    ['2026-11-26', '26.11.2026'],
    [null, ''],
    ['31.02.2026', ''],
  ])('%s → "%s"', (iso, want) => {
    for (const lang of LANGUAGES) expect(formatDate(iso, lang)).toBe(want);
  });
});

describe('formatMonthYear', () => {
  it.each<[string, string]>([
    ['2025-03-05T10:00:00Z', '03.2025'],
    ['2025-12-31T23:30:00Z', '01.2026'],
    ['nope', ''],
  ])('%s → "%s"', (iso, want) => {
    expect(formatMonthYear(iso, 'sq')).toBe(want);
  });
});
