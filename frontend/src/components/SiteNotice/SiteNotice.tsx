import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon } from '@/components/icons';
import { FALLBACK_LANGUAGE } from '@/lib/languages';
import { useSettings, type SiteNotice as Notice } from '@/lib/settings';
import { useLang } from '@/lib/useLang';

/** Session storage key holding the id of the notice the visitor dismissed. */
export const DISMISSED_KEY = 'remat.notice.dismissed';

/** The longest timer browsers keep (about 24.8 days); later ends are checked on the next render. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function dismissedId(): string | null {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null; // storage blocked: the notice simply shows again
  }
}

function rememberDismissed(id: string): void {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, id);
  } catch {
    // storage blocked: dismissed for this page view only
  }
}

/** Whether `notice` has reached its end (re-rendering when it does). */
function useEnded(notice: Notice | null): boolean {
  const end = notice?.endsAt ? Date.parse(notice.endsAt) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(end) || end <= Date.now()) return undefined;
    const timer = window.setTimeout(
      () => {
        setNow(Date.now());
      },
      Math.min(end - Date.now(), MAX_TIMER_MS),
    );
    return () => {
      window.clearTimeout(timer);
    };
  }, [end, now]);
  return !Number.isNaN(end) && end <= now;
}

/**
 * The site-wide notice an administrator set in the back office (settings `notice`), above the
 * header on every page, in the page's language (English when that text is missing). A visitor may
 * dismiss it for the browser session; a changed notice (new id) shows again. It hides itself at
 * its end date.
 */
export function SiteNotice() {
  const { t } = useTranslation();
  const lang = useLang();
  const { notice } = useSettings();
  const [dismissed, setDismissed] = useState(dismissedId);
  const ended = useEnded(notice);
  if (notice === null || ended || dismissed === notice.id) return null;
  const text = notice.text[lang] ?? notice.text[FALLBACK_LANGUAGE] ?? Object.values(notice.text)[0];
  if (!text) return null;

  return (
    <section className={`site-notice site-notice--${notice.level}`} aria-label={t('siteNotice.label')}>
      <div className="container site-notice__inner">
        <p className="site-notice__text">{text}</p>
        <button
          type="button"
          className="icon-button site-notice__dismiss"
          aria-label={t('siteNotice.dismiss')}
          onClick={() => {
            rememberDismissed(notice.id);
            setDismissed(notice.id);
          }}
        >
          <CloseIcon />
        </button>
      </div>
    </section>
  );
}
