// What the post-build scripts (size.mjs, preloads.mjs) read of a build: Vite's manifest and the
// page tables of src/app/pages.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

/** The frontend folder. */
export const root = fileURLToPath(new URL('..', import.meta.url));
/** The build output. */
export const dist = join(root, 'dist');

/** @typedef {{file: string, src?: string, isEntry?: boolean, imports?: string[], css?: string[]}} Chunk */

/**
 * Vite's manifest of the build, with the file sets a script needs; `fail` reports a problem and
 * exits.
 * @param {(message: string) => never} fail
 */
export function readBuild(fail) {
  /** @type {Record<string, Chunk>} */
  let manifest;
  try {
    manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  } catch {
    fail('dist/.vite/manifest.json not found; run `npm run build` first');
  }
  /**
   * The files a manifest entry brings in: its own chunk, the chunks it imports statically
   * (recursively) and their CSS.
   * @param {string} key
   * @param {Set<string>} files
   * @returns {Set<string>}
   */
  function collect(key, files = new Set()) {
    const chunk = manifest[key];
    if (!chunk) fail(`the manifest has no entry ${key}`);
    if (files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) collect(imported, files);
    return files;
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) fail('the manifest has no entry chunk');
  return { manifest, collect, entryKey };
}

/**
 * src/app/pages.ts, the table of pages and their namespaces the app itself uses.
 * @returns {Promise<{
 *   PAGE_NAMESPACES: Record<string, readonly string[]>,
 *   SHELL_NAMESPACES: readonly string[],
 *   namespacesAt: (path: string) => string[],
 *   pagesAt: (path: string) => string[],
 * }>}
 */
export async function importPages() {
  const { module } = await runnerImport('/src/app/pages.ts', {
    root,
    configFile: false,
    logLevel: 'silent',
    resolve: { alias: { '@': join(root, 'src') } },
  });
  return /** @type {any} */ (module);
}
