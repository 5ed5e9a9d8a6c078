import type { Language } from '@/lib/languages';

/** A text in the five UI languages, as the API sends it. */
export type LocalizedText = Partial<Record<Language, string>>;

export interface Plan {
  id: string;
  kind: 'subscription' | 'single';
  name: LocalizedText;
  description: LocalizedText;
  priceRp: number;
  currency: string;
  duration: { value: number; unit: 'days' | 'months' };
  freeMonths: number;
  adAllowance: number;
  imageAllowance: number;
  adDurationDays: number;
  bundle: boolean;
  popular: boolean;
}

export type SubscriptionState = 'valid' | 'expired' | 'limit_exceeded';

export interface Subscription {
  id: string;
  planId: string;
  planName: LocalizedText;
  startsAt: string;
  expiresAt: string;
  adAllowance: number;
  remainingAds: number;
  imageAllowance: number;
  adDurationDays: number;
  bundle: boolean;
  state: SubscriptionState;
}

export interface MySubscriptions {
  current: Subscription | null;
  history: Subscription[];
}

export interface OrderLine {
  description: LocalizedText;
  quantity: number;
  unitPriceRp: number;
  netRp: number;
}

export type OrderStatus = 'pending' | 'paid' | 'failed';

export interface Order {
  id: string;
  planId: string;
  planName: LocalizedText;
  lines: OrderLine[];
  netRp: number;
  vatRateBp: number;
  vatRp: number;
  totalRp: number;
  currency: string;
  status: OrderStatus;
  provider: 'stripe' | 'test';
  paymentMethod: string;
  clientSecret?: string;
  publishableKey?: string;
  createdAt: string;
  paidAt?: string;
  invoiceId?: string;
}

export interface CreateOrderRequest {
  planId: string;
  acceptTerms: boolean;
}

export interface CreateOrderResponse {
  message: string;
  order: Order;
}

export interface TestPaymentRequest {
  orderId: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type PaymentState = SubscriptionState | 'failed';

export interface Payment {
  id: string;
  orderId: string;
  planName: LocalizedText;
  subscriptionId: string;
  remainingAds: number;
  currency: string;
  amountRp: number;
  method: string;
  state: PaymentState;
  invoiceId?: string;
  paidAt: string;
}

export interface Invoice {
  id: string;
  number: string;
  issuedAt: string;
  seller: { name: string; address: string; vatNumber?: string };
  customer: { name: string; company?: string; address?: string; email?: string };
  lines: OrderLine[];
  netRp: number;
  vatRateBp: number;
  vatRp: number;
  totalRp: number;
  currency: string;
  paymentMethod: string;
  paidAt: string;
}
