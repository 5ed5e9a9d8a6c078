import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetLocalitiesQuery } from '@/app/referenceApi';
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
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const query = useDebounced(value.trim(), DEBOUNCE_MS);
  const skip = disabled || !open || query.length < MIN_QUERY;
  const { data, isFetching } = useGetLocalitiesQuery(query, { skip });
  const suggestions = skip ? [] : (data ?? []);
  const expanded = open && suggestions.length > 0;

  function choose(locality: Locality) {
    onChange(localityLabel(locality));
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        if (suggestions.length > 0) setActive((current) => (current + 1) % suggestions.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (suggestions.length > 0) setActive((current) => (current <= 0 ? suggestions.length - 1 : current - 1));
        break;
      case 'Enter': {
        const chosen = expanded ? suggestions[active] : undefined;
        if (chosen) {
          event.preventDefault(); // choose, do not submit the form yet
          choose(chosen);
        }
        break;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
      default:
        break;
    }
  }

  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const activeOption = expanded && active >= 0 && active < suggestions.length ? `${id}-option-${active}` : undefined;

  return (
    <div className="field locality-field">
      <label htmlFor={id}>{label}</label>
      <div className="locality-field__box">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          maxLength={TEXT_LIMITS.location}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeOption}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          disabled={disabled}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            setOpen(true);
          }}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
        />
        <div id={listId} role="listbox" aria-label={label} className="locality-field__list" hidden={!expanded}>
          {suggestions.map((locality, index) => (
            <div
              key={`${locality.postalCode}-${locality.name}`}
              id={`${id}-option-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className="locality-field__option"
              onMouseDown={(event) => {
                event.preventDefault(); // keep the focus in the field
                choose(locality);
              }}
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
        {open && !isFetching && !skip ? t('location.suggestions', { count: suggestions.length }) : ''}
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
