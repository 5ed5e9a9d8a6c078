import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CheckboxField, TextField } from '@/components/form/fields';
import { useFormErrors } from '@/components/form/formErrors';
import { renderWithProviders } from '@/testing/render';

const FIELDS = ['name', 'message', 'consent'] as const;

/** A form of the kit's fields; its button shows the errors given, as a failed submit does. */
function KitForm({ errors }: { errors: Partial<Record<(typeof FIELDS)[number], string>> }) {
  const form = useFormErrors(FIELDS);
  const [values, setValues] = useState({ name: '', message: '' });
  const [consent, setConsent] = useState(false);
  const onValue = (field: (typeof FIELDS)[number], value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
  };
  return (
    <form>
      <TextField form={form} field="name" label="Name" value={values.name} onValue={onValue} hint="As on your ID" />
      <TextField form={form} field="message" label="Message" rows={3} value={values.message} onValue={onValue} />
      <CheckboxField form={form} field="consent" label="I agree" checked={consent} onChecked={setConsent} />
      <button
        type="button"
        onClick={() => {
          form.show(errors);
        }}
      >
        Check
      </button>
    </form>
  );
}

describe('the form kit', () => {
  it('describes a field by its hint, and by its error once shown', async () => {
    const { user } = await renderWithProviders(<KitForm errors={{ name: 'required' }} />, { route: '/en/' });
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).toHaveAccessibleDescription('As on your ID');

    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('As on your ID Required field');
    expect(name).toHaveFocus();
  });

  it('focuses the first invalid field in form order, and typing clears its error', async () => {
    const { user } = await renderWithProviders(<KitForm errors={{ consent: 'must_accept', message: 'too_long' }} />, {
      route: '/en/',
    });
    await user.click(screen.getByRole('button', { name: 'Check' }));
    const message = screen.getByRole('textbox', { name: 'Message' });
    expect(message.tagName).toBe('TEXTAREA');
    expect(message).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toHaveAttribute('aria-invalid', 'true');

    await user.type(message, 'x');
    expect(message).not.toHaveAttribute('aria-invalid');
    expect(message).not.toHaveAccessibleDescription();
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toHaveAttribute('aria-invalid', 'true');
  });
});
