import { useState } from 'react';
import { useGetInvoicePdfUrlMutation } from '@/features/billing/api';
import { toApiError, type ApiError } from '@/lib/apiError';
import { browser } from '@/lib/browser';

/** Asks for a fresh presigned link to an invoice's PDF and opens it. */
export function useInvoiceDownload() {
  const [getUrl, { isLoading }] = useGetInvoicePdfUrlMutation();
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(null);

  async function download(invoiceId: string) {
    if (isLoading) return;
    setFailure(null);
    setPendingId(invoiceId);
    try {
      const url = await getUrl(invoiceId).unwrap();
      browser.assign(url);
    } catch (error) {
      setFailure(toApiError(error));
    } finally {
      setPendingId(null);
    }
  }

  return { download, failure, pendingId };
}
