import { useState, type KeyboardEvent, type MouseEvent } from 'react';

interface ComboboxHandlers<T> {
  /** An option was chosen (Enter on the highlighted one, or a click); the list has closed. */
  onChoose: (option: T) => void;
  /** Escape pressed while no list shows (a field that closes itself on Escape). */
  onEscape?: (() => void) | undefined;
  /** The field lost the focus (choosing with the mouse keeps it). */
  onBlur?: (() => void) | undefined;
}

/** The combobox's props for the options shown now (see `useCombobox`). */
export interface ComboboxBinding {
  /** The list box shows: the field is open and there are options. */
  expanded: boolean;
  /** Spread on the text field: its ARIA 1.2 combobox state and its key, focus and blur handlers. */
  inputProps: {
    role: 'combobox';
    'aria-autocomplete': 'list';
    'aria-expanded': boolean;
    'aria-controls': string;
    'aria-activedescendant': string | undefined;
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
    onFocus: () => void;
    onBlur: () => void;
  };
  /** Spread on the list box element. */
  listProps: { id: string; role: 'listbox'; hidden: boolean };
  /** Spread on the option at `index`. */
  optionProps: (index: number) => {
    id: string;
    role: 'option';
    tabIndex: -1;
    'aria-selected': boolean;
    onMouseDown: (event: MouseEvent<HTMLElement>) => void;
  };
}

/**
 * The keyboard and state of an ARIA 1.2 combobox whose text field suggests options in a list box
 * (the focus stays in the field; the highlighted option is its `aria-activedescendant`):
 * ArrowDown opens the list and moves down, ArrowUp moves up, both wrapping around; Enter chooses
 * the highlighted option and closes the list (and otherwise does what Enter does, e.g. submit the
 * form); a click on an option chooses it without taking the focus from the field; Escape closes
 * the list, or calls `onEscape` when none shows; leaving the field closes it.
 *
 * In two steps, because which options exist usually depends on whether the list is open (no
 * request while it is closed): read `open`, fetch, then `bind` the options shown now.
 *
 * @param id the field's id; the list box and its options get ids derived from it.
 */
export function useCombobox(id: string) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  /** Closes the list, nothing highlighted. */
  function close() {
    setOpen(false);
    setActive(-1);
  }

  /** The text changed: the list opens again, nothing highlighted. */
  function typed() {
    setOpen(true);
    setActive(-1);
  }

  function bind<T>(options: readonly T[], { onChoose, onEscape, onBlur }: ComboboxHandlers<T>): ComboboxBinding {
    const count = options.length;
    const expanded = open && count > 0;

    function choose(option: T) {
      close();
      onChoose(option);
    }

    function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
      switch (event.key) {
        case 'ArrowDown':
          event.preventDefault();
          setOpen(true);
          if (count > 0) setActive((current) => (current + 1) % count);
          break;
        case 'ArrowUp':
          event.preventDefault();
          if (count > 0) setActive((current) => (current <= 0 ? count - 1 : current - 1));
          break;
        case 'Enter': {
          const chosen = expanded && active >= 0 ? options[active] : undefined;
          if (chosen !== undefined) {
            event.preventDefault(); // choose, do not submit the form
            choose(chosen);
          }
          break;
        }
        case 'Escape':
          if (expanded) {
            event.preventDefault();
            close();
          } else if (onEscape) {
            event.preventDefault();
            onEscape();
          }
          break;
        default:
          break;
      }
    }

    return {
      expanded,
      inputProps: {
        role: 'combobox',
        'aria-autocomplete': 'list',
        'aria-expanded': expanded,
        'aria-controls': listId,
        'aria-activedescendant': expanded && active >= 0 && active < count ? optionId(active) : undefined,
        onKeyDown,
        onFocus: () => {
          setOpen(true);
        },
        onBlur: () => {
          close();
          onBlur?.();
        },
      },
      listProps: { id: listId, role: 'listbox', hidden: !expanded },
      optionProps: (index) => ({
        id: optionId(index),
        role: 'option',
        tabIndex: -1,
        'aria-selected': index === active,
        onMouseDown: (event) => {
          event.preventDefault(); // keep the focus in the field
          const option = options[index];
          if (option !== undefined) choose(option);
        },
      }),
    };
  }

  return { open, close, typed, bind };
}
