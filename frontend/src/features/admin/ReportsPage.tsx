import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { useCursorPages } from '@/components/CursorPager/CursorPager';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useErrorToast } from '@/components/Toasts/useErrorToast';
import * as limits from '@/contract/limits.gen';
import { RESOLVE_ACTIONS } from '@/contract/enums.gen';
import type { Report, ResolveReportRequest } from '@/contract/schema.gen';
import { useGetAdminReportsQuery, useResolveReportMutation } from '@/features/admin/api';
import { AdStatusText, ErrorAlert, NoteField, Pager } from '@/features/admin/shared';

type ReportStatus = Report['status'];
type ResolveAction = ResolveReportRequest['action'];
import { toApiError } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dateTime';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';

const TABS: readonly ReportStatus[] = ['open', 'resolved'];

interface Pending {
  report: Report;
  action: ResolveAction;
}

/** The reported ad: a link to its page, its status, and its seller (to their account). */
function ReportedAd({ report }: { report: Report }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const { product } = report;
  if (product === null) return <span className="admin-muted">{t('reports.adGone')}</span>;
  return (
    <div className="admin-stack">
      <Link to={paths.product(lang, product.id)}>{product.title}</Link>
      <span className="admin-muted">
        {t('reports.adStatus')} <AdStatusText status={product.status} />
      </span>
      <span>
        {t('reports.seller')} <Link to={paths.adminUser(lang, product.sellerId)}>{product.sellerName}</Link>
      </span>
    </div>
  );
}

/**
 * `admin/reports`: the queue of open reports (the ad, the reason, the details, the reporter) with
 * the three ways to settle one — dismiss, deactivate the ad, suspend the seller — each confirmed
 * first, with an optional note; a second tab lists the resolved ones.
 */
export function ReportsPage() {
  const { t } = useTranslation(['admin', 'errors']);
  const lang = useLang();
  const dispatch = useAppDispatch();
  const showError = useErrorToast();
  const [params] = useSearchParams();
  const status: ReportStatus = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const pages = useCursorPages(status);
  const reports = useGetAdminReportsQuery({ status, cursor: pages.cursor });
  const [resolve, resolveCall] = useResolveReportMutation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [note, setNote] = useState('');
  useDocumentTitle(t('reports.pageTitle'));

  const items = reports.data?.items ?? [];

  async function confirm() {
    if (pending === null) return;
    const trimmed = note.trim();
    try {
      await resolve({
        id: pending.report.id,
        action: pending.action,
        ...(trimmed !== '' && { note: trimmed }),
      }).unwrap();
      dispatch(toastShown({ kind: 'success', messageKey: `admin:reports.done.${pending.action}` }));
      // The last report of a later page is gone: go back one page rather than show an empty one.
      if (items.length === 1 && pages.page > 0) pages.previous();
    } catch (error) {
      showError(error);
    } finally {
      setPending(null);
      setNote('');
    }
  }

  return (
    <div className="admin-page">
      <h1>{t('reports.title')}</h1>
      <ul className="admin-tabs" aria-label={t('reports.tabsLabel')}>
        {TABS.map((tab) => (
          <li key={tab}>
            <Link
              to={tab === 'open' ? paths.admin(lang, 'reports') : `${paths.admin(lang, 'reports')}?status=${tab}`}
              aria-current={tab === status ? 'page' : undefined}
            >
              {t(`reports.tabs.${tab}`)}
            </Link>
          </li>
        ))}
      </ul>

      {reports.isLoading && <p role="status">{t('common.loading')}</p>}
      {reports.isError && <ErrorAlert error={toApiError(reports.error)} />}
      <p className="admin-live" aria-live="polite">
        {reports.isSuccess && items.length === 0 && pages.page === 0 ? t(`reports.empty.${status}`) : ''}
      </p>

      {items.length > 0 && (
        <div className="admin-table-scroll">
          <table className="admin-table" aria-busy={reports.isFetching}>
            <caption>{t(`reports.caption.${status}`)}</caption>
            <thead>
              <tr>
                <th scope="col">{t('reports.columns.received')}</th>
                <th scope="col">{t('reports.columns.ad')}</th>
                <th scope="col">{t('reports.columns.reason')}</th>
                <th scope="col">{t('reports.columns.details')}</th>
                <th scope="col">{t('reports.columns.reporter')}</th>
                <th scope="col">
                  {status === 'open' ? t('reports.columns.actions') : t('reports.columns.resolution')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((report) => (
                <tr key={report.id}>
                  <td>{formatDateTime(report.createdAt, lang)}</td>
                  <th scope="row">
                    <ReportedAd report={report} />
                  </th>
                  <td>{t(`reports.reasons.${report.reason}`)}</td>
                  <td className="admin-text">
                    {report.details || <span className="admin-muted">{t('common.none')}</span>}
                  </td>
                  <td>
                    <a href={`mailto:${report.email}`}>{report.email}</a>
                  </td>
                  <td>
                    {status === 'open' ? (
                      <div className="admin-actions">
                        {RESOLVE_ACTIONS.map((action) => (
                          <button
                            key={action}
                            type="button"
                            className={`admin-action${action === 'dismiss' ? '' : ' admin-action--danger'}`}
                            disabled={action !== 'dismiss' && report.product === null}
                            aria-label={t(`reports.actions.${action}Label`, { title: report.product?.title ?? '' })}
                            onClick={() => {
                              setPending({ report, action });
                            }}
                          >
                            {t(`reports.actions.${action}`)}
                          </button>
                        ))}
                      </div>
                    ) : (
                      <div className="admin-stack">
                        <span>{report.resolution ? t(`reports.resolved.${report.resolution.action}`) : ''}</span>
                        <span className="admin-muted">{formatDateTime(report.resolvedAt, lang)}</span>
                        {report.resolution?.note && <span className="admin-text">{report.resolution.note}</span>}
                        {report.resolution?.by && (
                          <span className="admin-muted">{t('reports.resolvedBy', { by: report.resolution.by })}</span>
                        )}
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pager pages={pages} nextCursor={reports.data?.nextCursor} busy={reports.isFetching} />

      {pending !== null && (
        <ConfirmDialog
          role="dialog"
          title={t(`reports.confirm.${pending.action}Title`)}
          text={t(`reports.confirm.${pending.action}Text`, { title: pending.report.product?.title ?? '' })}
          confirmLabel={t(`reports.actions.${pending.action}`)}
          busy={resolveCall.isLoading}
          danger={pending.action !== 'dismiss'}
          onConfirm={() => void confirm()}
          onCancel={() => {
            setPending(null);
            setNote('');
          }}
        >
          <NoteField
            label={t('reports.confirm.note')}
            value={note}
            onChange={setNote}
            maxLength={limits.ResolveReportRequest.note.maxLength}
          />
        </ConfirmDialog>
      )}
    </div>
  );
}
