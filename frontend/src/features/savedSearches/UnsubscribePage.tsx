import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Preloader } from '@/components/Preloader/Preloader';
import type { SavedSearch } from '@/contract/schema.gen';
import { useUnsubscribeSavedSearchMutation } from '@/features/savedSearches/api';
import { messageOptions, toApiError, type ApiError } from '@/lib/apiError';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './savedSearches.css';

type State = { kind: 'pending' } | { kind: 'done'; search: SavedSearch } | { kind: 'failed'; error: ApiError | null };

/**
 * `unsubscribe?token=…`: the one-click link of an alert e-mail. Pauses the search once on arrival
 * (no sign-in needed), then says which alerts stop. A missing, expired or unknown token (the
 * search may have been deleted) gets one clear message.
 */
export function UnsubscribePage() {
  const { t } = useTranslation(['savedSearches', 'errors']);
  useDocumentTitle(t('unsubscribe.pageTitle'));
  const lang = useLang();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [unsubscribe] = useUnsubscribeSavedSearchMutation();
  const [state, setState] = useState<State>(token === '' ? { kind: 'failed', error: null } : { kind: 'pending' });
  const sent = useRef(false);

  useEffect(() => {
    // Send once only (StrictMode runs effects twice in development).
    if (token === '' || sent.current) return;
    sent.current = true;
    unsubscribe(token)
      .unwrap()
      .then(
        (search) => {
          setState({ kind: 'done', search });
        },
        (error: unknown) => {
          setState({ kind: 'failed', error: toApiError(error) });
        },
      );
  }, [token, unsubscribe]);

  const links = (
    <p className="unsubscribe__links">
      <Link className="button" to={paths.savedSearches(lang)}>
        {t('unsubscribe.manage')}
      </Link>{' '}
      <Link className="button button--secondary" to={paths.products(lang)}>
        {t('unsubscribe.browse')}
      </Link>
    </p>
  );

  // A bad link (400 invalid_token) or none at all: the same advice. Other failures say what happened.
  const failure =
    state.kind === 'failed' && state.error !== null && state.error.code !== 'invalid_token' ? state.error : null;

  return (
    <div className="container page page--narrow unsubscribe">
      <h1>{t('unsubscribe.title')}</h1>
      {state.kind === 'pending' && <Preloader inline />}
      {state.kind === 'done' && (
        <div role="status">
          <p className="page__lead">{t('unsubscribe.done', { name: state.search.name })}</p>
          {links}
        </div>
      )}
      {state.kind === 'failed' && (
        <div role="alert">
          <p className="page__lead">
            {failure === null
              ? t('unsubscribe.invalid')
              : t(
                  `errors:${failure.messageKey}`,
                  messageOptions((key) => t(`errors:${key}`), failure),
                )}
          </p>
          {links}
        </div>
      )}
    </div>
  );
}
