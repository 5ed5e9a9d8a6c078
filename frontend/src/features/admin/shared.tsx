import { useId, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { CursorPager } from '@/components/CursorPager/CursorPager';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';
import type { AdminUser } from '@/contract/schema.gen';
import type { ApiError } from '@/lib/apiError';
import { AD_STATUSES } from '@/contract/enums.gen';

export function fullName(user: Pick<AdminUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}

/** A failed call's message in the UI language, in the back office's alert box. */
export function ErrorAlert({ error }: { error: ApiError }) {
  return <ApiErrorAlert className="admin-alert" error={error} />;
}

/** An account status as a coloured badge with text. */
export function AccountStatusBadge({ status }: { status: AdminUser['status'] }) {
  const { t } = useTranslation('admin');
  return <span className={`admin-badge admin-badge--${status}`}>{t(`accountStatus.${status}`)}</span>;
}

/** An ad's status in words (a status this version does not know is shown as sent). */
export function AdStatusText({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  if (!(AD_STATUSES as readonly string[]).includes(status)) return <>{status}</>;
  return <>{t(`adStatus.${status as (typeof AD_STATUSES)[number]}`)}</>;
}

/** Previous / page n / next through a back-office list, shown when there is more than one page. */
export function Pager(props: Omit<ComponentProps<typeof CursorPager>, 'label'>) {
  const { t } = useTranslation('admin');
  return <CursorPager label={t('pager.label')} {...props} />;
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
