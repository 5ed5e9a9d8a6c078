import type { Env } from '@/lib/envSchema';

// Replaced at build time by vite.config.ts with the validated environment (lib/envSchema.ts).
declare const __REMAT_ENV__: Env;

export const env: Env = __REMAT_ENV__;

/** Absolute API base URL (absolute, so fetch also works where there is no document base URL). */
export function apiBaseUrl(): string {
  return new URL(env.VITE_API_BASE, window.location.origin).href.replace(/\/$/, '');
}
