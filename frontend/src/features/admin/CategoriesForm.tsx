import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { useAppDispatch } from '@/app/hooks';
import { toastShown } from '@/components/Toasts/toastSlice';
import type { AdminCategory, AdminCategoryCreate, AdminCategoryPatch } from '@/contract/schema.gen';
import { useCreateCategoryMutation, useUpdateCategoryMutation } from '@/features/admin/api';

type CategoryChange = AdminCategoryPatch & { slug: string };
import { limits } from '@/contract/limits.gen';
import type { FieldErrorCode } from '@/contract/schema.gen';
import { fieldErrorKey, messageOptions, toApiError } from '@/lib/apiError';
import { LANGUAGES, type Language } from '@/lib/languages';
import { useLang } from '@/lib/useLang';

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

const code = (value: FieldErrorCode) => value;

const name = () =>
  z.string().check(z.trim(), z.minLength(1, code('required')), z.maxLength(NAME_MAX, code('too_long')));

/**
 * The form as typed, checked before sending: error messages are the server's field codes, so one
 * translation serves both, and the paths (`names.fr`, `slug`, `sortOrder`) are the server's too.
 */
const categorySchema = z.object({
  names: z.object({ en: name(), fr: name(), de: name(), it: name(), sq: name() }),
  slug: z
    .string()
    .check(z.trim(), z.maxLength(SLUG_MAX, code('too_long')), z.regex(SLUG, code('invalid'))),
  parent: z.string(),
  sortOrder: z.string().check(
    z.trim(),
    z.regex(/^\d*$/, code('invalid')),
    z.refine((value) => value === '' || Number(value) <= SORT_ORDER_MAX, code('out_of_range')),
  ),
  hidden: z.boolean(),
});

type Draft = z.infer<typeof categorySchema>;

type FieldErrors = Partial<Record<string, string>>;

/** The form's fields besides the names, by their server paths. */
const FIELD = { slug: 'slug', parent: 'parent', sortOrder: 'sortOrder' } as const;

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
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(category));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [create, createCall] = useCreateCategoryMutation();
  const [update, updateCall] = useUpdateCategoryMutation();
  const busy = createCall.isLoading || updateCall.isLoading;
  const hasChildren = category !== undefined && categories.some((c) => c.parent === category.slug);
  const parents = categories.filter((c) => c.parent === null && c.slug !== category?.slug);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const fieldId = (path: string) => `${id}-${path.replace('.', '-')}`;

  function showErrors(next: FieldErrors) {
    setErrors(next);
    const order = [...LANGUAGES.map((l) => `names.${l}`), FIELD.slug, FIELD.parent, FIELD.sortOrder];
    const first = order.find((path) => next[path] !== undefined);
    if (first !== undefined) document.getElementById(fieldId(first))?.focus();
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = categorySchema.safeParse(draft);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        next[path] ??= issue.message;
      }
      showErrors(next);
      return;
    }
    const value = parsed.data;
    setErrors({});
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
      const apiError = toApiError(error);
      if (apiError.fields) showErrors({ ...apiError.fields });
      dispatch(
        toastShown({
          kind: 'error',
          messageKey: `errors:${apiError.messageKey}`,
          messageParams: messageOptions((key) => t(`errors:${key}`), apiError),
        }),
      );
    }
  }

  function errorProps(path: string) {
    const error = errors[path];
    return {
      id: fieldId(path),
      'aria-invalid': error !== undefined ? true : undefined,
      'aria-describedby': error !== undefined ? `${fieldId(path)}-error` : undefined,
    };
  }

  function errorText(path: string) {
    const error = errors[path];
    if (error === undefined) return null;
    return (
      <p id={`${fieldId(path)}-error`} className="field__error">
        {t(`errors:${fieldErrorKey(error)}`)}
      </p>
    );
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
            <div className="field" key={l}>
              <label htmlFor={fieldId(`names.${l}`)}>{t('categories.nameIn', { language: t(`languages.${l}`) })}</label>
              <input
                type="text"
                lang={l}
                required
                maxLength={NAME_MAX}
                value={draft.names[l]}
                onChange={(event) => {
                  const text = event.target.value;
                  setDraft((d) => ({ ...d, names: { ...d.names, [l]: text } }));
                }}
                {...errorProps(`names.${l}`)}
              />
              {errorText(`names.${l}`)}
            </div>
          ))}
        </fieldset>

        {category === undefined && (
          <div className="field">
            <label htmlFor={fieldId(FIELD.slug)}>{t('categories.slug')}</label>
            <input
              type="text"
              maxLength={SLUG_MAX}
              autoCapitalize="none"
              spellCheck={false}
              value={draft.slug}
              onChange={(event) => {
                setDraft((d) => ({ ...d, slug: event.target.value }));
              }}
              {...errorProps(FIELD.slug)}
              aria-describedby={[
                `${fieldId(FIELD.slug)}-hint`,
                errors.slug !== undefined && `${fieldId(FIELD.slug)}-error`,
              ]
                .filter(Boolean)
                .join(' ')}
            />
            <p id={`${fieldId(FIELD.slug)}-hint`} className="admin-muted">
              {t('categories.slugHint')}
            </p>
            {errorText(FIELD.slug)}
          </div>
        )}

        <div className="field">
          <label htmlFor={fieldId(FIELD.parent)}>{t('categories.parent')}</label>
          <select
            value={draft.parent}
            disabled={hasChildren}
            onChange={(event) => {
              setDraft((d) => ({ ...d, parent: event.target.value }));
            }}
            {...errorProps(FIELD.parent)}
          >
            <option value="">{t('categories.topLevel')}</option>
            {parents.map((p) => (
              <option key={p.slug} value={p.slug}>
                {categoryLabel(p, lang)}
              </option>
            ))}
          </select>
          {category !== undefined && <p className="admin-muted">{t('categories.moveHint')}</p>}
          {errorText(FIELD.parent)}
        </div>

        <div className="field">
          <label htmlFor={fieldId(FIELD.sortOrder)}>{t('categories.sortOrder')}</label>
          <input
            type="text"
            inputMode="numeric"
            value={draft.sortOrder}
            onChange={(event) => {
              setDraft((d) => ({ ...d, sortOrder: event.target.value }));
            }}
            {...errorProps(FIELD.sortOrder)}
            aria-describedby={[
              `${fieldId(FIELD.sortOrder)}-hint`,
              errors.sortOrder !== undefined && `${fieldId(FIELD.sortOrder)}-error`,
            ]
              .filter(Boolean)
              .join(' ')}
          />
          <p id={`${fieldId(FIELD.sortOrder)}-hint`} className="admin-muted">
            {t('categories.sortOrderHint')}
          </p>
          {errorText(FIELD.sortOrder)}
        </div>

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
