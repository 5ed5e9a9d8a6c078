import type { Dictionary } from '@/i18n/namespaces';

/**
 * One language's dictionary from its JSON files as `import.meta.glob` loads them, keyed by path
 * (`…/<lang>/<ns>.json`): each file is the namespace its name says. (No runtime list of the
 * namespaces here, so that the start-up bundle and the dictionaries share no module; the
 * locale-completeness test checks that every namespace is bundled in every language.)
 */
export function dictionaryOf(files: Record<string, Record<string, unknown>>): Dictionary {
  return Object.fromEntries(
    Object.entries(files).map(([path, json]) => [path.replace(/^.*\/|\.json$/g, ''), json]),
  ) as Dictionary;
}
