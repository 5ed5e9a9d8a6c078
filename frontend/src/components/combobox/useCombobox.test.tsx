import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useId, useState, type SubmitEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useCombobox } from '@/components/combobox/useCombobox';

const FRUITS = ['peach', 'pear', 'plum'];

interface HarnessProps {
  onChoose?: (fruit: string) => void;
  onEscape?: () => void;
  onBlur?: () => void;
  onSubmit?: () => void;
}

/** A field in a form that offers the fruits starting with its text, once it has any. */
function Harness({ onChoose, onEscape, onBlur, onSubmit }: HarnessProps) {
  const id = useId();
  const combobox = useCombobox(id);
  const [text, setText] = useState('');
  const options = combobox.open && text ? FRUITS.filter((fruit) => fruit.startsWith(text)) : [];
  const { expanded, inputProps, listProps, optionProps } = combobox.bind(options, {
    onChoose: (fruit) => {
      setText(fruit);
      onChoose?.(fruit);
    },
    onEscape,
    onBlur,
  });
  return (
    <form
      onSubmit={(event: SubmitEvent<HTMLFormElement>) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <label htmlFor={id}>Fruit</label>
      <input
        id={id}
        {...inputProps}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          combobox.typed();
        }}
      />
      <div {...listProps} aria-label="Fruits">
        {options.map((fruit, index) => (
          <div key={fruit} {...optionProps(index)}>
            {fruit}
          </div>
        ))}
      </div>
      <output>{expanded ? 'open' : 'closed'}</output>
      <button type="button">Elsewhere</button>
    </form>
  );
}

function setup(props: HarnessProps = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  const field = screen.getByRole('combobox', { name: 'Fruit' });
  const activeOption = () => {
    const activeId = field.getAttribute('aria-activedescendant');
    return activeId ? document.getElementById(activeId)?.textContent : undefined;
  };
  return { user, field, activeOption };
}

describe('useCombobox', () => {
  it('wires the field to its list box as an ARIA 1.2 combobox', async () => {
    const { user, field } = setup();
    expect(field).toHaveAttribute('aria-autocomplete', 'list');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();

    await user.type(field, 'pl'); // one match, not yet highlighted
    const list = screen.getByRole('listbox', { name: 'Fruits' });
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(field).toHaveAttribute('aria-controls', list.id);
    expect(field).not.toHaveAttribute('aria-activedescendant');
    expect(within(list).getByRole('option', { name: 'plum' })).toHaveAttribute('aria-selected', 'false');
  });

  it.each([
    { name: 'down from none', keys: '{ArrowDown}', want: 'peach' },
    { name: 'down twice', keys: '{ArrowDown}{ArrowDown}', want: 'pear' },
    { name: 'down wraps to the first', keys: '{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}', want: 'peach' },
    { name: 'up from none to the last', keys: '{ArrowUp}', want: 'plum' },
    { name: 'up wraps from the first to the last', keys: '{ArrowDown}{ArrowUp}', want: 'plum' },
    { name: 'up twice', keys: '{ArrowUp}{ArrowUp}', want: 'pear' },
  ])('highlights with the arrows: $name', async ({ keys, want }) => {
    const { user, field, activeOption } = setup();
    await user.type(field, 'p');
    expect(activeOption()).toBeUndefined();
    await user.keyboard(keys);
    expect(activeOption()).toBe(want);
    expect(screen.getByRole('option', { name: want })).toHaveAttribute('aria-selected', 'true');
  });

  it('chooses the highlighted option with Enter, closing the list instead of submitting', async () => {
    const onChoose = vi.fn();
    const onSubmit = vi.fn();
    const { user, field } = setup({ onChoose, onSubmit });
    await user.type(field, 'p{ArrowDown}{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledExactlyOnceWith('pear');
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field).toHaveValue('pear');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).not.toHaveAttribute('aria-activedescendant');
  });

  it('leaves Enter to the form while nothing is highlighted', async () => {
    const onChoose = vi.fn();
    const onSubmit = vi.fn();
    const { user, field } = setup({ onChoose, onSubmit });
    await user.type(field, 'p{Enter}');
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('chooses with a click without taking the focus from the field', async () => {
    const onChoose = vi.fn();
    const onBlur = vi.fn();
    const { user, field } = setup({ onChoose, onBlur });
    await user.type(field, 'pl');
    await user.click(screen.getByRole('option', { name: 'plum' }));
    expect(onChoose).toHaveBeenCalledExactlyOnceWith('plum');
    expect(field).toHaveFocus();
    expect(onBlur).not.toHaveBeenCalled();
    expect(field).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with Escape, and hands a second Escape to onEscape', async () => {
    const onEscape = vi.fn();
    const { user, field } = setup({ onEscape });
    await user.type(field, 'p{ArrowDown}{Escape}');
    expect(field).toHaveAttribute('aria-expanded', 'false');
    expect(field).not.toHaveAttribute('aria-activedescendant');
    expect(onEscape).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onEscape).toHaveBeenCalledOnce();
    await user.keyboard('{ArrowDown}'); // opens again (the options come with it)
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(field).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'peach' }).id);
  });

  it('closes when the field loses the focus and reopens on typing', async () => {
    const onBlur = vi.fn();
    const { user, field } = setup({ onBlur });
    await user.type(field, 'p{ArrowDown}');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onBlur).toHaveBeenCalledOnce();
    expect(field).toHaveAttribute('aria-expanded', 'false');
    await user.type(field, 'e');
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['peach', 'pear']);
    expect(field).not.toHaveAttribute('aria-activedescendant'); // typing highlights nothing
  });
});
