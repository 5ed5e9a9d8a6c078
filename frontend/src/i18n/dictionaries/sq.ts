import about from '@/i18n/locales/sq/about.json';
import auth from '@/i18n/locales/sq/auth.json';
import billing from '@/i18n/locales/sq/billing.json';
import catalogue from '@/i18n/locales/sq/catalogue.json';
import common from '@/i18n/locales/sq/common.json';
import contactUs from '@/i18n/locales/sq/contactUs.json';
import dashboard from '@/i18n/locales/sq/dashboard.json';
import errors from '@/i18n/locales/sq/errors.json';
import home from '@/i18n/locales/sq/home.json';
import howItWorks from '@/i18n/locales/sq/howItWorks.json';
import legal from '@/i18n/locales/sq/legal.json';
import myAds from '@/i18n/locales/sq/myAds.json';
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
