import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCursorPages as useSharedCursorPages } from '@/components/CursorPager/CursorPager';
import type { AdminUser } from '@/contract/schema.gen';
import { messageOptions, type ApiError } from '@/lib/apiError';
import { INTL_LOCALES, type Language } from '@/lib/languages';

/** A date and time in the language's Swiss convention (22.11.2026, 14:05), Swiss time. */
export function formatDateTime(iso: string | null | undefined, lang: Language): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(INTL_LOCALES[lang], {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Zurich',
  }).format(date);
}

export function fullName(user: Pick<AdminUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** A failed call's message in the UI language, in an alert box. */
export function ErrorAlert({ error }: { error: ApiError }) {
  const { t } = useTranslation('errors');
  return (
    <div className="admin-alert" role="alert">
      <p>{t(error.messageKey, messageOptions(t, error))}</p>
    </div>
  );
}

/** An account status as a coloured badge with text. */
export function AccountStatusBadge({ status }: { status: AdminUser['status'] }) {
  const { t } = useTranslation('admin');
  return <span className={`admin-badge admin-badge--${status}`}>{t(`accountStatus.${status}`)}</span>;
}

/**
 * Previous/next through a cursor-paginated list (the shared hook): a different `list` (another
 * search or tab, also through the browser's back button) starts at page one.
 */
export function useCursorPages(list = '') {
  return useSharedCursorPages(list);
}

const AD_STATUSES = ['draft', 'active', 'inactive', 'expired'] as const;

/** An ad's status in words (a status this version does not know is shown as sent). */
export function AdStatusText({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  if (!(AD_STATUSES as readonly string[]).includes(status)) return <>{status}</>;
  return <>{t(`adStatus.${status as (typeof AD_STATUSES)[number]}`)}</>;
}

interface PagerProps {
  page: number;
  nextCursor: string | null | undefined;
  busy: boolean;
  onNext: (cursor: string) => void;
  onPrevious: () => void;
}

/** Previous / page n / next, shown when there is more than one page. */
export function Pager({ page, nextCursor, busy, onNext, onPrevious }: PagerProps) {
  const { t } = useTranslation('admin');
  if (page === 0 && !nextCursor) return null;
  return (
    <nav className="admin-pager" aria-label={t('pager.label')}>
      <button type="button" className="button button--secondary" disabled={page === 0 || busy} onClick={onPrevious}>
        {t('pager.previous')}
      </button>
      <span aria-live="polite">{t('pager.page', { page: page + 1 })}</span>
      <button
        type="button"
        className="button button--secondary"
        disabled={!nextCursor || busy}
        onClick={() => {
          if (nextCursor) onNext(nextCursor);
        }}
      >
        {t('pager.next')}
      </button>
    </nav>
  );
}

/** A labelled, optional text field for a dialog (the note of a decision, the reason of a status). */
export function NoteField({
  label,
  value,
  onChange,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
}) {
  const id = useId();
  return (
    <div className="field admin-dialog__field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={3}
        maxLength={maxLength}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
      />
    </div>
  );
}
