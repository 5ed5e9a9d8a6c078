#!/usr/bin/env node
// Lighthouse on the buyer's front door — home, list, ad and pricing in French and Albanian — against
// a running Remat, printed as one markdown table. Each page gets a run of its own in a fresh
// headless Chromium with Lighthouse's mobile defaults (Moto G Power screen, simulated slow 4G,
// CPU slowed four times). Nothing leaves the machine: every host but 127.0.0.1 fails to resolve.
//
//   REMAT_BASE_URL=http://127.0.0.1:18080 node scripts/lighthouse.mjs [--out DIR]
//
// CHROME_PATH (or CHROMIUM_PATH) names the browser, /usr/bin/chromium by default. --out DIR also
// writes each full report (JSON, readable at https://googlechrome.github.io/lighthouse/viewer/).
// Exits 1 when a run fails, 2 on bad usage.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const LANGS = ['fr', 'sq'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '"--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"',
].join(' ');

/** @typedef {{ score: number | null }} Category */
/** @typedef {{ numericValue?: number }} Audit */
/**
 * The parts of a Lighthouse result (LHR) this script reads.
 * @typedef {{
 *   lighthouseVersion: string,
 *   runtimeError?: { code: string, message: string },
 *   runWarnings: string[],
 *   categories: Record<string, Category | undefined>,
 *   audits: Record<string, Audit | undefined>,
 * }} Result
 */

/** @param {string} message */
function usage(message) {
  console.error(`lighthouse: ${message}`);
  console.error('usage: REMAT_BASE_URL=http://127.0.0.1:PORT node scripts/lighthouse.mjs [--out DIR]');
  process.exit(2);
}

const { values: options } = parseArgs({ options: { out: { type: 'string' } } });
const base = process.env.REMAT_BASE_URL?.replace(/\/+$/, '');
if (!base) usage('REMAT_BASE_URL is not set (the address of a running, seeded Remat)');
const chromePath = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const cli = fileURLToPath(import.meta.resolve('lighthouse/cli/index.js'));

/** An ad of the seeded data with a photo, so its page shows the gallery. */
async function productWithPhoto() {
  const response = await fetch(`${base}/api/v1/products?limit=24`);
  if (!response.ok) throw new Error(`GET /api/v1/products answered ${response.status}`);
  const { items } = /** @type {{ items: { id: string, imageUrl?: string }[] }} */ (await response.json());
  const ad = items.find((item) => item.imageUrl !== undefined);
  if (!ad) throw new Error('no ad with a photo: is the local cloud seeded with the demo data?');
  return ad.id;
}

/**
 * One Lighthouse run of `url` in a Chromium of its own; resolves with the result.
 * @param {string} url
 * @returns {Promise<{ result: Result, json: string }>}
 */
function audit(url) {
  const args = [
    cli,
    url,
    '--quiet',
    '--output=json',
    '--output-path=stdout',
    `--only-categories=${CATEGORIES.join(',')}`,
    `--chrome-flags=${CHROME_FLAGS}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    /** @type {Buffer[]} */
    const out = [];
    /** @type {Buffer[]} */
    const err = [];
    child.stdout.on('data', (chunk) => out.push(/** @type {Buffer} */ (chunk)));
    child.stderr.on('data', (chunk) => err.push(/** @type {Buffer} */ (chunk)));
    child.on('error', reject);
    child.on('close', (code) => {
      const json = Buffer.concat(out).toString('utf8');
      if (code !== 0) {
        reject(new Error(`lighthouse exited with ${code} for ${url}: ${Buffer.concat(err).toString('utf8').trim()}`));
        return;
      }
      try {
        resolve({ result: /** @type {Result} */ (JSON.parse(json)), json });
      } catch (error) {
        reject(new Error(`lighthouse wrote no JSON report for ${url}`, { cause: error }));
      }
    });
  });
}

/** @param {Category | undefined} category */
const score = (category) => (category?.score == null ? '–' : String(Math.round(category.score * 100)));
/** @param {Audit | undefined} metric */
const seconds = (metric) => (metric?.numericValue === undefined ? '–' : `${(metric.numericValue / 1000).toFixed(1)} s`);
/** @param {Audit | undefined} metric */
const millis = (metric) => (metric?.numericValue === undefined ? '–' : `${Math.round(metric.numericValue)} ms`);
/** @param {Audit | undefined} metric */
const shift = (metric) => (metric?.numericValue === undefined ? '–' : metric.numericValue.toFixed(3));

/** @param {string[]} cells */
const row = (cells) => `| ${cells.join(' | ')} |`;

const productId = await productWithPhoto().catch((/** @type {unknown} */ error) => {
  console.error(`lighthouse: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
/** @type {{ name: string, path: string }[]} */
const pages = LANGS.flatMap((lang) => [
  { name: `${lang} home`, path: `/${lang}/` },
  { name: `${lang} list`, path: `/${lang}/products` },
  { name: `${lang} detail`, path: `/${lang}/product/${productId}` },
  { name: `${lang} pricing`, path: `/${lang}/vendre?choosePlan=true` },
]);
if (options.out) mkdirSync(options.out, { recursive: true });

const lines = [
  row(['page', 'perf', 'FCP', 'LCP', 'TBT', 'CLS', 'accessibility', 'best practices', 'SEO']),
  row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
];
/** Runs that gave no usable result. @type {string[]} */
const failures = [];
/** What Lighthouse warned about a run (e.g. a redirect, a slow host). @type {string[]} */
const warnings = [];
let version = '';
for (const page of pages) {
  process.stderr.write(`lighthouse: ${page.path}\n`);
  try {
    // Chromium now and then records no usable trace (NO_NAVSTART); such a run is tried once more.
    const { result, json } = await audit(`${base}${page.path}`).catch((/** @type {unknown} */ error) => {
      process.stderr.write(
        `lighthouse: ${page.path} again (${error instanceof Error ? error.message : String(error)})\n`,
      );
      return audit(`${base}${page.path}`);
    });
    version = result.lighthouseVersion;
    if (options.out) writeFileSync(join(options.out, `${page.name.replace(' ', '-')}.report.json`), json);
    if (result.runtimeError) failures.push(`${page.path}: ${result.runtimeError.code} ${result.runtimeError.message}`);
    for (const warning of result.runWarnings) warnings.push(`${page.path}: ${warning}`);
    const { categories: c, audits: a } = result;
    lines.push(
      row([
        `${page.name} \`${page.path}\``,
        score(c.performance),
        seconds(a['first-contentful-paint']),
        seconds(a['largest-contentful-paint']),
        millis(a['total-blocking-time']),
        shift(a['cumulative-layout-shift']),
        score(c.accessibility),
        score(c['best-practices']),
        score(c.seo),
      ]),
    );
  } catch (error) {
    failures.push(error instanceof Error ? error.message : String(error));
    lines.push(row([`${page.name} \`${page.path}\``, ...Array.from({ length: 8 }, () => 'failed')]));
  }
}

console.log(`Lighthouse ${version || '(no run finished)'}, mobile defaults, against ${base}\n`);
console.log(lines.join('\n'));
for (const [title, list] of /** @type {const} */ ([
  ['Failed runs', failures],
  ['Lighthouse warnings', warnings],
])) {
  if (list.length > 0) console.log(`\n${title}:\n${list.map((line) => `- ${line}`).join('\n')}`);
}
if (failures.length > 0) process.exitCode = 1;
