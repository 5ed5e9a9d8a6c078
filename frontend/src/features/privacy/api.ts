import { api } from '@/app/api';
import type { AccountDeleted, AccountDeleteRequest, AccountDeletionInProgress } from '@/contract/schema.gen';

/** The downloaded export: the JSON text as the server sent it and the file name it suggested. */
export interface AccountExportFile {
  text: string;
  filename: string;
}

/** The file name of `Content-Disposition: attachment; filename="..."`, or a dated default. */
export function exportFilename(contentDisposition: string | null | undefined, now = new Date()): string {
  const match = /filename="([^"]+)"/.exec(contentDisposition ?? '');
  return match?.[1] ?? `remat-data-${now.toISOString().slice(0, 10)}.json`;
}

/**
 * The account's rights over its data (`/account`, nFADP): the export, read as text so the file
 * is saved exactly as the server wrote it, and the deletion. Neither changes cached data the app
 * shows (a deletion ends the session instead), hence `invalidatesTags: []`.
 */
export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    exportAccountData: build.mutation<AccountExportFile, undefined>({
      query: () => ({
        url: 'account/export',
        responseHandler: (response: Response) => (response.ok ? response.text() : response.json()),
      }),
      transformResponse: (text: string, meta) => ({
        text,
        filename: exportFilename(meta?.response?.headers.get('Content-Disposition')),
      }),
      invalidatesTags: [],
    }),
    deleteAccount: build.mutation<AccountDeleted | AccountDeletionInProgress, AccountDeleteRequest>({
      query: (body) => ({ url: 'account', method: 'DELETE', body }),
      invalidatesTags: [],
    }),
  }),
});

export const { useExportAccountDataMutation, useDeleteAccountMutation } = privacyApi;
