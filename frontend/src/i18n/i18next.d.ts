import type about from '@/i18n/locales/en/about.json';
import type admin from '@/i18n/locales/en/admin.json';
import type adminSettings from '@/i18n/locales/en/adminSettings.json';
import type adminTaxonomy from '@/i18n/locales/en/adminTaxonomy.json';
import type auth from '@/i18n/locales/en/auth.json';
import type billing from '@/i18n/locales/en/billing.json';
import type catalogue from '@/i18n/locales/en/catalogue.json';
import type common from '@/i18n/locales/en/common.json';
import type contactUs from '@/i18n/locales/en/contactUs.json';
import type contacts from '@/i18n/locales/en/contacts.json';
import type dashboard from '@/i18n/locales/en/dashboard.json';
import type errors from '@/i18n/locales/en/errors.json';
import type favourites from '@/i18n/locales/en/favourites.json';
import type home from '@/i18n/locales/en/home.json';
import type howItWorks from '@/i18n/locales/en/howItWorks.json';
import type legal from '@/i18n/locales/en/legal.json';
import type map from '@/i18n/locales/en/map.json';
import type myAds from '@/i18n/locales/en/myAds.json';
import type privacy from '@/i18n/locales/en/privacy.json';
import type reports from '@/i18n/locales/en/reports.json';
import type reviews from '@/i18n/locales/en/reviews.json';
import type savedSearches from '@/i18n/locales/en/savedSearches.json';

/**
 * Typed translations: the English files define the keys, so `t('unknown.key')` does not compile.
 * The locale-completeness test makes every other language carry exactly the same keys.
 */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
      home: typeof home;
      about: typeof about;
      howItWorks: typeof howItWorks;
      contactUs: typeof contactUs;
      auth: typeof auth;
      dashboard: typeof dashboard;
      billing: typeof billing;
      legal: typeof legal;
      catalogue: typeof catalogue;
      myAds: typeof myAds;
      reports: typeof reports;
      admin: typeof admin;
      adminSettings: typeof adminSettings;
      adminTaxonomy: typeof adminTaxonomy;
      contacts: typeof contacts;
      privacy: typeof privacy;
      favourites: typeof favourites;
      savedSearches: typeof savedSearches;
      reviews: typeof reviews;
      map: typeof map;
    };
  }
}
