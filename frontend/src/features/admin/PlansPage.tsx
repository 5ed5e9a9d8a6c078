import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useErrorToast } from '@/components/Toasts/useErrorToast';
import type { AdminPlan } from '@/contract/schema.gen';
import { useGetAdminPlansQuery, useSetPlanRetiredMutation } from '@/features/admin/api';
import { PlanForm } from '@/features/admin/PlansForm';
import { ErrorAlert } from '@/features/admin/shared';
import { toApiError } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dateTime';
import { formatMoney } from '@/lib/money';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';

/** What the editor shows: nothing, a new plan, or one plan (by id). */
type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'plan'; id: string };

/**
 * `admin/plans`: every plan (retired ones too) in pricing-page order with its price excluding VAT,
 * duration and allowances; edit one, create one, retire or offer one again after confirmation.
 * A change applies to new orders only.
 */
export function PlansPage() {
  const { t } = useTranslation(['adminSettings', 'admin', 'errors']);
  const lang = useLang();
  const dispatch = useAppDispatch();
  const showError = useErrorToast();
  const plans = useGetAdminPlansQuery(undefined);
  const [setRetired, retiring] = useSetPlanRetiredMutation();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [confirming, setConfirming] = useState<AdminPlan | null>(null);
  useDocumentTitle(t('plans.pageTitle'));
  const items = plans.data ?? [];
  const edited = editing.kind === 'plan' ? (items.find((plan) => plan.id === editing.id) ?? null) : null;
  const nameOf = (plan: AdminPlan) => plan.name[lang] ?? plan.id;

  async function confirmRetire(plan: AdminPlan) {
    const retire = !plan.retired;
    try {
      await setRetired({ id: plan.id, retired: retire }).unwrap();
      dispatch(
        toastShown({
          kind: 'success',
          messageKey: retire ? 'adminSettings:plans.retired' : 'adminSettings:plans.reinstated',
        }),
      );
    } catch (error) {
      showError(error);
    } finally {
      setConfirming(null);
    }
  }

  return (
    <div className="admin-page">
      <h1>{t('plans.title')}</h1>
      <p>{t('plans.lead')}</p>
      {plans.isLoading && <p role="status">{t('admin:common.loading')}</p>}
      {plans.isError && <ErrorAlert error={toApiError(plans.error)} />}
      <p className="admin-live" aria-live="polite">
        {plans.isSuccess && items.length === 0 ? t('plans.empty') : ''}
      </p>
      {editing.kind === 'none' && (
        <p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setEditing({ kind: 'new' });
            }}
          >
            {t('plans.newPlan')}
          </button>
        </p>
      )}
      {editing.kind === 'new' && (
        <PlanForm
          plan={null}
          onDone={() => {
            setEditing({ kind: 'none' });
          }}
        />
      )}
      {edited && (
        <PlanForm
          key={`${edited.id}-${String(edited.version)}`}
          plan={edited}
          onDone={() => {
            setEditing({ kind: 'none' });
          }}
        />
      )}

      {items.length > 0 && (
        <div className="admin-table-scroll">
          <table className="admin-table" aria-busy={plans.isFetching}>
            <caption>{t('plans.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('plans.columns.plan')}</th>
                <th scope="col" className="admin-number">
                  {t('plans.columns.price')}
                </th>
                <th scope="col">{t('plans.columns.duration')}</th>
                <th scope="col">{t('plans.columns.allowances')}</th>
                <th scope="col">{t('plans.columns.status')}</th>
                <th scope="col">{t('plans.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((plan) => (
                <tr key={plan.id}>
                  <th scope="row">
                    <span className="admin-block">
                      {nameOf(plan)}
                      {plan.popular && <span className="admin-tag">{t('plans.popular')}</span>}
                      {plan.bundle && <span className="admin-tag">{t('plans.bundle')}</span>}
                    </span>
                    <code className="admin-muted">{plan.id}</code>
                    {plan.updatedAt && plan.updatedBy && (
                      <span className="admin-block admin-muted">
                        {t('plans.lastChange', { at: formatDateTime(plan.updatedAt, lang), by: plan.updatedBy })}
                      </span>
                    )}
                  </th>
                  <td className="admin-number">{formatMoney(plan.priceRp, plan.currency, lang)}</td>
                  <td>
                    <span className="admin-block">
                      {t(`plans.duration.${plan.duration.unit}`, { count: plan.duration.value })}
                    </span>
                    {plan.freeMonths > 0 && (
                      <span className="admin-muted">{t('plans.freeMonths', { count: plan.freeMonths })}</span>
                    )}
                  </td>
                  <td>
                    {plan.bundle
                      ? t('plans.noAds')
                      : t('plans.allowances', {
                          ads: plan.adAllowance,
                          images: plan.imageAllowance,
                          days: plan.adDurationDays,
                        })}
                  </td>
                  <td>
                    <span className={`admin-badge admin-badge--${plan.retired ? 'retired' : 'offered'}`}>
                      {t(plan.retired ? 'plans.status.retired' : 'plans.status.offered')}
                    </span>
                  </td>
                  <td>
                    <div className="admin-actions">
                      <button
                        type="button"
                        className="admin-action"
                        onClick={() => {
                          setEditing({ kind: 'plan', id: plan.id });
                        }}
                      >
                        {t('plans.edit')}
                      </button>
                      <button
                        type="button"
                        className={plan.retired ? 'admin-action' : 'admin-action admin-action--danger'}
                        onClick={() => {
                          setConfirming(plan);
                        }}
                      >
                        {t(plan.retired ? 'plans.reinstate' : 'plans.retire')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {confirming && (
        <ConfirmDialog
          role="dialog"
          title={t(confirming.retired ? 'plans.confirmReinstateTitle' : 'plans.confirmRetireTitle', {
            name: nameOf(confirming),
          })}
          text={t(confirming.retired ? 'plans.confirmReinstateText' : 'plans.confirmRetireText')}
          confirmLabel={t(confirming.retired ? 'plans.confirmReinstate' : 'plans.confirmRetire')}
          busy={retiring.isLoading}
          danger={!confirming.retired}
          onConfirm={() => void confirmRetire(confirming)}
          onCancel={() => {
            setConfirming(null);
          }}
        />
      )}
    </div>
  );
}
