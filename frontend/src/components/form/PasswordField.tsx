import { useEffect, useLayoutEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, textFieldErrorText, type TextFieldBase } from '@/components/form/fields';
import { Icon } from '@/components/icons';
import './PasswordField.css';

type Wired = 'id' | 'name' | 'value' | 'onChange' | 'form' | 'type';

type PasswordFieldProps<F extends string> = TextFieldBase<F> & Omit<InputHTMLAttributes<HTMLInputElement>, Wired>;

/** Where the caret was when the toggle was pressed, put back once the input has changed type. */
interface Caret {
  start: number | null;
  end: number | null;
}

/**
 * A labelled password input with a "show password" toggle button (`aria-pressed`). The password
 * is hidden by default and again when its form is submitted, so a password manager or a shoulder
 * never sees it shown by accident; toggling keeps the value and, from the mouse, the focus and the
 * caret in the input.
 */
export function PasswordField<F extends string>({
  form,
  field,
  label,
  value,
  onValue,
  hint,
  mismatchText,
  errorText,
  ...attributes
}: PasswordFieldProps<F>) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<Caret | null>(null);

  useEffect(() => {
    const owner = input.current?.form;
    if (!owner) return;
    const hide = () => {
      setShown(false);
    };
    owner.addEventListener('submit', hide);
    return () => {
      owner.removeEventListener('submit', hide);
    };
  }, []);

  // Changing an input's type may move its caret to the end: put it back where the user left it.
  useLayoutEffect(() => {
    const saved = caret.current;
    caret.current = null;
    const element = input.current;
    if (saved === null || element === null || saved.start === null || saved.end === null) return;
    element.setSelectionRange(saved.start, saved.end);
  }, [shown]);

  return (
    <Field form={form} field={field} label={label} hint={hint} errorText={textFieldErrorText(mismatchText, errorText)}>
      {(control) => (
        <div className="password-field">
          <input
            {...attributes}
            {...control}
            ref={input}
            type={shown ? 'text' : 'password'}
            value={value}
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            onChange={(event) => {
              onValue(field, event.target.value);
              form.clear(field);
            }}
          />
          <button
            type="button"
            className="password-field__toggle"
            aria-pressed={shown}
            aria-controls={control.id}
            // A click leaves the focus (and so the caret) in the input; the keyboard keeps it here.
            onMouseDown={(event) => {
              if (document.activeElement === input.current) event.preventDefault();
            }}
            onClick={() => {
              const element = input.current;
              if (element !== null && document.activeElement === element) {
                caret.current = { start: element.selectionStart, end: element.selectionEnd };
              }
              setShown((current) => !current);
            }}
          >
            <EyeIcon crossed={shown} />
            <span className="visually-hidden">{t('passwordField.show')}</span>
          </button>
        </div>
      )}
    </Field>
  );
}

/** An eye, struck through while the password shows (pressing again hides it). */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <Icon width="22" height="22">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" />}
    </Icon>
  );
}
