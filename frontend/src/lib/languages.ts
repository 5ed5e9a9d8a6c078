/** The UI languages, in the order of the route table (spec §2). */
export const LANGUAGES = ['en', 'fr', 'de', 'it', 'sq'] as const;

export type Language = (typeof LANGUAGES)[number];

/** Paths without a valid language prefix are redirected to this language (spec §1, §2). */
export const REDIRECT_LANGUAGE: Language = 'fr';

/** Content written in several languages (category names, notices) falls back to English. */
export const FALLBACK_LANGUAGE: Language = 'en';

/**
 * The language dropdown, in the order the spec lists it. Each label is the language's own name
 * (an endonym), so it is the same in every UI language and is not translated.
 */
export const LANGUAGE_MENU: readonly { code: Language; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'fr', label: 'Français' },
  { code: 'de', label: 'Deutsch' },
  { code: 'sq', label: 'Shqipe' },
  { code: 'it', label: 'Italiano' },
];

/** Intl locales with Swiss conventions (CHF 1’234.50, dd.mm.yyyy). Albanian has no Swiss variant. */
export const INTL_LOCALES: Record<Language, string> = {
  en: 'en-CH',
  fr: 'fr-CH',
  de: 'de-CH',
  it: 'it-CH',
  sq: 'sq',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}
