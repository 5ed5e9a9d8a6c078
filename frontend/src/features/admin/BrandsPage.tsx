import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { useAppDispatch } from '@/app/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { TextField } from '@/components/form/fields';
import { useFormErrors } from '@/components/form/formErrors';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useErrorToast } from '@/components/Toasts/useErrorToast';
import * as limits from '@/contract/limits.gen';
import type { AdminBrand } from '@/contract/schema.gen';
import {
  useCreateBrandMutation,
  useDeleteBrandMutation,
  useGetAdminBrandsQuery,
  useRenameBrandMutation,
} from '@/features/admin/api';
import { ErrorAlert } from '@/features/admin/shared';
import { toApiError } from '@/lib/apiError';
import { requiredText } from '@/lib/fieldSchemas';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import '@/features/admin/CategoriesAndBrands.css';

/** The bound the server enforces too (docs/openapi.yaml, AdminBrandRequest). */
const NAME_MAX = limits.AdminBrandRequest.name.maxLength;

/** A brand name as typed: trimmed, required, at most NAME_MAX; messages are the server's field codes. */
const brandName = z.object({ name: requiredText(NAME_MAX) });

/** Lower-case without accents, for the filter: "kar" finds "Kärcher". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** A labelled name field with its error, and a button: adding a brand, renaming one. */
function NameForm({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  /** Resolves to true when done, a field error code to show, or false (refused, already told). */
  onSubmit: (name: string) => Promise<boolean | string>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('adminTaxonomy');
  const form = useFormErrors(['name']);
  const [value, setValue] = useState(initial);
  const [busy, setBusy] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = form.validate(brandName.safeParse({ name: value }))?.name;
    if (name === undefined) return;
    setBusy(true);
    const outcome = await onSubmit(name);
    setBusy(false);
    form.show(typeof outcome === 'string' ? { name: outcome } : {});
    if (outcome === true) setValue(initial === '' ? '' : name);
    else document.getElementById(form.idOf('name'))?.focus();
  }

  return (
    <form className="taxonomy-inline" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        form={form}
        field="name"
        label={label}
        required
        maxLength={NAME_MAX}
        value={value}
        onValue={(_, typed) => {
          setValue(typed);
        }}
      />
      <button type="submit" className="button" disabled={busy}>
        {submitLabel}
      </button>
      {onCancel && (
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('brands.cancel')}
        </button>
      )}
    </form>
  );
}

/**
 * `admin/brands`: the brands suggested to sellers (their canonical spellings) with their active
 * ads, a filter box, adding a brand, renaming one in place and removing one after confirmation.
 * Every change is audited by the server.
 */
export function BrandsPage() {
  const { t } = useTranslation(['adminTaxonomy', 'admin', 'errors']);
  const dispatch = useAppDispatch();
  const failed = useErrorToast();
  const filterId = useId();
  const brands = useGetAdminBrandsQuery(undefined);
  const [create] = useCreateBrandMutation();
  const [rename] = useRenameBrandMutation();
  const [remove, removeCall] = useDeleteBrandMutation();
  const [q, setQ] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<AdminBrand | null>(null);
  useDocumentTitle(t('brands.pageTitle'));

  const all = brands.data ?? [];
  const query = folded(q.trim());
  const shown = query === '' ? all : all.filter((b) => folded(b.name).includes(query) || b.slug.includes(query));

  /** Runs a change: true when done, else the field error code of a refused name or false (toasted). */
  async function save(call: () => Promise<unknown>, done: 'added' | 'renamed'): Promise<boolean | string> {
    try {
      await call();
      dispatch(toastShown({ kind: 'success', messageKey: `adminTaxonomy:brands.${done}` }));
      return true;
    } catch (error) {
      return failed(error).fields?.name ?? false;
    }
  }

  async function confirmRemove() {
    if (removing === null) return;
    try {
      await remove(removing.slug).unwrap();
      dispatch(toastShown({ kind: 'success', messageKey: 'adminTaxonomy:brands.removed' }));
    } catch (error) {
      failed(error);
    } finally {
      setRemoving(null);
    }
  }

  let status = '';
  if (brands.isSuccess) {
    if (all.length === 0) status = t('brands.empty');
    else if (query !== '' && shown.length === 0) status = t('brands.noMatch', { q: q.trim() });
    else if (query !== '') status = t('brands.shown', { count: shown.length, total: all.length });
  }

  return (
    <div className="admin-page">
      <h1>{t('brands.title')}</h1>
      <p className="admin-muted">{t('brands.intro')}</p>

      <section className="admin-panel" aria-labelledby={`${filterId}-add`}>
        <h2 id={`${filterId}-add`}>{t('brands.addTitle')}</h2>
        <NameForm
          label={t('brands.name')}
          submitLabel={t('brands.add')}
          onSubmit={(name) => save(() => create({ name }).unwrap(), 'added')}
        />
      </section>

      <div className="taxonomy-toolbar" role="search">
        <div className="field">
          <label htmlFor={filterId}>{t('brands.filter')}</label>
          <input
            id={filterId}
            type="search"
            value={q}
            onChange={(event) => {
              setQ(event.target.value);
            }}
          />
        </div>
      </div>

      {brands.isLoading && <p role="status">{t('admin:common.loading')}</p>}
      {brands.isError && <ErrorAlert error={toApiError(brands.error)} />}
      <p className="admin-live" aria-live="polite">
        {status}
      </p>

      {shown.length > 0 && (
        <div className="admin-table-scroll">
          <table className="admin-table" aria-busy={brands.isFetching}>
            <caption>{t('brands.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('brands.columns.name')}</th>
                <th scope="col">{t('brands.columns.slug')}</th>
                <th scope="col" className="admin-number">
                  {t('brands.columns.ads')}
                </th>
                <th scope="col">{t('brands.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((brand) => (
                <tr key={brand.slug}>
                  <th scope="row">
                    {renaming === brand.slug ? (
                      <NameForm
                        label={t('brands.newName', { name: brand.name })}
                        submitLabel={t('brands.save')}
                        initial={brand.name}
                        onSubmit={async (name) => {
                          const outcome = await save(() => rename({ slug: brand.slug, name }).unwrap(), 'renamed');
                          if (outcome === true) setRenaming(null);
                          return outcome;
                        }}
                        onCancel={() => {
                          setRenaming(null);
                        }}
                      />
                    ) : (
                      brand.name
                    )}
                  </th>
                  <td>
                    <code>{brand.slug}</code>
                  </td>
                  <td className="admin-number">{brand.activeAds ?? 0}</td>
                  <td>
                    <div className="admin-actions">
                      <button
                        type="button"
                        className="admin-action"
                        aria-label={t('brands.renameLabel', { name: brand.name })}
                        onClick={() => {
                          setRenaming(brand.slug);
                        }}
                      >
                        {t('brands.rename')}
                      </button>
                      <button
                        type="button"
                        className="admin-action admin-action--danger"
                        aria-label={t('brands.removeLabel', { name: brand.name })}
                        onClick={() => {
                          setRemoving(brand);
                        }}
                      >
                        {t('brands.remove')}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {removing !== null && (
        <ConfirmDialog
          role="dialog"
          title={t('brands.confirmRemoveTitle')}
          text={t('brands.confirmRemoveText', { name: removing.name })}
          confirmLabel={t('brands.confirmRemoveButton')}
          busy={removeCall.isLoading}
          danger
          onConfirm={() => void confirmRemove()}
          onCancel={() => {
            setRemoving(null);
          }}
        />
      )}
    </div>
  );
}
