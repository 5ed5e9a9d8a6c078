import about from '@/i18n/locales/fr/about.json';
import auth from '@/i18n/locales/fr/auth.json';
import billing from '@/i18n/locales/fr/billing.json';
import catalogue from '@/i18n/locales/fr/catalogue.json';
import common from '@/i18n/locales/fr/common.json';
import contactUs from '@/i18n/locales/fr/contactUs.json';
import dashboard from '@/i18n/locales/fr/dashboard.json';
import errors from '@/i18n/locales/fr/errors.json';
import home from '@/i18n/locales/fr/home.json';
import howItWorks from '@/i18n/locales/fr/howItWorks.json';
import legal from '@/i18n/locales/fr/legal.json';
import myAds from '@/i18n/locales/fr/myAds.json';
import type { Dictionary } from '@/i18n/namespaces';

/** Every namespace of this language, so that loading a language is one request. */
const dictionary: Dictionary = {
  about,
  auth,
  billing,
  catalogue,
  common,
  contactUs,
  dashboard,
  errors,
  home,
  howItWorks,
  legal,
  myAds,
};

export default dictionary;
