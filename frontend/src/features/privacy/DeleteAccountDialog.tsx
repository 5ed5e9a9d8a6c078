import { useCallback, useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';
import { TextField } from '@/components/form/fields';
import { useFormErrors } from '@/components/form/formErrors';
import { useDeleteAccountMutation } from '@/features/privacy/api';
import type { ApiError } from '@/lib/apiError';
import { useFocusTrap } from '@/lib/useFocusTrap';

/** What the page needs to know of the signed-in account. */
export interface PrivacyAccount {
  email: string;
  /** False for an account made by social sign-in that never set a password. */
  hasPassword: boolean;
  isAdmin: boolean;
}

/** How many times the page sends the deletion again while the server answers "in progress". */
export const MAX_DELETE_ROUNDS = 30;

interface DeleteAccountDialogProps {
  account: PrivacyAccount;
  onCancel: () => void;
  onDeleted: () => void;
}

/**
 * The confirmation of a deletion: the current password, or for an account without one its e-mail
 * address typed again. A modal dialog: focus stays inside, Escape cancels (not while deleting).
 * The server may answer "in progress" for a large account; the request is then sent again until
 * it is done.
 */
export function DeleteAccountDialog({ account, onCancel, onDeleted }: DeleteAccountDialogProps) {
  const { t } = useTranslation('privacy');
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const textId = useId();
  const field = account.hasPassword ? 'password' : 'email';
  const form = useFormErrors([field]);
  const [value, setValue] = useState('');
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [unfinished, setUnfinished] = useState(false);
  const [rounds, setRounds] = useState(0);
  const [remove, { isLoading }] = useDeleteAccountMutation();
  const busy = isLoading || rounds > 0;
  // Escape cancels, except while deleting; the callback stays the same so the trap is set once.
  const busyRef = useRef(false);
  useEffect(() => {
    busyRef.current = busy;
  }, [busy]);
  const escape = useCallback(() => {
    if (!busyRef.current) onCancel();
  }, [onCancel]);
  useFocusTrap(ref, true, escape);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setUnfinished(false);
    if (value.trim() === '') {
      form.show({ [field]: 'required' });
      return;
    }
    form.show({});
    const body = account.hasPassword ? { password: value } : { email: value.trim() };
    try {
      for (let round = 1; round <= MAX_DELETE_ROUNDS; round++) {
        setRounds(round);
        const answer = await remove(body).unwrap();
        if (answer.message === 'account_deleted') {
          onDeleted();
          return;
        }
      }
      // Still not done: the next click carries on where this one stopped.
      setUnfinished(true);
    } catch (error) {
      setFailure(form.refused(error));
    } finally {
      setRounds(0);
    }
  }

  const generalError = failure !== null && failure.fields?.[field] === undefined ? failure : null;
  return (
    <div className="privacy-dialog__backdrop">
      <div
        ref={ref}
        className="privacy-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        tabIndex={-1}
      >
        <h2 id={titleId}>{t('delete.dialogTitle')}</h2>
        <p id={textId}>{account.hasPassword ? t('delete.dialogText') : t('delete.dialogTextEmail')}</p>
        <form noValidate onSubmit={(event) => void onSubmit(event)}>
          {generalError && <ApiErrorAlert className="privacy-alert" error={generalError} />}
          {unfinished && (
            <p className="privacy-alert" role="alert">
              {t('delete.unfinished')}
            </p>
          )}
          <TextField
            form={form}
            field={field}
            label={account.hasPassword ? t('delete.password') : t('delete.email')}
            type={account.hasPassword ? 'password' : 'email'}
            autoComplete={account.hasPassword ? 'current-password' : 'off'}
            value={value}
            disabled={busy}
            onValue={(_, typed) => {
              setValue(typed);
            }}
          />
          {busy && (
            <p className="privacy-dialog__progress" role="status">
              {rounds > 1 ? t('delete.progress') : t('delete.busy')}
            </p>
          )}
          <div className="privacy-dialog__actions">
            <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
              {t('delete.cancel')}
            </button>
            <button type="submit" className="button button--danger" disabled={busy}>
              {t('delete.confirm')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
