import { Suspense, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { AppStore } from '@/app/store';
import { Preloader } from '@/components/Preloader/Preloader';
import { SettingsGate } from '@/features/settings/SettingsGate';

interface AppProvidersProps {
  store: AppStore;
  i18n: I18n;
  children: ReactNode;
}

/** Store, translations and start-up settings around the router; shared by main.tsx and tests. */
export function AppProviders({ store, i18n, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<Preloader />}>
          <SettingsGate>{children}</SettingsGate>
        </Suspense>
      </I18nextProvider>
    </Provider>
  );
}
