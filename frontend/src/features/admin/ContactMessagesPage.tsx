import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetContactUsMessagesQuery } from '@/features/admin/api';
import { ErrorAlert, formatDateTime, Pager, useCursorPages } from '@/features/admin/shared';
import { toApiError } from '@/lib/apiError';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';

/**
 * `admin/contact-us`: the messages of the public contact-us form, newest first; "Read" opens a
 * message below its row, with a reply link.
 */
export function ContactMessagesPage() {
  const { t } = useTranslation(['admin', 'errors']);
  const lang = useLang();
  const pages = useCursorPages();
  const messages = useGetContactUsMessagesQuery({ cursor: pages.cursor });
  const [openId, setOpenId] = useState<string | null>(null);
  useDocumentTitle(t('contactUs.pageTitle'));
  const items = messages.data?.items ?? [];

  return (
    <div className="admin-page">
      <h1>{t('contactUs.title')}</h1>
      {messages.isLoading && <p role="status">{t('common.loading')}</p>}
      {messages.isError && <ErrorAlert error={toApiError(messages.error)} />}
      <p className="admin-live" aria-live="polite">
        {messages.isSuccess && items.length === 0 && pages.page === 0 ? t('contactUs.empty') : ''}
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
                        <span className={`admin-badge admin-badge--${message.status === 'new' ? 'new' : 'handled'}`}>
                          {t(`contactUs.status.${message.status === 'new' ? 'new' : 'handled'}`)}
                        </span>
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

      <Pager
        page={pages.page}
        nextCursor={messages.data?.nextCursor}
        busy={messages.isFetching}
        onNext={pages.next}
        onPrevious={pages.previous}
      />
    </div>
  );
}
