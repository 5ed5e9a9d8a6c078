import { Suspense, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { useAppSelector } from '@/app/hooks';
import type { AppStore } from '@/app/store';
import { Preloader } from '@/components/Preloader/Preloader';
import { selectSessionChecked } from '@/features/auth/authSlice';
import { useRestoreSession } from '@/features/auth/session';
import { SettingsGate } from '@/features/settings/SettingsGate';

interface AppProvidersProps {
  store: AppStore;
  i18n: I18n;
  children: ReactNode;
}

/**
 * Start-up (spec §4): the preloader stays until both the settings and the session check (the
 * stored token against `GET /auth/me`) have settled; the two run in parallel.
 */
function StartupGate({ children }: { children: ReactNode }) {
  useRestoreSession();
  const sessionChecked = useAppSelector(selectSessionChecked);
  return <SettingsGate>{sessionChecked ? children : <Preloader />}</SettingsGate>;
}

/** Store, translations and start-up settings around the router; shared by main.tsx and tests. */
export function AppProviders({ store, i18n, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<Preloader />}>
          <StartupGate>{children}</StartupGate>
        </Suspense>
      </I18nextProvider>
    </Provider>
  );
}
