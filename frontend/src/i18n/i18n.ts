import i18next, { type BackendModule, type i18n as I18n, type ReadCallback } from 'i18next';
import { DEFAULT_NAMESPACE, type Namespace } from '@/i18n/namespaces';
import { LANGUAGES, type Language } from '@/lib/languages';

type Translations = Record<string, unknown>;

/**
 * One lazily imported chunk per language and namespace (`locales/<lang>/<ns>.json`): a page
 * downloads only the namespaces it uses, in its language. The module system keeps each chunk once,
 * so a preload and the backend's later read share one download.
 */
const DICTIONARIES = import.meta.glob<Translations>('./locales/*/*.json', { import: 'default' });

function loadDictionary(language: string, namespace: string): Promise<Translations> {
  const load = DICTIONARIES[`./locales/${language}/${namespace}.json`];
  if (!load) return Promise.reject(new Error(`i18n: no dictionary ${language}/${namespace}`));
  return load();
}

/**
 * Starts downloading the dictionaries of `namespaces` in `language`, so that they arrive together
 * with the code of the page that needs them instead of after it. Never rejects: a failed download
 * is left to i18next, which retries and reports it when a component asks for the namespace.
 */
export async function preloadDictionaries(language: Language, namespaces: readonly Namespace[]): Promise<void> {
  await Promise.allSettled(namespaces.map((namespace) => loadDictionary(language, namespace)));
}

/** An i18next backend that reads the bundled dictionary chunks. */
const bundledDictionaries: BackendModule = {
  type: 'backend',
  init() {
    // nothing to configure
  },
  read(language: string, namespace: string, callback: ReadCallback) {
    loadDictionary(language, namespace).then(
      (translations) => {
        callback(null, translations);
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), false);
      },
    );
  },
};

/**
 * Creates and initialises an i18next instance for `language` (taken from the URL). The returned
 * promise settles once `namespaces` (plus the default one) are loaded in that language; any other
 * namespace loads when a component first asks for it (react-i18next suspends meanwhile), and a
 * language switch loads every namespace used so far before the texts change. There is no fallback
 * language: every dictionary is complete (the locale test fails on a missing key or plural form),
 * so no page downloads English besides its own language. `<html lang>` follows every change.
 */
export async function createI18n(language: Language, namespaces: readonly Namespace[]): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(bundledDictionaries);
  instance.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  await instance.init({
    lng: language,
    supportedLngs: LANGUAGES,
    nonExplicitSupportedLngs: false,
    load: 'currentOnly',
    fallbackLng: false,
    // A fresh array: i18next appends every namespace loaded later to it.
    ns: [...new Set<Namespace>([DEFAULT_NAMESPACE, ...namespaces])],
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false }, // React escapes
    returnEmptyString: false,
    react: { useSuspense: true, bindI18n: 'languageChanged loaded' },
  });
  return instance;
}
