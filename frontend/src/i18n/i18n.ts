import i18next, { type BackendModule, type i18n as I18n, type ReadCallback } from 'i18next';
import { DEFAULT_NAMESPACE, NAMESPACES, type Dictionary, type Namespace } from '@/i18n/namespaces';
import { FALLBACK_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@/lib/languages';

function isNamespace(value: string): value is Namespace {
  return (NAMESPACES as readonly string[]).includes(value);
}

/**
 * One dynamic import per language (src/i18n/dictionaries/<lang>.ts bundles its namespaces), so the
 * first render fetches the page language plus the English fallback, and a switch costs one request.
 */
const dictionaries: Record<Language, () => Promise<{ default: Dictionary }>> = {
  en: () => import('@/i18n/dictionaries/en'),
  fr: () => import('@/i18n/dictionaries/fr'),
  de: () => import('@/i18n/dictionaries/de'),
  it: () => import('@/i18n/dictionaries/it'),
  sq: () => import('@/i18n/dictionaries/sq'),
};

/** An i18next backend that reads the bundled dictionaries. */
const bundledDictionaries: BackendModule = {
  type: 'backend',
  init() {
    // nothing to configure
  },
  read(language: string, namespace: string, callback: ReadCallback) {
    if (!isLanguage(language) || !isNamespace(namespace)) {
      callback(new Error(`no dictionary ${language}/${namespace}`), false);
      return;
    }
    dictionaries[language]().then(
      (module) => {
        callback(null, module.default[namespace]);
      },
      (error: unknown) => {
        callback(error instanceof Error ? error : new Error(String(error)), false);
      },
    );
  },
};

/**
 * Creates and initialises an i18next instance for `language` (taken from the URL). The returned
 * promise settles once that language and the English fallback are loaded. `<html lang>` follows
 * every language change.
 */
export async function createI18n(language: Language): Promise<I18n> {
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
    fallbackLng: FALLBACK_LANGUAGE,
    ns: NAMESPACES,
    defaultNS: DEFAULT_NAMESPACE,
    interpolation: { escapeValue: false }, // React escapes
    returnEmptyString: false,
    react: { useSuspense: true, bindI18n: 'languageChanged loaded' },
  });
  return instance;
}
