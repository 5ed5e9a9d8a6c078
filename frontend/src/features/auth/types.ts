import type { AccountStatus } from '@/lib/apiError';
import type { Language } from '@/lib/languages';

export type AccountType = 'individual' | 'professional';
export type Role = 'user' | 'admin';

/** A professional's company (required for non-individual accounts). */
export interface Company {
  name: string;
  email: string;
  address: string;
  website: string;
}

/** The user as every `/auth/*` endpoint returns it. */
export interface User {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** Site path of the photo (`/images/avatars/...`), or null. */
  avatar: string | null;
  role: Role;
  accountType: AccountType;
  status: AccountStatus;
  emailVerified: boolean;
  language: Language;
  company: Company | null;
  createdAt: string;
  /** False for an account made by social sign-in that never set a password. */
  hasPassword?: boolean;
}

/** A success answer: a message code (translated under `errors:success.<code>`). */
export interface MessageResponse {
  message: string;
}

export interface SignUpRequest {
  accountType: AccountType;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  isAdult: boolean;
  acceptRules: boolean;
  language: Language;
  company?: Company;
}

export interface SignUpResponse extends MessageResponse {
  email: string;
}

export interface LoginRequest {
  email: string;
  password: string;
}

export interface LoginResponse extends MessageResponse {
  token: string;
  user: User;
}

export interface UserResponse extends MessageResponse {
  user: User;
}

export interface UpdateInfoRequest {
  firstName?: string;
  lastName?: string;
  phone?: string;
  language?: Language;
  company?: Company;
}

export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface TokenResponse extends MessageResponse {
  token: string;
}

export interface ResetPasswordRequest {
  token: string;
  newPassword: string;
  confirmPassword: string;
}

export interface EmailRequest {
  email: string;
  language?: Language;
}
