import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCursorPages } from '@/components/CursorPager/CursorPager';
import * as limits from '@/contract/limits.gen';
import { useGetAdminUsersQuery } from '@/features/admin/api';
import { AccountStatusBadge, ErrorAlert, fullName, Pager } from '@/features/admin/shared';
import { toApiError } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dateTime';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';

/**
 * `admin/users`: accounts, searched by name or e-mail address (`?q=`, so the browser's back
 * button returns to a search), newest first, each linking to its detail.
 */
export function UsersPage() {
  const { t } = useTranslation(['admin', 'errors']);
  const lang = useLang();
  const inputId = useId();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [shownFor, setShownFor] = useState(q);
  // A new search in the URL (back button) updates the field.
  if (shownFor !== q) {
    setShownFor(q);
    setText(q);
  }
  const pages = useCursorPages(q);
  const users = useGetAdminUsersQuery({ q, cursor: pages.cursor });
  useDocumentTitle(t('users.pageTitle'));
  const items = users.data?.items ?? [];

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = text.trim();
    setParams(value === '' ? {} : { q: value });
  }

  let result = '';
  if (users.isSuccess && !users.isFetching) {
    if (items.length === 0) result = q === '' ? t('users.none') : t('users.noMatch', { q });
    else result = q === '' ? t('users.shown', { count: items.length }) : t('users.found', { count: items.length, q });
  }

  return (
    <div className="admin-page">
      <h1>{t('users.title')}</h1>
      <form role="search" className="admin-search" onSubmit={onSubmit}>
        <div className="field">
          <label htmlFor={inputId}>{t('users.searchLabel')}</label>
          <input
            id={inputId}
            type="search"
            value={text}
            maxLength={limits.listUsers.q.maxLength}
            onChange={(event) => {
              setText(event.target.value);
            }}
          />
        </div>
        <button type="submit" className="button">
          {t('users.search')}
        </button>
      </form>

      {users.isLoading && <p role="status">{t('common.loading')}</p>}
      {users.isError && <ErrorAlert error={toApiError(users.error)} />}
      <p className="admin-live" aria-live="polite">
        {result}
      </p>

      {items.length > 0 && (
        <div className="admin-table-scroll">
          <table className="admin-table" aria-busy={users.isFetching}>
            <caption>{t('users.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('users.columns.name')}</th>
                <th scope="col">{t('users.columns.email')}</th>
                <th scope="col">{t('users.columns.accountType')}</th>
                <th scope="col">{t('users.columns.status')}</th>
                <th scope="col">{t('users.columns.verified')}</th>
                <th scope="col">{t('users.columns.created')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((user) => (
                <tr key={user.id}>
                  <th scope="row">
                    <Link to={paths.adminUser(lang, user.id)}>{fullName(user) || user.email}</Link>
                    {user.companyName && <span className="admin-muted admin-block">{user.companyName}</span>}
                    {user.role === 'admin' && <span className="admin-tag">{t('roles.admin')}</span>}
                  </th>
                  <td>{user.email}</td>
                  <td>{t(`accountTypes.${user.accountType}`)}</td>
                  <td>
                    <AccountStatusBadge status={user.status} />
                  </td>
                  <td>{user.emailVerified ? t('common.yes') : t('common.no')}</td>
                  <td>{formatDateTime(user.createdAt, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pager pages={pages} nextCursor={users.data?.nextCursor} busy={users.isFetching} />
    </div>
  );
}
