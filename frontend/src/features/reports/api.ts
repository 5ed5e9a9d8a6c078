import { api } from '@/app/api';
import type { ReportCreated, ReportRequest } from '@/contract/schema.gen';
import type { Language } from '@/lib/languages';

/**
 * "Report this ad" (`POST /reports`, public; the bearer token goes along when signed in). The page
 * language goes as `Accept-Language`, so the e-mail telling the reporter the outcome is in it.
 */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendReport: build.mutation<ReportCreated, ReportRequest & { language: Language }>({
      query: ({ language, ...body }) => ({
        url: 'reports',
        method: 'POST',
        body,
        headers: { 'Accept-Language': language },
      }),
      invalidatesTags: ['Report'],
    }),
  }),
});

export const { useSendReportMutation } = reportsApi;
