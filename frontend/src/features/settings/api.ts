import { api } from '@/app/api';
import { parseSettings, type Settings } from '@/lib/settings';

/** `GET /api/v1/settings`: public start-up configuration (languages, currency, limits, flags). */
export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<Settings, undefined>({
      query: () => 'settings',
      transformResponse: (raw: unknown) => parseSettings(raw),
      providesTags: ['Settings'],
    }),
  }),
});

export const { useGetSettingsQuery } = settingsApi;

/** Starts loading the settings before React renders, in parallel with the dictionaries. */
export const prefetchSettings = () => settingsApi.util.prefetch('getSettings', undefined, {});
