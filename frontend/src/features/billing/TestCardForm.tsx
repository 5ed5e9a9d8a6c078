import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Order } from '@/contract/schema.gen';
import { usePayOrderInTestModeMutation } from '@/features/billing/api';
import { ErrorAlert } from '@/features/billing/shared';
import {
  CARD_FIELDS,
  formatCardNumber,
  formatExpiry,
  validateCard,
  type CardField,
  type CardValues,
} from '@/features/billing/usePaymentForm';
import { fieldErrorKey, toApiError, type ApiError } from '@/lib/apiError';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';

/** Browser autofill hints of the card fields. */
const AUTOCOMPLETE: Record<CardField, string> = { cardNumber: 'cc-number', expiry: 'cc-exp', cvc: 'cc-csc' };
/** The succeeding test card, shown as the number field's example. */
const TEST_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';

/**
 * The test-mode provider's card form (no real card is charged): the server turns the card number
 * into a signed provider event for the same webhook as Stripe's.
 */
export function TestCardForm({ order }: { order: Order }) {
  const { t } = useTranslation(['billing', 'errors']);
  const lang = useLang();
  const navigate = useNavigate();
  const baseId = useId();
  const [values, setValues] = useState<CardValues>({ cardNumber: '', expiry: '', cvc: '' });
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [pay, { isLoading }] = usePayOrderInTestModeMutation();
  const idOf = (field: CardField) => `${baseId}-${field}`;

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const found = validateCard(values);
    setErrors(found);
    const first = CARD_FIELDS.find((field) => found[field] !== undefined);
    if (first !== undefined) {
      document.getElementById(idOf(first))?.focus();
      return;
    }
    try {
      await pay({
        orderId: order.id,
        cardNumber: values.cardNumber.replace(/\s/g, ''),
        expiry: values.expiry.trim(),
        cvc: values.cvc.trim(),
      }).unwrap();
      void navigate(paths.paymentSuccess(lang, order.id), { replace: true });
    } catch (error) {
      const apiError = toApiError(error);
      const fromServer: Partial<Record<CardField, string>> = {};
      for (const [name, code] of Object.entries(apiError.fields ?? {})) {
        if ((CARD_FIELDS as readonly string[]).includes(name)) fromServer[name as CardField] = code;
      }
      setErrors(fromServer);
      setFailure(apiError);
    }
  }

  function field(name: CardField, label: string, placeholder?: string) {
    const id = idOf(name);
    const error = errors[name];
    return (
      <div className={`field test-card__${name}`}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete={AUTOCOMPLETE[name]}
          placeholder={placeholder}
          required
          value={values[name]}
          aria-invalid={error !== undefined ? true : undefined}
          aria-describedby={error !== undefined ? `${id}-error` : undefined}
          onChange={(event) => {
            const raw = event.target.value;
            const next =
              name === 'cardNumber' ? formatCardNumber(raw) : name === 'expiry' ? formatExpiry(raw) : raw.slice(0, 4);
            setValues((current) => ({ ...current, [name]: next }));
            setErrors((current) => ({ ...current, [name]: undefined }));
          }}
        />
        {error !== undefined && (
          <p id={`${id}-error`} className="field__error">
            {t(`errors:${fieldErrorKey(error)}`)}
          </p>
        )}
      </div>
    );
  }

  return (
    <form
      className="test-card"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-labelledby={`${baseId}-title`}
    >
      <div className="test-card__banner" role="note">
        <h2 id={`${baseId}-title`}>{t('payment.testTitle')}</h2>
        <p>{t('payment.testExplain')}</p>
        <ul>
          <li>{t('payment.testSucceeds', { number: TEST_CARD })}</li>
          <li>{t('payment.testDeclined', { number: DECLINED_CARD })}</li>
        </ul>
      </div>
      {failure && (
        <ErrorAlert error={failure}>
          {failure.code === 'order_not_pending' && (
            <p>
              <Link to={paths.paymentSuccess(lang, order.id)}>{t('payment.seeStatus')}</Link>{' '}
              <Link to={paths.choosePlan(lang, order.planId)}>{t('payment.orderAgain')}</Link>
            </p>
          )}
        </ErrorAlert>
      )}
      {field('cardNumber', t('payment.cardNumber'), TEST_CARD)}
      <div className="test-card__row">
        {field('expiry', t('payment.expiry'), t('payment.expiryPlaceholder'))}
        {field('cvc', t('payment.cvc'))}
      </div>
      <button type="submit" className="button" disabled={isLoading}>
        {isLoading ? t('payment.paying') : t('payment.pay')}
      </button>
    </form>
  );
}
