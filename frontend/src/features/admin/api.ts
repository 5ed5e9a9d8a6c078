import { api } from '@/app/api';
import { BRANDS_TAG, CATEGORIES_TAG } from '@/app/referenceApi';
import type {
  AdminBrand,
  AdminBrandList,
  AdminBrandRequest,
  AdminCategory,
  AdminCategoryCreate,
  AdminCategoryList,
  AdminCategoryPatch,
  AdminPlan,
  AdminPlanList,
  AdminUser,
  AdminUserDetail,
  AdminUserList,
  AuditList,
  ContactUsList,
  ContactUsMessage,
  CreatePlanRequest,
  Message,
  Report,
  ReportedReviewList,
  ReportList,
  ResolveReportRequest,
  SiteSettings,
  SiteSettingsRequest,
  UpdatePlanRequest,
  UserStatusRequest,
} from '@/contract/schema.gen';

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
    getAdminReports: build.query<ReportList, { status: Report['status']; cursor?: string }>({
      query: ({ status, cursor }) => query('admin/reports', { status, cursor }),
      providesTags: [{ type: 'Report', id: 'ADMIN' }],
    }),
    getAdminReport: build.query<Report, string>({
      query: (id) => `admin/reports/${enc(id)}`,
      providesTags: [{ type: 'Report', id: 'ADMIN' }],
    }),
    resolveReport: build.mutation<Report, ResolveReportRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `admin/reports/${enc(id)}/resolve`, method: 'POST', body }),
      invalidatesTags: [{ type: 'Report', id: 'ADMIN' }, { type: 'User', id: 'ADMIN' }, 'Product'],
    }),
    // Reported reviews: removing one changes the seller's rating, so the whole tag goes.
    getReportedReviews: build.query<ReportedReviewList, { cursor?: string }>({
      query: ({ cursor }) => query('admin/reviews', { cursor }),
      providesTags: [{ type: 'Reviews', id: 'ADMIN' }],
    }),
    removeReview: build.mutation<Message, string>({
      query: (id) => ({ url: `admin/reviews/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Reviews'],
    }),
    dismissReviewReports: build.mutation<Message, string>({
      query: (id) => ({ url: `admin/reviews/${enc(id)}/dismiss`, method: 'POST' }),
      invalidatesTags: [{ type: 'Reviews', id: 'ADMIN' }],
    }),
    getAdminUsers: build.query<AdminUserList, { q: string; cursor?: string }>({
      query: ({ q, cursor }) => query('admin/users', { q, cursor }),
      providesTags: [{ type: 'User', id: 'ADMIN' }],
    }),
    getAdminUser: build.query<AdminUserDetail, string>({
      query: (id) => `admin/users/${enc(id)}`,
      providesTags: [{ type: 'User', id: 'ADMIN' }],
    }),
    setUserStatus: build.mutation<AdminUser, UserStatusRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `admin/users/${enc(id)}/status`, method: 'PATCH', body }),
      invalidatesTags: [{ type: 'User', id: 'ADMIN' }, { type: 'Report', id: 'ADMIN' }, 'Product'],
    }),
    resendUserVerification: build.mutation<Message, string>({
      query: (id) => ({ url: `admin/users/${enc(id)}/resend-verification`, method: 'POST' }),
      invalidatesTags: [{ type: 'User', id: 'ADMIN' }],
    }),
    getAuditLog: build.query<AuditList, { cursor?: string; targetType?: string; targetId?: string }>({
      query: ({ cursor, targetType, targetId }) => query('admin/audit', { cursor, targetType, targetId }),
      providesTags: [
        { type: 'Report', id: 'ADMIN' },
        { type: 'Reviews', id: 'ADMIN' },
        { type: 'User', id: 'ADMIN' },
        { type: 'ContactUs', id: 'ADMIN' },
        CATEGORIES_TAG,
        BRANDS_TAG,
        { type: 'SubscriptionPlan', id: 'ADMIN' },
        { type: 'Settings', id: 'ADMIN' },
      ],
    }),
    getContactUsMessages: build.query<ContactUsList, { status?: ContactUsMessage['status']; cursor?: string }>({
      query: ({ status, cursor }) => query('contact-us', { status, cursor }),
      providesTags: [{ type: 'ContactUs', id: 'ADMIN' }],
    }),
    setContactUsHandled: build.mutation<ContactUsMessage, { id: string; handled: boolean }>({
      query: ({ id, handled }) => ({ url: `contact-us/${enc(id)}`, method: 'PATCH', body: { handled } }),
      invalidatesTags: [{ type: 'ContactUs', id: 'ADMIN' }],
    }),
    // Categories and brands carry the reference lists' tags (app/referenceApi), so a change
    // refreshes what buyers and sellers pick from too.
    getAdminCategories: build.query<AdminCategory[], undefined>({
      query: () => 'admin/categories',
      transformResponse: (response: AdminCategoryList) => response.items,
      providesTags: [CATEGORIES_TAG],
    }),
    createCategory: build.mutation<AdminCategory, AdminCategoryCreate>({
      query: (body) => ({ url: 'admin/categories', method: 'POST', body }),
      invalidatesTags: [CATEGORIES_TAG],
    }),
    updateCategory: build.mutation<AdminCategory, AdminCategoryPatch & { slug: string }>({
      query: ({ slug, ...body }) => ({ url: `admin/categories/${enc(slug)}`, method: 'PATCH', body }),
      invalidatesTags: [CATEGORIES_TAG],
    }),
    deleteCategory: build.mutation<undefined, string>({
      query: (slug) => ({ url: `admin/categories/${enc(slug)}`, method: 'DELETE' }),
      invalidatesTags: [CATEGORIES_TAG],
    }),
    getAdminBrands: build.query<AdminBrand[], undefined>({
      query: () => 'admin/brands',
      transformResponse: (response: AdminBrandList) => response.items,
      providesTags: [BRANDS_TAG],
    }),
    createBrand: build.mutation<AdminBrand, AdminBrandRequest>({
      query: (body) => ({ url: 'admin/brands', method: 'POST', body }),
      invalidatesTags: [BRANDS_TAG],
    }),
    renameBrand: build.mutation<AdminBrand, AdminBrandRequest & { slug: string }>({
      query: ({ slug, name }) => ({ url: `admin/brands/${enc(slug)}`, method: 'PATCH', body: { name } }),
      invalidatesTags: [BRANDS_TAG],
    }),
    deleteBrand: build.mutation<undefined, string>({
      query: (slug) => ({ url: `admin/brands/${enc(slug)}`, method: 'DELETE' }),
      invalidatesTags: [BRANDS_TAG],
    }),
    // Plans and site settings: a change refreshes the pricing page and the public settings too.
    getAdminPlans: build.query<AdminPlan[], undefined>({
      query: () => 'admin/plans',
      transformResponse: (response: AdminPlanList) => response.items,
      providesTags: [{ type: 'SubscriptionPlan', id: 'ADMIN' }],
    }),
    createPlan: build.mutation<AdminPlan, CreatePlanRequest>({
      query: (body) => ({ url: 'admin/plans', method: 'POST', body }),
      invalidatesTags: ['SubscriptionPlan'],
    }),
    updatePlan: build.mutation<AdminPlan, UpdatePlanRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `admin/plans/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: ['SubscriptionPlan'],
    }),
    setPlanRetired: build.mutation<AdminPlan, { id: string; retired: boolean }>({
      query: ({ id, retired }) => ({
        url: `admin/plans/${enc(id)}/${retired ? 'retire' : 'reinstate'}`,
        method: 'POST',
      }),
      invalidatesTags: ['SubscriptionPlan'],
    }),
    getSiteSettings: build.query<SiteSettings, undefined>({
      query: () => 'admin/settings',
      providesTags: [{ type: 'Settings', id: 'ADMIN' }],
    }),
    updateSiteSettings: build.mutation<SiteSettings, SiteSettingsRequest>({
      query: (body) => ({ url: 'admin/settings', method: 'PUT', body }),
      invalidatesTags: ['Settings'],
    }),
  }),
});

export const {
  useGetAdminReportsQuery,
  useGetAdminReportQuery,
  useResolveReportMutation,
  useGetReportedReviewsQuery,
  useRemoveReviewMutation,
  useDismissReviewReportsMutation,
  useGetAdminUsersQuery,
  useGetAdminUserQuery,
  useSetUserStatusMutation,
  useResendUserVerificationMutation,
  useGetAuditLogQuery,
  useGetContactUsMessagesQuery,
  useSetContactUsHandledMutation,
  useGetAdminCategoriesQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
  useGetAdminBrandsQuery,
  useCreateBrandMutation,
  useRenameBrandMutation,
  useDeleteBrandMutation,
  useGetAdminPlansQuery,
  useCreatePlanMutation,
  useUpdatePlanMutation,
  useSetPlanRetiredMutation,
  useGetSiteSettingsQuery,
  useUpdateSiteSettingsMutation,
} = adminApi;
