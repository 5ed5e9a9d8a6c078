import { api } from '@/app/api';
import type {
  CreateOrderRequest,
  CreateOrderResponse,
  Invoice,
  MySubscriptions,
  Order,
  Payment,
  Plan,
  TestPaymentRequest,
} from '@/features/billing/types';

/**
 * Plans, subscriptions, orders, payments and invoices (issue 5). Orders are cached under the
 * `Payment` tag with their id; paying one changes the subscription and the payment history, which
 * the result page invalidates once the webhook has settled the order.
 */
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<Plan[], undefined>({
      query: () => 'plans',
      transformResponse: (response: { items: Plan[] }) => response.items,
      providesTags: ['SubscriptionPlan'],
    }),
    getMySubscriptions: build.query<MySubscriptions, undefined>({
      query: () => 'subscriptions/me',
      providesTags: ['Subscription'],
    }),
    createOrder: build.mutation<CreateOrderResponse, CreateOrderRequest>({
      query: (body) => ({ url: 'orders', method: 'POST', body }),
      // A free-trial order is settled at once: the subscription and history change with it.
      invalidatesTags: ['Subscription', 'Payment'],
    }),
    getOrder: build.query<Order, string>({
      query: (id) => `orders/${encodeURIComponent(id)}`,
      transformResponse: (response: { order: Order }) => response.order,
      providesTags: (_result, _error, id) => [{ type: 'Payment', id: `order-${id}` }],
      keepUnusedDataFor: 0,
    }),
    payOrderInTestMode: build.mutation<{ message: string }, TestPaymentRequest>({
      query: ({ orderId, ...body }) => ({
        url: `orders/${encodeURIComponent(orderId)}/test-payment`,
        method: 'POST',
        body,
      }),
      // The webhook settles the order later; the result page polls it.
      invalidatesTags: [],
    }),
    getPayments: build.query<Payment[], undefined>({
      query: () => 'payments',
      transformResponse: (response: { items: Payment[] }) => response.items,
      providesTags: ['Payment'],
    }),
    getInvoice: build.query<Invoice, string>({
      query: (id) => `invoices/${encodeURIComponent(id)}`,
      transformResponse: (response: { invoice: Invoice }) => response.invoice,
      providesTags: (_result, _error, id) => [{ type: 'Payment', id: `invoice-${id}` }],
    }),
    /** A short-lived download link; asked for on each click, never cached. */
    getInvoicePdfUrl: build.mutation<string, string>({
      query: (id) => ({ url: `invoices/${encodeURIComponent(id)}/pdf`, method: 'GET' }),
      transformResponse: (response: { url: string }) => response.url,
      invalidatesTags: [],
    }),
  }),
});

export const {
  useGetPlansQuery,
  useGetMySubscriptionsQuery,
  useCreateOrderMutation,
  useGetOrderQuery,
  usePayOrderInTestModeMutation,
  useGetPaymentsQuery,
  useGetInvoiceQuery,
  useGetInvoicePdfUrlMutation,
} = billingApi;
