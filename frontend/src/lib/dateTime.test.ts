import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dateTime';
import type { Language } from '@/lib/languages';

describe('formatDateTime', () => {
  it.each<[string | null | undefined, Language, string]>([
    ['2026-11-22T13:05:00Z', 'de', '22.11.2026, 14:05'],
    ['2026-07-01T22:30:00Z', 'fr', '02.07.2026 00:30'],
    [null, 'en', ''],
    [undefined, 'en', ''],
    ['', 'en', ''],
    ['not a date', 'it', ''],
  ])('%s in %s is "%s" (Swiss time)', (iso, lang, want) => {
    expect(formatDateTime(iso, lang)).toBe(want);
  });
});
