import path from 'node:path';
import { ESLint, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { literalStringsConfig } from './literal-strings.js';
import remat from './remat-plugin.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const src = path.join(process.cwd(), 'src');
const file = (/** @type {string} */ relative) => path.join(src, relative);
const options = [{ srcDir: src }];

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});

describe('remat/import-boundaries', () => {
  tester.run('import-boundaries', remat.rules['import-boundaries'], {
    valid: [
      {
        filename: file('features/contactUs/ContactForm.tsx'),
        code: "import { x } from '@/features/contactUs/api';",
        options,
      },
      { filename: file('features/contactUs/ContactForm.tsx'), code: "import { x } from './api';", options },
      {
        filename: file('features/contactUs/ContactForm.tsx'),
        code: "import { x } from '@/components/Toasts/toastSlice';",
        options,
      },
      { filename: file('features/contactUs/ContactForm.tsx'), code: "import { api } from '@/app/api';", options },
      {
        filename: file('features/contactUs/ContactForm.tsx'),
        code: "import { useAppDispatch } from '@/app/hooks';",
        options,
      },
      {
        filename: file('features/myAds/DetailsForm.tsx'),
        code: "import { useGetCategoriesQuery } from '@/app/referenceApi';",
        options,
      },
      {
        filename: file('components/Header/Header.tsx'),
        code: "import { useGetSettingsQuery } from '@/app/referenceApi';",
        options,
      },
      {
        filename: file('components/Toasts/Toasts.tsx'),
        code: "import type { RootState } from '@/app/store';",
        options,
      },
      {
        filename: file('components/Toasts/Toasts.tsx'),
        code: "import { type RootState } from '@/app/store';",
        options,
      },
      { filename: file('app/store.ts'), code: "import { authSlice } from '@/features/auth/authSlice';", options },
      { filename: file('app/router.tsx'), code: "const m = import('@/features/home/HomePage');", options },
      { filename: file('lib/paths.ts'), code: "import type { Language } from '@/lib/languages';", options },
      { filename: file('features/home/Home.test.tsx'), code: "import { renderApp } from '@/testing/render';", options },
      { filename: file('features/home/Home.test.tsx'), code: "import { routes } from '@/app/router';", options },
      { filename: file('lib/paths.ts'), code: "import { useState } from 'react';", options },
      {
        filename: file('features/myAds/DetailsForm.tsx'),
        code: "import { limits } from '@/contract/limits.gen';",
        options,
      },
      { filename: file('lib/apiError.ts'), code: "import { ERROR_CODES } from '@/contract/codes.gen';", options },
    ],
    invalid: [
      {
        filename: file('features/contactUs/ContactForm.tsx'),
        code: "import { HomePage } from '@/features/home/HomePage';",
        options,
        errors: [{ messageId: 'crossFeature' }],
      },
      {
        filename: file('features/contactUs/ContactForm.tsx'),
        code: "import { x } from '../home/HomePage';",
        options,
        errors: [{ messageId: 'relative' }],
      },
      {
        filename: file('components/Header/Header.tsx'),
        code: "import { x } from '@/features/settings/SettingsGate';",
        options,
        errors: [{ messageId: 'upward' }],
      },
      {
        filename: file('lib/settings.ts'),
        code: "import { useGetSettingsQuery } from '@/app/referenceApi';",
        options,
        errors: [{ messageId: 'upward' }],
      },
      {
        filename: file('features/myAds/DetailsForm.tsx'),
        code: "import { routes } from '@/app/router';",
        options,
        errors: [{ messageId: 'upward' }],
      },
      {
        filename: file('lib/apiError.ts'),
        code: "import { x } from '@/components/Toasts/toastSlice';",
        options,
        errors: [{ messageId: 'upward' }],
      },
      {
        filename: file('features/home/HomePage.tsx'),
        code: "import { routes } from '@/app/router';",
        options,
        errors: [{ messageId: 'upward' }],
      },
      {
        filename: file('contract/limits.gen.ts'),
        code: "import type { Language } from '@/lib/languages';",
        options,
        errors: [{ messageId: 'upward' }],
      },
      {
        filename: file('features/home/HomePage.tsx'),
        code: "import { makeStore } from '@/app/store';",
        options,
        errors: [{ messageId: 'typeOnly' }],
      },
      {
        filename: file('app/router.tsx'),
        code: "import { server } from '@/testing/server';",
        options,
        errors: [{ messageId: 'testing' }],
      },
      {
        filename: file('features/home/HomePage.tsx'),
        code: "export { x } from '@/features/about/AboutPage';",
        options,
        errors: [{ messageId: 'crossFeature' }],
      },
    ],
  });
});

describe('remat/no-barrel-files', () => {
  tester.run('no-barrel-files', remat.rules['no-barrel-files'], {
    valid: [
      { filename: file('lib/paths.ts'), code: 'export const a = 1;' },
      { filename: file('i18n/dictionaries/en.ts'), code: "import a from './a.json';\nexport default { a };" },
    ],
    invalid: [
      { filename: file('components/index.ts'), code: 'export const a = 1;', errors: [{ messageId: 'indexFile' }] },
      {
        filename: file('components/all.ts'),
        code: "export * from './Header';\nexport { Footer } from './Footer';",
        errors: [{ messageId: 'reexportOnly' }],
      },
    ],
  });
});

describe('no literal user-facing strings in JSX', () => {
  const eslint = new ESLint({
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.tsx'],
        languageOptions: { parser: tseslint.parser, parserOptions: { ecmaFeatures: { jsx: true } } },
      },
      { files: ['**/*.tsx'], ...literalStringsConfig },
    ],
  });

  async function lint(/** @type {string} */ code) {
    const [result] = await eslint.lintText(code, { filePath: 'src/components/Fixture.tsx' });
    return (result?.messages ?? []).map((m) => m.ruleId);
  }

  it.each([
    ['text', 'export const Greeting = () => <p>Hello</p>;'],
    ['a string child', "export const Greeting = () => <p>{'Hello'}</p>;"],
    ['an aria-label', 'export const Greeting = () => <button aria-label="Close" />;'],
    ['alt text', 'export const Greeting = () => <img src="/a.svg" alt="A badge" />;'],
    ['a placeholder', 'export const Greeting = () => <input placeholder="Your name" />;'],
    ['text in a function component', 'export function Greeting() { return <p>Hello</p>; }'],
    [
      'text in a mapped list',
      'export function Steps() { return <ol>{[1, 2].map((n) => <li key={n}>Step</li>)}</ol>; }',
    ],
    // (On <a> the plugin lets attributes pass, because <a> is also an SVG element.)
    ['a title', 'export const Greeting = () => <button type="button" title="More">{t("x")}</button>;'],
  ])('flags %s', async (_, code) => {
    expect(await lint(code)).toContain('i18next/no-literal-string');
  });

  it.each([
    ['translations', 'export const Greeting = () => <p>{t("home:hero.title")}</p>;'],
    [
      'code attributes',
      'export const Greeting = () => <a href="/fr/" className="button" rel="noopener" target="_blank" role="link">{t("x")}</a>;',
    ],
    ['a constant', 'export const Greeting = () => <span>{BRAND_NAME}</span>;'],
  ])('allows %s', async (_, code) => {
    expect(await lint(code)).toEqual([]);
  });
});
