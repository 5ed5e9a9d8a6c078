/** Test-mode card form: field names in form order, and their client-side checks. */
export const CARD_FIELDS = ['cardNumber', 'expiry', 'cvc'] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardValues = Record<CardField, string>;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Field error codes (namespace errors, `fields.<code>`) for the test card form; empty when valid. */
export function validateCard(values: CardValues, now = new Date()): Partial<Record<CardField, string>> {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = values.cardNumber.replace(/[\s-]/g, '');
  if (digits === '') errors.cardNumber = 'required';
  else if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) errors.cardNumber = 'invalid';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(values.expiry.trim());
  if (values.expiry.trim() === '') errors.expiry = 'required';
  else if (!expiry) errors.expiry = 'invalid';
  else {
    const month = Number(expiry[1]);
    const year = 2000 + Number(expiry[2]);
    const endOfMonth = new Date(Date.UTC(year, month, 1));
    if (month < 1 || month > 12 || endOfMonth.getTime() <= now.getTime()) errors.expiry = 'invalid';
  }
  if (values.cvc.trim() === '') errors.cvc = 'required';
  else if (!/^\d{3,4}$/.test(values.cvc.trim())) errors.cvc = 'invalid';
  return errors;
}

/** Groups the digits by four as the customer types ("4242 4242 4242 4242"). */
export function formatCardNumber(value: string): string {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230" -> "12 / 30"-style "12/30" as the customer types. */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
