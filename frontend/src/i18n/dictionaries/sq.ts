import about from '@/i18n/locales/sq/about.json';
import admin from '@/i18n/locales/sq/admin.json';
import adminSettings from '@/i18n/locales/sq/adminSettings.json';
import adminTaxonomy from '@/i18n/locales/sq/adminTaxonomy.json';
import auth from '@/i18n/locales/sq/auth.json';
import billing from '@/i18n/locales/sq/billing.json';
import catalogue from '@/i18n/locales/sq/catalogue.json';
import common from '@/i18n/locales/sq/common.json';
import contactUs from '@/i18n/locales/sq/contactUs.json';
import contacts from '@/i18n/locales/sq/contacts.json';
import dashboard from '@/i18n/locales/sq/dashboard.json';
import errors from '@/i18n/locales/sq/errors.json';
import favourites from '@/i18n/locales/sq/favourites.json';
import home from '@/i18n/locales/sq/home.json';
import howItWorks from '@/i18n/locales/sq/howItWorks.json';
import legal from '@/i18n/locales/sq/legal.json';
import myAds from '@/i18n/locales/sq/myAds.json';
import privacy from '@/i18n/locales/sq/privacy.json';
import reports from '@/i18n/locales/sq/reports.json';
import reviews from '@/i18n/locales/sq/reviews.json';
import savedSearches from '@/i18n/locales/sq/savedSearches.json';
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
