import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useErrorToast } from '@/components/Toasts/useErrorToast';
import { FREQUENCIES } from '@/contract/enums.gen';
import * as limits from '@/contract/limits.gen';
import type { SavedSearch, SavedSearchChange } from '@/contract/schema.gen';
import {
  useDeleteSavedSearchMutation,
  useGetSavedSearchesQuery,
  useUpdateSavedSearchMutation,
} from '@/features/savedSearches/api';
import { summaryParts, type CategoryNamer } from '@/features/savedSearches/summary';
import { fieldErrorKey, messageOptions, toApiError } from '@/lib/apiError';
import { formatDate } from '@/lib/money';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './savedSearches.css';

/** The longest name the server accepts. */
const NAME_MAX_LENGTH = limits.SavedSearchInput.name.maxLength;

type Frequency = SavedSearch['frequency'];

/** Shows a refused call's reason in a toast; resolves to whether the call succeeded. */
function useReport() {
  const showError = useErrorToast();
  return async function report(call: Promise<unknown>): Promise<boolean> {
    try {
      await call;
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };
}

/** The inline form renaming a search; the server's field error shows next to the field. */
function RenameForm({ search, onDone }: { search: SavedSearch; onDone: () => void }) {
  const { t } = useTranslation(['savedSearches', 'errors']);
  const dispatch = useAppDispatch();
  const id = useId();
  const [name, setName] = useState(search.name);
  const [error, setError] = useState<string | undefined>(undefined);
  const [update, { isLoading }] = useUpdateSavedSearchMutation();

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '') {
      setError(t('errors:fields.required'));
      return;
    }
    try {
      await update({ id: search.id, name: trimmed }).unwrap();
      dispatch(toastShown({ kind: 'success', messageKey: 'savedSearches:toast.renamed' }));
      onDone();
    } catch (caught) {
      const apiError = toApiError(caught);
      const code = apiError.fields?.name;
      setError(
        code === undefined
          ? t(
              `errors:${apiError.messageKey}`,
              messageOptions((key) => t(`errors:${key}`), apiError),
            )
          : t(`errors:${fieldErrorKey(code)}`),
      );
    }
  }

  return (
    <form className="saved-search__rename" noValidate onSubmit={(event) => void submit(event)}>
      <label htmlFor={`${id}-name`}>{t('item.newName')}</label>
      <input
        id={`${id}-name`}
        type="text"
        value={name}
        maxLength={NAME_MAX_LENGTH}
        required
        // The form opens on a click on Rename: the field is where the user wants to type.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        onChange={(event) => {
          setName(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
      />
      <button type="submit" className="button" disabled={isLoading}>
        {t('item.saveName')}
      </button>
      <button type="button" className="button button--secondary" onClick={onDone}>
        {t('item.cancel')}
      </button>
      {error !== undefined && (
        <p id={`${id}-error`} className="save-search__field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

interface ItemProps {
  search: SavedSearch;
  categoryName: CategoryNamer;
  onDelete: (search: SavedSearch) => void;
}

function SavedSearchItem({ search, categoryName, onDelete }: ItemProps) {
  const { t } = useTranslation('savedSearches');
  const lang = useLang();
  const dispatch = useAppDispatch();
  const frequencyId = useId();
  const [renaming, setRenaming] = useState(false);
  const [update] = useUpdateSavedSearchMutation();
  const report = useReport();
  const parts = summaryParts(search, t, lang, categoryName);

  async function change(changes: SavedSearchChange) {
    if (await report(update({ id: search.id, ...changes }).unwrap())) {
      dispatch(toastShown({ kind: 'success', messageKey: 'savedSearches:toast.updated' }));
    }
  }

  return (
    <li className={`saved-search${search.paused ? ' saved-search--paused' : ''}`}>
      {renaming ? (
        <RenameForm
          search={search}
          onDone={() => {
            setRenaming(false);
          }}
        />
      ) : (
        <h2 className="saved-search__name">{search.name}</h2>
      )}
      <dl className="saved-search__facts">
        <div>
          <dt>{t('item.filters')}</dt>
          <dd>{parts.length > 0 ? parts.join(' · ') : t('summary.all')}</dd>
        </div>
        <div>
          <dt>{t('item.status')}</dt>
          <dd>{search.paused ? t('item.paused') : t('item.active')}</dd>
        </div>
        <div>
          <dt>{t('item.lastSent')}</dt>
          <dd>{search.lastSentAt ? formatDate(search.lastSentAt, lang) : t('item.neverSent')}</dd>
        </div>
      </dl>
      <div className="saved-search__actions">
        <Link
          className="button"
          to={paths.products(lang, new URLSearchParams(search.params))}
          aria-label={t('item.openLabel', { name: search.name })}
        >
          {t('item.open')}
        </Link>
        {!renaming && (
          <button
            type="button"
            className="button button--secondary"
            aria-label={t('item.renameLabel', { name: search.name })}
            onClick={() => {
              setRenaming(true);
            }}
          >
            {t('item.rename')}
          </button>
        )}
        <label className="saved-search__frequency" htmlFor={frequencyId}>
          <span aria-hidden="true">{t('item.frequency')}</span>{' '}
          <select
            id={frequencyId}
            aria-label={t('item.frequencyLabel', { name: search.name })}
            value={search.frequency}
            onChange={(event) => void change({ frequency: event.target.value as Frequency })}
          >
            {FREQUENCIES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`frequency.${choice}`)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button--secondary"
          aria-label={
            search.paused ? t('item.resumeLabel', { name: search.name }) : t('item.pauseLabel', { name: search.name })
          }
          onClick={() => void change({ paused: !search.paused })}
        >
          {search.paused ? t('item.resume') : t('item.pause')}
        </button>
        <button
          type="button"
          className="button button--danger"
          aria-label={t('item.deleteLabel', { name: search.name })}
          onClick={() => {
            onDelete(search);
          }}
        >
          {t('item.delete')}
        </button>
      </div>
    </li>
  );
}

/**
 * Dashboard "Saved searches" (user/saved-searches): the searches whose new ads are e-mailed to
 * the user, newest first, each with its filters in words, frequency, status and last alert. Each
 * can be opened, renamed, switched between hourly and daily e-mails, paused and deleted.
 */
export function SavedSearchesPage({ categoryName }: { categoryName: CategoryNamer }) {
  const { t } = useTranslation(['savedSearches', 'errors']);
  const lang = useLang();
  const dispatch = useAppDispatch();
  useDocumentTitle(t('page.pageTitle'));
  const list = useGetSavedSearchesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [remove, { isLoading: removing }] = useDeleteSavedSearchMutation();
  const report = useReport();
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const items = list.data?.items ?? [];
  const loadError = list.isError ? toApiError(list.error) : null;

  async function confirmDelete() {
    if (deleting === null) return;
    const target = deleting;
    setDeleting(null);
    if (await report(remove(target.id).unwrap())) {
      dispatch(toastShown({ kind: 'success', messageKey: 'savedSearches:toast.deleted' }));
    }
  }

  return (
    <div className="page saved-searches-page">
      <h1>{t('page.title')}</h1>
      <p className="saved-searches-page__lead">{t('page.lead')}</p>

      {list.isLoading && <p role="status">{t('page.loading')}</p>}
      {loadError !== null && (
        <div className="save-search__error" role="alert">
          <p>
            {t(
              `errors:${loadError.messageKey}`,
              messageOptions((key) => t(`errors:${key}`), loadError),
            )}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void list.refetch()}>
            {t('page.retry')}
          </button>
        </div>
      )}

      {list.data !== undefined && (
        <p className="saved-searches-page__count">{t('page.count', { n: items.length, max: list.data.max })}</p>
      )}

      {list.isSuccess && items.length === 0 && (
        <div className="saved-searches-page__empty">
          <p>{t('page.empty')}</p>
          <p>
            <Link to={paths.products(lang)}>{t('page.browse')}</Link>
          </p>
        </div>
      )}

      {items.length > 0 && (
        <ul className="saved-searches" aria-label={t('page.listLabel')} aria-busy={list.isFetching}>
          {items.map((search) => (
            <SavedSearchItem key={search.id} search={search} categoryName={categoryName} onDelete={setDeleting} />
          ))}
        </ul>
      )}

      {deleting !== null && (
        <ConfirmDialog
          title={t('item.deleteTitle')}
          text={t('item.deleteText', { name: deleting.name })}
          confirmLabel={t('item.deleteConfirm')}
          danger
          busy={removing}
          onConfirm={() => void confirmDelete()}
          onCancel={() => {
            setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
