import type { ReactNode } from 'react';
import { useGetSettingsQuery } from '@/app/referenceApi';
import { Preloader } from '@/components/Preloader/Preloader';
import { DEFAULT_SETTINGS, SettingsContext } from '@/lib/settings';

/**
 * Start-up: shows the preloader until the settings query settles, then provides the settings to
 * the whole app. If they cannot be loaded the app continues with the built-in defaults.
 */
export function SettingsGate({ children }: { children: ReactNode }) {
  const { data, isLoading } = useGetSettingsQuery(undefined);
  if (isLoading) return <Preloader />;
  return <SettingsContext value={data ?? DEFAULT_SETTINGS}>{children}</SettingsContext>;
}
