import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCursorPages } from '@/components/CursorPager/CursorPager';
import type { AuditEntry } from '@/contract/schema.gen';
import { useGetAuditLogQuery } from '@/features/admin/api';
import { ErrorAlert, Pager } from '@/features/admin/shared';
import { toApiError } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dateTime';
import { ADMIN_SEGMENTS, paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';

/** A recorded state, as indented JSON ("—" when there was none). */
function Snapshot({ value }: { value: unknown }) {
  const { t } = useTranslation('admin');
  if (value === null || value === undefined) return <span className="admin-muted">{t('common.none')}</span>;
  return <pre className="admin-json">{JSON.stringify(value, null, 2)}</pre>;
}

/** The actions the audit log records, translated under `audit.actions` (dots become underscores). */
const AUDIT_ACTIONS = [
  'report.resolve',
  'user.status',
  'user.resend_verification',
  'category.create',
  'category.update',
  'category.delete',
  'brand.create',
  'brand.rename',
  'brand.delete',
  'contact_message.handled',
  'contact_message.reopened',
  'plan.create',
  'plan.update',
  'plan.retire',
  'plan.reinstate',
  'settings.update',
  'account.delete',
] as const;

/** The translation key of an action: its first dot becomes an underscore. */
type ActionKey<A extends string> = A extends `${infer Head}.${infer Tail}` ? `${Head}_${Tail}` : A;

/** What was done, in words; an action this version does not know is shown as recorded. */
function ActionText({ action }: { action: string }) {
  const { t } = useTranslation('admin');
  if (!(AUDIT_ACTIONS as readonly string[]).includes(action)) return <code>{action}</code>;
  const key = action.replace('.', '_') as ActionKey<(typeof AUDIT_ACTIONS)[number]>;
  return <>{t(`audit.actions.${key}`)}</>;
}

/** The kinds of target the audit log records. */
const AUDIT_TARGETS = ['user', 'ad', 'report', 'category', 'brand', 'contact_message', 'plan', 'settings'] as const;
type AuditTarget = (typeof AUDIT_TARGETS)[number];

function isAuditTarget(value: string): value is AuditTarget {
  return (AUDIT_TARGETS as readonly string[]).includes(value);
}

/** The target of an action, linked where the back office or the site has a page for it. */
function Target({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const { targetType, targetId } = entry;
  let link = <code>{targetId}</code>;
  if (targetType === 'user') link = <Link to={paths.adminUser(lang, targetId)}>{targetId}</Link>;
  else if (targetType === 'ad') link = <Link to={paths.product(lang, targetId)}>{targetId}</Link>;
  return (
    <div className="admin-stack">
      <span>{isAuditTarget(targetType) ? t(`audit.targets.${targetType}`) : targetType}</span>
      {link}
    </div>
  );
}

/**
 * `admin/audit`: every administrative action (who, what, when, the state before and after),
 * newest first, paginated; `?targetType=&targetId=` narrows it to one target.
 */
export function AuditLogPage() {
  const { t } = useTranslation(['admin', 'errors']);
  const lang = useLang();
  const [params] = useSearchParams();
  const targetType = params.get('targetType') ?? undefined;
  const targetId = params.get('targetId') ?? undefined;
  const pages = useCursorPages(`${targetType ?? ''}/${targetId ?? ''}`);
  const log = useGetAuditLogQuery({ cursor: pages.cursor, targetType, targetId });
  useDocumentTitle(t('audit.pageTitle'));
  const items = log.data?.items ?? [];

  return (
    <div className="admin-page">
      <h1>{t('audit.title')}</h1>
      {targetId !== undefined && (
        <p>
          {t('audit.filtered', { target: targetId })}{' '}
          <Link to={paths.admin(lang, ADMIN_SEGMENTS.audit)}>{t('audit.showAll')}</Link>
        </p>
      )}
      {log.isLoading && <p role="status">{t('common.loading')}</p>}
      {log.isError && <ErrorAlert error={toApiError(log.error)} />}
      <p className="admin-live" aria-live="polite">
        {log.isSuccess && items.length === 0 && pages.page === 0 ? t('audit.empty') : ''}
      </p>

      {items.length > 0 && (
        <div className="admin-table-scroll">
          <table className="admin-table" aria-busy={log.isFetching}>
            <caption>{t('audit.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('audit.columns.when')}</th>
                <th scope="col">{t('audit.columns.who')}</th>
                <th scope="col">{t('audit.columns.what')}</th>
                <th scope="col">{t('audit.columns.target')}</th>
                <th scope="col">{t('audit.columns.changes')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDateTime(entry.at, lang)}</td>
                  <td>{entry.actorEmail || <code>{entry.actorId}</code>}</td>
                  <th scope="row">
                    <ActionText action={entry.action} />
                  </th>
                  <td>
                    <Target entry={entry} />
                  </td>
                  <td>
                    <details className="admin-changes">
                      <summary>{t('audit.showChanges')}</summary>
                      <div className="admin-changes__grid">
                        <div>
                          <p className="admin-changes__label">{t('audit.before')}</p>
                          <Snapshot value={entry.before} />
                        </div>
                        <div>
                          <p className="admin-changes__label">{t('audit.after')}</p>
                          <Snapshot value={entry.after} />
                        </div>
                      </div>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <Pager pages={pages} nextCursor={log.data?.nextCursor} busy={log.isFetching} />
    </div>
  );
}
