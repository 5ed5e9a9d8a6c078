/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { parseEnv } from './src/lib/envSchema.ts';

/**
 * The production Content-Security-Policy. CloudFront (and the local gateway) must send it as a
 * response header; the build also writes it into index.html as a <meta> tag so that a host which
 * forgets the header still gets the protection. `frame-ancestors` is ignored inside <meta>, so it
 * is left out there and must come from the header. Browsers enforce both policies, and only the
 * header (template.yaml) can name the images bucket's host for the photos' direct uploads (it
 * depends on the stage, account and region), so the meta tag allows S3 hosts in general in
 * `connect-src` and the header narrows that to the one bucket. The meta tag also allows loopback
 * ports: the local cloud's S3 emulator is the bucket's host there, on a port of its own (the
 * local gateway's header names that one port, as CloudFront's names the one bucket).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://js.stripe.com",
  "style-src 'self'",
  // swisstopo's map tiles (src/components/Map/tiles.ts).
  "img-src 'self' data: blob: https://wmts.geo.admin.ch",
  "font-src 'self'",
  "connect-src 'self' https://api.stripe.com",
  'frame-src https://js.stripe.com https://hooks.stripe.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

function cspMetaTag(): Plugin {
  const metaPolicy = CONTENT_SECURITY_POLICY.split('; ')
    .filter((directive) => !directive.startsWith('frame-ancestors'))
    .map((directive) =>
      directive.startsWith('connect-src') ? `${directive} https://*.amazonaws.com http://127.0.0.1:*` : directive,
    )
    .join('; ');
  return {
    name: 'remat-csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: metaPolicy },
          injectTo: 'head-prepend',
        },
      ],
    },
  };
}

// The local cloud (Go gateway) serves /api/v1 and the dev mailbox; `npm run dev` proxies to it.
const apiTarget = process.env.REMAT_API_URL ?? 'http://127.0.0.1:18080';

export default defineConfig(({ mode }) => ({
  plugins: [react(), cspMetaTag()],
  define: {
    // The validated build-time environment (src/lib/envSchema.ts); read through src/lib/env.ts.
    __REMAT_ENV__: JSON.stringify(parseEnv(loadEnv(mode, process.cwd(), 'VITE_'))),
  },
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/_dev': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: {
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    // Keeps every small asset a real file, so nothing depends on data: URIs beyond what the
    // CSP allows anyway and the badges stay cacheable.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically, in two chunks instead of a score of small
            // ones: each file gzips on its own, so one file per kind compresses better and costs
            // fewer requests. The libraries change less often than the app, so they are cached apart.
            // The entry (index.html and src/main.tsx) stays out, so that it keeps a chunk of its own.
            { name: 'vendor', tags: ['$initial'], test: /[\\/]node_modules[\\/]/, priority: 2 },
            {
              name: 'shell',
              tags: ['$initial'],
              test: (id) => !/(index\.html|[\\/]src[\\/]main\.tsx)$/.test(id),
              priority: 1,
            },
          ],
        },
        // One chunk per dictionary (src/i18n/i18n.ts), named after its language and namespace.
        chunkFileNames: (chunk) => {
          const dictionary = /[\\/]locales[\\/](\w+)[\\/](\w+)\.json$/.exec(chunk.facadeModuleId ?? '');
          return dictionary ? `assets/i18n-${dictionary[1]}-${dictionary[2]}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  test: {
    restoreMocks: true,
    css: false,
    pool: 'forks',
    maxWorkers: 2,
    // The form journeys type dozens of fields through user-event: on two busy cores one can pass
    // 5 s without anything being wrong, so a test gets 15 s before it counts as hung.
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          setupFiles: ['./src/testing/setup.ts'],
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: { name: 'eslint-rules', environment: 'node', include: ['eslint/**/*.test.js'] },
      },
    ],
  },
}));
