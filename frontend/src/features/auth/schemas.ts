import * as z from 'zod/mini';
import * as limits from '@/contract/limits.gen';
import type { FieldErrorCode } from '@/contract/schema.gen';

/** Messages are field error codes, the ones the server sends, so one translation serves both. */
const REQUIRED = 'required' satisfies FieldErrorCode;
const INVALID_EMAIL = 'invalid_email' satisfies FieldErrorCode;
const TOO_SHORT = 'too_short' satisfies FieldErrorCode;
const TOO_LONG = 'too_long' satisfies FieldErrorCode;
const MISMATCH = 'passwords_mismatch' satisfies FieldErrorCode;
const MUST_ACCEPT = 'must_accept' satisfies FieldErrorCode;
const INVALID = 'invalid' satisfies FieldErrorCode;

/** The server's bounds (docs/openapi.yaml); the profile's are the same as the sign-up's. */
const SIGN_UP = limits.SignUpRequest;
const PROFILE = limits.UpdateInfoRequest;

const requiredText = (max: number) => z.string().check(z.trim(), z.minLength(1, REQUIRED), z.maxLength(max, TOO_LONG));
const email = () => z.pipe(requiredText(SIGN_UP.email.maxLength), z.email(INVALID_EMAIL));
const optionalText = (max: number) => z.string().check(z.trim(), z.maxLength(max, TOO_LONG));
const password = (min: number) =>
  z
    .string()
    .check(z.minLength(1, REQUIRED), z.minLength(min, TOO_SHORT), z.maxLength(SIGN_UP.password.maxLength, TOO_LONG));
/** An optional phone number: empty, or digits with the usual separators and an optional leading +. */
const phone = (max: number) =>
  z.string().check(z.trim(), z.regex(new RegExp(`^(\\+?[\\d\\s()./-]{6,${max}})?$`), INVALID));

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
      firstName: requiredText(SIGN_UP.firstName.maxLength),
      lastName: requiredText(SIGN_UP.lastName.maxLength),
      email: email(),
      phone: phone(SIGN_UP.phone.maxLength),
      password: password(minPassword),
      confirmPassword: z.string().check(z.minLength(1, REQUIRED)),
      companyName: optionalText(SIGN_UP.company.name.maxLength),
      companyEmail: optionalText(SIGN_UP.company.email.maxLength),
      companyAddress: optionalText(SIGN_UP.company.address.maxLength),
      companyWebsite: optionalText(SIGN_UP.company.website.maxLength),
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

type CompanyField = 'companyName' | 'companyEmail' | 'companyAddress' | 'companyWebsite';

/** The request's `company` of a parsed sign-up or profile form. */
export function companyOf(data: Record<CompanyField, string>) {
  return {
    name: data.companyName,
    email: data.companyEmail,
    address: data.companyAddress,
    website: data.companyWebsite,
  };
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
      firstName: requiredText(PROFILE.firstName.maxLength),
      lastName: requiredText(PROFILE.lastName.maxLength),
      phone: phone(PROFILE.phone.maxLength),
      companyName: optionalText(PROFILE.company.name.maxLength),
      companyEmail: optionalText(PROFILE.company.email.maxLength),
      companyAddress: optionalText(PROFILE.company.address.maxLength),
      companyWebsite: optionalText(PROFILE.company.website.maxLength),
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
