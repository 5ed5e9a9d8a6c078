import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useErrorToast } from '@/components/Toasts/useErrorToast';
import * as limits from '@/contract/limits.gen';
import { ACCOUNT_STATUSES } from '@/contract/enums.gen';
import type { AdminUser } from '@/contract/schema.gen';
import {
  useGetAdminUserQuery,
  useResendUserVerificationMutation,
  useSetUserStatusMutation,
} from '@/features/admin/api';
import { AccountStatusBadge, AdStatusText, ErrorAlert, fullName } from '@/features/admin/shared';
import { toApiError, type AccountStatus } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dateTime';
import { formatMoney } from '@/lib/money';
import { ADMIN_SEGMENTS, paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';

/** Change the account's status (active, suspended, banned), with an optional reason, after confirmation. */
function StatusForm({ user }: { user: AdminUser }) {
  const { t } = useTranslation(['admin', 'errors']);
  const dispatch = useAppDispatch();
  const showError = useErrorToast();
  const id = useId();
  const [status, setStatus] = useState<AccountStatus>(user.status === 'active' ? 'suspended' : 'active');
  const [reason, setReason] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [setUserStatus, call] = useSetUserStatusMutation();

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status !== user.status) setConfirming(true);
  }

  async function confirm() {
    const trimmed = reason.trim();
    try {
      await setUserStatus({ id: user.id, status, ...(trimmed !== '' && { reason: trimmed }) }).unwrap();
      dispatch(toastShown({ kind: 'success', messageKey: 'admin:user.statusUpdated' }));
      setReason('');
    } catch (error) {
      showError(error);
    } finally {
      setConfirming(false);
    }
  }

  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('user.statusTitle')}</h2>
      <p>
        {t('user.currentStatus')} <AccountStatusBadge status={user.status} />
      </p>
      <p className="admin-muted">{t('user.statusHint')}</p>
      <form className="admin-form" onSubmit={onSubmit}>
        <fieldset className="field choice-group">
          <legend>{t('user.newStatus')}</legend>
          {ACCOUNT_STATUSES.map((value) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="status"
                value={value}
                checked={status === value}
                disabled={value === user.status}
                onChange={() => {
                  setStatus(value);
                }}
              />
              {t(`accountStatus.${value}`)}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-reason`}>{t('user.reason')}</label>
          <textarea
            id={`${id}-reason`}
            rows={2}
            maxLength={limits.UserStatusRequest.reason.maxLength}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
            }}
          />
        </div>
        <button type="submit" className="button" disabled={status === user.status || call.isLoading}>
          {t('user.changeStatus')}
        </button>
      </form>
      {confirming && (
        <ConfirmDialog
          role="dialog"
          title={t('user.confirmTitle', { status: t(`accountStatus.${status}`) })}
          text={t(status === 'active' ? 'user.confirmActive' : 'user.confirmBlock', { name: fullName(user) })}
          confirmLabel={t('user.confirmButton', { status: t(`accountStatus.${status}`) })}
          busy={call.isLoading}
          danger={status !== 'active'}
          onConfirm={() => void confirm()}
          onCancel={() => {
            setConfirming(false);
          }}
        />
      )}
    </section>
  );
}

/** `admin/users/{id}`: the account, its status (changeable), a resend of the verification, its ads. */
export function UserDetailPage() {
  const { t } = useTranslation(['admin', 'errors']);
  const lang = useLang();
  const dispatch = useAppDispatch();
  const showError = useErrorToast();
  const { id = '' } = useParams();
  const detail = useGetAdminUserQuery(id);
  const [resend, resendCall] = useResendUserVerificationMutation();
  const user = detail.data?.user;
  useDocumentTitle(user ? fullName(user) || user.email : t('user.pageTitle'));

  async function resendVerification() {
    try {
      await resend(id).unwrap();
      dispatch(toastShown({ kind: 'success', messageKey: 'admin:user.verificationSent' }));
    } catch (error) {
      showError(error);
    }
  }

  const back = (
    <p>
      <Link to={paths.admin(lang, ADMIN_SEGMENTS.users)}>{t('user.back')}</Link>
    </p>
  );

  if (detail.isLoading) return <p role="status">{t('common.loading')}</p>;
  if (!user) {
    return (
      <div className="admin-page">
        {back}
        <h1>{t('user.pageTitle')}</h1>
        <ErrorAlert error={toApiError(detail.error)} />
      </div>
    );
  }
  const ads = detail.data?.ads ?? [];

  return (
    <div className="admin-page">
      {back}
      <h1>{fullName(user) || user.email}</h1>

      <section className="admin-panel" aria-labelledby="admin-user-account">
        <h2 id="admin-user-account">{t('user.account')}</h2>
        <dl className="admin-facts">
          <div>
            <dt>{t('users.columns.email')}</dt>
            <dd>
              <a href={`mailto:${user.email}`}>{user.email}</a>
            </dd>
          </div>
          <div>
            <dt>{t('users.columns.accountType')}</dt>
            <dd>{t(`accountTypes.${user.accountType}`)}</dd>
          </div>
          {user.companyName && (
            <div>
              <dt>{t('user.company')}</dt>
              <dd>{user.companyName}</dd>
            </div>
          )}
          <div>
            <dt>{t('user.role')}</dt>
            <dd>{t(`roles.${user.role}`)}</dd>
          </div>
          <div>
            <dt>{t('users.columns.status')}</dt>
            <dd>
              <AccountStatusBadge status={user.status} />
            </dd>
          </div>
          <div>
            <dt>{t('users.columns.verified')}</dt>
            <dd>{user.emailVerified ? t('common.yes') : t('common.no')}</dd>
          </div>
          <div>
            <dt>{t('users.columns.created')}</dt>
            <dd>{formatDateTime(user.createdAt, lang)}</dd>
          </div>
        </dl>
        <p>
          <Link
            to={`${paths.admin(lang, ADMIN_SEGMENTS.audit)}?${new URLSearchParams({ targetType: 'user', targetId: user.id }).toString()}`}
          >
            {t('user.auditLink')}
          </Link>
        </p>
        {!user.emailVerified && user.status !== 'deleted' && (
          <button
            type="button"
            className="button button--secondary"
            disabled={resendCall.isLoading}
            onClick={() => void resendVerification()}
          >
            {t('user.resendVerification')}
          </button>
        )}
      </section>

      {/* A deleted account is final: its status cannot change and it has no address to verify. */}
      {user.role !== 'admin' && user.status !== 'deleted' && (
        <StatusForm key={`${user.id}-${user.status}`} user={user} />
      )}

      <section className="admin-panel" aria-labelledby="admin-user-ads">
        <h2 id="admin-user-ads">{t('user.ads')}</h2>
        {ads.length === 0 ? (
          <p>{t('user.noAds')}</p>
        ) : (
          <div className="admin-table-scroll">
            <table className="admin-table">
              <caption className="visually-hidden">{t('user.adsCaption', { name: fullName(user) })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('user.adColumns.title')}</th>
                  <th scope="col">{t('user.adColumns.status')}</th>
                  <th scope="col" className="admin-number">
                    {t('user.adColumns.price')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {ads.map((ad) => (
                  <tr key={ad.id}>
                    <th scope="row">
                      <Link to={paths.product(lang, ad.id)}>{ad.title}</Link>
                    </th>
                    <td>
                      <AdStatusText status={ad.status} />
                      {ad.hidden && <span className="admin-muted admin-block">{t('user.adHidden')}</span>}
                    </td>
                    <td className="admin-number">{formatMoney(ad.priceRp, 'CHF', lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
