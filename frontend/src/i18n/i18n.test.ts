import { describe, expect, it } from 'vitest';
import { createI18n, preloadDictionaries } from '@/i18n/i18n';
import { NAMESPACES, type Namespace } from '@/i18n/namespaces';
import { LANGUAGES } from '@/lib/languages';

/** The `language/namespace` pairs an instance holds. */
function loaded(i18n: Awaited<ReturnType<typeof createI18n>>): string[] {
  return LANGUAGES.flatMap((lang) =>
    NAMESPACES.filter((ns) => i18n.hasResourceBundle(lang, ns)).map((ns) => `${lang}/${ns}`),
  ).sort();
}

describe('createI18n', () => {
  it('loads the default and the requested namespaces in the page language only', async () => {
    const i18n = await createI18n('fr', ['home', 'catalogue']);
    expect(loaded(i18n)).toEqual(['fr/catalogue', 'fr/common', 'fr/home']);
    expect(i18n.t('home:hero.title')).not.toBe('hero.title');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('loads a namespace a component asks for later', async () => {
    const i18n = await createI18n('de', []);
    expect(loaded(i18n)).toEqual(['de/common']);
    await i18n.loadNamespaces('about');
    expect(loaded(i18n)).toEqual(['de/about', 'de/common']);
  });

  it('switches language with every namespace used so far, without English', async () => {
    const i18n = await createI18n('fr', ['home']);
    await i18n.loadNamespaces('contactUs');
    await i18n.changeLanguage('it');
    expect(loaded(i18n)).toEqual(['fr/common', 'fr/contactUs', 'fr/home', 'it/common', 'it/contactUs', 'it/home']);
    expect(document.documentElement.lang).toBe('it');
  });

  it('has no fallback language, so it never downloads English for another one', async () => {
    const i18n = await createI18n('sq', ['errors']);
    await i18n.loadNamespaces('home');
    expect(i18n.languages).toEqual(['sq']);
    expect(loaded(i18n)).toEqual(['sq/common', 'sq/errors', 'sq/home']);
  });

  it.each([
    ['fr', 1, '1 annonce'],
    ['fr', 2, '2 annonces'],
    ['fr', 1_000_000, '1000000 d’annonces'],
    ['it', 1_000_000, '1000000 di annunci'],
    ['de', 1_000_000, '1000000 Inserate'],
  ] as const)('uses the %s plural form for %d', async (language, count, text) => {
    const i18n = await createI18n(language, ['billing']);
    expect(i18n.t('billing:plans.ads', { count })).toBe(text);
  });
});

describe('preloadDictionaries', () => {
  it('settles even when a dictionary does not exist', async () => {
    await expect(preloadDictionaries('fr', ['home', 'nowhere' as Namespace])).resolves.toBeUndefined();
  });
});
