import { describe, expect, it } from 'vitest';
import { issuesToErrors, serverFieldErrors } from '@/components/form/formErrors';

const FIELDS = ['email', 'companyName', 'names.fr', 'price'] as const;

describe('serverFieldErrors', () => {
  it.each<[string, Record<string, string> | undefined, Record<string, string>]>([
    ['a field the form has', { email: 'invalid_email' }, { email: 'invalid_email' }],
    ['a nested server field in camel case', { 'company.name': 'required' }, { companyName: 'required' }],
    ['a field the form knows by its server path', { 'names.fr': 'too_long' }, { 'names.fr': 'too_long' }],
    ['fields the form does not show', { password: 'too_short', 'company.vat': 'invalid' }, {}],
    ['no fields at all', undefined, {}],
  ])('maps %s', (_, fields, want) => {
    expect(serverFieldErrors(fields, FIELDS)).toEqual(want);
  });
});

describe('issuesToErrors', () => {
  it.each<[string, { path: PropertyKey[]; message: string }[], Record<string, string>]>([
    [
      'the first code per field, in issue order',
      [
        { path: ['email'], message: 'required' },
        { path: ['email'], message: 'invalid_email' },
        { path: ['price'], message: 'price_range' },
      ],
      { email: 'required', price: 'price_range' },
    ],
    ['a nested path joined with dots', [{ path: ['names', 'fr'], message: 'too_long' }], { 'names.fr': 'too_long' }],
    [
      'paths the form does not have',
      [
        { path: ['names'], message: 'x' },
        { path: [], message: 'y' },
      ],
      {},
    ],
  ])('keeps %s', (_, issues, want) => {
    expect(issuesToErrors(issues, FIELDS)).toEqual(want);
  });
});
