import type { TFunction } from 'i18next';
import { INTL_LOCALES, type Language } from '@/lib/languages';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** An ad's age in the largest whole unit that fits: 3 days, 2 weeks, 5 months. */
export type Age = { unit: 'now' } | { unit: 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year'; count: number };

/** How long before `now` (ms) the ISO time `iso` was; a time in the future counts as now. */
export function ageOf(iso: string, now: number): Age {
  const ms = now - Date.parse(iso);
  if (!Number.isFinite(ms) || ms < MINUTE) return { unit: 'now' };
  if (ms < HOUR) return { unit: 'minute', count: Math.floor(ms / MINUTE) };
  if (ms < DAY) return { unit: 'hour', count: Math.floor(ms / HOUR) };
  const days = Math.floor(ms / DAY);
  if (days < 7) return { unit: 'day', count: days };
  if (days < 30) return { unit: 'week', count: Math.floor(days / 7) };
  if (days < 365) return { unit: 'month', count: Math.floor(days / 30) };
  return { unit: 'year', count: Math.floor(days / 365) };
}

/**
 * Languages whose relative times come from the browser's Intl data ("il y a 3 jours", "vor 3
 * Tagen", "yesterday"). Albanian is not among them: browsers ship its data unevenly (Chromium
 * has none), so its texts are ours and read the same everywhere.
 */
const INTL_RELATIVE: ReadonlySet<Language> = new Set(['en', 'fr', 'de', 'it']);

const formatters = new Map<Language, Intl.RelativeTimeFormat | null>();

function relativeFormat(lang: Language): Intl.RelativeTimeFormat | null {
  let format = formatters.get(lang);
  if (format === undefined) {
    const locale = INTL_LOCALES[lang];
    format =
      INTL_RELATIVE.has(lang) && Intl.RelativeTimeFormat.supportedLocalesOf(locale).length > 0
        ? new Intl.RelativeTimeFormat(locale, { numeric: 'auto' })
        : null;
    formatters.set(lang, format);
  }
  return format;
}

/** Forgets the formatters made so far (tests that change what the browser supports). */
export function resetAgeFormats(): void {
  formatters.clear();
}

/**
 * "il y a 3 jours", "vor 3 Tagen", "3 ditë më parë": how long ago an ad was posted, through
 * Intl.RelativeTimeFormat where the language has data, else the catalogue's own texts
 * (`age.*`).
 */
export function formatAge(iso: string, lang: Language, t: TFunction<'catalogue'>, now = Date.now()): string {
  const age = ageOf(iso, now);
  const format = relativeFormat(lang);
  if (age.unit === 'now') return format ? format.format(0, 'second') : t('age.now');
  if (format) return format.format(-age.count, age.unit);
  if (age.unit === 'day' && age.count === 1) return t('age.yesterday');
  return t(`age.${age.unit}`, { count: age.count });
}
