#!/usr/bin/env node
// Initial-load budget: gzip size of the entry chunk, every chunk it imports statically
// (recursively) and their CSS, read from Vite's build manifest. Exits 1 when over budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = new URL('../dist/', import.meta.url).pathname;

/** @type {Record<string, {file: string, isEntry?: boolean, imports?: string[], css?: string[]}>} */
let manifest;
try {
  manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
} catch {
  console.error('size: dist/.vite/manifest.json not found; run `npm run build` first');
  process.exit(2);
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) {
  console.error('size: the manifest has no entry chunk');
  process.exit(2);
}

const jsFiles = new Set();
const cssFiles = new Set();
/** @param {string} key */
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || jsFiles.has(chunk.file)) return;
  jsFiles.add(chunk.file);
  for (const css of chunk.css ?? []) cssFiles.add(css);
  for (const imported of chunk.imports ?? []) visit(imported);
}
visit(entryKey);

/** @param {string} file */
const gzipBytes = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);

let jsBytes = 0;
for (const file of jsFiles) {
  const size = gzipBytes(file);
  jsBytes += size;
  if (process.argv.includes('--verbose')) console.log(`  ${file}: ${kb(size)} KB gzip`);
}
let cssBytes = 0;
for (const file of cssFiles) cssBytes += gzipBytes(file);

const totalKb = (jsBytes + cssBytes) / 1024;
console.log(`initial JS: ${totalKb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
console.log(`  ${jsFiles.size} JS chunk(s) ${kb(jsBytes)} KB + ${cssFiles.size} CSS file(s) ${kb(cssBytes)} KB`);
if (totalKb > BUDGET_KB) {
  console.error(`size: over budget by ${(totalKb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
