import type { Category, Localized } from '@/contract/schema.gen';
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '@/lib/languages';

/** The text in `lang`, else English, else any language the API sent. */
export function localized(text: Localized | undefined, lang: Language): string {
  if (!text) return '';
  return text[lang] ?? text[FALLBACK_LANGUAGE] ?? LANGUAGES.map((l) => text[l]).find(Boolean) ?? '';
}

/** One entry of a category picker: depth 0 for top-level categories. */
export interface CategoryOption {
  slug: string;
  name: string;
  depth: number;
}

/**
 * The category tree in display order (each parent followed by its children, siblings by
 * sortOrder then name), with names in `lang`. Nodes whose parent is unknown are shown at the top
 * level rather than lost; cycles cannot loop.
 */
export function categoryOptions(categories: readonly Category[], lang: Language): CategoryOption[] {
  const known = new Set(categories.map((c) => c.slug));
  const children = new Map<string, Category[]>();
  for (const category of categories) {
    const parent = category.parent && known.has(category.parent) ? category.parent : '';
    const list = children.get(parent) ?? [];
    list.push(category);
    children.set(parent, list);
  }
  const out: CategoryOption[] = [];
  const seen = new Set<string>();
  const visit = (parent: string, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort(
      (a, b) => a.sortOrder - b.sortOrder || localized(a.names, lang).localeCompare(localized(b.names, lang)),
    );
    for (const category of list) {
      if (seen.has(category.slug)) continue;
      seen.add(category.slug);
      out.push({ slug: category.slug, name: localized(category.names, lang) || category.slug, depth });
      visit(category.slug, depth + 1);
    }
  };
  visit('', 0);
  return out;
}

/** The name of `slug` in `lang` (the slug itself when the category is unknown). */
export function categoryName(categories: readonly Category[] | undefined, slug: string, lang: Language): string {
  const category = categories?.find((c) => c.slug === slug);
  const name = category ? localized(category.names, lang) : '';
  return name === '' ? slug : name;
}

/**
 * The path from the top of the tree down to `slug` (inclusive), for breadcrumbs; `categoryPath`
 * from the API lists the slug then its ancestors.
 */
export function categoryTrail(categoryPath: readonly string[]): string[] {
  return [...categoryPath].reverse();
}
