import { describe, expect, it } from 'vitest';
import { roleFromToken } from '@/lib/tokenRole';

function token(claims: unknown): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

describe('roleFromToken', () => {
  it('reads the role claim', () => {
    expect(roleFromToken(token({ sub: 'u1', role: 'admin', ver: 0 }))).toBe('admin');
    expect(roleFromToken(token({ sub: 'u1', role: 'user' }))).toBe('user');
  });

  it('reads payloads whose base64url needs padding and uses - and _', () => {
    expect(roleFromToken(token({ sub: 'ü?>>', role: 'admin' }))).toBe('admin');
  });

  it.each([null, undefined, '', 'jwt-test', 'a.b.c', token({ role: 'root' }), token('admin'), token(null)])(
    'gives null for %s',
    (value) => {
      expect(roleFromToken(value)).toBeNull();
    },
  );
});
