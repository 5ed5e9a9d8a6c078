// ESLint flat config: typescript-eslint strict (type-checked), React hooks, jsx-a11y, no literal
// UI text, and Remat's import boundaries.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { literalStringsConfig } from './eslint/literal-strings.js';
import remat from './eslint/remat-plugin.js';

export default defineConfig([
  // *.gen.ts: written by scripts/contract.mjs from docs/openapi.yaml (tsc still checks them).
  globalIgnores(['dist', 'coverage', 'playwright-report', 'test-results', 'node_modules', 'src/**/*.gen.ts']),
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.strict],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/**/*.tsx'],
    ignores: ['src/**/*.test.tsx', 'src/testing/**'],
    ...literalStringsConfig,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { remat },
    rules: {
      'remat/import-boundaries': 'error',
      'remat/no-barrel-files': 'error',
    },
  },
  {
    files: ['e2e/**/*.ts', 'playwright.config.ts', 'vite.config.ts'],
    languageOptions: { globals: globals.node },
  },
]);
