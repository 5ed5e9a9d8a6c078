// Global styles first, so that component styles (imported by the modules below) override them.
import '@/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { bootHydrate, readBoot } from '@/app/boot';
import { namespacesAt } from '@/app/pages';
import { AppProviders } from '@/app/Providers';
import { prefetchSettings } from '@/app/referenceApi';
import { AppRoutes, preloadPage } from '@/app/router';
import { makeStore } from '@/app/store';
import { restoreSession } from '@/features/auth/session';
import { createI18n } from '@/i18n/i18n';
import { readStoredToken } from '@/lib/authToken';
import { REDIRECT_LANGUAGE } from '@/lib/languages';
import { languageFromPath } from '@/lib/localePath';

// Start-up loads four things in parallel: the settings, the session (the stored token checked
// against /auth/me), the current page's code and the dictionaries of the shell and that page
// (awaited here; index.html shows the preloader meanwhile).
const store = makeStore();
// The API answers the server inlined into the page (app/boot.ts): in the cache before anything asks.
const boot = readBoot(document, { signedIn: readStoredToken() !== null });
if (boot) store.dispatch(bootHydrate(boot));
store.dispatch(prefetchSettings());
void store.dispatch(restoreSession());
preloadPage(window.location.pathname);
const i18n = await createI18n(
  languageFromPath(window.location.pathname) ?? REDIRECT_LANGUAGE,
  namespacesAt(window.location.pathname),
);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders store={store} i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
