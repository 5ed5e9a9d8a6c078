import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { useAppDispatch } from '@/app/hooks';
import { FieldError, TextField } from '@/components/form/fields';
import { useFormErrors } from '@/components/form/formErrors';
import { toastShown } from '@/components/Toasts/toastSlice';
import { useErrorToast } from '@/components/Toasts/useErrorToast';
import * as limits from '@/contract/limits.gen';
import type { AdminCategory, AdminCategoryCreate, AdminCategoryPatch } from '@/contract/schema.gen';
import { useCreateCategoryMutation, useUpdateCategoryMutation } from '@/features/admin/api';
import { INVALID, OUT_OF_RANGE, requiredText, TOO_LONG } from '@/lib/fieldSchemas';
import { LANGUAGES, type Language } from '@/lib/languages';
import { useLang } from '@/lib/useLang';

type CategoryChange = AdminCategoryPatch & { slug: string };

/** Bounds the server enforces too (docs/openapi.yaml, AdminCategoryCreate). */
const CREATE = limits.AdminCategoryCreate;
const NAME_MAX = CREATE.names.en.maxLength;
const SLUG_MAX = CREATE.slug.maxLength;
const SLUG = new RegExp(`^$|${CREATE.slug.pattern}`);
const SORT_ORDER_MAX = CREATE.sortOrder.maximum;

/** A category's name in `lang`, else in English, else its slug. */
export function categoryLabel(category: Pick<AdminCategory, 'slug' | 'names'>, lang: Language): string {
  return category.names[lang] ?? category.names.en ?? category.slug;
}

const name = () => requiredText(NAME_MAX);

/**
 * The form as typed, checked before sending: error messages are the server's field codes, so one
 * translation serves both, and the paths (`names.fr`, `slug`, `sortOrder`) are the server's too.
 */
const categorySchema = z.object({
  names: z.object({ en: name(), fr: name(), de: name(), it: name(), sq: name() }),
  slug: z.string().check(z.trim(), z.maxLength(SLUG_MAX, TOO_LONG), z.regex(SLUG, INVALID)),
  parent: z.string(),
  sortOrder: z.string().check(
    z.trim(),
    z.regex(/^\d*$/, INVALID),
    z.refine((value) => value === '' || Number(value) <= SORT_ORDER_MAX, OUT_OF_RANGE),
  ),
  hidden: z.boolean(),
});

type Draft = z.infer<typeof categorySchema>;

/** The form's fields by their server paths, in form order (the first invalid one gets the focus). */
const CATEGORY_FIELDS = [...LANGUAGES.map((l) => `names.${l}` as const), 'slug', 'parent', 'sortOrder'] as const;

function draftOf(category: AdminCategory | undefined): Draft {
  const names = Object.fromEntries(LANGUAGES.map((l) => [l, category?.names[l] ?? ''])) as Record<Language, string>;
  return {
    names,
    slug: '',
    parent: category?.parent ?? '',
    sortOrder: category === undefined ? '' : String(category.sortOrder),
    hidden: category?.hidden ?? false,
  };
}

/** The PATCH body of what changed from `category` to `draft` (nothing: null). */
function changesOf(category: AdminCategory, draft: Draft): CategoryChange | null {
  const change: CategoryChange = { slug: category.slug };
  const names: Partial<Record<Language, string>> = {};
  for (const l of LANGUAGES) if (draft.names[l] !== (category.names[l] ?? '')) names[l] = draft.names[l];
  if (Object.keys(names).length > 0) change.names = names;
  if (draft.parent !== (category.parent ?? '')) change.parent = draft.parent;
  if (draft.sortOrder !== '' && Number(draft.sortOrder) !== category.sortOrder)
    change.sortOrder = Number(draft.sortOrder);
  if (draft.hidden !== category.hidden) change.hidden = draft.hidden;
  return Object.keys(change).length > 1 ? change : null;
}

interface CategoryFormProps {
  /** The category to edit; undefined creates one. */
  category?: AdminCategory;
  /** The whole tree, for the parent picker. */
  categories: readonly AdminCategory[];
  onDone: () => void;
}

/**
 * Create or edit a category: its five names (each labelled with its language), the slug (new ones
 * only: it never changes), the parent (a top-level category or none), the sort order and whether it
 * is hidden. Field errors, the browser's or the server's, show under their fields; focus moves to
 * the first one.
 */
export function CategoryForm({ category, categories, onDone }: CategoryFormProps) {
  const { t } = useTranslation(['adminTaxonomy', 'errors']);
  const lang = useLang();
  const dispatch = useAppDispatch();
  const showError = useErrorToast();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(category));
  const form = useFormErrors(CATEGORY_FIELDS);
  const [create, createCall] = useCreateCategoryMutation();
  const [update, updateCall] = useUpdateCategoryMutation();
  const busy = createCall.isLoading || updateCall.isLoading;
  const hasChildren = category !== undefined && categories.some((c) => c.parent === category.slug);
  const parents = categories.filter((c) => c.parent === null && c.slug !== category?.slug);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const value = form.validate(categorySchema.safeParse(draft));
    if (value === null) return;
    try {
      if (category === undefined) {
        const body: AdminCategoryCreate = { names: value.names, hidden: value.hidden };
        if (value.slug !== '') body.slug = value.slug;
        if (value.parent !== '') body.parent = value.parent;
        if (value.sortOrder !== '') body.sortOrder = Number(value.sortOrder);
        await create(body).unwrap();
        dispatch(toastShown({ kind: 'success', messageKey: 'adminTaxonomy:categories.created' }));
      } else {
        const change = changesOf(category, value);
        if (change !== null) {
          await update(change).unwrap();
          dispatch(toastShown({ kind: 'success', messageKey: 'adminTaxonomy:categories.saved' }));
        }
      }
      onDone();
    } catch (error) {
      form.refused(error);
      showError(error);
    }
  }

  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
        {category === undefined
          ? t('categories.newTitle')
          : t('categories.editTitle', { name: categoryLabel(category, lang) })}
      </h2>
      <form className="admin-form taxonomy-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <fieldset className="taxonomy-names">
          <legend>{t('categories.names')}</legend>
          {LANGUAGES.map((l) => (
            <TextField
              key={l}
              form={form}
              field={`names.${l}`}
              label={t('categories.nameIn', { language: t(`languages.${l}`) })}
              lang={l}
              required
              maxLength={NAME_MAX}
              value={draft.names[l]}
              onValue={(_, text) => {
                setDraft((d) => ({ ...d, names: { ...d.names, [l]: text } }));
              }}
            />
          ))}
        </fieldset>

        {category === undefined && (
          <TextField
            form={form}
            field="slug"
            label={t('categories.slug')}
            hint={t('categories.slugHint')}
            maxLength={SLUG_MAX}
            autoCapitalize="none"
            spellCheck={false}
            value={draft.slug}
            onValue={(_, slug) => {
              setDraft((d) => ({ ...d, slug }));
            }}
          />
        )}

        <div className="field">
          <label htmlFor={form.idOf('parent')}>{t('categories.parent')}</label>
          <select
            {...form.a11y('parent')}
            value={draft.parent}
            disabled={hasChildren}
            onChange={(event) => {
              setDraft((d) => ({ ...d, parent: event.target.value }));
              form.clear('parent');
            }}
          >
            <option value="">{t('categories.topLevel')}</option>
            {parents.map((p) => (
              <option key={p.slug} value={p.slug}>
                {categoryLabel(p, lang)}
              </option>
            ))}
          </select>
          {category !== undefined && <p className="admin-muted">{t('categories.moveHint')}</p>}
          <FieldError form={form} field="parent" />
        </div>

        <TextField
          form={form}
          field="sortOrder"
          label={t('categories.sortOrder')}
          hint={t('categories.sortOrderHint')}
          inputMode="numeric"
          value={draft.sortOrder}
          onValue={(_, sortOrder) => {
            setDraft((d) => ({ ...d, sortOrder }));
          }}
        />

        <label className="choice">
          <input
            type="checkbox"
            checked={draft.hidden}
            onChange={(event) => {
              setDraft((d) => ({ ...d, hidden: event.target.checked }));
            }}
          />
          {t('categories.hiddenField')}
        </label>

        <div className="taxonomy-form__actions">
          <button type="submit" className="button" disabled={busy}>
            {category === undefined ? t('categories.create') : t('categories.save')}
          </button>
          <button type="button" className="button button--secondary" onClick={onDone}>
            {t('categories.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
