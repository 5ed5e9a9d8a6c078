import { dictionaryOf } from '@/i18n/dictionaryOf';

/** Every namespace of this language, bundled so that loading a language is one request. */
export default dictionaryOf(import.meta.glob('../locales/fr/*.json', { eager: true, import: 'default' }));
