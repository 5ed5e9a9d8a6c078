import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { isLanguage, LANGUAGE_MENU } from '@/lib/languages';
import { switchLanguagePath } from '@/lib/localePath';
import { useLang } from '@/lib/useLang';

interface LanguageSwitcherProps {
  className?: string;
}

/**
 * A labelled native <select> (keyboard and screen-reader support for free). Choosing a language
 * swaps the URL prefix and replaces the history entry; the shell then switches i18next and
 * `<html lang>` to follow the URL, which stays the only source of the language.
 */
export function LanguageSwitcher({ className }: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const id = useId();
  const lang = useLang();
  const location = useLocation();
  const navigate = useNavigate();

  function onChange(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.target.value;
    if (!isLanguage(next) || next === lang) return;
    void navigate(switchLanguagePath(location, next), { replace: true, preventScrollReset: true });
  }

  return (
    <div className={className ? `language-switcher ${className}` : 'language-switcher'}>
      <label htmlFor={id} className="language-switcher__label">
        {t('language.label')}
      </label>
      <select id={id} className="language-switcher__select" value={lang} onChange={onChange}>
        {LANGUAGE_MENU.map(({ code, label }) => (
          <option key={code} value={code} lang={code}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}
