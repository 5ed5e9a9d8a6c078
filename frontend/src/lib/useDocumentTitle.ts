import { useEffect } from 'react';
import { BRAND_NAME } from '@/lib/site';

/** Sets `document.title` to "<page> – Remat" while the calling page is shown. */
export function useDocumentTitle(pageTitle: string): void {
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} – ${BRAND_NAME}` : BRAND_NAME;
  }, [pageTitle]);
}
