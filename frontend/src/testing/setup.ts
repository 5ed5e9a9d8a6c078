import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from '@/testing/server';
import { installBrowserFakes, resetScroll } from '@/testing/scroll';

installBrowserFakes();

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  resetScroll();
  document.title = '';
  document.documentElement.removeAttribute('lang');
  document.cookie = 'token=; Path=/; Max-Age=0';
  window.localStorage.clear();
});

afterAll(() => {
  server.close();
});
