import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import './OverflowMenu.css';

interface ItemBase {
  /** Stable React key. */
  key: string;
  /** The visible text. */
  label: string;
  /** A fuller accessible name (it must contain the visible text, WCAG 2.5.3). */
  accessibleLabel?: string;
  /** Drawn in the danger colour (delete). */
  danger?: boolean;
}

/** A menu entry: a link (`to`) or an action (`onSelect`). */
export type OverflowMenuItem = (ItemBase & { to: string }) | (ItemBase & { onSelect: () => void });

export interface OverflowMenuProps {
  /** The accessible name of the menu button ("More actions for …"). */
  label: string;
  items: readonly OverflowMenuItem[];
  className?: string;
}

type FocusTarget = 'first' | 'last';

function itemClass(item: OverflowMenuItem): string {
  return item.danger === true ? 'overflow-menu__item overflow-menu__item--danger' : 'overflow-menu__item';
}

/** Three dots in a row; the meaning comes from the button's name. */
function DotsIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

/**
 * A menu button (WAI-ARIA APG "menu button"): the button opens a list of actions and moves focus
 * into it; ArrowUp/ArrowDown, Home/End and the first letter move between items, Enter and Space
 * choose, Escape closes and gives focus back to the button, Tab closes and moves on, and a
 * pointer press outside closes it. Choosing an action gives focus back to the button before the
 * action runs, so a dialog the action opens returns focus there when it closes.
 */
export function OverflowMenu({ label, items, className }: OverflowMenuProps) {
  const id = useId();
  const buttonId = `${id}-button`;
  const menuId = `${id}-menu`;
  const [open, setOpen] = useState(false);
  const focusTarget = useRef<FocusTarget>('first');
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  function menuItems(): HTMLElement[] {
    return Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  }

  function openMenu(target: FocusTarget) {
    focusTarget.current = target;
    setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  // Focus moves into the menu once it is drawn.
  useEffect(() => {
    if (!open) return;
    const list = menuItems();
    (focusTarget.current === 'last' ? list[list.length - 1] : list[0])?.focus();
  }, [open]);

  // A press anywhere outside closes the menu without taking the focus.
  useEffect(() => {
    if (!open) return undefined;
    function onPointerDown(event: PointerEvent) {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openMenu('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu('last');
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const list = menuItems();
    const current = list.findIndex((item) => item === document.activeElement);
    const focusAt = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        focusAt(current + 1);
        return;
      case 'ArrowUp':
        focusAt(current - 1);
        return;
      case 'Home':
        focusAt(0);
        return;
      case 'End':
        focusAt(list.length - 1);
        return;
      case 'Escape':
        event.preventDefault();
        close(true);
        return;
      case 'Tab':
        setOpen(false);
        return;
      case ' ':
        // Buttons choose on Space by themselves; links do not.
        if (document.activeElement instanceof HTMLAnchorElement) {
          event.preventDefault();
          document.activeElement.click();
        }
        return;
      default:
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const letter = event.key.toLocaleLowerCase();
          const order = [...list.slice(current + 1), ...list.slice(0, current + 1)];
          const match = order.find((item) => item.textContent.trim().toLocaleLowerCase().startsWith(letter));
          if (match) {
            event.preventDefault();
            match.focus();
          }
        }
    }
  }

  return (
    <div ref={rootRef} className={`overflow-menu${className ? ` ${className}` : ''}`}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="overflow-menu__button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          if (open) close(false);
          else openMenu('first');
        }}
        onKeyDown={onButtonKeyDown}
      >
        <DotsIcon />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          className="overflow-menu__list"
          role="menu"
          aria-labelledby={buttonId}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item) =>
            'to' in item ? (
              <Link
                key={item.key}
                role="menuitem"
                tabIndex={-1}
                className={itemClass(item)}
                to={item.to}
                aria-label={item.accessibleLabel}
                onClick={() => {
                  setOpen(false);
                }}
              >
                {item.label}
              </Link>
            ) : (
              <button
                key={item.key}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={itemClass(item)}
                aria-label={item.accessibleLabel}
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            ),
          )}
        </div>
      )}
    </div>
  );
}
