import { createContext, use } from 'react';
import { NOTICE_LEVELS, SOCIAL_PROVIDERS } from '@/contract/enums.gen';
import * as limits from '@/contract/limits.gen';
import { isLanguage, LANGUAGES, type Language } from '@/lib/languages';

/** Public start-up configuration from `GET /api/v1/settings`. */
export interface Settings {
  languages: readonly Language[];
  defaultLanguage: Language;
  fallbackLanguage: Language;
  redirectLanguage: Language;
  currency: string;
  /** VAT rate in percent, as a decimal string ("8.1") so no float rounding creeps in. */
  vatRate: string;
  stripePublishableKey: string;
  features: { payments: boolean; socialLogin: boolean };
  /** Social sign-in providers the server has configured (their buttons show on the login page). */
  socialProviders: readonly SocialProvider[];
  limits: { contactUs: ContactUsLimits; password: { min: number } };
  /** The site-wide notice banner to show now (set in the back office), or null. */
  notice: SiteNotice | null;
  /** False while an administrator has closed new sign-ups. */
  signupsOpen: boolean;
}

export type NoticeLevel = (typeof NOTICE_LEVELS)[number];

/** The notice banner: `id` changes with every change an administrator saves. */
export interface SiteNotice {
  id: string;
  level: NoticeLevel;
  text: Partial<Record<Language, string>>;
  /** When it hides itself (ISO date-time), or null. */
  endsAt: string | null;
}

export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Maximum lengths (characters) of the contact-us fields. */
export interface ContactUsLimits {
  nameMax: number;
  emailMax: number;
  subjectMax: number;
  messageMax: number;
}

/** Built-in values, used until settings load and whenever they cannot be loaded. */
export const DEFAULT_SETTINGS: Settings = {
  languages: LANGUAGES,
  defaultLanguage: 'en',
  fallbackLanguage: 'en',
  redirectLanguage: 'fr',
  currency: 'CHF',
  vatRate: '8.1',
  stripePublishableKey: '',
  features: { payments: false, socialLogin: false },
  socialProviders: [],
  // The document's bounds (the server sends the same in `limits`).
  limits: {
    contactUs: {
      nameMax: limits.ContactUsRequest.name.maxLength,
      emailMax: limits.ContactUsRequest.email.maxLength,
      subjectMax: limits.ContactUsRequest.subject.maxLength,
      messageMax: limits.ContactUsRequest.message.maxLength,
    },
    password: { min: limits.SignUpRequest.password.minLength },
  },
  notice: null,
  signupsOpen: true,
};

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function pick<T>(value: unknown, valid: (v: unknown) => v is T, fallback: T): T {
  return valid(value) ? value : fallback;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isPositiveInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0;
const isCurrency = (v: unknown): v is string => isString(v) && /^[A-Z]{3}$/.test(v);
const isRate = (v: unknown): v is string => isString(v) && /^\d{1,2}(\.\d{1,2})?$/.test(v);
const isProvider = (v: unknown): v is SocialProvider =>
  typeof v === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(v);
const isProviderList = (v: unknown): v is SocialProvider[] => Array.isArray(v) && v.every(isProvider);
const isLanguageList = (v: unknown): v is Language[] => Array.isArray(v) && v.length > 0 && v.every(isLanguage);
const isNoticeLevel = (v: unknown): v is NoticeLevel =>
  typeof v === 'string' && (NOTICE_LEVELS as readonly string[]).includes(v);

/** A notice with an id, a level and at least one text; anything else is no notice. */
function parseNotice(value: unknown): SiteNotice | null {
  const raw = record(value);
  if (!isString(raw.id) || !isNoticeLevel(raw.level)) return null;
  const text: Partial<Record<Language, string>> = {};
  for (const [lang, v] of Object.entries(record(raw.text)))
    if (isLanguage(lang) && isString(v) && v !== '') text[lang] = v;
  if (Object.keys(text).length === 0) return null;
  return { id: raw.id, level: raw.level, text, endsAt: isString(raw.endsAt) ? raw.endsAt : null };
}

/**
 * Reads a settings response. Each field falls back to its default on its own, so one missing or
 * malformed value never costs the rest. (Hand-written rather than a schema library: this runs at
 * start-up and must stay out of the initial bundle's budget.)
 */
export function parseSettings(data: unknown): Settings {
  const raw = record(data);
  const features = record(raw.features);
  const contactUs = record(record(raw.limits).contactUs);
  const password = record(record(raw.limits).password);
  const D = DEFAULT_SETTINGS;
  const L = D.limits.contactUs;
  return {
    languages: pick(raw.languages, isLanguageList, D.languages),
    defaultLanguage: pick(raw.defaultLanguage, isLanguage, D.defaultLanguage),
    fallbackLanguage: pick(raw.fallbackLanguage, isLanguage, D.fallbackLanguage),
    redirectLanguage: pick(raw.redirectLanguage, isLanguage, D.redirectLanguage),
    currency: pick(raw.currency, isCurrency, D.currency),
    vatRate: pick(raw.vatRate, isRate, D.vatRate),
    stripePublishableKey: pick(raw.stripePublishableKey, isString, D.stripePublishableKey),
    features: {
      payments: pick(features.payments, isBoolean, D.features.payments),
      socialLogin: pick(features.socialLogin, isBoolean, D.features.socialLogin),
    },
    socialProviders: pick(raw.socialProviders, isProviderList, D.socialProviders),
    limits: {
      password: { min: pick(password.min, isPositiveInt, D.limits.password.min) },
      contactUs: {
        nameMax: pick(contactUs.nameMax, isPositiveInt, L.nameMax),
        emailMax: pick(contactUs.emailMax, isPositiveInt, L.emailMax),
        subjectMax: pick(contactUs.subjectMax, isPositiveInt, L.subjectMax),
        messageMax: pick(contactUs.messageMax, isPositiveInt, L.messageMax),
      },
    },
    notice: parseNotice(raw.notice),
    signupsOpen: pick(raw.signupsOpen, isBoolean, D.signupsOpen),
  };
}

/** Provided once the start-up settings query has settled (see features/settings). */
export const SettingsContext = createContext<Settings>(DEFAULT_SETTINGS);

/** The loaded settings (or the defaults when they could not be loaded). */
export function useSettings(): Settings {
  return use(SettingsContext);
}
