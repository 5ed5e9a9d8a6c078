import * as z from 'zod/mini';

/**
 * Build-time environment (`VITE_*` variables), validated by vite.config.ts when it starts, so a
 * bad value fails the build or the dev server instead of the browser. The validated object is
 * compiled into the bundle (see lib/env.ts); the browser never ships this schema.
 */
export const envSchema = z.object({
  /** Base path or absolute URL of the API; same origin (`/api/v1`) everywhere we run. */
  VITE_API_BASE: z._default(
    z.string().check(z.regex(/^(\/[^\s]*|https?:\/\/[^\s]+)$/, 'must be a path starting with / or an http(s) URL')),
    '/api/v1',
  ),
});

export type Env = z.infer<typeof envSchema>;

/** Validates raw variables; throws one error listing every problem. */
export function parseEnv(raw: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`invalid environment:\n  ${problems.join('\n  ')}`);
  }
  return result.data;
}
