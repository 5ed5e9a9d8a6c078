import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from '@/testing/server';
import { installBrowserFakes, resetScroll } from '@/testing/scroll';

installBrowserFakes();

// findBy and waitFor wait up to 4 s (default 1 s): a lazily loaded screen can take longer than a
// second to import when both cores are busy, which is not what these tests are about.
configure({ asyncUtilTimeout: 4000 });

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
