#!/usr/bin/env node
// Initial-load budgets, in gzip, read from Vite's build manifest; exits 1 when one is exceeded.
//
// - Start-up: the entry chunk, every chunk it imports statically (recursively) and their CSS —
//   what every page loads before it can render.
// - Home page: the start-up plus the home page's chunk with its static imports and CSS, plus the
//   dictionary chunks it loads at start, in each of the five languages (the largest counts). Which
//   dictionaries those are comes from `namespacesAt` in src/app/pages.ts, the table the app itself
//   uses, so the figure cannot drift from what the browser downloads.
//
// `--verbose` lists every file counted.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { dist, importPages, readBuild } from './build-manifest.mjs';

const STARTUP_BUDGET_KB = 148;
// 169: the search-first home (search box with suggestions, category tiles with counts, ages on cards);
// the list-only and favourites-page styles moved off the home page took back 0.8 KB of it.
const HOME_BUDGET_KB = 169;
/** The target for the home page on a phone; the libraries alone weigh about 121 KB (README). */
const HOME_GOAL_KB = 130;
/** The module of each page the home path shows, as router.tsx loads it (keyed like PAGE_NAMESPACES). */
const PAGE_SOURCES = { home: 'src/app/HomeRoute.tsx' };
const LANGUAGES = ['en', 'fr', 'de', 'it', 'sq'];

const verbose = process.argv.includes('--verbose');

/**
 * @param {string} message
 * @returns {never}
 */
function fail(message) {
  console.error(`size: ${message}`);
  process.exit(2);
}

const { collect, entryKey } = readBuild(fail);

/** @type {Map<string, number>} */
const gzipCache = new Map();
/** @param {string} file */
function gzipBytes(file) {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** @param {Iterable<string>} files */
const total = (files) => [...files].reduce((sum, file) => sum + gzipBytes(file), 0) / 1024;
const kb = (/** @type {number} */ value) => value.toFixed(1);

/** @param {Iterable<string>} files */
function list(files) {
  if (!verbose) return;
  for (const file of files) console.log(`    ${file}: ${kb(gzipBytes(file) / 1024)} KB`);
}

// Start-up.
const startup = collect(entryKey);
const startupKb = total(startup);
const jsCount = [...startup].filter((file) => file.endsWith('.js')).length;
console.log(
  `start-up: ${kb(startupKb)} KB gzip (budget ${STARTUP_BUDGET_KB} KB): ${jsCount} JS chunk(s), ` +
    `${startup.size - jsCount} CSS file(s)`,
);
list(startup);

// Home page, per language.
const pages = await importPages();

const homePages = pages.pagesAt('/fr/');
const pageFiles = new Set(startup);
for (const page of homePages) {
  const source = PAGE_SOURCES[/** @type {keyof typeof PAGE_SOURCES} */ (page)];
  if (!source) fail(`the home path shows page "${page}"; add its module to PAGE_SOURCES`);
  collect(source, pageFiles);
}

const namespaces = pages.namespacesAt('/fr/');
let largest = { lang: '', kb: 0 };
/** @type {string[]} */
const figures = [];
for (const lang of LANGUAGES) {
  if (pages.pagesAt(`/${lang}/`).join() !== homePages.join()) fail(`/${lang}/ shows other pages than /fr/`);
  const files = new Set(pageFiles);
  for (const ns of pages.namespacesAt(`/${lang}/`)) collect(`src/i18n/locales/${lang}/${ns}.json`, files);
  const homeKb = total(files);
  figures.push(`${lang} ${kb(homeKb)} KB`);
  if (homeKb > largest.kb) largest = { lang, kb: homeKb };
  if (verbose) {
    console.log(`  /${lang}/ beyond the start-up:`);
    list([...files].filter((file) => !startup.has(file)));
  }
}
console.log(
  `home page: ${kb(largest.kb)} KB gzip at most (budget ${HOME_BUDGET_KB} KB, goal ${HOME_GOAL_KB} KB): ` +
    `start-up + ${homePages.join(', ')} page + dictionaries ${namespaces.join(', ')}`,
);
console.log(`  ${figures.join(', ')}`);

let over = false;
if (startupKb > STARTUP_BUDGET_KB) {
  console.error(`size: start-up over budget by ${kb(startupKb - STARTUP_BUDGET_KB)} KB`);
  over = true;
}
if (largest.kb > HOME_BUDGET_KB) {
  console.error(`size: home page (${largest.lang}) over budget by ${kb(largest.kb - HOME_BUDGET_KB)} KB`);
  over = true;
}
if (over) process.exit(1);
