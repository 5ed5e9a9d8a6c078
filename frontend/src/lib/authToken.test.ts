import { describe, expect, it } from 'vitest';
import {
  clearLoginType,
  clearStoredToken,
  readCookie,
  readLoginType,
  readStoredToken,
  readTokenCookie,
  SESSION_MAX_AGE_SECONDS,
  storeLoginType,
  storeToken,
} from '@/lib/authToken';

describe('auth token storage', () => {
  it('reads a cookie by exact name', () => {
    document.cookie = 'mytoken=nope; Path=/';
    document.cookie = 'token=abc.def%3D; Path=/';
    expect(readCookie('token')).toBe('abc.def=');
    expect(readTokenCookie()).toBe('abc.def=');
    document.cookie = 'mytoken=; Path=/; Max-Age=0';
  });

  it('prefers the cookie and falls back to local storage', () => {
    expect(readStoredToken()).toBeNull();
    window.localStorage.setItem('token', 'from-storage');
    expect(readStoredToken()).toBe('from-storage');
    document.cookie = 'token=from-cookie; Path=/';
    expect(readStoredToken()).toBe('from-cookie');
  });

  it('stores in and clears both places', () => {
    storeToken('t0k3n', 3600);
    expect(readTokenCookie()).toBe('t0k3n');
    expect(window.localStorage.getItem('token')).toBe('t0k3n');
    clearStoredToken();
    expect(readTokenCookie()).toBeUndefined();
    expect(readStoredToken()).toBeNull();
  });
});

describe('login type and cookie attributes', () => {
  it('stores, reads and clears the login type; ignores unknown values', () => {
    expect(readLoginType()).toBeNull();
    storeLoginType('google');
    expect(readLoginType()).toBe('google');
    window.localStorage.setItem('loginType', 'myspace');
    expect(readLoginType()).toBeNull();
    storeLoginType('email');
    clearLoginType();
    expect(window.localStorage.getItem('loginType')).toBeNull();
  });

  it('writes the cookie with path /, SameSite=Lax and a 7-day max-age', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => '',
      set: (value: string) => {
        writes.push(value);
      },
    });
    try {
      storeToken('abc');
    } finally {
      if (descriptor) Object.defineProperty(document, 'cookie', descriptor);
      // the own property shadowed the prototype's; remove it
      Reflect.deleteProperty(document, 'cookie');
    }
    expect(writes).toEqual([`token=abc; Path=/; Max-Age=${String(SESSION_MAX_AGE_SECONDS)}; SameSite=Lax`]);
    expect(SESSION_MAX_AGE_SECONDS).toBe(604800);
  });
});
