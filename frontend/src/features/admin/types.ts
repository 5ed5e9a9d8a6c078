import type { AccountStatus } from '@/lib/apiError';

/** A page of a cursor-paginated list; `nextCursor` is null on the last page. */
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

export type ReportStatus = 'open' | 'resolved';
export type ReportReason = 'errors' | 'suspicious';

/** How an administrator settles a report. */
export const RESOLVE_ACTIONS = ['dismiss', 'deactivate_ad', 'suspend_seller'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

/** The reported ad as the queue shows it (null when it has been deleted since). */
export interface ReportedProduct {
  id: string;
  title: string;
  status: string;
  sellerId: string;
  sellerName: string;
}

/** An ad report (`/admin/reports`). */
export interface Report {
  id: string;
  productId: string;
  product: ReportedProduct | null;
  reason: ReportReason;
  details: string;
  email: string;
  status: ReportStatus;
  createdAt: string;
  resolvedAt: string | null;
  resolution: { action: ResolveAction; note: string; by: string } | null;
}

export interface ReportsQuery {
  status: ReportStatus;
  cursor?: string;
}

export interface ResolveRequest {
  id: string;
  action: ResolveAction;
  note?: string;
}

/** An account as the back office lists it. */
export interface AdminUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  accountType: 'individual' | 'professional';
  role: 'user' | 'admin';
  status: AccountStatus;
  emailVerified: boolean;
  createdAt: string;
}

/** One of a user's ads in the back office. */
export interface AdminUserAd {
  id: string;
  title: string;
  status: string;
  priceRp: number;
  discountPct?: number;
  /** Out of search and product pages because the account is not active. */
  hidden?: boolean;
  createdAt?: string;
}

export interface AdminUserDetail {
  user: AdminUser;
  ads: AdminUserAd[];
}

export interface UsersQuery {
  q: string;
  cursor?: string;
}

export interface StatusChange {
  id: string;
  status: AccountStatus;
  reason?: string;
}

/** One administrative action, as recorded (who, what, when, before/after). */
export interface AuditEntry {
  id: string;
  actorId: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  at: string;
}

export interface AuditQuery {
  cursor?: string;
  targetType?: string;
  targetId?: string;
}

/** A message sent through the public contact-us form. */
export interface ContactUsMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: 'new' | 'handled';
  createdAt: string;
}
