import about from '@/i18n/locales/fr/about.json';
import admin from '@/i18n/locales/fr/admin.json';
import adminSettings from '@/i18n/locales/fr/adminSettings.json';
import adminTaxonomy from '@/i18n/locales/fr/adminTaxonomy.json';
import auth from '@/i18n/locales/fr/auth.json';
import billing from '@/i18n/locales/fr/billing.json';
import catalogue from '@/i18n/locales/fr/catalogue.json';
import common from '@/i18n/locales/fr/common.json';
import contactUs from '@/i18n/locales/fr/contactUs.json';
import contacts from '@/i18n/locales/fr/contacts.json';
import dashboard from '@/i18n/locales/fr/dashboard.json';
import errors from '@/i18n/locales/fr/errors.json';
import favourites from '@/i18n/locales/fr/favourites.json';
import home from '@/i18n/locales/fr/home.json';
import howItWorks from '@/i18n/locales/fr/howItWorks.json';
import legal from '@/i18n/locales/fr/legal.json';
import myAds from '@/i18n/locales/fr/myAds.json';
import privacy from '@/i18n/locales/fr/privacy.json';
import reports from '@/i18n/locales/fr/reports.json';
import reviews from '@/i18n/locales/fr/reviews.json';
import savedSearches from '@/i18n/locales/fr/savedSearches.json';
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
