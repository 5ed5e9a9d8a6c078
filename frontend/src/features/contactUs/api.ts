import { api } from '@/app/api';
import type { ContactUsMessage } from '@/features/contactUs/contactSchema';

/** `201` body of `POST /contact-us`: a success message code and the stored message id. */
export interface MessageAccepted {
  message: string;
  id: string;
}

export const contactUsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<MessageAccepted, ContactUsMessage>({
      query: (body) => ({ url: 'contact-us', method: 'POST', body }),
      invalidatesTags: ['ContactUs'],
    }),
  }),
});

export const { useSendContactMessageMutation } = contactUsApi;
