import { useState, type ChangeEvent, type DragEvent, type ReactNode } from 'react';
import { Icon } from '@/components/icons';
import './FilePicker.css';

export interface FilePickerProps {
  /** The file input's id (its label is the visible button). */
  id: string;
  /** The button's text, which is the input's accessible name. */
  buttonLabel: string;
  /** The accepted types, as the input's `accept`. */
  accept: string;
  multiple?: boolean;
  name?: string;
  /** When given, files can also be dropped on the zone, and this text invites to. */
  dropText?: string;
  /** Ids of the hint or error that describe the input. */
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** The chosen or dropped files; the input is emptied so the same file can be chosen again. */
  onFiles: (files: File[]) => void;
  /** Hints, errors or a preview, drawn inside the zone under the button. */
  children?: ReactNode;
  className?: string;
}

/** An upload arrow over a tray; decorative. */
function UploadIcon() {
  return (
    <Icon className="file-picker__icon" width="28" height="28">
      <path d="M12 15V4M7 9l5-5 5 5" />
      <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </Icon>
  );
}

function classes(...names: (string | false | undefined)[]): string {
  return names.filter((name) => typeof name === 'string' && name !== '').join(' ');
}

/**
 * A file input drawn as one of the product's buttons. The native input stays the control: it is
 * visually hidden (out of sight, not out of reach: the label after it is what people see and
 * click) but in the tab order and announced with the button's text, Enter or Space opens
 * the system's file chooser, and the button shows the focus ring while the input has focus. With
 * `dropText` the whole zone also takes files dropped on it (a pointer convenience; the keyboard
 * path is the input).
 */
export function FilePicker({
  id,
  buttonLabel,
  accept,
  multiple = false,
  name,
  dropText,
  describedBy,
  invalid = false,
  disabled = false,
  onFiles,
  children,
  className,
}: FilePickerProps) {
  const [dragging, setDragging] = useState(false);
  const droppable = dropText !== undefined && !disabled;

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (files.length > 0) onFiles(files);
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    if (!Array.from(event.dataTransfer.types).includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function onDragLeave(event: DragEvent<HTMLDivElement>) {
    // Moving over the zone's own children fires dragleave too; only leaving the zone counts.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setDragging(false);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  }

  return (
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions -- dropping files is a pointer convenience; keyboard users have the file input
    <div
      className={classes('file-picker', droppable && 'file-picker--drop', dragging && 'file-picker--active', className)}
      role={droppable ? 'group' : undefined}
      aria-labelledby={droppable ? `${id}-drop` : undefined}
      onDragOver={droppable ? onDragOver : undefined}
      onDragLeave={droppable ? onDragLeave : undefined}
      onDrop={droppable ? onDrop : undefined}
    >
      {droppable && (
        <p id={`${id}-drop`} className="file-picker__text">
          <UploadIcon />
          <span>{dropText}</span>
        </p>
      )}
      <input
        id={id}
        className="file-picker__input visually-hidden"
        type="file"
        name={name}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        onChange={onChange}
      />
      <label htmlFor={id} className="button button--secondary file-picker__button">
        {buttonLabel}
      </label>
      {children}
    </div>
  );
}
