import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { FieldError, TextField } from '@/components/form/fields';
import { useFormErrors, type FieldErrors } from '@/components/form/formErrors';
import { toastShown } from '@/components/Toasts/toastSlice';
import * as limits from '@/contract/limits.gen';
import type { AdminPlan, PlanEdit } from '@/contract/schema.gen';
import { useCreatePlanMutation, useUpdatePlanMutation } from '@/features/admin/api';
import { ErrorAlert } from '@/features/admin/shared';
import type { ApiError } from '@/lib/apiError';
import { LANGUAGE_MENU, LANGUAGES, type Language } from '@/lib/languages';
import { useLang } from '@/lib/useLang';
import '@/features/admin/PlansAndSettings.css';

/** Bounds the server enforces too (docs/openapi.yaml, CreatePlanRequest). */
const PLAN = limits.CreatePlanRequest;
const ID_MAX = PLAN.id.maxLength;
const NAME_MAX = PLAN.name.en.maxLength;
const DESCRIPTION_MAX = PLAN.description.en.maxLength;

const LANGUAGE_NAMES = Object.fromEntries(LANGUAGE_MENU.map(({ code, label }) => [code, label])) as Record<
  Language,
  string
>;

/** Rappen -> "1’234.50": the Swiss way (apostrophe groups, point, two decimals) in every UI language. */
export function formatPriceInput(rp: number): string {
  const whole = Math.floor(rp / 100);
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '’');
  return `${grouped}.${String(rp % 100).padStart(2, '0')}`;
}

/**
 * "1’234.50", "1'234,5", "1 234.50", "39" -> Rappen; null for anything else (negative, more than
 * two decimals, letters).
 */
export function parsePriceInput(text: string): number | null {
  const cleaned = text.replace(/[\s'’]/g, '').replace(',', '.');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The form's state: numbers as typed, so a half-typed value is not lost. */
interface Draft {
  id: string;
  kind: AdminPlan['kind'];
  bundle: boolean;
  name: Texts;
  description: Texts;
  price: string;
  durationValue: string;
  durationUnit: 'days' | 'months';
  freeMonths: string;
  adAllowance: string;
  imageAllowance: string;
  adDurationDays: string;
  popular: boolean;
  sortOrder: string;
}

type NumberField = 'durationValue' | 'freeMonths' | 'adAllowance' | 'imageAllowance' | 'adDurationDays' | 'sortOrder';

/** A text in each UI language, as the form edits it. */
type Texts = Record<Language, string>;

function emptyTexts(): Texts {
  return { en: '', fr: '', de: '', it: '', sq: '' };
}

function draftOf(plan: AdminPlan | null): Draft {
  if (plan === null) {
    return {
      id: '',
      kind: 'subscription',
      bundle: false,
      name: emptyTexts(),
      description: emptyTexts(),
      price: '',
      durationValue: '12',
      durationUnit: 'months',
      freeMonths: '0',
      adAllowance: '1',
      imageAllowance: '10',
      adDurationDays: '60',
      popular: false,
      sortOrder: '10',
    };
  }
  return {
    id: plan.id,
    kind: plan.kind,
    bundle: plan.bundle,
    name: { ...emptyTexts(), ...plan.name },
    description: { ...emptyTexts(), ...plan.description },
    price: formatPriceInput(plan.priceRp),
    durationValue: String(plan.duration.value),
    durationUnit: plan.duration.unit,
    freeMonths: String(plan.freeMonths),
    adAllowance: String(plan.adAllowance),
    imageAllowance: String(plan.imageAllowance),
    adDurationDays: String(plan.adDurationDays),
    popular: plan.popular,
    sortOrder: String(plan.sortOrder),
  };
}

/** The draft's numbers by the server's field names. */
const NUMBER_FIELDS = {
  durationValue: 'duration.value',
  freeMonths: 'freeMonths',
  adAllowance: 'adAllowance',
  imageAllowance: 'imageAllowance',
  adDurationDays: 'adDurationDays',
  sortOrder: 'sortOrder',
} as const satisfies Record<NumberField, string>;

/**
 * The request's fields as the server names them in field errors (`name.fr`, `duration.value`,
 * `priceRp`, ...), in form order (the first invalid one gets the focus).
 */
const PLAN_FIELDS = [
  'id',
  'kind',
  'bundle',
  ...LANGUAGES.map((l) => `name.${l}` as const),
  'name',
  ...LANGUAGES.map((l) => `description.${l}` as const),
  'description',
  'priceRp',
  'duration.value',
  'duration.unit',
  'freeMonths',
  'adAllowance',
  'imageAllowance',
  'adDurationDays',
  'sortOrder',
] as const;
type PlanField = (typeof PLAN_FIELDS)[number];

/** The request body, or the fields that cannot be read as numbers. */
function toEdit(draft: Draft): { edit: PlanEdit } | { errors: FieldErrors<PlanField> } {
  const errors: FieldErrors<PlanField> = {};
  const priceRp = parsePriceInput(draft.price);
  if (priceRp === null) errors.priceRp = draft.price.trim() === '' ? 'required' : 'invalid';
  const numbers = {} as Record<NumberField, number>;
  for (const [field, name] of Object.entries(NUMBER_FIELDS) as [NumberField, PlanField][]) {
    const text = draft[field].trim();
    if (!/^\d{1,6}$/.test(text)) errors[name] = text === '' ? 'required' : 'invalid';
    numbers[field] = Number(text);
  }
  if (Object.keys(errors).length > 0 || priceRp === null) return { errors };
  return {
    edit: {
      name: draft.name,
      description: draft.description,
      priceRp,
      duration: { value: numbers.durationValue, unit: draft.durationUnit },
      freeMonths: numbers.freeMonths,
      adAllowance: numbers.adAllowance,
      imageAllowance: numbers.imageAllowance,
      adDurationDays: numbers.adDurationDays,
      popular: draft.popular,
      sortOrder: numbers.sortOrder,
    },
  };
}

interface PlanFormProps {
  /** The plan to edit, or null for a new one. */
  plan: AdminPlan | null;
  onDone: () => void;
}

/**
 * Create or edit a plan: the five names and descriptions (each labelled with its language), the
 * price in CHF as the Swiss write it, duration, free months, allowances, badge and position.
 * Field errors (the form's own and the server's) show under their field.
 */
export function PlanForm({ plan, onDone }: PlanFormProps) {
  const { t } = useTranslation(['adminSettings', 'errors']);
  const dispatch = useAppDispatch();
  const lang = useLang();
  const id = useId();
  const form = useFormErrors(PLAN_FIELDS);
  const [draft, setDraft] = useState(() => draftOf(plan));
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [createPlan, creating] = useCreatePlanMutation();
  const [updatePlan, updating] = useUpdatePlanMutation();
  const busy = creating.isLoading || updating.isLoading;
  const isNew = plan === null;
  const title = isNew ? t('plans.form.newTitle') : t('plans.form.editTitle', { name: plan.name[lang] ?? plan.id });

  function set<K extends keyof Draft>(key: K, value: Draft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
  }

  function setText(key: 'name' | 'description', lang: Language, value: string) {
    setDraft((current) => ({ ...current, [key]: { ...current[key], [lang]: value } }));
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const result = toEdit(draft);
    if ('errors' in result) {
      form.show(result.errors);
      return;
    }
    form.show({});
    try {
      if (isNew) {
        await createPlan({ ...result.edit, id: draft.id.trim(), kind: draft.kind, bundle: draft.bundle }).unwrap();
      } else {
        await updatePlan({ ...result.edit, id: plan.id, version: plan.version }).unwrap();
      }
      dispatch(
        toastShown({
          kind: 'success',
          messageKey: isNew ? 'adminSettings:plans.created' : 'adminSettings:plans.saved',
        }),
      );
      onDone();
    } catch (error) {
      setFailure(form.refused(error));
    }
  }

  function numberField(field: NumberField, label: string) {
    return (
      <TextField
        form={form}
        field={NUMBER_FIELDS[field]}
        label={label}
        inputMode="numeric"
        value={draft[field]}
        onValue={(_, value) => {
          set(field, value);
        }}
      />
    );
  }

  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p className="admin-muted">{t('plans.form.hint')}</p>
      {failure && <ErrorAlert error={failure} />}
      <form className="admin-form plan-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        {isNew && (
          <>
            <TextField
              form={form}
              field="id"
              label={t('plans.form.id')}
              hint={t('plans.form.idHint')}
              autoComplete="off"
              maxLength={ID_MAX}
              value={draft.id}
              onValue={(_, value) => {
                set('id', value);
              }}
            />
            <div className="field">
              <label htmlFor={form.idOf('kind')}>{t('plans.form.kind')}</label>
              <select
                {...form.a11y('kind')}
                value={draft.kind}
                onChange={(event) => {
                  set('kind', event.target.value === 'single' ? 'single' : 'subscription');
                }}
              >
                <option value="subscription">{t('plans.form.kinds.subscription')}</option>
                <option value="single">{t('plans.form.kinds.single')}</option>
              </select>
              <FieldError form={form} field="kind" />
            </div>
            <label className="choice">
              <input
                type="checkbox"
                checked={draft.bundle}
                onChange={(event) => {
                  set('bundle', event.target.checked);
                }}
              />
              {t('plans.form.bundle')}
            </label>
            <FieldError form={form} field="bundle" />
          </>
        )}

        <fieldset className="field plan-form__group">
          <legend>{t('plans.form.names')}</legend>
          {LANGUAGES.map((lang) => (
            <TextField
              key={lang}
              form={form}
              field={`name.${lang}`}
              label={t('plans.form.nameIn', { language: LANGUAGE_NAMES[lang] })}
              lang={lang}
              maxLength={NAME_MAX}
              value={draft.name[lang]}
              onValue={(_, value) => {
                setText('name', lang, value);
              }}
            />
          ))}
          <FieldError form={form} field="name" />
        </fieldset>

        <fieldset className="field plan-form__group">
          <legend>{t('plans.form.descriptions')}</legend>
          {LANGUAGES.map((lang) => (
            <TextField
              key={lang}
              form={form}
              field={`description.${lang}`}
              label={t('plans.form.descriptionIn', { language: LANGUAGE_NAMES[lang] })}
              rows={2}
              lang={lang}
              maxLength={DESCRIPTION_MAX}
              value={draft.description[lang]}
              onValue={(_, value) => {
                setText('description', lang, value);
              }}
            />
          ))}
          <FieldError form={form} field="description" />
        </fieldset>

        <TextField
          form={form}
          field="priceRp"
          label={t('plans.form.price')}
          hint={t('plans.form.priceHint')}
          inputMode="decimal"
          autoComplete="off"
          value={draft.price}
          onValue={(_, value) => {
            set('price', value);
          }}
          onBlur={() => {
            const rp = parsePriceInput(draft.price);
            if (rp !== null) set('price', formatPriceInput(rp));
          }}
        />

        <fieldset className="field plan-form__row">
          <legend>{t('plans.form.duration')}</legend>
          {numberField('durationValue', t('plans.form.durationValue'))}
          <div className="field">
            <label htmlFor={form.idOf('duration.unit')}>{t('plans.form.durationUnit')}</label>
            <select
              {...form.a11y('duration.unit')}
              value={draft.durationUnit}
              onChange={(event) => {
                set('durationUnit', event.target.value === 'days' ? 'days' : 'months');
              }}
            >
              <option value="months">{t('plans.form.units.months')}</option>
              <option value="days">{t('plans.form.units.days')}</option>
            </select>
            <FieldError form={form} field="duration.unit" />
          </div>
        </fieldset>
        {numberField('freeMonths', t('plans.form.freeMonths'))}

        <fieldset className="field plan-form__row">
          <legend>{t('plans.form.allowances')}</legend>
          {numberField('adAllowance', t('plans.form.adAllowance'))}
          {numberField('imageAllowance', t('plans.form.imageAllowance'))}
          {numberField('adDurationDays', t('plans.form.adDurationDays'))}
        </fieldset>

        <label className="choice">
          <input
            type="checkbox"
            checked={draft.popular}
            onChange={(event) => {
              set('popular', event.target.checked);
            }}
          />
          {t('plans.form.popular')}
        </label>
        {numberField('sortOrder', t('plans.form.sortOrder'))}

        <div className="admin-dialog__actions plan-form__actions">
          <button type="button" className="button button--secondary" onClick={onDone}>
            {t('plans.form.cancel')}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {isNew ? t('plans.form.create') : t('plans.form.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
