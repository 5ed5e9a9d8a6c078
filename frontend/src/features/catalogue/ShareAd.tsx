import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How long "link copied" stays on screen. */
const CONFIRMATION_MS = 5000;

type Outcome = 'idle' | 'copied' | 'failed';

function ShareIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </svg>
  );
}

/**
 * "Share": the device's share sheet (Web Share API) where the browser has one, else the ad's
 * address copied to the clipboard with a confirmation in a status message. When neither works
 * (no clipboard permission), the address is shown selected in a field to copy by hand.
 */
export function ShareAd({ title, url }: { title: string; url: string }) {
  const { t } = useTranslation('catalogue');
  const fieldId = useId();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (outcome !== 'copied') return;
    const timer = window.setTimeout(() => {
      setOutcome('idle');
    }, CONFIRMATION_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [outcome]);

  useEffect(() => {
    if (outcome === 'failed') field.current?.select();
  }, [outcome]);

  async function share() {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // The visitor closed the share sheet: nothing to say. Any other refusal: copy instead.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  }

  return (
    <div className="share-ad">
      <button type="button" className="button button--secondary share-ad__button" onClick={() => void share()}>
        <ShareIcon />
        {t('share.button')}
      </button>
      <p role="status" className="share-ad__status">
        {outcome === 'copied' ? t('share.copied') : ''}
      </p>
      {outcome === 'failed' && (
        <div className="share-ad__manual">
          <label htmlFor={fieldId}>{t('share.failed')}</label>
          <input ref={field} id={fieldId} type="url" readOnly value={url} />
        </div>
      )}
    </div>
  );
}
