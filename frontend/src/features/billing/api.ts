import { api } from '@/app/api';
import type {
  CreateOrderRequest,
  Invoice,
  InvoiceBody,
  InvoiceLink,
  Message,
  MySubscriptions,
  Order,
  OrderBody,
  OrderCreated,
  OrderPreview,
  Payment,
  PaymentList,
  Plan,
  PlanList,
  TestPaymentRequest,
} from '@/contract/schema.gen';

/**
 * Plans, subscriptions, orders, payments and invoices (issue 5). Orders are cached under the
 * `Payment` tag with their id; paying one changes the subscription and the payment history, which
 * the result page invalidates once the webhook has settled the order.
 */
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPlans: build.query<Plan[], undefined>({
      query: () => 'plans',
      transformResponse: (response: PlanList) => response.items,
      providesTags: ['SubscriptionPlan'],
    }),
    getMySubscriptions: build.query<MySubscriptions, undefined>({
      query: () => 'subscriptions/me',
      providesTags: ['Subscription'],
    }),
    /** What ordering the plan costs the caller now: the server's amounts and free trial. */
    getOrderPreview: build.query<OrderPreview, string>({
      query: (planId) => ({ url: 'orders/preview', params: { planId } }),
      // The price follows the plan, the free trial the caller's subscriptions.
      providesTags: ['SubscriptionPlan', 'Subscription'],
      keepUnusedDataFor: 0,
    }),
    createOrder: build.mutation<OrderCreated, CreateOrderRequest>({
      query: (body) => ({ url: 'orders', method: 'POST', body }),
      // A free-trial order is settled at once: the subscription and history change with it.
      invalidatesTags: ['Subscription', 'Payment'],
    }),
    getOrder: build.query<Order, string>({
      query: (id) => `orders/${encodeURIComponent(id)}`,
      transformResponse: (response: OrderBody) => response.order,
      providesTags: (_result, _error, id) => [{ type: 'Payment', id: `order-${id}` }],
      keepUnusedDataFor: 0,
    }),
    payOrderInTestMode: build.mutation<Message, TestPaymentRequest & { orderId: string }>({
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
      transformResponse: (response: PaymentList) => response.items,
      providesTags: ['Payment'],
    }),
    getInvoice: build.query<Invoice, string>({
      query: (id) => `invoices/${encodeURIComponent(id)}`,
      transformResponse: (response: InvoiceBody) => response.invoice,
      providesTags: (_result, _error, id) => [{ type: 'Payment', id: `invoice-${id}` }],
    }),
    /** A short-lived download link; asked for on each click, never cached. */
    getInvoicePdfUrl: build.mutation<string, string>({
      query: (id) => ({ url: `invoices/${encodeURIComponent(id)}/pdf`, method: 'GET' }),
      transformResponse: (response: InvoiceLink) => response.url,
      invalidatesTags: [],
    }),
  }),
});

export const {
  useGetPlansQuery,
  useGetMySubscriptionsQuery,
  useGetOrderPreviewQuery,
  useCreateOrderMutation,
  useGetOrderQuery,
  usePayOrderInTestModeMutation,
  useGetPaymentsQuery,
  useGetInvoiceQuery,
  useGetInvoicePdfUrlMutation,
} = billingApi;
