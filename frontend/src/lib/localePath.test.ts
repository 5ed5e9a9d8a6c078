import { describe, expect, it } from 'vitest';
import { isLanguageHome, languageFromPath, resolveLocalePath, switchLanguagePath } from '@/lib/localePath';

function at(href: string) {
  const url = new URL(href, 'http://remat.test');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

describe('resolveLocalePath', () => {
  it.each([
    // [input, expected redirect target or null when the path is already canonical]
    ['/', '/fr/'],
    ['/?x=1#top', '/fr/?x=1#top'],
    ['/about', '/fr/about'],
    ['/about?x=1', '/fr/about?x=1'],
    ['/about?x=1#team', '/fr/about?x=1#team'],
    ['/how-it-works/', '/fr/how-it-works/'],
    ['/xx/about', '/fr/xx/about'],
    ['/english/about', '/fr/english/about'],
    ['/products/eyJjYXRlZ29yeSI6ImFsbCJ9', '/fr/products/eyJjYXRlZ29yeSI6ImFsbCJ9'],
    ['/fr/fr/about', '/fr/about'],
    ['/fr/fr/about?x=1#h', '/fr/about?x=1#h'],
    ['/de/de/', '/de/'],
    ['/de/de', '/de'],
    ['/it/it/it/contact-us', '/it/contact-us'],
    ['/DE/about', '/de/about'],
    ['/FR/fr/about', '/fr/about'],
    ['/fr', null],
    ['/fr/', null],
    ['/de/about', null],
    ['/sq/contact-us?ref=footer', null],
    ['/en/about/fr', null],
    ['/fr/de/about', null], // a different language later in the path is just an unknown page
  ])('%s -> %s', (input, expected) => {
    const result = resolveLocalePath(at(input));
    if (expected === null) {
      expect(result.kind).toBe('ok');
    } else {
      expect(result).toMatchObject({ kind: 'redirect', to: expected });
    }
  });

  it('reports the language of a canonical path', () => {
    expect(resolveLocalePath(at('/sq/about'))).toEqual({ kind: 'ok', lang: 'sq' });
  });

  it('reports French for redirected unprefixed paths', () => {
    expect(resolveLocalePath(at('/about'))).toMatchObject({ lang: 'fr' });
  });
});

describe('switchLanguagePath', () => {
  it.each([
    ['/fr/about?x=1#team', 'de', '/de/about?x=1#team'],
    ['/fr/', 'en', '/en/'],
    ['/fr', 'it', '/it'],
    ['/sq/how-it-works', 'fr', '/fr/how-it-works'],
    ['/de/products/abc?page=2', 'sq', '/sq/products/abc?page=2'],
  ] as const)('%s + %s -> %s', (from, lang, expected) => {
    expect(switchLanguagePath(at(from), lang)).toBe(expected);
  });
});

describe('isLanguageHome', () => {
  it.each([
    ['/fr', true],
    ['/fr/', true],
    ['/sq/', true],
    ['/fr/about', false],
    ['/', false],
    ['/xx/', false],
  ])('%s -> %s', (path, expected) => {
    expect(isLanguageHome(path)).toBe(expected);
  });
});

describe('languageFromPath', () => {
  it('reads a valid prefix only', () => {
    expect(languageFromPath('/it/about')).toBe('it');
    expect(languageFromPath('/about')).toBeUndefined();
    expect(languageFromPath('/')).toBeUndefined();
  });
});
