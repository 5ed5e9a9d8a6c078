import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { CloseIcon } from '@/components/icons';
import { selectToasts, toastDismissed, type Toast } from '@/components/Toasts/toastSlice';
import { namespaceOf } from '@/i18n/keys';
import type { Namespace } from '@/i18n/namespaces';

/** While the pointer is over a toast or focus is inside it, its timer starts over (WCAG 2.2.1). */
function isHeld(element: HTMLElement | null): boolean {
  if (!element) return false;
  return element.matches(':hover') || element.contains(document.activeElement);
}

/** The namespaces of a toast's texts: it loads them itself, so it never suspends the shell. */
function toastNamespaces(toast: Toast): Namespace[] {
  const keys = toast.link ? [toast.messageKey, toast.link.labelKey] : [toast.messageKey];
  return [...new Set<Namespace>(['common', ...keys.map(namespaceOf)])];
}

function ToastItem({ toast }: { toast: Toast }) {
  const { t, ready } = useTranslation(toastNamespaces(toast), { useSuspense: false });
  const dispatch = useAppDispatch();
  const itemRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    let timer = 0;
    const arm = () => {
      timer = window.setTimeout(() => {
        if (isHeld(itemRef.current)) arm();
        else dispatch(toastDismissed(toast.id));
      }, toast.durationMs);
    };
    arm();
    return () => {
      window.clearTimeout(timer);
    };
  }, [dispatch, toast.durationMs, toast.id]);

  // Shown once its texts are there (at once, unless its namespace is still downloading).
  if (!ready) return null;
  return (
    <li ref={itemRef} className={`toast toast--${toast.kind}`}>
      <span className="toast__message">
        {t(toast.messageKey, toast.messageParams)}
        {toast.link && (
          <>
            {' '}
            <Link className="toast__link" to={toast.link.to}>
              {t(toast.link.labelKey)}
            </Link>
          </>
        )}
      </span>
      <button
        type="button"
        className="toast__dismiss"
        aria-label={t('common:toasts.dismiss')}
        onClick={() => {
          dispatch(toastDismissed(toast.id));
        }}
      >
        <CloseIcon />
      </button>
    </li>
  );
}

/**
 * The toast area, top centre above everything (z-index 9999). It is a polite live region that is
 * always in the page, so screen readers announce each toast as it is added.
 */
export function Toasts() {
  const toasts = useAppSelector(selectToasts);
  return (
    <div className="toasts" role="status" aria-live="polite">
      <ul className="toasts__list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ul>
    </div>
  );
}
