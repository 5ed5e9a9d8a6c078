import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '@/lib/useFocusTrap';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A modal confirmation (focus kept inside, Escape cancels) before deleting a request. */
export function ConfirmDialog({ title, text, confirmLabel, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const { t } = useTranslation('contacts');
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, true, onCancel);
  return (
    <div className="contacts-dialog__backdrop">
      <div
        ref={ref}
        className="contacts-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="contacts-dialog-title"
        aria-describedby="contacts-dialog-text"
        tabIndex={-1}
      >
        <h2 id="contacts-dialog-title">{title}</h2>
        <p id="contacts-dialog-text">{text}</p>
        <div className="contacts-dialog__actions">
          <button type="button" className="button contacts-button--secondary" onClick={onCancel}>
            {t('confirm.cancel')}
          </button>
          <button type="button" className="button contacts-button--danger" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
