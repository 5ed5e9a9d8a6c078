import { afterEach, describe, expect, it, vi } from 'vitest';
import { ageOf, formatAge, resetAgeFormats } from '@/features/catalogue/age';
import { createI18n } from '@/i18n/i18n';
import type { Language } from '@/lib/languages';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

async function catalogueT(lang: Language) {
  const i18n = await createI18n(lang, ['catalogue']);
  return i18n.getFixedT(lang, 'catalogue');
}

afterEach(() => {
  vi.restoreAllMocks();
  resetAgeFormats();
});

describe('ageOf', () => {
  it.each([
    [ago(20_000), { unit: 'now' }],
    [new Date(NOW + HOUR).toISOString(), { unit: 'now' }],
    ['not a date', { unit: 'now' }],
    [ago(5 * MIN), { unit: 'minute', count: 5 }],
    [ago(3 * HOUR + 59 * MIN), { unit: 'hour', count: 3 }],
    [ago(DAY), { unit: 'day', count: 1 }],
    [ago(6 * DAY), { unit: 'day', count: 6 }],
    [ago(13 * DAY), { unit: 'week', count: 1 }],
    [ago(45 * DAY), { unit: 'month', count: 1 }],
    [ago(800 * DAY), { unit: 'year', count: 2 }],
  ])('%s -> %o', (iso, want) => {
    expect(ageOf(iso, NOW)).toEqual(want);
  });
});

describe('formatAge', () => {
  it.each<[Language, number, string]>([
    ['fr', 3 * DAY, 'il y a 3 jours'],
    ['de', 3 * DAY, 'vor 3 Tagen'],
    ['it', 2 * HOUR, '2 ore fa'],
    ['en', DAY, 'yesterday'],
    ['en', 14 * DAY, '2 weeks ago'],
    // Albanian: the catalogue's own texts, whatever the browser knows.
    ['sq', 3 * DAY, '3 ditë më parë'],
    ['sq', DAY, 'dje'],
    ['sq', 400 * DAY, '1 vit më parë'],
    ['sq', 30 * MIN, '30 minuta më parë'],
    ['sq', 10_000, 'tani'],
  ])('%s, %i ms ago: %s', async (lang, ms, want) => {
    expect(formatAge(ago(ms), lang, await catalogueT(lang), NOW)).toBe(want);
  });

  it('falls back to its own texts where the browser has no relative-time data', async () => {
    vi.spyOn(Intl.RelativeTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    expect(formatAge(ago(3 * DAY), 'fr', await catalogueT('fr'), NOW)).toBe('il y a 3 jours');
    expect(formatAge(ago(DAY), 'de', await catalogueT('de'), NOW)).toBe('gestern');
    expect(formatAge(ago(5 * MIN), 'en', await catalogueT('en'), NOW)).toBe('5 minutes ago');
  });

  it('never asks the browser for Albanian', async () => {
    const supported = vi.spyOn(Intl.RelativeTimeFormat, 'supportedLocalesOf');
    formatAge(ago(3 * DAY), 'sq', await catalogueT('sq'), NOW);
    expect(supported).not.toHaveBeenCalled();
  });
});
