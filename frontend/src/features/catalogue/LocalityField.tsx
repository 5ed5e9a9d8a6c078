import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetLocalitiesQuery } from '@/app/referenceApi';
import { useCombobox } from '@/components/combobox/useCombobox';
import * as limits from '@/contract/limits.gen';
import type { Locality } from '@/contract/schema.gen';
import { TEXT_LIMITS } from '@/lib/searchCriteria';
import { useDebounced } from '@/lib/useDebounced';

/** The API answers from this many characters on. */
const MIN_QUERY = limits.listLocalities.q.minLength;
const DEBOUNCE_MS = 250;

/** How a chosen locality is written into the field: "8001 Zürich". */
export function localityLabel(locality: Locality): string {
  return `${locality.postalCode} ${locality.name}`;
}

/**
 * What the field's text means as the `location` criterion: a chosen "8001 Zürich" is sent as its
 * postal code (unambiguous), anything else as typed (a postal code or a locality name).
 */
export function locationCriterion(text: string): string {
  const trimmed = text.trim();
  const match = /^(\d{4})\s+\S/.exec(trimmed);
  return match?.[1] ?? trimmed;
}

interface LocalityFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field lost the focus (choosing a suggestion keeps it). */
  onBlur?: (() => void) | undefined;
  disabled?: boolean;
  /** A message shown under the field (and announced with it) when the location is refused. */
  error?: string | undefined;
  hint?: string | undefined;
}

/**
 * A text field for a Swiss postal code or locality with suggestions from `GET /localities`
 * (ARIA 1.2 combobox with a list box): arrows move through the suggestions, Enter chooses,
 * Escape closes; typing anything else is accepted as it is.
 */
export function LocalityField({ label, value, onChange, onBlur, disabled = false, error, hint }: LocalityFieldProps) {
  const { t } = useTranslation('catalogue');
  const id = useId();
  const combobox = useCombobox(id);
  const query = useDebounced(value.trim(), DEBOUNCE_MS);
  const skip = disabled || !combobox.open || query.length < MIN_QUERY;
  const { data, isFetching } = useGetLocalitiesQuery(query, { skip });
  const suggestions = skip ? [] : (data ?? []);
  const { inputProps, listProps, optionProps } = combobox.bind(suggestions, {
    onChoose: (locality) => {
      onChange(localityLabel(locality));
    },
    onBlur,
  });

  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <div className="field locality-field">
      <label htmlFor={id}>{label}</label>
      <div className="locality-field__box">
        <input
          id={id}
          type="text"
          autoComplete="off"
          maxLength={TEXT_LIMITS.location}
          {...inputProps}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          disabled={disabled}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            combobox.typed();
          }}
        />
        <div {...listProps} aria-label={label} className="locality-field__list">
          {suggestions.map((locality, index) => (
            <div
              key={`${locality.postalCode}-${locality.name}`}
              {...optionProps(index)}
              className="locality-field__option"
            >
              {t('location.suggestion', {
                postalCode: locality.postalCode,
                name: locality.name,
                canton: locality.canton,
              })}
            </div>
          ))}
        </div>
      </div>
      <span className="visually-hidden" aria-live="polite">
        {combobox.open && !isFetching && !skip ? t('location.suggestions', { count: suggestions.length }) : ''}
      </span>
      {hint && (
        <p id={`${id}-hint`} className="catalogue-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
