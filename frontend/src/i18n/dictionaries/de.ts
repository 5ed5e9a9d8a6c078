import about from '@/i18n/locales/de/about.json';
import common from '@/i18n/locales/de/common.json';
import contactUs from '@/i18n/locales/de/contactUs.json';
import errors from '@/i18n/locales/de/errors.json';
import home from '@/i18n/locales/de/home.json';
import howItWorks from '@/i18n/locales/de/howItWorks.json';
import type { Dictionary } from '@/i18n/namespaces';

/** Every namespace of this language, so that loading a language is one request. */
const dictionary: Dictionary = { about, common, contactUs, errors, home, howItWorks };

export default dictionary;
