import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { api } from '@/app/api';
import type {
  ChangePasswordRequest,
  EmailRequest,
  LoginRequest,
  LoginResponse,
  Message,
  OAuthExchangeRequest,
  OAuthExchangeResponse,
  PasswordChanged,
  ResetPasswordRequest,
  SignUpCreated,
  SignUpRequest,
  TokenRequest,
  UpdateInfoRequest,
  User,
  UserBody,
} from '@/contract/schema.gen';
import { storeLoginType, storeToken } from '@/lib/authToken';

function hasToken(data: unknown): data is { token: string } {
  return typeof data === 'object' && data !== null && typeof (data as { token?: unknown }).token === 'string';
}

const unreadable = (data: unknown): FetchBaseQueryError => ({
  status: 'CUSTOM_ERROR',
  error: 'response without a token',
  data,
});

/**
 * Every `/auth/*` call (spec §7). Calls that hand out a token store it (cookie + local storage)
 * before they resolve, so that the User refetch they trigger already carries the new token.
 * Calls that change no cached data declare `invalidatesTags: []`.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMe: build.query<User, undefined>({
      query: () => 'auth/me',
      transformResponse: (response: UserBody) => response.user,
      providesTags: ['User'],
    }),
    signUp: build.mutation<SignUpCreated, SignUpRequest>({
      query: (body) => ({ url: 'auth/signup', method: 'POST', body }),
      invalidatesTags: [],
    }),
    resendVerification: build.mutation<Message, EmailRequest>({
      query: (body) => ({ url: 'auth/resend-verification', method: 'POST', body }),
      invalidatesTags: [],
    }),
    verifyAccount: build.mutation<Message, TokenRequest>({
      query: (body) => ({ url: 'auth/verify-account', method: 'POST', body }),
      invalidatesTags: ['User'],
    }),
    login: build.mutation<LoginResponse, LoginRequest>({
      async queryFn(body, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: 'auth/login', method: 'POST', body });
        if (result.error) return { error: result.error };
        if (!hasToken(result.data)) return { error: unreadable(result.data) };
        storeToken(result.data.token);
        storeLoginType('email');
        return { data: result.data as LoginResponse };
      },
      invalidatesTags: ['User'],
    }),
    exchangeSocialCode: build.mutation<OAuthExchangeResponse, OAuthExchangeRequest>({
      async queryFn(body, _api, _extra, baseQuery) {
        // The API gives the token only to the browser that started the sign-in: the request must
        // carry the HttpOnly bind cookie the API set then, which a same-origin fetch sends.
        const result = await baseQuery({
          url: 'auth/oauth/exchange',
          method: 'POST',
          body,
          credentials: 'same-origin',
        });
        if (result.error) return { error: result.error };
        if (!hasToken(result.data)) return { error: unreadable(result.data) };
        storeToken(result.data.token);
        return { data: result.data as OAuthExchangeResponse };
      },
      invalidatesTags: ['User'],
    }),
    updateInfo: build.mutation<UserBody, UpdateInfoRequest>({
      query: (body) => ({ url: 'auth/update-info', method: 'PATCH', body }),
      invalidatesTags: ['User'],
    }),
    changePassword: build.mutation<PasswordChanged, ChangePasswordRequest>({
      async queryFn(body, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: 'auth/change-password', method: 'PATCH', body });
        if (result.error) return { error: result.error };
        if (!hasToken(result.data)) return { error: unreadable(result.data) };
        storeToken(result.data.token);
        return { data: result.data as PasswordChanged };
      },
      invalidatesTags: ['User'],
    }),
    uploadProfilePhoto: build.mutation<UserBody, File>({
      query: (file) => {
        const body = new FormData();
        body.append('image', file);
        return { url: 'auth/upload-profile', method: 'POST', body };
      },
      invalidatesTags: ['User'],
    }),
    forgotPassword: build.mutation<Message, EmailRequest>({
      query: (body) => ({ url: 'auth/forgot-password', method: 'POST', body }),
      invalidatesTags: [],
    }),
    resetPassword: build.mutation<Message, ResetPasswordRequest>({
      query: (body) => ({ url: 'auth/reset-password', method: 'POST', body }),
      invalidatesTags: [],
    }),
    logout: build.mutation<Message, undefined>({
      query: () => ({ url: 'auth/logout', method: 'POST' }),
      invalidatesTags: ['User'],
    }),
  }),
});

export const {
  useGetMeQuery,
  useSignUpMutation,
  useResendVerificationMutation,
  useVerifyAccountMutation,
  useLoginMutation,
  useExchangeSocialCodeMutation,
  useUpdateInfoMutation,
  useChangePasswordMutation,
  useUploadProfilePhotoMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useLogoutMutation,
} = authApi;
