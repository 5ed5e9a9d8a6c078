#!/usr/bin/env node
// Writes the SPA's side of the API contract from docs/openapi.yaml, so the types, the error codes
// and the input limits the SPA uses are the document's and never a hand-made copy:
//   src/contract/schema.gen.ts  every request and response type (openapi-typescript; a schema
//                               `X` is `import type { X } from '@/contract/schema.gen'`)
//   src/contract/enums.gen.ts   the values of the document's enums the SPA lists: the error codes
//                               (ErrorCode, FieldErrorCode, OAuthLoginError), the ad statuses...
//   src/contract/limits.gen.ts  the bounds of every request field (maxLength, minimum, pattern...)
// Usage: node scripts/contract.mjs [--check]. With --check nothing is written: it exits 1 when a
// committed file differs from what the document gives (make test runs it).
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';
import { parse } from 'yaml';

const documentUrl = new URL('../../docs/openapi.yaml', import.meta.url);
const outDir = new URL('../src/contract/', import.meta.url);
const HEADER =
  '// Generated from docs/openapi.yaml by scripts/contract.mjs (npm run contract). Do not edit:\n' +
  '// change the document and run the script again.\n';

/**
 * Enums exported as value lists (in the document's order): constant name -> a schema, a property
 * of one (`Schema.property`), or a parameter of an operation (`GET /api/v1/products ?sort`).
 */
const ENUMS = {
  ERROR_CODES: 'ErrorCode',
  FIELD_ERROR_CODES: 'FieldErrorCode',
  OAUTH_LOGIN_ERRORS: 'OAuthLoginError',
  ACCOUNT_STATUSES: 'User.status',
  AD_STATUSES: 'MyAd.status',
  CONDITIONS: 'ProductInput.condition',
  QUANTITY_UNITS: 'Quantity.unit',
  IMAGE_CONTENT_TYPES: 'ImageUploadRequest.contentType',
  REPORT_REASONS: 'ReportRequest.reason',
  RESOLVE_ACTIONS: 'ResolveReportRequest.action',
  FREQUENCIES: 'SavedSearchInput.frequency',
  REVIEW_INELIGIBILITY_REASONS: 'ReviewEligibility.reason',
  SORTS: 'GET /api/v1/products ?sort',
  NOTICE_LEVELS: 'SiteNotice.level',
  SOCIAL_PROVIDERS: 'Settings.socialProviders',
};

/** The validation keywords a form can apply before sending. */
const BOUNDS = [
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
];
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const source = readFileSync(documentUrl, 'utf8');
const doc = parse(source);

/** @param {string} ref */
function resolve(ref) {
  const name = ref.replace('#/components/schemas/', '');
  const schema = doc.components.schemas[name];
  if (!schema) throw new Error(`contract: ${ref} not found`);
  return schema;
}

/**
 * The bounds of schema `s`: its own keywords, and for an object its properties' bounds by name
 * (allOf, oneOf and anyOf members merged; a map's values under '*', an array's items under
 * 'items'). Null when nothing in it is bounded.
 * @param {any} s
 * @param {string[]} seen references on the way, against cycles
 * @returns {Record<string, any> | null}
 */
function bounds(s, seen = []) {
  if (!s || typeof s !== 'object') return null;
  if (s.$ref) {
    if (seen.includes(s.$ref)) return null;
    return bounds(resolve(s.$ref), [...seen, s.$ref]);
  }
  /** @type {Record<string, any>} */
  const out = {};
  for (const key of BOUNDS) if (s[key] !== undefined) out[key] = s[key];
  /** @param {string} name @param {any} value */
  const add = (name, value) => {
    if (value === null) return;
    if (out[name] !== undefined && JSON.stringify(out[name]) !== JSON.stringify(value)) {
      throw new Error(`contract: ${name} is bounded two ways (${JSON.stringify(out[name])}, ${JSON.stringify(value)})`);
    }
    out[name] = value;
  };
  for (const [name, p] of Object.entries(s.properties ?? {})) add(name, bounds(p, seen));
  for (const member of [...(s.allOf ?? []), ...(s.oneOf ?? []), ...(s.anyOf ?? [])]) {
    for (const [name, value] of Object.entries(bounds(member, seen) ?? {})) add(name, value);
  }
  if (typeof s.additionalProperties === 'object') add('*', bounds(s.additionalProperties, seen));
  if (s.items) add('items', bounds(s.items, seen));
  return Object.keys(out).length > 0 ? out : null;
}

/** The limits of every request: per request-body schema by name, per operation its parameters. */
function limits() {
  /** @type {Record<string, any>} */
  const bodies = {};
  /** @type {Record<string, any>} */
  const operations = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      // Parameters by operationId; an inline request body as `<operationId>Body`.
      const key = op.operationId;
      if (!key) throw new Error(`contract: ${method.toUpperCase()} ${path} has no operationId`);
      /** @type {Record<string, any>} */
      const params = {};
      for (let p of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
        if (p.$ref) p = doc.components.parameters[p.$ref.split('/').pop()];
        const b = bounds(p.schema);
        if (b) params[p.name] = b;
      }
      if (Object.keys(params).length > 0) operations[key] = params;
      for (const media of Object.values(op.requestBody?.content ?? {})) {
        const schema = media.schema;
        const b = bounds(schema);
        if (!b) continue;
        if (schema.$ref) bodies[schema.$ref.split('/').pop()] = b;
        else operations[`${key}Body`] = b;
      }
    }
  }
  const sorted = (/** @type {Record<string, any>} */ o) =>
    Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
  return { ...sorted(bodies), ...sorted(operations) };
}

async function schemaTypes() {
  const ast = await openapiTS(documentUrl, { rootTypes: true, rootTypesNoSchemaPrefix: true, silent: true });
  return `${HEADER}\n${astToString(ast)}`;
}

/**
 * `text` as a JSDoc comment, wrapped at 100 columns.
 * @param {string} text
 */
function comment(text) {
  const lines = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line !== '' && line.length + word.length + 1 > 96) {
      lines.push(line);
      line = word;
    } else {
      line = line === '' ? word : `${line} ${word}`;
    }
  }
  if (line !== '') lines.push(line);
  return `/**\n${lines.map((l) => ` * ${l}\n`).join('')} */\n`;
}

/**
 * The schema `where` names in ENUMS.
 * @param {string} where
 */
function enumSchema(where) {
  const param = /^([A-Z]+) (\S+) \?(\S+)$/.exec(where);
  if (param) {
    const [, method = '', path = '', name] = param;
    const item = doc.paths[path] ?? {};
    const found = [...(item.parameters ?? []), ...(item[method.toLowerCase()]?.parameters ?? [])].find(
      (/** @type {any} */ p) => p.name === name,
    );
    return found?.schema;
  }
  const [name = '', ...props] = where.split('.');
  /** @type {any} */
  let s = doc.components.schemas[name];
  for (const prop of props) {
    /** @param {any} node @returns {any} */
    const find = (node) => {
      if (node?.$ref) node = resolve(node.$ref);
      return node?.properties?.[prop] ?? (node?.allOf ?? []).map(find).find(Boolean);
    };
    s = find(s);
  }
  if (s?.$ref) s = resolve(s.$ref);
  // A list's values are its items'.
  if (s?.type === 'array' && s.items) s = s.items.$ref ? resolve(s.items.$ref) : s.items;
  return s;
}

function enums() {
  let out = HEADER;
  for (const [constant, where] of Object.entries(ENUMS)) {
    const s = enumSchema(where);
    if (!Array.isArray(s?.enum)) throw new Error(`contract: ${where} has no enum`);
    const what = s.description ? String(s.description) : `The values of ${where} in docs/openapi.yaml.`;
    out += `\n${comment(what)}export const ${constant} = ${JSON.stringify(s.enum)} as const;\n`;
  }
  return out;
}

/**
 * The limits as modules: limits/<entry>.gen.ts holds one entry, limits.gen.ts re-exports them all.
 * One module per entry lets the bundler put each bound in the chunk of the pages that use it (a
 * single module would sit whole in the start-up chunk as soon as one start-up file reads one bound).
 */
function limitsModules() {
  /** @type {Record<string, string>} */
  const out = {};
  let barrel =
    HEADER +
    '\n// The bounds docs/openapi.yaml sets on every request field, one export per request-body schema\n' +
    '// (`ProductInput.title.maxLength`) and per operation for its parameters, by operationId\n' +
    '// (`listLocalities.q.minLength`; an inline request body as `<operationId>Body`). Lengths are in\n' +
    '// characters (code points), as the server counts them after trimming. Import it as a namespace:\n' +
    "// `import * as limits from '@/contract/limits.gen'`.\n\n";
  for (const [name, value] of Object.entries(limits())) {
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) throw new Error(`contract: ${name} is not an identifier`);
    out[`limits/${name}.gen.ts`] = `${HEADER}\nexport const ${name} = ${JSON.stringify(value)} as const;\n`;
    barrel += `export { ${name} } from './limits/${name}.gen';\n`;
  }
  out['limits.gen.ts'] = barrel;
  return out;
}

/** @type {Record<string, string>} */
const files = {
  'schema.gen.ts': await schemaTypes(),
  'enums.gen.ts': enums(),
  ...limitsModules(),
};

const check = process.argv.includes('--check');
const config = (await prettier.resolveConfig(fileURLToPath(outDir))) ?? {};
let stale = 0;
const limitsDir = new URL('limits/', outDir);
if (!check) {
  rmSync(limitsDir, { recursive: true, force: true });
  mkdirSync(limitsDir, { recursive: true });
} else if (existsSync(limitsDir)) {
  for (const extra of readdirSync(limitsDir).filter((f) => !(`limits/${f}` in files))) {
    console.error(
      `contract: src/contract/limits/${extra} is not what docs/openapi.yaml gives; run \`npm run contract\``,
    );
    stale++;
  }
}
for (const [name, text] of Object.entries(files)) {
  const url = new URL(name, outDir);
  const file = fileURLToPath(url);
  const formatted = await prettier.format(text, { ...config, filepath: file });
  const shown = relative(process.cwd(), file);
  if (!check) {
    writeFileSync(url, formatted);
    continue;
  }
  let current = '';
  try {
    current = readFileSync(url, 'utf8');
  } catch {
    // missing: stale
  }
  if (current !== formatted) {
    console.error(`contract: ${shown} is not what docs/openapi.yaml gives; run \`npm run contract\` and commit it`);
    stale++;
  }
}
if (stale > 0) process.exit(1);
