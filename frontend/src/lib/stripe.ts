/**
 * A tiny typed loader for Stripe.js (no npm package: it must stay out of the initial bundle, and
 * Stripe requires loading it from its own host). Only the calls the payment page makes are typed.
 */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

export interface StripeError {
  type?: string;
  code?: string;
  message?: string;
}

export interface StripePaymentElement {
  mount(target: HTMLElement): void;
  destroy(): void;
  on(event: 'ready' | 'change', handler: (event?: { complete?: boolean }) => void): void;
}

export interface StripeElements {
  create(type: 'payment', options?: { layout?: 'tabs' | 'accordion' }): StripePaymentElement;
}

export interface StripeClient {
  elements(options: { clientSecret: string; locale?: string }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
  }): Promise<{ error?: StripeError }>;
}

type StripeFactory = (publishableKey: string, options?: { locale?: string }) => StripeClient;

let loading: Promise<StripeFactory> | null = null;

function factory(): StripeFactory | undefined {
  return (window as unknown as { Stripe?: StripeFactory }).Stripe;
}

/** Adds the Stripe.js script once (at runtime, never in index.html) and resolves with its factory. */
function loadScript(): Promise<StripeFactory> {
  const existing = factory();
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.addEventListener('load', () => {
      const loaded = factory();
      if (loaded) resolve(loaded);
      else reject(new Error('Stripe.js loaded without Stripe'));
    });
    script.addEventListener('error', () => {
      script.remove();
      reject(new Error('Stripe.js could not be loaded'));
    });
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Loads Stripe.js and creates a client for `publishableKey` in the UI language. */
export async function loadStripe(publishableKey: string, locale: string): Promise<StripeClient> {
  const Stripe = await loadScript();
  return Stripe(publishableKey, { locale });
}

/** Forgets a loaded or loading Stripe.js (tests start each case from a page without it). */
export function forgetStripe(): void {
  loading = null;
}
