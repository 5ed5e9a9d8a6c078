import { describe, expect, it } from 'vitest';
import { paths, safeReturnTo } from '@/lib/paths';

describe('returnTo', () => {
  it.each(['/fr/user/information', '/de/invoice/42?x=1#top', '/en/'])('follows the site path %s', (value) => {
    expect(safeReturnTo(value)).toBe(value);
  });

  it.each([
    null,
    undefined,
    '',
    'user',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/api/v1/auth/me',
    '/_dev/mailbox.json',
  ])('refuses %s', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });

  it('builds the login path with an encoded returnTo', () => {
    expect(paths.loginReturningTo('fr', '/fr/user/information?tab=1')).toBe(
      '/fr/login?returnTo=%2Ffr%2Fuser%2Finformation%3Ftab%3D1',
    );
  });
});

describe('seller and back-office paths', () => {
  it('builds a seller profile path with an encoded id', () => {
    expect(paths.seller('de', '01JSELLER/1')).toBe('/de/seller/01JSELLER%2F1');
  });

  it('builds the back office reviews section', () => {
    expect(paths.admin('fr', 'reviews')).toBe('/fr/admin/reviews');
  });
});
