import { describe, expect, it } from 'vitest';
import { namespacesAt, PAGE_NAMESPACES, pagesAt, SHELL_NAMESPACES, type PageKey } from '@/app/pages';
import { NAMESPACES, type Namespace } from '@/i18n/namespaces';

describe('pagesAt', () => {
  it.each<[string, PageKey[]]>([
    ['/fr/', ['home']],
    ['/fr', ['home']],
    ['/', ['home']],
    ['/about', ['about']],
    ['/de/de/about', ['about']],
    ['/it/how-it-works', ['howItWorks']],
    ['/fr/products', ['products']],
    ['/fr/products/', ['products']],
    ['/fr/products/abc123', ['searchToken']],
    ['/fr/product/42', ['product']],
    ['/fr/seller/7', ['seller']],
    ['/fr/login', ['login']],
    ['/fr/login/social', ['socialLogin']],
    ['/fr/vendre', ['sell']],
    ['/fr/payment/o1', ['payment']],
    ['/fr/payment/o1/success', ['paymentResult']],
    ['/fr/payment/o1/failure', ['paymentResult']],
    ['/fr/terms', ['terms']],
    ['/fr/privacy', ['privacy']],
    ['/fr/user', ['user', 'profile']],
    ['/fr/user/information', ['user', 'profile']],
    ['/fr/user/payment-details', ['user', 'paymentDetails']],
    ['/fr/user/products', ['user', 'myAds']],
    ['/fr/user/products/add-product', ['user', 'adEditor']],
    ['/fr/user/products/edit-product/9', ['user', 'adEditor']],
    ['/fr/user/privacy', ['user', 'accountPrivacy']],
    ['/fr/user/nowhere', ['user']],
    ['/fr/admin', ['admin', 'adminReports']],
    ['/fr/admin/users', ['admin', 'adminUsers']],
    ['/fr/admin/users/u1', ['admin', 'adminUser']],
    ['/fr/admin/brands', ['admin', 'adminBrands']],
    ['/fr/admin/nowhere', ['admin']],
    ['/fr/nowhere', []],
  ])('%s shows %j', (path, pages) => {
    expect(pagesAt(path)).toEqual(pages);
  });
});

describe('namespacesAt', () => {
  it.each<[string, Namespace[]]>([
    ['/fr/', ['common', 'home', 'catalogue', 'favourites']],
    ['/de/about', ['common', 'about']],
    ['/fr/user/products', ['common', 'dashboard', 'myAds', 'errors']],
    ['/fr/nowhere', ['common']],
  ])('%s needs %j', (path, namespaces) => {
    expect(namespacesAt(path)).toEqual(namespaces);
  });
});

/**
 * The sources of the app (tests and test helpers aside), read to find which namespaces each page
 * renders. The code follows the project's conventions (imports through `@/`, literal namespaces
 * in `useTranslation`); where it does not, the checks below fail rather than guess.
 */
const SOURCES = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/testing/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const ROUTER = '/src/app/router.tsx';

function fileOf(specifier: string): string | undefined {
  const base = specifier.replace(/^@\//, '/src/');
  return [`${base}.ts`, `${base}.tsx`, base].find((file) => file in SOURCES);
}

function codeOf(file: string): string {
  const code = SOURCES[file];
  if (code === undefined) throw new Error(`no source ${file}`);
  return code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** The `@/` modules a file imports at run time: static imports and, except in the router, lazy ones. */
function importsOf(file: string): string[] {
  const code = codeOf(file);
  const specifiers = [...code.matchAll(/^\s*(?:import|export)\s+(?!type\b)(?:[^;]*?\sfrom\s+)?'(@\/[^']+)'/gm)];
  if (file !== ROUTER) specifiers.push(...code.matchAll(/\bimport\(\s*'(@\/[^']+)'\s*\)/g));
  return specifiers.map((match) => fileOf(match[1] ?? '')).filter((found): found is string => found !== undefined);
}

function closureOf(file: string): string[] {
  const seen = new Set<string>();
  const pending = [file];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...importsOf(next));
  }
  return [...seen];
}

/** The text inside the parentheses that open at `start` (just after the `(`). */
function argumentsAt(code: string, start: number): string {
  let depth = 1;
  for (let i = start; i < code.length; i++) {
    if (code[i] === '(') depth++;
    if (code[i] === ')' && --depth === 0) return code.slice(start, i);
  }
  throw new Error('unbalanced parentheses');
}

function isNamespace(value: string): value is Namespace {
  return (NAMESPACES as readonly string[]).includes(value);
}

/**
 * The namespaces a file renders with suspense: `useTranslation(…)` (none = `common`; those with
 * `useSuspense: false` wait for their texts themselves), `t('ns:key')` and `{ ns: 'x' }`.
 */
function namespacesOf(file: string): Namespace[] {
  const code = codeOf(file);
  const found = new Set<Namespace>();
  for (const call of code.matchAll(/\buseTranslation\(/g)) {
    const args = argumentsAt(code, call.index + call[0].length).trim();
    if (/useSuspense:\s*false/.test(args)) continue;
    const first = /^(\[[^\]]*\]|'[^']*')?/.exec(args)?.[0] ?? '';
    if (first === '' && args !== '' && !args.startsWith('{'))
      throw new Error(`${file}: useTranslation(${args}) does not name its namespaces literally`);
    const literals = [...first.matchAll(/'([^']*)'/g)].map((match) => match[1] ?? '');
    for (const name of literals.length > 0 ? literals : ['common']) {
      if (!isNamespace(name)) throw new Error(`${file}: unknown namespace ${name}`);
      found.add(name);
    }
  }
  for (const match of code.matchAll(/\bt\(\s*['`](\w+):|\bns:\s*'(\w+)'/g)) {
    const name = match[1] ?? match[2] ?? '';
    if (isNamespace(name)) found.add(name);
  }
  return [...found];
}

/** Shell modules that render only on one page (the route guards); their namespaces count there. */
const SHELL_MODULES_OF_PAGES: Record<string, PageKey> = {
  '/src/features/auth/RequireAdmin.tsx': 'admin',
};

/** Each page's module, read from the router's `PAGE_MODULES` (`key: () => import('@/…')`). */
function pageModules(): Map<string, string> {
  const table = /const PAGE_MODULES = \{([\s\S]*?)\n\} satisfies/.exec(codeOf(ROUTER))?.[1] ?? '';
  const modules = new Map<string, string>();
  for (const match of table.matchAll(/^\s*(\w+):\s*\(\)\s*=>\s*import\('(@\/[^']+)'\)/gm)) {
    const file = fileOf(match[2] ?? '');
    if (file) modules.set(match[1] ?? '', file);
  }
  return modules;
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

describe('the namespaces of each page', () => {
  const shell = new Set<string>(SHELL_NAMESPACES);

  it('finds a module for every page in the router', () => {
    expect(sorted(pageModules().keys())).toEqual(sorted(Object.keys(PAGE_NAMESPACES)));
  });

  it('keeps the shell to its own namespaces', () => {
    const outside = closureOf('/src/main.tsx')
      .filter((file) => !(file in SHELL_MODULES_OF_PAGES))
      .flatMap((file) => namespacesOf(file).map((ns) => `${file}: ${ns}`))
      .filter((use) => !shell.has(use.slice(use.lastIndexOf(' ') + 1)));
    expect(outside).toEqual([]);
  });

  it.each(Object.keys(PAGE_NAMESPACES) as PageKey[])('lists exactly what page %s renders', (page) => {
    const file = pageModules().get(page);
    expect(file, page).toBeDefined();
    const guards = Object.keys(SHELL_MODULES_OF_PAGES).filter((guard) => SHELL_MODULES_OF_PAGES[guard] === page);
    const used = [...closureOf(file ?? ''), ...guards].flatMap(namespacesOf).filter((ns) => !shell.has(ns));
    expect(sorted(PAGE_NAMESPACES[page])).toEqual(sorted(used));
  });

  it('reads namespaces the way the code writes them', () => {
    const probe = '/src/features/home/HomePage.tsx';
    expect(namespacesOf(probe)).toContain('home');
    expect(closureOf('/src/app/HomeRoute.tsx')).toContain(probe);
    expect(importsOf(ROUTER)).not.toContain('/src/app/HomeRoute.tsx');
  });
});
