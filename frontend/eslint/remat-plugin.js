// Remat's own ESLint rules: the one-way import structure of src/ (STYLE.md rule 10).
import path from 'node:path';

/**
 * Which part of src/ a file belongs to.
 * @param {string} relative path relative to src/, with forward slashes
 * @returns {{ layer: string, feature?: string }}
 */
export function classify(relative) {
  const [top, second] = relative.split('/');
  if (top === 'features' && second) return { layer: 'features', feature: second };
  if (relative === 'main.tsx' || relative === 'main.ts') return { layer: 'entry' };
  if (['app', 'components', 'lib', 'i18n', 'testing', 'assets', 'styles', 'contract'].includes(top ?? '')) {
    return { layer: /** @type {string} */ (top) };
  }
  return { layer: 'other' };
}

/**
 * The app's "kernel": modules in app/ that lower layers may use. api.ts is the one createApi that
 * features inject endpoints into; referenceApi.ts declares the reference reads every feature
 * shares (settings, categories, brands, localities) once; hooks.ts holds the typed Redux hooks;
 * store.ts may be imported for its types only. None of them imports a feature or component at
 * run time except store.ts.
 */
const KERNEL = new Set(['app/api', 'app/referenceApi', 'app/hooks']);
const TYPE_ONLY_KERNEL = new Set(['app/store']);

/**
 * What each layer may import (besides itself). `contract` (the API's types, codes and limits,
 * generated from docs/openapi.yaml) is the bottom layer: everyone may use it, it imports nothing.
 * @type {Record<string, string[]>}
 */
const ALLOWED = {
  contract: [],
  lib: ['lib', 'i18n', 'contract'],
  i18n: ['i18n', 'lib', 'contract'],
  components: ['components', 'lib', 'i18n', 'assets', 'styles', 'kernel', 'contract'],
  features: ['components', 'lib', 'i18n', 'assets', 'styles', 'kernel', 'contract'],
  app: ['app', 'features', 'components', 'lib', 'i18n', 'assets', 'styles', 'contract'],
  entry: ['app', 'features', 'components', 'lib', 'i18n', 'assets', 'styles', 'contract'],
  testing: ['app', 'features', 'components', 'lib', 'i18n', 'assets', 'styles', 'testing', 'contract'],
  other: ['lib', 'i18n', 'contract'],
};

const TEST_FILE = /\.(test|spec)\.[jt]sx?$/;

/** @param {string} p */
function toPosix(p) {
  return p.split(path.sep).join('/');
}

/** @param {string} target module path relative to src/, without extension */
function stripExtension(target) {
  return target.replace(/\.(tsx?|jsx?|json|css|svg)$/, '');
}

/** @type {import('eslint').Rule.RuleModule} */
const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce shared (components, lib) -> features -> app; features never import each other.' },
    messages: {
      crossFeature:
        "Feature '{{from}}' must not import feature '{{to}}'; move the shared part to components/ or lib/, or compose both in app/.",
      upward: "'{{from}}' code must not import from '{{to}}' (imports flow components/lib -> features -> app).",
      typeOnly: "Import '{{target}}' with `import type`: lower layers may use the store's types only.",
      testing: 'Production code must not import from testing/.',
      relative: "Use the '@/' alias instead of a relative path that leaves '{{scope}}'.",
    },
    schema: [{ type: 'object', properties: { srcDir: { type: 'string' } }, additionalProperties: false }],
  },
  create(context) {
    const srcDir = path.resolve(context.cwd, context.options[0]?.srcDir ?? 'src');
    const filename = path.resolve(context.filename);
    const fromRelative = toPosix(path.relative(srcDir, filename));
    if (fromRelative.startsWith('..')) return {};
    const from = classify(fromRelative);
    const isTest = TEST_FILE.test(filename);

    /**
     * @param {import('estree').Node} node
     * @param {string} source
     * @param {boolean} typeOnly
     */
    function check(node, source, typeOnly) {
      let targetRelative;
      if (source.startsWith('@/')) {
        targetRelative = source.slice(2);
      } else if (source.startsWith('.')) {
        targetRelative = toPosix(path.relative(srcDir, path.resolve(path.dirname(filename), source)));
        const scope = from.layer === 'features' ? `features/${from.feature ?? ''}` : from.layer;
        const target = classify(targetRelative);
        const sameScope = target.layer === from.layer && target.feature === from.feature;
        if (!sameScope) {
          context.report({ node, messageId: 'relative', data: { scope } });
          return;
        }
      } else {
        return; // a package
      }
      const target = classify(targetRelative);
      const targetModule = stripExtension(targetRelative);

      if (target.layer === 'testing') {
        if (!isTest && from.layer !== 'testing') context.report({ node, messageId: 'testing' });
        return;
      }
      if (from.layer === 'features' && target.layer === 'features') {
        if (target.feature !== from.feature) {
          context.report({
            node,
            messageId: 'crossFeature',
            data: { from: from.feature ?? '', to: target.feature ?? '' },
          });
        }
        return;
      }
      if (target.layer === from.layer) return;

      const allowed = ALLOWED[/** @type {keyof typeof ALLOWED} */ (from.layer)] ?? [];
      if (allowed.includes(target.layer)) return;
      // Tests may render whole routes and build real stores; they still may not cross features.
      if (isTest && (target.layer === 'app' || target.layer === 'features')) return;
      if (target.layer === 'app' && allowed.includes('kernel')) {
        if (KERNEL.has(targetModule)) return;
        if (TYPE_ONLY_KERNEL.has(targetModule)) {
          if (!typeOnly) context.report({ node, messageId: 'typeOnly', data: { target: source } });
          return;
        }
      }
      context.report({ node, messageId: 'upward', data: { from: from.layer, to: target.layer } });
    }

    return {
      ImportDeclaration(node) {
        const typeOnly =
          /** @type {any} */ (node).importKind === 'type' ||
          (node.specifiers.length > 0 && node.specifiers.every((s) => /** @type {any} */ (s).importKind === 'type'));
        check(node, String(node.source.value), typeOnly);
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, String(node.source.value), /** @type {any} */ (node).exportKind === 'type');
      },
      ExportAllDeclaration(node) {
        check(node, String(node.source.value), /** @type {any} */ (node).exportKind === 'type');
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') {
          check(node, node.source.value, false);
        }
      },
    };
  },
};

/** @type {import('eslint').Rule.RuleModule} */
const noBarrelFiles = {
  meta: {
    type: 'suggestion',
    docs: { description: 'No index files and no modules that only re-export others: import from the defining file.' },
    messages: {
      indexFile: 'No index.* files: name the module after what it defines and import it directly.',
      reexportOnly: 'This module only re-exports other modules (a barrel); import from the defining files instead.',
    },
    schema: [],
  },
  create(context) {
    return {
      Program(node) {
        if (/^index\.[cm]?[jt]sx?$/.test(path.basename(context.filename))) {
          context.report({ node, messageId: 'indexFile' });
          return;
        }
        const statements = node.body.filter((s) => s.type !== 'ImportDeclaration');
        const reexports = statements.filter(
          (s) => s.type === 'ExportAllDeclaration' || (s.type === 'ExportNamedDeclaration' && s.source),
        );
        if (reexports.length > 0 && reexports.length === statements.length) {
          context.report({ node, messageId: 'reexportOnly' });
        }
      },
    };
  },
};

export default {
  meta: { name: 'eslint-plugin-remat' },
  rules: { 'import-boundaries': importBoundaries, 'no-barrel-files': noBarrelFiles },
};
