import { describe, expect, it } from 'vitest';
import { clearStoredToken, readCookie, readStoredToken, readTokenCookie, storeToken } from '@/lib/authToken';

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
