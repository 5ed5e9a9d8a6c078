import { defineConfig } from '@playwright/test';

/**
 * End-to-end journeys in headless Chromium against a running Remat (the local cloud serving the
 * built SPA and the API). Nothing is downloaded: Debian's Chromium is used (CHROMIUM_PATH).
 *
 *   REMAT_BASE_URL=http://127.0.0.1:18080 npm run e2e
 */
const baseURL = process.env.REMAT_BASE_URL;
if (!baseURL) {
  throw new Error(
    'REMAT_BASE_URL is not set. Start the local cloud (which serves frontend/dist and /api/v1), then run e.g. ' +
      'REMAT_BASE_URL=http://127.0.0.1:18080 npm run e2e',
  );
}

export default defineConfig({
  testDir: './e2e',
  workers: 1,
  retries: 0,
  fullyParallel: false,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  outputDir: 'test-results',
  use: {
    baseURL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 720 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    },
  },
});
