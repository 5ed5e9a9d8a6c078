import { useId, useState, type ReactNode, type Ref, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCombobox } from '@/components/combobox/useCombobox';
import { SearchIcon } from '@/components/icons';
import { useGetSuggestionsQuery } from '@/components/SearchBox/api';
import * as limits from '@/contract/limits.gen';
import type { Suggestion } from '@/contract/schema.gen';
import { paths } from '@/lib/paths';
import { criteriaToSearchParams, TEXT_LIMITS, type SearchCriteria } from '@/lib/searchCriteria';
import { useDebounced } from '@/lib/useDebounced';
import { useLang } from '@/lib/useLang';
import './SearchBox.css';

/** The API answers from this many characters on; below, nothing is asked. */
const MIN_QUERY = limits.listSuggestions.q.minLength;
const MAX_QUERY = limits.listSuggestions.q.maxLength;
export const SUGGEST_DEBOUNCE_MS = 150;

/** What choosing a suggestion searches for. */
function suggestionCriteria(suggestion: Suggestion): SearchCriteria {
  switch (suggestion.kind) {
    case 'category':
      return { category: suggestion.value };
    case 'brand':
      return { brand: suggestion.value };
    default:
      return { q: suggestion.value };
  }
}

interface SearchBoxProps {
  /** `hero`: the home page's large field with its label shown; `compact`: the header's, label hidden. */
  variant: 'hero' | 'compact';
  /** What the fields around the box add to a search (the home page's place and radius). */
  extraCriteria?: () => SearchCriteria;
  /** More fields and links, inside the form after the text field and its button. */
  children?: ReactNode;
  /** Called once a search opened the list (the header closes its phone field). */
  onSearch?: () => void;
  /** Escape pressed with no suggestions open (the header closes its phone field). */
  onEscape?: (() => void) | undefined;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * "What are you looking for?": a search form whose text field suggests categories (named in the
 * page's language), brands and words of the catalogue while the visitor types (ARIA 1.2 combobox
 * with a list box: arrows move, Enter chooses, Escape closes). It asks from two characters on,
 * once typing pauses; an answer for older text is never shown. Submitting, or choosing a
 * suggestion, opens the product list with the search as query parameters.
 */
export function SearchBox({ variant, extraCriteria, children, onSearch, onEscape, inputRef }: SearchBoxProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const id = useId();
  const combobox = useCombobox(id);
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), SUGGEST_DEBOUNCE_MS);
  const skip = !combobox.open || query.length < MIN_QUERY;
  // currentData belongs to the latest query only: a late answer for older text is never shown.
  const { currentData } = useGetSuggestionsQuery({ q: query.slice(0, MAX_QUERY), lang }, { skip });
  const suggestions = skip || text.trim().length < MIN_QUERY ? [] : (currentData ?? []);

  function search(criteria: SearchCriteria) {
    combobox.close();
    void navigate(paths.products(lang, criteriaToSearchParams({ ...extraCriteria?.(), ...criteria })));
    onSearch?.();
  }

  function choose(suggestion: Suggestion) {
    if (suggestion.kind === 'term') setText(suggestion.value);
    search(suggestionCriteria(suggestion));
  }

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    search({ q: text });
  }

  const { expanded, inputProps, listProps, optionProps } = combobox.bind(suggestions, { onChoose: choose, onEscape });

  return (
    <form
      role="search"
      aria-label={t('search.landmark')}
      className={`search-box search-box--${variant}`}
      onSubmit={onSubmit}
    >
      <label htmlFor={id} className={variant === 'hero' ? 'search-box__label' : 'visually-hidden'}>
        {t('search.label')}
      </label>
      <div className="search-box__row">
        <div className="search-box__field">
          <SearchIcon />
          <input
            ref={inputRef}
            id={id}
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={TEXT_LIMITS.q}
            placeholder={t('search.placeholder')}
            {...inputProps}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              combobox.typed();
            }}
          />
          <div {...listProps} aria-label={t('search.suggestions')} className="search-box__list">
            {suggestions.map((suggestion, index) => (
              <div
                key={`${suggestion.kind}-${suggestion.value}`}
                {...optionProps(index)}
                className="search-box__option"
              >
                <span className="search-box__option-label">{suggestion.label}</span>{' '}
                <span className="search-box__option-kind">
                  {suggestion.count === undefined
                    ? t(`search.kind.${suggestion.kind}`)
                    : t(`search.kindCount.${suggestion.kind}`, { count: suggestion.count })}
                </span>
              </div>
            ))}
          </div>
        </div>
        <button type="submit" className="button search-box__submit">
          {t('search.submit')}
        </button>
      </div>
      <span className="visually-hidden" aria-live="polite">
        {expanded ? t('search.announce', { count: suggestions.length }) : ''}
      </span>
      {children}
    </form>
  );
}
