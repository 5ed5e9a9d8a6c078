import about from '@/i18n/locales/it/about.json';
import admin from '@/i18n/locales/it/admin.json';
import adminSettings from '@/i18n/locales/it/adminSettings.json';
import adminTaxonomy from '@/i18n/locales/it/adminTaxonomy.json';
import auth from '@/i18n/locales/it/auth.json';
import billing from '@/i18n/locales/it/billing.json';
import catalogue from '@/i18n/locales/it/catalogue.json';
import common from '@/i18n/locales/it/common.json';
import contactUs from '@/i18n/locales/it/contactUs.json';
import contacts from '@/i18n/locales/it/contacts.json';
import dashboard from '@/i18n/locales/it/dashboard.json';
import errors from '@/i18n/locales/it/errors.json';
import favourites from '@/i18n/locales/it/favourites.json';
import home from '@/i18n/locales/it/home.json';
import howItWorks from '@/i18n/locales/it/howItWorks.json';
import legal from '@/i18n/locales/it/legal.json';
import myAds from '@/i18n/locales/it/myAds.json';
import privacy from '@/i18n/locales/it/privacy.json';
import reports from '@/i18n/locales/it/reports.json';
import reviews from '@/i18n/locales/it/reviews.json';
import savedSearches from '@/i18n/locales/it/savedSearches.json';
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
