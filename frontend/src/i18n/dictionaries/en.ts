import about from '@/i18n/locales/en/about.json';
import admin from '@/i18n/locales/en/admin.json';
import adminSettings from '@/i18n/locales/en/adminSettings.json';
import adminTaxonomy from '@/i18n/locales/en/adminTaxonomy.json';
import auth from '@/i18n/locales/en/auth.json';
import billing from '@/i18n/locales/en/billing.json';
import catalogue from '@/i18n/locales/en/catalogue.json';
import common from '@/i18n/locales/en/common.json';
import contactUs from '@/i18n/locales/en/contactUs.json';
import contacts from '@/i18n/locales/en/contacts.json';
import dashboard from '@/i18n/locales/en/dashboard.json';
import errors from '@/i18n/locales/en/errors.json';
import favourites from '@/i18n/locales/en/favourites.json';
import home from '@/i18n/locales/en/home.json';
import howItWorks from '@/i18n/locales/en/howItWorks.json';
import legal from '@/i18n/locales/en/legal.json';
import myAds from '@/i18n/locales/en/myAds.json';
import privacy from '@/i18n/locales/en/privacy.json';
import reports from '@/i18n/locales/en/reports.json';
import reviews from '@/i18n/locales/en/reviews.json';
import savedSearches from '@/i18n/locales/en/savedSearches.json';
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
