import { useTranslation } from 'react-i18next';
import { BRAND_NAME } from '@/lib/site';

interface PreloaderProps {
  /** Inside the page (while a page's code loads) instead of covering the whole screen. */
  inline?: boolean;
}

/**
 * Loading state. Full-page until start-up completes (index.html holds the same markup so it
 * shows before any JavaScript runs; its styles live in styles/global.css for the same reason),
 * inline while a page's code is fetched.
 */
export function Preloader({ inline = false }: PreloaderProps) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div className={inline ? 'preloader preloader--inline' : 'preloader'} role="status" aria-live="polite">
      <span className="preloader__ring" aria-hidden="true" />
      {!inline && (
        <span className="preloader__brand" aria-hidden="true">
          {BRAND_NAME}
        </span>
      )}
      {ready && <span className="visually-hidden">{t('loading')}</span>}
    </div>
  );
}
