import { api } from '@/app/api';
import type {
  AdminUser,
  AdminUserDetail,
  AuditEntry,
  AuditQuery,
  ContactUsMessage,
  CursorPage,
  Report,
  ReportsQuery,
  ResolveRequest,
  StatusChange,
  UsersQuery,
} from '@/features/admin/types';

/** Page size of every back-office list. */
export const ADMIN_PAGE_SIZE = 20;

function query(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams({ limit: String(ADMIN_PAGE_SIZE) });
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, value);
  return `${path}?${search.toString()}`;
}

const enc = encodeURIComponent;

/**
 * The back office's calls (`/admin/*` and the contact-us inbox), for administrators only. Tags
 * carry the id `ADMIN`, so an administrative action refreshes the back office without refetching
 * the administrator's own session; the audit log depends on both reports and users, whose
 * actions it records. Actions that change ads also invalidate `Product` (the catalogue).
 */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminReports: build.query<CursorPage<Report>, ReportsQuery>({
      query: ({ status, cursor }) => query('admin/reports', { status, cursor }),
      providesTags: [{ type: 'Report', id: 'ADMIN' }],
    }),
    getAdminReport: build.query<Report, string>({
      query: (id) => `admin/reports/${enc(id)}`,
      providesTags: [{ type: 'Report', id: 'ADMIN' }],
    }),
    resolveReport: build.mutation<Report, ResolveRequest>({
      query: ({ id, ...body }) => ({ url: `admin/reports/${enc(id)}/resolve`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Report', id: 'ADMIN' }, { type: 'User', id: 'ADMIN' }, 'Product'],
    }),
    getAdminUsers: build.query<CursorPage<AdminUser>, UsersQuery>({
      query: ({ q, cursor }) => query('admin/users', { q, cursor }),
      providesTags: [{ type: 'User', id: 'ADMIN' }],
    }),
    getAdminUser: build.query<AdminUserDetail, string>({
      query: (id) => `admin/users/${enc(id)}`,
      providesTags: [{ type: 'User', id: 'ADMIN' }],
    }),
    setUserStatus: build.mutation<AdminUser, StatusChange>({
      query: ({ id, ...body }) => ({ url: `admin/users/${enc(id)}/status`, method: 'PATCH', body }),
      invalidatesTags: [{ type: 'User', id: 'ADMIN' }, { type: 'Report', id: 'ADMIN' }, 'Product'],
    }),
    resendUserVerification: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `admin/users/${enc(id)}/resend-verification`, method: 'POST' }),
      invalidatesTags: [{ type: 'User', id: 'ADMIN' }],
    }),
    getAuditLog: build.query<CursorPage<AuditEntry>, AuditQuery>({
      query: ({ cursor, targetType, targetId }) => query('admin/audit', { cursor, targetType, targetId }),
      providesTags: [
        { type: 'Report', id: 'ADMIN' },
        { type: 'User', id: 'ADMIN' },
        { type: 'ContactUs', id: 'ADMIN' },
      ],
    }),
    getContactUsMessages: build.query<CursorPage<ContactUsMessage>, { cursor?: string }>({
      query: ({ cursor }) => query('contact-us', { cursor }),
      providesTags: [{ type: 'ContactUs', id: 'ADMIN' }],
    }),
  }),
});

export const {
  useGetAdminReportsQuery,
  useGetAdminReportQuery,
  useResolveReportMutation,
  useGetAdminUsersQuery,
  useGetAdminUserQuery,
  useSetUserStatusMutation,
  useResendUserVerificationMutation,
  useGetAuditLogQuery,
  useGetContactUsMessagesQuery,
} = adminApi;
