/**
 * Compile-time checks of the typed translations (run by `tsc`, never executed): if keys stopped
 * being checked, the `@ts-expect-error` lines below would become errors themselves.
 */
import type { TFunction } from 'i18next';
import type { TranslationKey } from '@/i18n/keys';

declare const t: TFunction<['common', 'contactUs']>;

t('header.buy');
t('contactUs:toast.success');
// @ts-expect-error an unknown key must not compile
t('header.doesNotExist');
// @ts-expect-error a key of a namespace that was not requested must not compile
t('home:hero.title');

export const knownKey: TranslationKey = 'errors:codes.internal_error';
// @ts-expect-error a stored key is checked too
export const unknownKey: TranslationKey = 'errors:codes.no_such_code';
