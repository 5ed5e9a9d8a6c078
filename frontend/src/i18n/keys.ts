import type { ParseKeys } from 'i18next';
import type { Namespace } from '@/i18n/namespaces';

/**
 * Any translation key written with its namespace (`contactUs:toast.success`). Used where a key
 * is stored and translated later (toasts), so a stored key is still checked at compile time.
 */
export type TranslationKey = { [N in Namespace]: `${N}:${ParseKeys<N>}` }[Namespace];

/** The namespace a qualified key belongs to (`contactUs` for `contactUs:toast.success`). */
export function namespaceOf(key: TranslationKey): Namespace {
  return key.slice(0, key.indexOf(':')) as Namespace;
}
