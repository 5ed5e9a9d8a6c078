import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { OverflowMenu, type OverflowMenuItem } from '@/components/OverflowMenu/OverflowMenu';

function setup(onDelete = vi.fn(), onArchive = vi.fn()) {
  const items: OverflowMenuItem[] = [
    { key: 'edit', label: 'Edit', accessibleLabel: 'Edit “Oak”', to: '/edit' },
    { key: 'archive', label: 'Archive', onSelect: onArchive },
    { key: 'delete', label: 'Delete', accessibleLabel: 'Delete “Oak”', onSelect: onDelete, danger: true },
  ];
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route
          path="/"
          element={
            <>
              <button type="button">Before</button>
              <OverflowMenu label="More actions for “Oak”" items={items} />
              <button type="button">After</button>
            </>
          }
        />
        <Route path="/edit" element={<h1>Editor</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  const button = screen.getByRole('button', { name: 'More actions for “Oak”' });
  return { user, button, onDelete, onArchive };
}

describe('OverflowMenu', () => {
  it('is a closed menu button until used', () => {
    const { button } = setup();
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).not.toHaveAttribute('aria-controls');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it.each([
    { key: '{Enter}', focused: 'Edit “Oak”' },
    { key: ' ', focused: 'Edit “Oak”' },
    { key: '{ArrowDown}', focused: 'Edit “Oak”' },
    { key: '{ArrowUp}', focused: 'Delete “Oak”' },
  ])('opens with $key and focuses “$focused”', async ({ key, focused }) => {
    const { user, button } = setup();
    button.focus();
    await user.keyboard(key);
    const menu = screen.getByRole('menu', { name: 'More actions for “Oak”' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', menu.id);
    expect(screen.getByRole('menuitem', { name: focused })).toHaveFocus();
  });

  it('moves with the arrows (wrapping), Home, End and the first letter', async () => {
    const { user, button } = setup();
    await user.click(button);
    const edit = screen.getByRole('menuitem', { name: 'Edit “Oak”' });
    const archive = screen.getByRole('menuitem', { name: 'Archive' });
    const remove = screen.getByRole('menuitem', { name: 'Delete “Oak”' });
    expect(edit).toHaveFocus();
    const steps: [string, HTMLElement][] = [
      ['{ArrowDown}', archive],
      ['{ArrowDown}', remove],
      ['{ArrowDown}', edit],
      ['{ArrowUp}', remove],
      ['{Home}', edit],
      ['{End}', remove],
      ['a', archive],
      ['d', remove],
      ['e', edit],
    ];
    for (const [key, expected] of steps) {
      await user.keyboard(key);
      expect(expected).toHaveFocus();
    }
    // The items are not tab stops of their own: one Tab leaves the menu and closes it.
    await user.tab();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('closes on Escape and gives the focus back to the button', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a press outside and on a second click of the button', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'After' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await user.click(button);
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(button);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('runs an action after giving the focus back to the button', async () => {
    let focusedDuringAction: Element | null = null;
    const onDelete = vi.fn(() => {
      focusedDuringAction = document.activeElement;
    });
    const { user, button } = setup(onDelete);
    await user.click(button);
    await user.keyboard('{End}{Enter}');
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(focusedDuringAction).toBe(button);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('follows a link item with Space as with Enter', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.keyboard(' ');
    expect(await screen.findByRole('heading', { name: 'Editor' })).toBeInTheDocument();
  });

  it('runs an action chosen with the pointer', async () => {
    const { user, button, onArchive } = setup();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Archive' }));
    expect(onArchive).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});
