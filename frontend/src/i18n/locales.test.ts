import { describe, expect, it } from 'vitest';
import { FIELD_ERROR_CODES } from '@/contract/enums.gen';
import { NAMESPACES } from '@/i18n/namespaces';
import { SERVER_ERROR_CODES, SUCCESS_CODES } from '@/lib/apiError';
import { LANGUAGES } from '@/lib/languages';

type Json = string | { [key: string]: Json };

const files = import.meta.glob<Json>('./locales/*/*.json', { eager: true, import: 'default' });

function dictionary(lang: string, ns: string): Json {
  const data = files[`./locales/${lang}/${ns}.json`];
  if (data === undefined) throw new Error(`missing file locales/${lang}/${ns}.json`);
  return data;
}

/** Flattens `{a: {b: 'x'}}` to `{'a.b': 'x'}`. */
function flatten(value: Json, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === 'string') {
    out.set(prefix, value);
    return out;
  }
  for (const [key, child] of Object.entries(value)) {
    for (const [k, v] of flatten(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  }
  return out;
}

/**
 * Words that stay the same in every language (brands, names, symbols). A translation equal to the
 * English text passes only if nothing else is left once these, placeholders, digits and
 * punctuation are removed.
 */
const SAME_IN_EVERY_LANGUAGE = [
  'Remat',
  'Facebook',
  'LinkedIn',
  'App Store',
  'Google Play',
  'GeoNames',
  'swisstopo',
  'CHF',
  'HTTP',
  'CC BY',
  'TWINT',
  'PDF',
  'CVC',
];

function isLanguageNeutral(text: string): boolean {
  let rest = text.replace(/\{\{\s*\w+\s*\}\}/g, '');
  for (const word of SAME_IN_EVERY_LANGUAGE) rest = rest.split(word).join('');
  return rest.replace(/[\s\d\p{P}\p{S}]/gu, '') === '';
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

/** `items_one` -> {base: 'items', category: 'one'}: i18next's plural keys end in a CLDR category. */
function pluralOf(key: string): { base: string; category: Intl.LDMLPluralRule } | undefined {
  const match = /^(.+)_(zero|one|two|few|many|other)$/.exec(key);
  return match ? { base: match[1] ?? '', category: match[2] as Intl.LDMLPluralRule } : undefined;
}

/** A language's keys with every plural form folded into its base (`items_one`, `items_many` -> `items_*`). */
function keyShape(keys: Iterable<string>): string[] {
  const shape = new Set<string>();
  for (const key of keys) {
    const plural = pluralOf(key);
    shape.add(plural ? `${plural.base}_*` : key);
  }
  return [...shape].sort();
}

/** The plural forms each plural key of `lang` has: base -> categories. */
function pluralForms(keys: Iterable<string>): Map<string, string[]> {
  const forms = new Map<string, string[]>();
  for (const key of keys) {
    const plural = pluralOf(key);
    if (plural) forms.set(plural.base, [...(forms.get(plural.base) ?? []), plural.category].sort());
  }
  return forms;
}

/** The English text a key translates: the same key or, for a plural form English lacks, `_other`. */
function englishSource(english: Map<string, string>, key: string): string | undefined {
  const plural = pluralOf(key);
  return english.get(key) ?? (plural ? english.get(`${plural.base}_other`) : undefined);
}

describe('translations', () => {
  it('has a file for every language and namespace, and no other', () => {
    const expected = LANGUAGES.flatMap((lang) => NAMESPACES.map((ns) => `./locales/${lang}/${ns}.json`)).sort();
    expect(Object.keys(files).sort()).toEqual(expected);
  });

  describe.each(NAMESPACES)('namespace %s', (ns) => {
    const english = flatten(dictionary('en', ns));

    it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has exactly the English keys', (lang) => {
      expect(keyShape(flatten(dictionary(lang, ns)).keys())).toEqual(keyShape(english.keys()));
    });

    it('has the same key set in every pair of languages', () => {
      const keySets = LANGUAGES.map((lang) => keyShape(flatten(dictionary(lang, ns)).keys()).join('\n'));
      expect(new Set(keySets).size).toBe(1);
    });

    // There is no fallback language: a plural form a language needs but lacks would show the key.
    it.each(LANGUAGES)('%s has exactly the plural forms its language needs', (lang) => {
      const needed = [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort();
      for (const [base, categories] of pluralForms(flatten(dictionary(lang, ns)).keys())) {
        expect(categories, `${lang}/${ns}:${base}`).toEqual(needed);
      }
    });

    it.each(LANGUAGES.filter((l) => l !== 'en'))('%s is really translated (not copied from English)', (lang) => {
      const copied = [...flatten(dictionary(lang, ns))]
        .filter(([key, value]) => value === englishSource(english, key) && !isLanguageNeutral(value))
        .map(([key, value]) => `${key}: ${value}`);
      expect(copied).toEqual([]);
    });

    it.each(LANGUAGES)('%s has no empty texts and keeps the English placeholders', (lang) => {
      for (const [key, value] of flatten(dictionary(lang, ns))) {
        expect(value.trim(), `${lang}/${ns}:${key}`).not.toBe('');
        expect(placeholders(value), `${lang}/${ns}:${key}`).toEqual(placeholders(englishSource(english, key) ?? ''));
      }
    });
  });

  it('reads plural keys as i18next does', () => {
    expect(pluralOf('plans.ads_many')).toEqual({ base: 'plans.ads', category: 'many' });
    expect(pluralOf('badge.label_other')).toEqual({ base: 'badge.label', category: 'other' });
    expect(pluralOf('form.other')).toBeUndefined();
    expect(keyShape(['a_one', 'a_many', 'a_other', 'b'])).toEqual(['a_*', 'b']);
    expect(pluralForms(['a_other', 'a_one', 'b'])).toEqual(new Map([['a', ['one', 'other']]]));
  });

  it('knows the plural forms French and Italian need beyond English', () => {
    // 1 000 000 is "many" in both (CLDR), so without `_many` French would show the bare key.
    expect(new Intl.PluralRules('fr').select(1_000_000)).toBe('many');
    expect(new Intl.PluralRules('it').select(1_000_000)).toBe('many');
    expect(new Intl.PluralRules('de').select(1_000_000)).toBe('other');
  });

  it('translates every server, field, success and network code', () => {
    const errors = flatten(dictionary('en', 'errors'));
    for (const code of SERVER_ERROR_CODES) expect(errors.has(`codes.${code}`), code).toBe(true);
    for (const code of FIELD_ERROR_CODES) expect(errors.has(`fields.${code}`), code).toBe(true);
    for (const code of SUCCESS_CODES) expect(errors.has(`success.${code}`), code).toBe(true);
    for (const kind of ['FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR'])
      expect(errors.has(`fetch.${kind}`), kind).toBe(true);
  });

  it('leaves the brand out of page titles (useDocumentTitle appends it)', () => {
    for (const lang of LANGUAGES) {
      for (const ns of NAMESPACES) {
        for (const [key, value] of flatten(dictionary(lang, ns))) {
          if (key.split('.').pop() === 'pageTitle') expect(value, `${lang}/${ns}:${key}`).not.toMatch(/Remat\s*$/);
        }
      }
    }
  });

  it('uses the exact French texts of the specification', () => {
    const fr = (ns: string) => flatten(dictionary('fr', ns));
    expect(fr('contactUs').get('form.submitting')).toBe('Chargement...');
    expect(fr('contactUs').get('toast.success')).toBe('Message envoyé avec succès');
    expect(fr('contactUs').get('toast.failure')).toBe("Quelque chose s'est mal passé");
    expect(fr('errors').get('fields.required')).toBe('Champ obligatoire');
    expect(fr('errors').get('success.message_sent')).toBe('Message envoyé avec succès');
    expect(fr('common').get('auth.logoutSuccess')).toBe('Déconnecté avec succès');
  });

  it('uses the exact English texts of the specification', () => {
    expect(flatten(dictionary('en', 'common')).get('notFound.title')).toBe("Something's wrong here...");
    expect(flatten(dictionary('en', 'errors')).get('fields.required')).toBe('Required field');
    expect(flatten(dictionary('en', 'errors')).get('codes.not_logged_in')).toBe('Not logged in, please log in.');
    expect(flatten(dictionary('en', 'errors')).get('codes.forbidden')).toBe('Not allowed to access this resource.');
    expect(flatten(dictionary('en', 'errors')).get('codes.internal_error')).toBe('Internal server error.');
  });
});
