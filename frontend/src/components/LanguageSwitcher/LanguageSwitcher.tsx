import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LANGUAGE_MENU, type Language } from '@/lib/languages';
import { switchLanguagePath } from '@/lib/localePath';
import { useLang } from '@/lib/useLang';

interface LanguageSwitcherProps {
  className?: string;
}

/**
 * The language menu (WAI-ARIA menu button): a button naming the current language opens a menu of
 * the five languages as links. Arrow keys, Home and End only move focus; a language is chosen with
 * Enter or a click, never by browsing the list (a native <select> switches on ArrowDown in some
 * browsers). Escape closes the menu and returns to the button. Choosing swaps the URL prefix and
 * replaces the history entry; the shell then switches i18next and `<html lang>` to follow the URL,
 * which stays the only source of the language.
 */
export function LanguageSwitcher({ className }: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const id = useId();
  const labelId = `${id}-label`;
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const lang = useLang();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  // Which item takes focus when the menu opens (the current language unless opened with ArrowUp).
  const [focusOnOpen, setFocusOnOpen] = useState<number | null>(null);
  const current = LANGUAGE_MENU.find((item) => item.code === lang) ?? LANGUAGE_MENU[0];

  useEffect(() => {
    if (open && focusOnOpen !== null) itemRefs.current[focusOnOpen]?.focus();
  }, [open, focusOnOpen]);

  // A press anywhere outside closes the menu (focus stays where the press put it).
  useEffect(() => {
    if (!open) return undefined;
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  const currentIndex = Math.max(
    0,
    LANGUAGE_MENU.findIndex((item) => item.code === lang),
  );

  function openAt(index: number) {
    setFocusOnOpen(index);
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    setFocusOnOpen(null);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? currentIndex : LANGUAGE_MENU.length - 1);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = itemRefs.current;
    const at = items.findIndex((item) => item === document.activeElement);
    const last = LANGUAGE_MENU.length - 1;
    const move: Partial<Record<string, number>> = {
      ArrowDown: at >= last ? 0 : at + 1,
      ArrowUp: at <= 0 ? last : at - 1,
      Home: 0,
      End: last,
    };
    const target = move[event.key];
    if (target !== undefined) {
      event.preventDefault();
      items[target]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  }

  function onChoose(code: Language) {
    close(code === lang);
  }

  return (
    <div ref={rootRef} className={className ? `language-switcher ${className}` : 'language-switcher'}>
      <span id={labelId} className="language-switcher__label">
        {t('language.label')}
      </span>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="language-switcher__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-labelledby={`${labelId} ${buttonId}`}
        onClick={() => {
          if (open) close(false);
          else openAt(currentIndex);
        }}
        onKeyDown={onButtonKeyDown}
      >
        <span lang={current?.code}>{current?.label}</span>
      </button>
      {open && (
        <div
          id={menuId}
          className="language-switcher__menu"
          role="menu"
          tabIndex={-1}
          aria-labelledby={labelId}
          onKeyDown={onMenuKeyDown}
        >
          {LANGUAGE_MENU.map(({ code, label }, index) => (
            <Link
              key={code}
              ref={(element) => {
                itemRefs.current[index] = element;
              }}
              role="menuitemradio"
              aria-checked={code === lang}
              tabIndex={-1}
              className="language-switcher__item"
              to={switchLanguagePath(location, code)}
              replace
              preventScrollReset
              lang={code}
              hrefLang={code}
              onClick={(event) => {
                if (code === lang) event.preventDefault();
                onChoose(code);
              }}
            >
              {label}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
