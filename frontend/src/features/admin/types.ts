import type { AccountStatus } from '@/lib/apiError';

/** A status as the back office sees it: a deleted account is final and cannot be changed. */
export type AdminAccountStatus = AccountStatus | 'deleted';
import type { Language } from '@/lib/languages';

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
  status: AdminAccountStatus;
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

export type ContactUsStatus = 'new' | 'handled';

/** A message sent through the public contact-us form. */
export interface ContactUsMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: ContactUsStatus;
  createdAt: string;
  /** When and by whom it was marked handled (null while new). */
  handledAt?: string | null;
  handledBy?: { id: string; name: string; email: string } | null;
}

export interface ContactUsQuery {
  /** Absent: every message. */
  status?: ContactUsStatus;
  cursor?: string;
}

/** A category as the back office sees it (`/admin/categories`), hidden ones included. */
export interface AdminCategory {
  slug: string;
  /** The parent's slug; null for a top-level category. */
  parent: string | null;
  sortOrder: number;
  names: Partial<Record<Language, string>>;
  hidden: boolean;
  /** Active ads in it, its sub-categories' included (in the list only). */
  activeAds?: number;
}

/** `POST /admin/categories`: the slug is made from the English name when absent. */
export interface NewCategory {
  slug?: string;
  parent?: string;
  sortOrder?: number;
  names: Record<Language, string>;
  hidden?: boolean;
}

/** `PATCH /admin/categories/{slug}`: absent fields stay; parent '' moves it to the top level. */
export interface CategoryChange {
  slug: string;
  names?: Partial<Record<Language, string>>;
  parent?: string;
  sortOrder?: number;
  hidden?: boolean;
}

/** A brand (its canonical spelling) as the back office sees it (`/admin/brands`). */
export interface AdminBrand {
  slug: string;
  name: string;
  /** Active ads the brand filter finds (in the list only). */
  activeAds?: number;
}

/** A text in each UI language (plans, the notice banner). */
export type LocalizedText = Record<Language, string>;

export type PlanKind = 'subscription' | 'single';

/** What an administrator edits on a plan (`PUT /admin/plans/{id}` without `version`). */
export interface PlanEdit {
  name: LocalizedText;
  description: LocalizedText;
  /** Price excluding VAT, in Rappen. */
  priceRp: number;
  duration: { value: number; unit: 'days' | 'months' };
  freeMonths: number;
  adAllowance: number;
  imageAllowance: number;
  adDurationDays: number;
  popular: boolean;
  sortOrder: number;
}

/** A plan as the back office sees it (`/admin/plans`), retired ones included. */
export interface AdminPlan extends PlanEdit {
  id: string;
  kind: PlanKind;
  bundle: boolean;
  currency: string;
  retired: boolean;
  /** 0 until an administrator first changes it; sent back with an edit. */
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface NewPlan extends PlanEdit {
  id: string;
  kind: PlanKind;
  bundle: boolean;
}

export type NoticeLevel = 'info' | 'warning';

/** The site settings (`/admin/settings`): the notice banner and whether sign-ups are open. */
export interface SiteSettings {
  notice: { enabled: boolean; level: NoticeLevel; text: LocalizedText; endsAt: string | null };
  signupsOpen: boolean;
  version: number;
  updatedAt: string | null;
  updatedBy: string | null;
}

export type SiteSettingsEdit = Pick<SiteSettings, 'notice' | 'signupsOpen' | 'version'>;

/** One user's report of a review. */
export interface ReviewReport {
  reason: string;
  reporterName: string;
  createdAt: string;
}

/** A reported review in the back office's queue (`/admin/reviews`), with its reports. */
export interface ReportedReview {
  id: string;
  sellerId: string;
  adId: string;
  adTitle: string;
  rating: number;
  text: string;
  authorName: string;
  createdAt: string;
  reply?: { text: string; createdAt: string };
  reports: ReviewReport[];
}
