import { useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '@/lib/useFocusTrap';
import './ConfirmDialog.css';

export interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  busy?: boolean;
  /** The confirm button in the danger colour (deleting, blocking). */
  danger?: boolean;
  /**
   * `alertdialog` for a plain question; `dialog` when it holds fields (children) or belongs to a
   * screen whose dialogs are all forms.
   */
  role?: 'alertdialog' | 'dialog';
  /** Extra fields (an optional note), between the text and the buttons. */
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal confirmation: focus moves into it (the first field, else Cancel), stays inside while it
 * is open, Escape cancels, and focus returns to the control that opened it.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  busy = false,
  danger = false,
  role = 'alertdialog',
  children,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  useFocusTrap(ref, true, onCancel);
  return (
    <div className="confirm-dialog__backdrop">
      <div
        ref={ref}
        className="confirm-dialog"
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        tabIndex={-1}
      >
        <h2 id={`${id}-title`}>{title}</h2>
        <p id={`${id}-text`}>{text}</p>
        {children}
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('confirm.cancel')}
          </button>
          <button
            type="button"
            className={danger ? 'button button--danger' : 'button'}
            onClick={onConfirm}
            disabled={busy}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
