import { useId, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '@/app/hooks';
import { ConfirmDialog } from '@/components/ConfirmDialog/ConfirmDialog';
import { toastShown } from '@/components/Toasts/toastSlice';
import { FREQUENCIES } from '@/contract/enums.gen';
import * as limits from '@/contract/limits.gen';
import type { SavedSearchInput } from '@/contract/schema.gen';
import { useCreateSavedSearchMutation } from '@/features/savedSearches/api';
import { fieldErrorKey, messageOptions, toApiError, type ApiError } from '@/lib/apiError';
import { paths } from '@/lib/paths';
import { ALL_CATEGORIES, criteriaToSearchParams, hasFilters, type SearchCriteria } from '@/lib/searchCriteria';
import { useLang } from '@/lib/useLang';
import './savedSearches.css';

/** The longest name the server accepts. */
const NAME_MAX_LENGTH = limits.SavedSearchInput.name.maxLength;

type Frequency = SavedSearchInput['frequency'];

interface SaveSearchButtonProps {
  /** The list's search, as its URL holds it. */
  criteria: SearchCriteria;
  /** The place the search is around ("8001 Zürich"), once the list knows it. */
  place: string | undefined;
  /** The name of a category slug in the UI language. */
  categoryName: (slug: string) => string;
  /** Visitors are sent to log in, and come back to this list. */
  signedIn: boolean;
}

/** The product list's search as the saved search keeps it: the filters, without sort or page. */
export function savedSearchParams(criteria: SearchCriteria): string {
  return criteriaToSearchParams({ ...criteria, sort: undefined }).toString();
}

/** The name a new saved search starts with: its text, else its category, else its place. */
function suggestedName(criteria: SearchCriteria, place: string | undefined, categoryName: (slug: string) => string) {
  if (criteria.q !== undefined) return criteria.q;
  if (criteria.category !== undefined && criteria.category !== ALL_CATEGORIES) return categoryName(criteria.category);
  return place ?? criteria.location ?? '';
}

/**
 * "Save this search" on the product list: opens a dialog asking for a name and how often to send
 * the alert e-mails. A list without any filter cannot be saved (the server refuses it as too
 * broad): the button is then disabled and a hint says why.
 */
export function SaveSearchButton({ criteria, place, categoryName, signedIn }: SaveSearchButtonProps) {
  const { t } = useTranslation('savedSearches');
  const lang = useLang();
  const navigate = useNavigate();
  const location = useLocation();
  const hintId = useId();
  const [open, setOpen] = useState(false);
  const filtered = hasFilters(criteria);

  function start() {
    if (!signedIn) {
      void navigate(paths.loginReturningTo(lang, `${location.pathname}${location.search}`));
      return;
    }
    setOpen(true);
  }

  return (
    <div className="save-search">
      <button
        type="button"
        className="button button--secondary"
        disabled={!filtered}
        aria-describedby={filtered ? undefined : hintId}
        onClick={start}
      >
        {t('button.save')}
      </button>
      {!filtered && (
        <p id={hintId} className="save-search__hint">
          {t('button.noFilterHint')}
        </p>
      )}
      {open && (
        <SaveSearchDialog
          params={savedSearchParams(criteria)}
          initialName={suggestedName(criteria, place, categoryName).slice(0, NAME_MAX_LENGTH)}
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}

interface SaveSearchDialogProps {
  params: string;
  initialName: string;
  onClose: () => void;
}

/** The dialog of "Save this search": name and frequency; the server's refusals are shown in it. */
function SaveSearchDialog({ params, initialName, onClose }: SaveSearchDialogProps) {
  const { t } = useTranslation(['savedSearches', 'errors']);
  const lang = useLang();
  const dispatch = useAppDispatch();
  const id = useId();
  const [name, setName] = useState(initialName || t('dialog.defaultName'));
  const [frequency, setFrequency] = useState<Frequency>('daily');
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<ApiError | null>(null);
  const [create, { isLoading }] = useCreateSavedSearchMutation();

  async function save(event?: SubmitEvent<HTMLFormElement>) {
    event?.preventDefault();
    if (isLoading) return;
    const trimmed = name.trim();
    if (trimmed === '') {
      setNameError(t('errors:fields.required'));
      return;
    }
    setNameError(undefined);
    setError(null);
    try {
      await create({ name: trimmed, params, frequency }).unwrap();
      dispatch(
        toastShown({
          kind: 'success',
          messageKey: 'savedSearches:toast.saved',
          link: { labelKey: 'savedSearches:toast.manage', to: paths.savedSearches(lang) },
        }),
      );
      onClose();
    } catch (caught) {
      const apiError = toApiError(caught);
      const nameCode = apiError.fields?.name;
      if (nameCode !== undefined) setNameError(t(`errors:${fieldErrorKey(nameCode)}`));
      setError(apiError);
    }
  }

  // Field errors of fields not in the dialog (the search itself: place, price…) go with the message.
  const otherFields = Object.entries(error?.fields ?? {}).filter(([field]) => field !== 'name');

  return (
    <ConfirmDialog
      role="dialog"
      title={t('dialog.title')}
      text={t('dialog.text')}
      confirmLabel={isLoading ? t('dialog.saving') : t('dialog.save')}
      busy={isLoading}
      onConfirm={() => void save()}
      onCancel={onClose}
    >
      <form id={`${id}-form`} className="save-search__form" noValidate onSubmit={(event) => void save(event)}>
        <div className="save-search__field">
          <label htmlFor={`${id}-name`}>{t('dialog.name')}</label>
          <input
            id={`${id}-name`}
            type="text"
            value={name}
            maxLength={NAME_MAX_LENGTH}
            required
            aria-invalid={nameError !== undefined}
            aria-describedby={`${id}-name-hint${nameError === undefined ? '' : ` ${id}-name-error`}`}
            onChange={(event) => {
              setName(event.target.value);
            }}
          />
          <p id={`${id}-name-hint`} className="save-search__field-hint">
            {t('dialog.nameHint', { max: NAME_MAX_LENGTH })}
          </p>
          {nameError !== undefined && (
            <p id={`${id}-name-error`} className="save-search__field-error" role="alert">
              {nameError}
            </p>
          )}
        </div>
        <fieldset className="save-search__frequency">
          <legend>{t('dialog.frequency')}</legend>
          {FREQUENCIES.map((choice) => (
            <label key={choice}>
              <input
                type="radio"
                name={`${id}-frequency`}
                value={choice}
                checked={frequency === choice}
                onChange={() => {
                  setFrequency(choice);
                }}
              />{' '}
              {t(`frequency.${choice}`)}
            </label>
          ))}
        </fieldset>
        {error !== null && (error.fields?.name === undefined || otherFields.length > 0) && (
          <div className="save-search__error" role="alert">
            <p>
              {t(
                `errors:${error.messageKey}`,
                messageOptions((key) => t(`errors:${key}`), error),
              )}
            </p>
            {otherFields.map(([field, code]) => (
              <p key={field}>{t(`errors:${fieldErrorKey(code)}`)}</p>
            ))}
          </div>
        )}
      </form>
    </ConfirmDialog>
  );
}
