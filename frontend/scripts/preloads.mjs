#!/usr/bin/env node
// Writes dist/preloads.json after `vite build`: for each lazily loaded page of src/app/router.tsx,
// the files it needs beyond the start-up (its chunk with its static imports and their CSS) and, per
// language, the dictionaries it renders (the shell's and its own, from src/app/pages.ts). The pages
// function (shared/pages) names them in the page's <head> as modulepreload/preload links, so they
// download with the entry instead of after it has run. Fails when the route table, the namespace
// table and the build disagree.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dist, importPages, readBuild, root } from './build-manifest.mjs';

const LANGUAGES = ['en', 'fr', 'de', 'it', 'sq'];

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`preloads: ${message}`);
  process.exit(1);
}

const { manifest, collect, entryKey } = readBuild(fail);
const startup = collect(entryKey, new Set());

// The page loaders of router.tsx: `home: () => import('@/app/HomeRoute')...`.
const router = readFileSync(join(root, 'src', 'app', 'router.tsx'), 'utf8');
/** @type {Map<string, string>} */
const sources = new Map();
for (const match of router.matchAll(/^\s*(\w+): \(\) =>\s*import\('@\/([^']+)'\)/gm)) {
  const [, page = '', module = ''] = match;
  const source = ['.tsx', '.ts'].map((ext) => `src/${module}${ext}`).find((key) => manifest[key]);
  if (!source) fail(`page ${page}: the manifest has no module src/${module}`);
  sources.set(page, /** @type {string} */ (source));
}

const pages = await importPages();

const out = /** @type {Record<string, {js: string[], css: string[], i18n: Record<string, string[]>}>} */ ({});
for (const [page, namespaces] of Object.entries(pages.PAGE_NAMESPACES)) {
  const source = sources.get(page);
  if (!source) fail(`page ${page} of pages.ts has no loader in router.tsx`);
  const files = [...collect(/** @type {string} */ (source), new Set())].filter((file) => !startup.has(file));
  /** @type {Record<string, string[]>} */
  const i18n = {};
  for (const lang of LANGUAGES) {
    i18n[lang] = [...new Set([...pages.SHELL_NAMESPACES, ...namespaces])].map(
      (ns) => `/${manifest[`src/i18n/locales/${lang}/${ns}.json`]?.file ?? fail(`no dictionary chunk ${lang}/${ns}`)}`,
    );
  }
  out[page] = {
    js: files.filter((file) => file.endsWith('.js')).map((file) => `/${file}`),
    css: files.filter((file) => file.endsWith('.css')).map((file) => `/${file}`),
    i18n,
  };
}
if (sources.size !== Object.keys(out).length) {
  fail(
    `router.tsx loads ${[...sources.keys()].filter((page) => !(page in out)).join(', ')} without namespaces in pages.ts`,
  );
}
writeFileSync(join(dist, 'preloads.json'), `${JSON.stringify({ pages: out })}\n`);
console.log(`preloads: ${Object.keys(out).length} pages -> dist/preloads.json`);
