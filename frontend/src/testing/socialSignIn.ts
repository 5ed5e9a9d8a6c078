import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { expect } from 'vitest';
import type { SocialProvider } from '@/lib/settings';
import { API, SETTINGS_RESPONSE } from '@/testing/handlers';
import { server } from '@/testing/server';

/** Makes the settings configure social sign-in with `providers`, in this order. */
export function serveSocialProviders(providers: readonly SocialProvider[]) {
  server.use(
    http.get(`${API}/settings`, () =>
      HttpResponse.json({
        ...SETTINGS_RESPONSE,
        socialProviders: providers,
        features: { payments: false, socialLogin: true },
      }),
    ),
  );
}

/** The page's main content offers no "Continue with …" link (no provider is configured). */
export function expectNoSocialLinks() {
  expect(within(screen.getByRole('main')).queryByRole('link', { name: /Google|Facebook/ })).not.toBeInTheDocument();
}
