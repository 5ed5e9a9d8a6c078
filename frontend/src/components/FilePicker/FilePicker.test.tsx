import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilePicker } from '@/components/FilePicker/FilePicker';

function png(name: string) {
  return new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
}

function drop(target: HTMLElement, files: File[]) {
  const event = createEvent.drop(target);
  Object.defineProperty(event, 'dataTransfer', { value: { files, types: ['Files'] } });
  fireEvent(target, event);
}

describe('FilePicker', () => {
  it('keeps the native input as the control, named by the visible button and described by the hint', async () => {
    const onFiles = vi.fn();
    const user = userEvent.setup();
    render(
      <FilePicker id="photo" buttonLabel="Choose a photo" accept="image/png" describedBy="hint" onFiles={onFiles}>
        <p id="hint">PNG only</p>
      </FilePicker>,
    );
    const input = screen.getByLabelText('Choose a photo');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription('PNG only');
    expect(input).not.toHaveAttribute('aria-invalid');
    // Keyboard users reach the input itself.
    await user.tab();
    expect(input).toHaveFocus();
    await user.upload(input, png('a.png'));
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'a.png' })]);
    // Emptied, so the same file can be chosen again.
    expect(input).toHaveValue('');
    // Without a drop text the zone is not a group of its own.
    expect(screen.queryByRole('group')).not.toBeInTheDocument();
  });

  it.each([
    { multiple: true, expected: ['a.png', 'b.png'] },
    { multiple: false, expected: ['a.png'] },
  ])('takes dropped files (multiple: $multiple)', ({ multiple, expected }) => {
    const onFiles = vi.fn();
    render(
      <FilePicker
        id="photos"
        buttonLabel="Choose photos"
        dropText="Drop photos here, or"
        accept="image/png"
        multiple={multiple}
        onFiles={onFiles}
      />,
    );
    const zone = screen.getByRole('group', { name: 'Drop photos here, or' });
    fireEvent.dragOver(zone, { dataTransfer: { types: ['Files'], dropEffect: 'none' } });
    expect(zone).toHaveClass('file-picker--active');
    drop(zone, [png('a.png'), png('b.png')]);
    expect(zone).not.toHaveClass('file-picker--active');
    expect(onFiles).toHaveBeenCalledTimes(1);
    const files = onFiles.mock.calls[0]?.[0] as File[];
    expect(files.map((file) => file.name)).toEqual(expected);
  });

  it('marks an invalid choice and a disabled picker on the input', () => {
    render(<FilePicker id="p" buttonLabel="Choose" accept="image/png" invalid disabled onFiles={vi.fn()} />);
    const input = screen.getByLabelText('Choose');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toBeDisabled();
  });
});
