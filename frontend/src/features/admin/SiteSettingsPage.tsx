import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/app/hooks';
import { toastShown } from '@/components/Toasts/toastSlice';
import { limits } from '@/contract/limits.gen';
import type { SiteSettings } from '@/contract/schema.gen';
import { useGetSiteSettingsQuery, useUpdateSiteSettingsMutation } from '@/features/admin/api';
import { ErrorAlert, formatDateTime } from '@/features/admin/shared';

type NoticeLevel = SiteSettings['notice']['level'];
/** A text in each UI language, as the form edits it. */
type Texts = Record<Language, string>;
import { fieldErrorKey, toApiError, type ApiError } from '@/lib/apiError';
import { isLanguage, LANGUAGE_MENU, LANGUAGES, type Language } from '@/lib/languages';
import { useDocumentTitle } from '@/lib/useDocumentTitle';
import { useLang } from '@/lib/useLang';
import '@/components/SiteNotice/SiteNotice.css';
import '@/features/admin/PlansAndSettings.css';

/** Bound of a notice text, in characters (docs/openapi.yaml, SiteNotice.text). */
const NOTICE_TEXT_MAX = limits.SiteSettingsRequest.notice.text.en.maxLength;

const LEVELS: readonly NoticeLevel[] = ['info', 'warning'];

/** Request field names, as the server names them in field errors. */
const FIELD = { level: 'notice.level', text: 'notice.text', endsAt: 'notice.endsAt' } as const;

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
  const [errors, setErrors] = useState<Record<string, string>>({});
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
      setErrors({ [FIELD.endsAt]: 'invalid' });
      return;
    }
    try {
      await save({
        notice: { enabled: draft.enabled, level: draft.level, text: draft.text, endsAt },
        signupsOpen: draft.signupsOpen,
        version: settings.version,
      }).unwrap();
      setErrors({});
      dispatch(toastShown({ kind: 'success', messageKey: 'adminSettings:site.saved' }));
    } catch (error) {
      const apiError = toApiError(error);
      setErrors(apiError.fields ?? {});
      setFailure(apiError);
    }
  }

  function control(name: string, hint?: string) {
    const error = errors[name];
    const controlId = `${id}-${name.replaceAll('.', '-')}`;
    const describedBy = [hint, error !== undefined ? `${controlId}-error` : undefined].filter(Boolean).join(' ');
    return {
      id: controlId,
      'aria-invalid': error !== undefined ? true : undefined,
      'aria-describedby': describedBy === '' ? undefined : describedBy,
    };
  }

  function errorOf(name: string) {
    const code = errors[name];
    if (code === undefined) return null;
    return (
      <p id={`${id}-${name.replaceAll('.', '-')}-error`} className="field__error">
        {t(`errors:${fieldErrorKey(code)}`)}
      </p>
    );
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
            {errorOf(FIELD.level)}
          </fieldset>

          <fieldset className="field plan-form__group">
            <legend>{t('site.notice.texts')}</legend>
            {LANGUAGES.map((language) => (
              <div className="field" key={language}>
                <label htmlFor={control(`notice.text.${language}`).id}>
                  {t('site.notice.textIn', { language: LANGUAGE_NAMES[language] })}
                </label>
                <input
                  type="text"
                  lang={language}
                  maxLength={NOTICE_TEXT_MAX}
                  {...control(`notice.text.${language}`)}
                  value={draft.text[language]}
                  onChange={(event) => {
                    const value = event.target.value;
                    setDraft((current) => ({ ...current, text: { ...current.text, [language]: value } }));
                  }}
                />
                {errorOf(`notice.text.${language}`)}
              </div>
            ))}
            {errorOf(FIELD.text)}
          </fieldset>

          <div className="field">
            <label htmlFor={control(FIELD.endsAt).id}>{t('site.notice.endsAt')}</label>
            <input
              type="datetime-local"
              {...control(FIELD.endsAt, `${id}-ends-hint`)}
              value={draft.endsAt}
              onChange={(event) => {
                set('endsAt', event.target.value);
              }}
            />
            <p id={`${id}-ends-hint`} className="admin-muted">
              {t('site.notice.endsAtHint')}
            </p>
            {errorOf(FIELD.endsAt)}
          </div>

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
