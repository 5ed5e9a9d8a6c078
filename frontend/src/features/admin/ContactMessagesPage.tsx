import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { useCursorPages } from '@/components/CursorPager/CursorPager';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useErrorToast } from '@/components/Toasts/useErrorToast';
import type { ContactUsMessage } from '@/contract/schema.gen';
import { useGetContactUsMessagesQuery, useSetContactUsHandledMutation } from '@/features/admin/api';
import { ErrorAlert, Pager } from '@/features/admin/shared';
import { toApiError } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dateTime';
import { ADMIN_SEGMENTS, paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';

/** The list's filters: every message, the open ones, the handled ones (`?status=`). */
const FILTERS = ['all', 'new', 'handled'] as const;
type Filter = (typeof FILTERS)[number];

function filterOf(value: string | null): Filter {
  return value === 'new' || value === 'handled' ? value : 'all';
}

/** Its state as a badge, who handled it and when, and the button that changes it. */
function HandlingCell({ message }: { message: ContactUsMessage }) {
  const { t } = useTranslation(['admin', 'errors']);
  const lang = useLang();
  const dispatch = useAppDispatch();
  const showError = useErrorToast();
  const [setHandled, call] = useSetContactUsHandledMutation();
  const handled = message.status === 'handled';

  async function toggle() {
    try {
      await setHandled({ id: message.id, handled: !handled }).unwrap();
      dispatch(
        toastShown({
          kind: 'success',
          messageKey: handled ? 'admin:contactUs.reopened' : 'admin:contactUs.markedHandled',
        }),
      );
    } catch (error) {
      showError(error);
    }
  }

  return (
    <div className="admin-stack">
      <span className={`admin-badge admin-badge--${handled ? 'handled' : 'new'}`}>
        {t(`contactUs.status.${handled ? 'handled' : 'new'}`)}
      </span>
      {handled && message.handledBy && (
        <span className="admin-muted">
          {t('contactUs.handledBy', {
            name: message.handledBy.name,
            date: formatDateTime(message.handledAt, lang),
          })}
        </span>
      )}
      <button
        type="button"
        className="admin-action"
        disabled={call.isLoading}
        aria-label={t(handled ? 'contactUs.reopenLabel' : 'contactUs.markHandledLabel', { subject: message.subject })}
        onClick={() => void toggle()}
      >
        {handled ? t('contactUs.reopen') : t('contactUs.markHandled')}
      </button>
    </div>
  );
}

/**
 * `admin/contact-us`: the messages of the public contact-us form, newest first, all of them or the
 * open or handled ones; "Read" opens a message below its row, with a reply link; "Mark handled"
 * records who handled it and when, "Reopen" puts it back among the open ones.
 */
export function ContactMessagesPage() {
  const { t } = useTranslation(['admin', 'errors']);
  const lang = useLang();
  const [params] = useSearchParams();
  const filter = filterOf(params.get('status'));
  const status: ContactUsMessage['status'] | undefined = filter === 'all' ? undefined : filter;
  const pages = useCursorPages(filter);
  const messages = useGetContactUsMessagesQuery({ ...(status !== undefined && { status }), cursor: pages.cursor });
  const [openId, setOpenId] = useState<string | null>(null);
  useDocumentTitle(t('contactUs.pageTitle'));
  const items = messages.data?.items ?? [];
  const base = paths.admin(lang, ADMIN_SEGMENTS.contactUs);

  return (
    <div className="admin-page">
      <h1>{t('contactUs.title')}</h1>
      <ul className="admin-tabs" aria-label={t('contactUs.tabsLabel')}>
        {FILTERS.map((tab) => (
          <li key={tab}>
            <Link
              to={tab === 'all' ? base : `${base}?status=${tab}`}
              aria-current={tab === filter ? 'page' : undefined}
            >
              {t(`contactUs.tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>

      {messages.isLoading && <p role="status">{t('common.loading')}</p>}
      {messages.isError && <ErrorAlert error={toApiError(messages.error)} />}
      <p className="admin-live" aria-live="polite">
        {messages.isSuccess && items.length === 0 && pages.page === 0
          ? filter === 'all'
            ? t('contactUs.empty')
            : t(`contactUs.emptyFilter.${filter}`)
          : ''}
      </p>

      {items.length > 0 && (
        <div className="admin-table-scroll">
          <table className="admin-table" aria-busy={messages.isFetching}>
            <caption>{t('contactUs.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('contactUs.columns.received')}</th>
                <th scope="col">{t('contactUs.columns.subject')}</th>
                <th scope="col">{t('contactUs.columns.from')}</th>
                <th scope="col">{t('contactUs.columns.status')}</th>
                <th scope="col">{t('contactUs.columns.message')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((message) => {
                const open = openId === message.id;
                const panelId = `admin-message-${message.id}`;
                return (
                  <Fragment key={message.id}>
                    <tr>
                      <td>{formatDateTime(message.createdAt, lang)}</td>
                      <th scope="row">{message.subject}</th>
                      <td>
                        <span className="admin-block">{message.name}</span>
                        <span className="admin-muted">{message.email}</span>
                      </td>
                      <td>
                        <HandlingCell message={message} />
                      </td>
                      <td>
                        <button
                          type="button"
                          className="admin-action"
                          aria-expanded={open}
                          aria-controls={open ? panelId : undefined}
                          aria-label={t(open ? 'contactUs.closeLabel' : 'contactUs.readLabel', {
                            subject: message.subject,
                          })}
                          onClick={() => {
                            setOpenId(open ? null : message.id);
                          }}
                        >
                          {open ? t('contactUs.close') : t('contactUs.read')}
                        </button>
                      </td>
                    </tr>
                    {open && (
                      <tr className="admin-table__detail">
                        <td colSpan={5}>
                          <div
                            id={panelId}
                            role="region"
                            aria-label={t('contactUs.messageLabel', { subject: message.subject })}
                          >
                            <p className="admin-text">{message.message}</p>
                            <p>
                              <a
                                href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                              >
                                {t('contactUs.reply', { email: message.email })}
                              </a>
                            </p>
                          </div>
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      <Pager pages={pages} nextCursor={messages.data?.nextCursor} busy={messages.isFetching} />
    </div>
  );
}
