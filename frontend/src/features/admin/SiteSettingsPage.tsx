import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { FieldError, TextField } from '@/components/form/fields';
import { useFormErrors } from '@/components/form/formErrors';
import { toastShown } from '@/components/Toasts/toastSlice';
import * as limits from '@/contract/limits.gen';
import type { SiteSettings } from '@/contract/schema.gen';
import { useGetSiteSettingsQuery, useUpdateSiteSettingsMutation } from '@/features/admin/api';
import { ErrorAlert } from '@/features/admin/shared';
import { toApiError, type ApiError } from '@/lib/apiError';
import { formatDateTime } from '@/lib/dateTime';
import { isLanguage, LANGUAGE_MENU, LANGUAGES, type Language } from '@/lib/languages';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import '@/features/admin/PlansAndSettings.css';

/** Bound of a notice text, in characters (docs/openapi.yaml, SiteNotice.text). */
const NOTICE_TEXT_MAX = limits.SiteSettingsRequest.notice.text.en.maxLength;

type NoticeLevel = SiteSettings['notice']['level'];
/** A text in each UI language, as the form edits it. */
type Texts = Record<Language, string>;

const LEVELS: readonly NoticeLevel[] = ['info', 'warning'];

/** The request's fields as the server names them in field errors, in form order. */
const SETTINGS_FIELDS = [
  'notice.level',
  ...LANGUAGES.map((l) => `notice.text.${l}` as const),
  'notice.text',
  'notice.endsAt',
] as const;

const LANGUAGE_NAMES = Object.fromEntries(LANGUAGE_MENU.map(({ code, label }) => [code, label])) as Record<
  Language,
  string
>;

/** ISO date-time -> the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) -> ISO, or null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

interface Draft {
  enabled: boolean;
  level: NoticeLevel;
  text: Texts;
  endsAt: string;
  signupsOpen: boolean;
}

function emptyTexts(): Texts {
  return { en: '', fr: '', de: '', it: '', sq: '' };
}

function draftOf(settings: SiteSettings): Draft {
  return {
    enabled: settings.notice.enabled,
    level: settings.notice.level,
    text: { ...emptyTexts(), ...settings.notice.text },
    endsAt: toLocalInput(settings.notice.endsAt),
    signupsOpen: settings.signupsOpen,
  };
}

/** The editor of the loaded settings; remounted (fresh draft) whenever a new version loads. */
function SiteSettingsForm({ settings }: { settings: SiteSettings }) {
  const { t } = useTranslation(['adminSettings', 'errors']);
  const lang = useLang();
  const dispatch = useAppDispatch();
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(settings));
  const [previewLang, setPreviewLang] = useState<Language>(lang);
  const form = useFormErrors(SETTINGS_FIELDS);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [save, saving] = useUpdateSiteSettingsMutation();

  function set<K extends keyof Draft>(key: K, value: Draft[K]) {
    setDraft((current) => ({ ...current, [key]: value }));
  }

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving.isLoading) return;
    setFailure(null);
    const endsAt = fromLocalInput(draft.endsAt);
    if (draft.endsAt.trim() !== '' && endsAt === null) {
      form.show({ 'notice.endsAt': 'invalid' });
      return;
    }
    try {
      await save({
        notice: { enabled: draft.enabled, level: draft.level, text: draft.text, endsAt },
        signupsOpen: draft.signupsOpen,
        version: settings.version,
      }).unwrap();
      form.show({});
      dispatch(toastShown({ kind: 'success', messageKey: 'adminSettings:site.saved' }));
    } catch (error) {
      setFailure(form.refused(error));
    }
  }

  const previewText = draft.text[previewLang].trim();

  return (
    <form className="admin-form site-settings" noValidate onSubmit={(event) => void onSubmit(event)}>
      {failure && <ErrorAlert error={failure} />}

      <section className="admin-panel" aria-labelledby={`${id}-notice`}>
        <h2 id={`${id}-notice`}>{t('site.notice.title')}</h2>
        <p className="admin-muted">{t('site.notice.hint')}</p>
        <div className="admin-form">
          <label className="choice">
            <input
              type="checkbox"
              checked={draft.enabled}
              onChange={(event) => {
                set('enabled', event.target.checked);
              }}
            />
            {t('site.notice.enabled')}
          </label>

          <fieldset className="field choice-group">
            <legend>{t('site.notice.level')}</legend>
            {LEVELS.map((level) => (
              <label key={level} className="choice">
                <input
                  type="radio"
                  name={`${id}-level`}
                  value={level}
                  checked={draft.level === level}
                  onChange={() => {
                    set('level', level);
                  }}
                />
                {t(`site.notice.levels.${level}`)}
              </label>
            ))}
            <FieldError form={form} field="notice.level" />
          </fieldset>

          <fieldset className="field plan-form__group">
            <legend>{t('site.notice.texts')}</legend>
            {LANGUAGES.map((language) => (
              <TextField
                key={language}
                form={form}
                field={`notice.text.${language}`}
                label={t('site.notice.textIn', { language: LANGUAGE_NAMES[language] })}
                lang={language}
                maxLength={NOTICE_TEXT_MAX}
                value={draft.text[language]}
                onValue={(_, value) => {
                  setDraft((current) => ({ ...current, text: { ...current.text, [language]: value } }));
                }}
              />
            ))}
            <FieldError form={form} field="notice.text" />
          </fieldset>

          <TextField
            form={form}
            field="notice.endsAt"
            label={t('site.notice.endsAt')}
            hint={t('site.notice.endsAtHint')}
            type="datetime-local"
            value={draft.endsAt}
            onValue={(_, value) => {
              set('endsAt', value);
            }}
          />

          <div className="field">
            <label htmlFor={`${id}-preview-lang`}>{t('site.notice.previewLanguage')}</label>
            <select
              id={`${id}-preview-lang`}
              value={previewLang}
              onChange={(event) => {
                if (isLanguage(event.target.value)) setPreviewLang(event.target.value);
              }}
            >
              {LANGUAGE_MENU.map(({ code, label }) => (
                <option key={code} value={code}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <figure className="site-settings__preview" aria-labelledby={`${id}-preview`}>
            <figcaption id={`${id}-preview`}>
              {t('site.notice.preview')}
              {draft.enabled ? '' : ` – ${t('site.notice.previewOff')}`}
            </figcaption>
            {previewText === '' ? (
              <p className="admin-muted site-settings__preview-empty">{t('site.notice.previewEmpty')}</p>
            ) : (
              <div className={`site-notice site-notice--${draft.level}`} lang={previewLang}>
                <div className="container site-notice__inner">
                  <p className="site-notice__text">{previewText}</p>
                </div>
              </div>
            )}
          </figure>
        </div>
      </section>

      <section className="admin-panel" aria-labelledby={`${id}-signups`}>
        <h2 id={`${id}-signups`}>{t('site.signups.title')}</h2>
        <label className="choice">
          <input
            type="checkbox"
            role="switch"
            checked={draft.signupsOpen}
            aria-describedby={`${id}-signups-hint`}
            onChange={(event) => {
              set('signupsOpen', event.target.checked);
            }}
          />
          {t('site.signups.open')}
        </label>
        <p id={`${id}-signups-hint`} className="admin-muted">
          {t('site.signups.hint')}
        </p>
      </section>

      <button type="submit" className="button" disabled={saving.isLoading}>
        {t('site.save')}
      </button>
    </form>
  );
}

/**
 * `admin/site-settings`: what operators change without a deploy — the notice banner (on/off,
 * style, the five texts with a live preview, an optional end) and whether new sign-ups are open.
 */
export function SiteSettingsPage() {
  const { t } = useTranslation(['adminSettings', 'admin']);
  const lang = useLang();
  const settings = useGetSiteSettingsQuery(undefined);
  useDocumentTitle(t('site.pageTitle'));
  const data = settings.data;

  return (
    <div className="admin-page">
      <h1>{t('site.title')}</h1>
      <p>{t('site.lead')}</p>
      {settings.isLoading && <p role="status">{t('admin:common.loading')}</p>}
      {settings.isError && <ErrorAlert error={toApiError(settings.error)} />}
      {data && (
        <>
          <p className="admin-muted">
            {data.updatedAt && data.updatedBy
              ? t('site.lastChange', { at: formatDateTime(data.updatedAt, lang), by: data.updatedBy })
              : t('site.neverSaved')}
          </p>
          <SiteSettingsForm key={data.version} settings={data} />
        </>
      )}
    </div>
  );
}
