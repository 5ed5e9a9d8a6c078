import { api } from '@/app/api';
import type {
  ContactRequest,
  ContactRequestCreated,
  ContactRequestInput,
  ContactRequestList,
  ContactRequestUpdate,
} from '@/contract/schema.gen';

const path = (id: string) => `contact-request/${encodeURIComponent(id)}`;

/**
 * Buyer-to-seller messages (`/contact-request`, spec §7). Every call provides or invalidates the
 * `Contact` tag, so the header badge (the first inbox page) refreshes when a request is sent, read
 * or deleted.
 */
export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactRequest: build.mutation<ContactRequestCreated, ContactRequestInput>({
      query: (body) => ({ url: 'contact-request', method: 'POST', body }),
      invalidatesTags: ['Contact'],
    }),
    getContactRequests: build.query<ContactRequestList, { archived?: boolean; cursor?: string }>({
      query: ({ archived, cursor }) => {
        const params = new URLSearchParams();
        if (archived === true) params.set('archived', 'true');
        if (cursor !== undefined) params.set('cursor', cursor);
        const qs = params.toString();
        return `contact-request${qs ? `?${qs}` : ''}`;
      },
      providesTags: ['Contact'],
    }),
    updateContactRequest: build.mutation<ContactRequest, ContactRequestUpdate & { id: string }>({
      query: ({ id, ...body }) => ({ url: path(id), method: 'PATCH', body }),
      invalidatesTags: ['Contact'],
    }),
    deleteContactRequest: build.mutation<undefined, string>({
      query: (id) => ({ url: path(id), method: 'DELETE' }),
      invalidatesTags: ['Contact'],
    }),
  }),
});

export const {
  useSendContactRequestMutation,
  useGetContactRequestsQuery,
  useUpdateContactRequestMutation,
  useDeleteContactRequestMutation,
} = contactsApi;
