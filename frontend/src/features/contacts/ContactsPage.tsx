import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { CursorPager, useCursorPages } from '@/components/CursorPager/CursorPager';
import { EmailAddress } from '@/components/EmailAddress/EmailAddress';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useErrorToast } from '@/components/Toasts/useErrorToast';
import type { ContactRequest, ContactRequestUpdate } from '@/contract/schema.gen';
import {
  useDeleteContactRequestMutation,
  useGetContactRequestsQuery,
  useUpdateContactRequestMutation,
} from '@/features/contacts/api';
import type { TranslationKey } from '@/i18n/keys';
import { toApiError } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dateTime';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import './contacts.css';

/** mailto: link answering a request: the buyer's address and "Re: <ad title>" as subject. */
function replyHref(request: ContactRequest, subject: string): string {
  return `mailto:${encodeURIComponent(request.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`;
}

interface CardProps {
  request: ContactRequest;
  busy: boolean;
  onChange: (change: ContactRequestUpdate & { id: string }, done: TranslationKey) => void;
  onDelete: (request: ContactRequest) => void;
}

/** One request: who, when, about which ad, the message, and what the seller can do with it. */
function RequestCard({ request, busy, onChange, onDelete }: CardProps) {
  const { t } = useTranslation('contacts');
  const lang = useLang();
  const titleId = `contact-${request.id}`;
  const name = request.name;
  return (
    <li>
      <article className={`contact-card${request.read ? '' : ' contact-card--unread'}`} aria-labelledby={titleId}>
        <div className="contact-card__head">
          <h2 id={titleId} className="contact-card__title">
            {t('inbox.from', { name })}
          </h2>
          <span className="contact-card__state">{request.read ? t('inbox.read') : t('inbox.unread')}</span>
        </div>
        <dl className="contact-card__meta">
          <dt>{t('inbox.sentAt')}</dt>
          <dd>
            <time dateTime={request.createdAt}>{formatDateTime(request.createdAt, lang)}</time>
          </dd>
          <dt>{t('inbox.ad')}</dt>
          <dd>
            <Link to={paths.product(lang, request.adId)}>{request.adTitle}</Link>
          </dd>
          <dt>{t('inbox.email')}</dt>
          <dd>
            <EmailAddress address={request.email} />
          </dd>
          {request.phone !== undefined && request.phone !== '' && (
            <>
              <dt>{t('inbox.phone')}</dt>
              <dd>{request.phone}</dd>
            </>
          )}
        </dl>
        <p className="contact-card__message">{request.message}</p>
        <div className="contact-card__actions">
          <a
            className="button"
            href={replyHref(request, t('inbox.replySubject', { title: request.adTitle }))}
            aria-label={t('inbox.replyLabel', { name })}
          >
            {t('inbox.reply')}
          </a>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            aria-label={request.read ? t('inbox.markUnreadLabel', { name }) : t('inbox.markReadLabel', { name })}
            onClick={() => {
              onChange(
                { id: request.id, read: !request.read },
                request.read ? 'contacts:toast.markedUnread' : 'contacts:toast.markedRead',
              );
            }}
          >
            {request.read ? t('inbox.markUnread') : t('inbox.markRead')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            aria-label={request.archived ? t('inbox.unarchiveLabel', { name }) : t('inbox.archiveLabel', { name })}
            onClick={() => {
              onChange(
                request.archived ? { id: request.id, archived: false } : { id: request.id, archived: true, read: true },
                request.archived ? 'contacts:toast.unarchived' : 'contacts:toast.archived',
              );
            }}
          >
            {request.archived ? t('inbox.unarchive') : t('inbox.archive')}
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            aria-label={t('inbox.deleteLabel', { name })}
            onClick={() => {
              onDelete(request);
            }}
          >
            {t('inbox.delete')}
          </button>
        </div>
      </article>
    </li>
  );
}

/**
 * Dashboard "Messages" (user/contacts, spec §2): the requests buyers sent to the signed-in seller,
 * newest first, 20 per page (cursor pages, previous/next), in the inbox or the archive. Each shows
 * the date sent, the buyer, the ad (a link), the message and its read state; the seller replies by
 * e-mail, marks it read or unread, archives it, or deletes it after a confirmation.
 */
export function ContactsPage() {
  const { t } = useTranslation(['contacts', 'errors']);
  const dispatch = useAppDispatch();
  const showError = useErrorToast();
  useDocumentTitle(t('inbox.pageTitle'));
  const [archived, setArchived] = useState(false);
  const pages = useCursorPages(archived ? 'archive' : 'inbox');
  const list = useGetContactRequestsQuery({ archived, cursor: pages.cursor });
  const [update, updateCall] = useUpdateContactRequestMutation();
  const [remove, removeCall] = useDeleteContactRequestMutation();
  const [pending, setPending] = useState<ContactRequest | null>(null);
  const items = list.data?.items ?? [];

  /** Leaving the last request of a later page: go back one page rather than show an empty one. */
  function leftPage() {
    if (items.length === 1 && pages.page > 0) pages.previous();
  }

  async function change(body: ContactRequestUpdate & { id: string }, done: TranslationKey) {
    try {
      await update(body).unwrap();
      if (body.archived !== undefined) leftPage();
      dispatch(toastShown({ kind: 'success', messageKey: done }));
    } catch (error) {
      showError(error);
    }
  }

  async function confirmDelete() {
    if (pending === null) return;
    try {
      await remove(pending.id).unwrap();
      leftPage();
      dispatch(toastShown({ kind: 'success', messageKey: 'contacts:toast.deleted' }));
    } catch (error) {
      showError(error);
    } finally {
      setPending(null);
    }
  }

  function showFolder(next: boolean) {
    setArchived(next);
  }

  return (
    <div className="page contacts-page">
      <div className="contacts-page__head">
        <h1>{t('inbox.title')}</h1>
        {list.data !== undefined && (
          <p className="contacts-page__count">{t('inbox.unreadCount', { count: list.data.unreadCount })}</p>
        )}
      </div>

      <div className="contacts-folders" role="group" aria-label={t('inbox.folderLabel')}>
        <button
          type="button"
          className={archived ? 'button button--secondary' : 'button'}
          aria-pressed={!archived}
          onClick={() => {
            showFolder(false);
          }}
        >
          {t('inbox.inbox')}
        </button>
        <button
          type="button"
          className={archived ? 'button' : 'button button--secondary'}
          aria-pressed={archived}
          onClick={() => {
            showFolder(true);
          }}
        >
          {t('inbox.archiveFolder')}
        </button>
      </div>

      {list.isLoading && <p role="status">{t('inbox.loading')}</p>}
      {list.isError && (
        <div className="contact-panel__alert" role="alert">
          <p>{t(`errors:${toApiError(list.error).messageKey}`)}</p>
        </div>
      )}

      {list.isSuccess && items.length === 0 && pages.page === 0 && (
        <div className="contacts-empty">
          <p>{archived ? t('inbox.emptyArchive') : t('inbox.empty')}</p>
        </div>
      )}

      {items.length > 0 && (
        <ul className="contacts-list" aria-busy={list.isFetching} aria-label={t('inbox.listLabel')}>
          {items.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              busy={updateCall.isLoading || removeCall.isLoading}
              onChange={(body, done) => void change(body, done)}
              onDelete={setPending}
            />
          ))}
        </ul>
      )}

      <CursorPager
        label={t('inbox.pagination.label')}
        pages={pages}
        nextCursor={list.data?.nextCursor}
        busy={list.isFetching}
      />

      {pending !== null && (
        <ConfirmDialog
          danger
          title={t('confirm.deleteTitle')}
          text={t('confirm.deleteText', { name: pending.name })}
          confirmLabel={t('confirm.deleteConfirm')}
          busy={removeCall.isLoading}
          onConfirm={() => void confirmDelete()}
          onCancel={() => {
            setPending(null);
          }}
        />
      )}
    </div>
  );
}
