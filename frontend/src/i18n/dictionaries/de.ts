import about from '@/i18n/locales/de/about.json';
import auth from '@/i18n/locales/de/auth.json';
import billing from '@/i18n/locales/de/billing.json';
import common from '@/i18n/locales/de/common.json';
import contactUs from '@/i18n/locales/de/contactUs.json';
import dashboard from '@/i18n/locales/de/dashboard.json';
import errors from '@/i18n/locales/de/errors.json';
import home from '@/i18n/locales/de/home.json';
import howItWorks from '@/i18n/locales/de/howItWorks.json';
import legal from '@/i18n/locales/de/legal.json';
import type { Dictionary } from '@/i18n/namespaces';

/** Every namespace of this language, so that loading a language is one request. */
const dictionary: Dictionary = { about, auth, billing, common, contactUs, dashboard, errors, home, howItWorks, legal };

export default dictionary;
