import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, parseSettings } from '@/lib/settings';

describe('parseSettings', () => {
  it('reads the documented response', () => {
    const response = {
      languages: ['en', 'fr', 'de', 'it', 'sq'],
      defaultLanguage: 'en',
      fallbackLanguage: 'en',
      redirectLanguage: 'fr',
      currency: 'CHF',
      vatRate: '8.1',
      stripePublishableKey: 'pk_test_123',
      features: { payments: true, socialLogin: true },
      socialProviders: ['google'],
      limits: { contactUs: { nameMax: 80, emailMax: 200, subjectMax: 120, messageMax: 4000 }, password: { min: 12 } },
      notice: {
        id: '3',
        level: 'warning',
        text: { en: 'Maintenance tonight', fr: 'Maintenance ce soir' },
        endsAt: '2026-12-01T06:00:00Z',
      },
      signupsOpen: false,
    };
    expect(parseSettings(response)).toEqual(response);
  });

  it.each([
    ['null', null],
    ['no id', { level: 'info', text: { fr: 'Salut' }, endsAt: null }],
    ['an unknown level', { id: '1', level: 'danger', text: { fr: 'Salut' }, endsAt: null }],
    ['no text', { id: '1', level: 'info', text: { xx: 'Hallo', fr: '' }, endsAt: null }],
  ])('reads %s as no notice', (_, notice) => {
    expect(parseSettings({ notice }).notice).toBeNull();
  });

  it('keeps the valid texts of a notice and treats a missing end as none', () => {
    expect(parseSettings({ notice: { id: '2', level: 'info', text: { de: 'Hallo', xx: 'y', it: 3 } } }).notice).toEqual(
      {
        id: '2',
        level: 'info',
        text: { de: 'Hallo' },
        endsAt: null,
      },
    );
  });

  it('falls back field by field', () => {
    const parsed = parseSettings({
      languages: ['fr', 'xx'],
      currency: 'francs',
      features: { payments: 'yes' },
      socialProviders: ['google', 'myspace'],
      limits: { contactUs: { nameMax: 50, messageMax: -1 } },
    });
    expect(parsed.languages).toEqual(DEFAULT_SETTINGS.languages);
    expect(parsed.currency).toBe('CHF');
    expect(parsed.features.payments).toBe(false);
    expect(parsed.socialProviders).toEqual([]);
    expect(parsed.limits.password.min).toBe(10);
    expect(parsed.limits.contactUs).toEqual({ nameMax: 50, emailMax: 254, subjectMax: 150, messageMax: 5000 });
  });

  it.each([null, 'oops', 42, []])('uses the defaults for %s', (value) => {
    expect(parseSettings(value)).toEqual(DEFAULT_SETTINGS);
  });
});
