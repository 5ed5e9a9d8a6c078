import about from '@/i18n/locales/de/about.json';
import admin from '@/i18n/locales/de/admin.json';
import adminSettings from '@/i18n/locales/de/adminSettings.json';
import adminTaxonomy from '@/i18n/locales/de/adminTaxonomy.json';
import auth from '@/i18n/locales/de/auth.json';
import billing from '@/i18n/locales/de/billing.json';
import catalogue from '@/i18n/locales/de/catalogue.json';
import common from '@/i18n/locales/de/common.json';
import contactUs from '@/i18n/locales/de/contactUs.json';
import contacts from '@/i18n/locales/de/contacts.json';
import dashboard from '@/i18n/locales/de/dashboard.json';
import errors from '@/i18n/locales/de/errors.json';
import favourites from '@/i18n/locales/de/favourites.json';
import home from '@/i18n/locales/de/home.json';
import howItWorks from '@/i18n/locales/de/howItWorks.json';
import legal from '@/i18n/locales/de/legal.json';
import myAds from '@/i18n/locales/de/myAds.json';
import privacy from '@/i18n/locales/de/privacy.json';
import reports from '@/i18n/locales/de/reports.json';
import reviews from '@/i18n/locales/de/reviews.json';
import savedSearches from '@/i18n/locales/de/savedSearches.json';
import type { Dictionary } from '@/i18n/namespaces';

/** Every namespace of this language, so that loading a language is one request. */
const dictionary: Dictionary = {
  about,
  admin,
  adminSettings,
  adminTaxonomy,
  auth,
  billing,
  catalogue,
  common,
  contactUs,
  contacts,
  dashboard,
  errors,
  favourites,
  home,
  howItWorks,
  legal,
  myAds,
  privacy,
  reports,
  reviews,
  savedSearches,
};

export default dictionary;
