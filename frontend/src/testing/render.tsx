import { render, waitFor, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, type ReactElement } from 'react';
import {
  MemoryRouter,
  NavigationType,
  Route,
  Routes,
  useLocation,
  useNavigationType,
  type Location,
} from 'react-router';
import { AppProviders } from '@/app/Providers';
import { AppRoutes } from '@/app/router';
import { makeStore, type RootState } from '@/app/store';
import { createI18n } from '@/i18n/i18n';
import { NAMESPACES, type Namespace } from '@/i18n/namespaces';
import { REDIRECT_LANGUAGE } from '@/lib/languages';
import { languageFromPath } from '@/lib/localePath';

interface ProviderOptions extends Omit<RenderOptions, 'queries'> {
  preloadedState?: Partial<RootState>;
  /** The namespaces loaded before rendering (default all; the app loads the page's only). */
  namespaces?: readonly Namespace[];
  /** Resolve only once start-up (the settings query) is over. Default true. */
  waitForStartup?: boolean;
}

/** Waits until the full-page start-up preloader has gone. */
async function startupDone(container: HTMLElement) {
  await waitFor(() => {
    if (container.querySelector('.preloader:not(.preloader--inline)')) throw new Error('still starting up');
  });
}

/** What the memory router shows right now; updated on every navigation. */
export interface RouterProbe {
  location: Location;
  navigationType: NavigationType;
  /** Every location the router has rendered, in order. */
  history: string[];
}

function ProbeLocation({ onChange }: { onChange: (location: Location, type: NavigationType) => void }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    onChange(location, navigationType);
  }, [location, navigationType, onChange]);
  return null;
}

function makeProbe(): { probe: RouterProbe; onChange: (location: Location, type: NavigationType) => void } {
  const probe: RouterProbe = {
    location: { pathname: '', search: '', hash: '', state: null, key: '' },
    navigationType: NavigationType.Pop,
    history: [],
  };
  const onChange = (location: Location, type: NavigationType) => {
    probe.location = location;
    probe.navigationType = type;
    probe.history.push(`${location.pathname}${location.search}${location.hash}`);
  };
  return { probe, onChange };
}

async function setup(
  route: string,
  preloadedState: Partial<RootState> | undefined,
  namespaces: readonly Namespace[] = NAMESPACES,
) {
  const store = makeStore(preloadedState);
  const i18n = await createI18n(languageFromPath(route) ?? REDIRECT_LANGUAGE, namespaces);
  return { store, i18n, ...makeProbe(), user: userEvent.setup() };
}

/**
 * Renders the whole app (real route table, real store, real i18n, HTTP mocked by msw) at
 * `route`. `probe` tells where the router is and how it got there (PUSH/REPLACE/POP).
 */
export async function renderApp(
  route = '/fr/',
  { preloadedState, namespaces, waitForStartup = true, ...options }: ProviderOptions = {},
) {
  const { store, i18n, probe, onChange, user } = await setup(route, preloadedState, namespaces);
  const result = render(
    <AppProviders store={store} i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes />
        <ProbeLocation onChange={onChange} />
      </MemoryRouter>
    </AppProviders>,
    options,
  );
  if (waitForStartup) await startupDone(result.container);
  return { store, i18n, probe, user, ...result };
}

/**
 * Renders one component with the real store and i18n, inside a router at `route` (default
 * `/fr/`, matched by `/:lang/*`) so that `useLang` and links work.
 */
export async function renderWithProviders(
  ui: ReactElement,
  {
    route = '/fr/',
    preloadedState,
    namespaces,
    waitForStartup = true,
    ...options
  }: ProviderOptions & { route?: string } = {},
) {
  const { store, i18n, probe, onChange, user } = await setup(route, preloadedState, namespaces);
  const result = render(
    <AppProviders store={store} i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/:lang/*" element={ui} />
        </Routes>
        <ProbeLocation onChange={onChange} />
      </MemoryRouter>
    </AppProviders>,
    options,
  );
  if (waitForStartup) await startupDone(result.container);
  return { store, i18n, probe, user, ...result };
}
