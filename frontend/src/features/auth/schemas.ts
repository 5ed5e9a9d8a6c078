import * as z from 'zod/mini';
import type { FieldErrorCode } from '@/lib/apiError';

/** Messages are field error codes, the ones the server sends, so one translation serves both. */
const REQUIRED = 'required' satisfies FieldErrorCode;
const INVALID_EMAIL = 'invalid_email' satisfies FieldErrorCode;
const TOO_SHORT = 'too_short' satisfies FieldErrorCode;
const TOO_LONG = 'too_long' satisfies FieldErrorCode;
const MISMATCH = 'passwords_mismatch' satisfies FieldErrorCode;
const MUST_ACCEPT = 'must_accept' satisfies FieldErrorCode;
const INVALID = 'invalid' satisfies FieldErrorCode;

const requiredText = (max = 100) => z.string().check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(max, TOO_LONG));
const email = () => z.pipe(requiredText(254), z.email(INVALID_EMAIL));
const optionalText = (max = 200) => z.string().check(z.trim(), z.maxLength(max, TOO_LONG));
const password = (min: number) =>
  z.string().check(z.minLength(1, REQUIRED), z.minLength(min, TOO_SHORT), z.maxLength(128, TOO_LONG));
const phone = () => z.string().check(z.trim(), z.minLength(1, REQUIRED), z.regex(/^\+?[\d\s()./-]{6,30}$/, INVALID));

function matches<T extends Record<string, unknown>>(a: keyof T & string, b: keyof T & string) {
  return z.refine<T>((value) => value[a] === value[b], { message: MISMATCH, path: [b] });
}

export const SIGN_UP_FIELDS = [
  'accountType',
  'firstName',
  'lastName',
  'email',
  'phone',
  'password',
  'confirmPassword',
  'companyName',
  'companyEmail',
  'companyAddress',
  'companyWebsite',
  'isAdult',
  'acceptRules',
] as const;
export type SignUpField = (typeof SIGN_UP_FIELDS)[number];

/** The sign-up form; company fields are required for professionals only. */
export function makeSignUpSchema(minPassword: number) {
  return z
    .object({
      accountType: z.enum(['individual', 'professional'], REQUIRED),
      firstName: requiredText(),
      lastName: requiredText(),
      email: email(),
      phone: phone(),
      password: password(minPassword),
      confirmPassword: z.string().check(z.minLength(1, REQUIRED)),
      companyName: optionalText(),
      companyEmail: optionalText(254),
      companyAddress: optionalText(300),
      companyWebsite: optionalText(300),
      isAdult: z.boolean().check(z.refine((v) => v, MUST_ACCEPT)),
      acceptRules: z.boolean().check(z.refine((v) => v, MUST_ACCEPT)),
    })
    .check(
      matches('password', 'confirmPassword'),
      z.superRefine((value, ctx) => {
        if (value.accountType !== 'professional') return;
        for (const field of ['companyName', 'companyEmail', 'companyAddress'] as const) {
          if (value[field] === '')
            ctx.issues.push({ code: 'custom', message: REQUIRED, path: [field], input: value[field] });
        }
        if (value.companyEmail !== '' && !z.email().safeParse(value.companyEmail).success) {
          ctx.issues.push({
            code: 'custom',
            message: INVALID_EMAIL,
            path: ['companyEmail'],
            input: value.companyEmail,
          });
        }
      }),
    );
}

export const LOGIN_FIELDS = ['email', 'password'] as const;
export const loginSchema = z.object({
  email: email(),
  password: z.string().check(z.minLength(1, REQUIRED)),
});

export const EMAIL_FIELDS = ['email'] as const;
export const emailSchema = z.object({ email: email() });

export const RESET_FIELDS = ['newPassword', 'confirmPassword'] as const;
export function makeResetSchema(minPassword: number) {
  return z
    .object({ newPassword: password(minPassword), confirmPassword: z.string().check(z.minLength(1, REQUIRED)) })
    .check(matches('newPassword', 'confirmPassword'));
}

export const CHANGE_PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
export function makeChangePasswordSchema(minPassword: number) {
  return z
    .object({
      currentPassword: z.string().check(z.minLength(1, REQUIRED)),
      newPassword: password(minPassword),
      confirmPassword: z.string().check(z.minLength(1, REQUIRED)),
    })
    .check(matches('newPassword', 'confirmPassword'));
}

export const PROFILE_FIELDS = [
  'firstName',
  'lastName',
  'phone',
  'companyName',
  'companyEmail',
  'companyAddress',
  'companyWebsite',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];
export function makeProfileSchema(professional: boolean) {
  return z
    .object({
      firstName: requiredText(),
      lastName: requiredText(),
      phone: phone(),
      companyName: optionalText(),
      companyEmail: optionalText(254),
      companyAddress: optionalText(300),
      companyWebsite: optionalText(300),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (!professional) return;
        for (const field of ['companyName', 'companyEmail', 'companyAddress'] as const) {
          if (value[field] === '')
            ctx.issues.push({ code: 'custom', message: REQUIRED, path: [field], input: value[field] });
        }
      }),
    );
}
