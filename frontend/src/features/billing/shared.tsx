import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@/app/hooks';
import type { Localized, Payment } from '@/contract/schema.gen';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@/lib/languages';

/** The text in `lang`, else English, else any language the API sent. */
export function localized(text: Localized | undefined, lang: Language): string {
  if (!text) return '';
  return text[lang] ?? text[FALLBACK_LANGUAGE] ?? LANGUAGES.map((l) => text[l]).find(Boolean) ?? '';
}

/** Signed in (read from the session state without importing the auth feature). */
export function useSignedIn(): boolean {
  return useAppSelector((state) => state.auth.isLoggedIn && state.auth.token !== null);
}

/** The state of a subscription or payment as a coloured badge with text. */
export function StateBadge({ state }: { state: Payment['state'] }) {
  const { t } = useTranslation('billing');
  return <span className={`state-badge state-badge--${state}`}>{t(`state.${state}`)}</span>;
}

/** Translates a payment method code ("card" -> "Card"). */
export function usePaymentMethodLabel(): (method: string) => string {
  const { t } = useTranslation('billing');
  return (method) => (method === 'twint' ? t('paymentMethod.twint') : t('paymentMethod.card'));
}

/** The payment method as the customer reads it. */
export function PaymentMethodText({ method }: { method: string }) {
  const label = usePaymentMethodLabel();
  return <>{label(method)}</>;
}
