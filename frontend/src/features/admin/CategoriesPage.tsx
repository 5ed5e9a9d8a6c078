import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useErrorToast } from '@/components/Toasts/useErrorToast';
import type { AdminCategory } from '@/contract/schema.gen';
import { useDeleteCategoryMutation, useGetAdminCategoriesQuery, useUpdateCategoryMutation } from '@/features/admin/api';
import { CategoryForm, categoryLabel } from '@/features/admin/CategoriesForm';
import { ErrorAlert } from '@/features/admin/shared';
import { toApiError } from '@/lib/apiError';
import { LANGUAGES } from '@/lib/languages';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import '@/features/admin/CategoriesAndBrands.css';

/** What the form is open for: a new category, one to edit, or nothing. */
type Editing = { kind: 'new' } | { kind: 'edit'; category: AdminCategory } | null;

/**
 * `admin/categories`: the category tree (each top-level category followed by its sub-categories)
 * with its five names, sort order, active ads and visibility; create, edit (names, parent, order),
 * hide or show, and delete an unused category after confirmation. Every change is audited by the
 * server.
 */
export function CategoriesPage() {
  const { t } = useTranslation(['adminTaxonomy', 'admin', 'errors']);
  const lang = useLang();
  const dispatch = useAppDispatch();
  const showError = useErrorToast();
  const categories = useGetAdminCategoriesQuery(undefined);
  const [update, updateCall] = useUpdateCategoryMutation();
  const [remove, removeCall] = useDeleteCategoryMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminCategory | null>(null);
  useDocumentTitle(t('categories.pageTitle'));
  const items = categories.data ?? [];
  const bySlug = new Map(items.map((c) => [c.slug, c]));

  async function toggleHidden(category: AdminCategory) {
    try {
      await update({ slug: category.slug, hidden: !category.hidden }).unwrap();
      dispatch(
        toastShown({
          kind: 'success',
          messageKey: category.hidden ? 'adminTaxonomy:categories.shownDone' : 'adminTaxonomy:categories.hiddenDone',
        }),
      );
    } catch (error) {
      showError(error);
    }
  }

  async function confirmDelete() {
    if (deleting === null) return;
    try {
      await remove(deleting.slug).unwrap();
      dispatch(toastShown({ kind: 'success', messageKey: 'adminTaxonomy:categories.deleted' }));
      if (editing?.kind === 'edit' && editing.category.slug === deleting.slug) setEditing(null);
    } catch (error) {
      showError(error);
    } finally {
      setDeleting(null);
    }
  }

  return (
    <div className="admin-page">
      <h1>{t('categories.title')}</h1>
      <p className="admin-muted">{t('categories.intro')}</p>

      {editing === null ? (
        <p>
          <button
            type="button"
            className="button"
            onClick={() => {
              setEditing({ kind: 'new' });
            }}
          >
            {t('categories.newTitle')}
          </button>
        </p>
      ) : (
        <CategoryForm
          key={editing.kind === 'new' ? 'new' : editing.category.slug}
          category={editing.kind === 'edit' ? editing.category : undefined}
          categories={items}
          onDone={() => {
            setEditing(null);
          }}
        />
      )}

      {categories.isLoading && <p role="status">{t('admin:common.loading')}</p>}
      {categories.isError && <ErrorAlert error={toApiError(categories.error)} />}
      <p className="admin-live" aria-live="polite">
        {categories.isSuccess && items.length === 0 ? t('categories.empty') : ''}
      </p>

      {items.length > 0 && (
        <div className="admin-table-scroll">
          <table className="admin-table" aria-busy={categories.isFetching}>
            <caption>{t('categories.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('categories.columns.slug')}</th>
                {LANGUAGES.map((l) => (
                  <th scope="col" key={l}>
                    {t(`languages.${l}`)}
                  </th>
                ))}
                <th scope="col" className="admin-number">
                  {t('categories.columns.order')}
                </th>
                <th scope="col" className="admin-number">
                  {t('categories.columns.ads')}
                </th>
                <th scope="col">{t('categories.columns.visibility')}</th>
                <th scope="col">{t('categories.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((category) => {
                const name = categoryLabel(category, lang);
                const parent = category.parent === null ? undefined : bySlug.get(category.parent);
                return (
                  <tr key={category.slug}>
                    <th scope="row" className={category.parent === null ? undefined : 'taxonomy-sub'}>
                      <code>{category.slug}</code>
                      {category.parent !== null && (
                        <span className="admin-muted admin-block">
                          {t('categories.subOf', { parent: parent ? categoryLabel(parent, lang) : category.parent })}
                        </span>
                      )}
                    </th>
                    {LANGUAGES.map((l) => (
                      <td key={l} lang={l}>
                        {category.names[l]}
                      </td>
                    ))}
                    <td className="admin-number">{category.sortOrder}</td>
                    <td className="admin-number">{category.activeAds ?? 0}</td>
                    <td>
                      <span className={`admin-badge admin-badge--${category.hidden ? 'hidden' : 'active'}`}>
                        {category.hidden ? t('categories.hidden') : t('categories.visible')}
                      </span>
                    </td>
                    <td>
                      <div className="admin-actions">
                        <button
                          type="button"
                          className="admin-action"
                          aria-label={t('categories.editLabel', { name })}
                          onClick={() => {
                            setEditing({ kind: 'edit', category });
                          }}
                        >
                          {t('categories.edit')}
                        </button>
                        <button
                          type="button"
                          className="admin-action"
                          disabled={updateCall.isLoading}
                          aria-label={t(category.hidden ? 'categories.showLabel' : 'categories.hideLabel', { name })}
                          onClick={() => void toggleHidden(category)}
                        >
                          {category.hidden ? t('categories.show') : t('categories.hide')}
                        </button>
                        <button
                          type="button"
                          className="admin-action admin-action--danger"
                          aria-label={t('categories.deleteLabel', { name })}
                          onClick={() => {
                            setDeleting(category);
                          }}
                        >
                          {t('categories.delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {deleting !== null && (
        <ConfirmDialog
          role="dialog"
          title={t('categories.confirmDeleteTitle')}
          text={t('categories.confirmDeleteText', { name: categoryLabel(deleting, lang) })}
          confirmLabel={t('categories.confirmDeleteButton')}
          busy={removeCall.isLoading}
          danger
          onConfirm={() => void confirmDelete()}
          onCancel={() => {
            setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
