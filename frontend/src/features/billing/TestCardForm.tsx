import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Order } from '@/contract/schema.gen';
import { usePayOrderInTestModeMutation } from '@/features/billing/api';
import {
  CARD_FIELDS,
  formatCardNumber,
  formatExpiry,
  validateCard,
  type CardField,
  type CardValues,
} from '@/features/billing/usePaymentForm';
import { type ApiError } from '@/lib/apiError';
import { paths } from '@/lib/paths';
import { useLang } from '@/lib/useLang';
import { ApiErrorAlert } from '@/components/form/ApiErrorAlert';
import { Field } from '@/components/form/fields';
import { useFormErrors } from '@/components/form/formErrors';

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
  const form = useFormErrors(CARD_FIELDS);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [pay, { isLoading }] = usePayOrderInTestModeMutation();

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFailure(null);
    const found = validateCard(values);
    form.show(found);
    if (CARD_FIELDS.some((field) => found[field] !== undefined)) return;
    try {
      await pay({
        orderId: order.id,
        cardNumber: values.cardNumber.replace(/\s/g, ''),
        expiry: values.expiry.trim(),
        cvc: values.cvc.trim(),
      }).unwrap();
      void navigate(paths.paymentSuccess(lang, order.id), { replace: true });
    } catch (error) {
      setFailure(form.refused(error));
    }
  }

  function field(name: CardField, label: string, placeholder?: string) {
    return (
      <Field form={form} field={name} label={label} className={`field test-card__${name}`}>
        {(control) => (
          <input
            {...control}
            type="text"
            inputMode="numeric"
            autoComplete={AUTOCOMPLETE[name]}
            placeholder={placeholder}
            required
            value={values[name]}
            onChange={(event) => {
              const raw = event.target.value;
              const next =
                name === 'cardNumber' ? formatCardNumber(raw) : name === 'expiry' ? formatExpiry(raw) : raw.slice(0, 4);
              setValues((current) => ({ ...current, [name]: next }));
              form.clear(name);
            }}
          />
        )}
      </Field>
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
        <ApiErrorAlert className="billing-alert" error={failure}>
          {failure.code === 'order_not_pending' && (
            <p>
              <Link to={paths.paymentSuccess(lang, order.id)}>{t('payment.seeStatus')}</Link>{' '}
              <Link to={paths.choosePlan(lang, order.planId)}>{t('payment.orderAgain')}</Link>
            </p>
          )}
        </ApiErrorAlert>
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
