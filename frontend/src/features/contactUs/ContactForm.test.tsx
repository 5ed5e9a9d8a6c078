import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

type UserEventApi = Awaited<ReturnType<typeof renderApp>>['user'];

const MESSAGE = {
  name: 'Anna Muster',
  email: 'anna@example.ch',
  subject: 'Question about tiles',
  message: 'Hello, do you accept ads for used roof tiles?',
};

async function fillForm(user: UserEventApi, labels: Record<keyof typeof MESSAGE, string>, values = MESSAGE) {
  await user.type(screen.getByLabelText(labels.name), values.name);
  await user.type(screen.getByLabelText(labels.email), values.email);
  await user.type(screen.getByLabelText(labels.subject), values.subject);
  await user.type(screen.getByLabelText(labels.message), values.message);
}

const FR = { name: 'Votre nom', email: 'Votre adresse e-mail', subject: 'Objet', message: 'Votre message' };
const EN = { name: 'Your name', email: 'Your e-mail address', subject: 'Subject', message: 'Your message' };

/** A response the test releases when it wants, to look at the submitting state. */
function deferred() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}

describe('contact-us form', () => {
  it('has labelled, required fields with the length limits from settings', async () => {
    server.use(
      http.get(`${API}/settings`, () =>
        HttpResponse.json({ limits: { contactUs: { nameMax: 80, emailMax: 200, subjectMax: 120, messageMax: 4000 } } }),
      ),
    );
    await renderApp('/fr/contact-us');
    await screen.findByRole('heading', { level: 1, name: 'Nous contacter' });
    const name = screen.getByRole('textbox', { name: FR.name });
    const email = screen.getByRole('textbox', { name: FR.email });
    const subject = screen.getByRole('textbox', { name: FR.subject });
    const message = screen.getByRole('textbox', { name: FR.message });
    for (const field of [name, email, subject, message]) expect(field).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(name).toHaveAttribute('maxLength', '80');
    expect(email).toHaveAttribute('maxLength', '200');
    expect(subject).toHaveAttribute('maxLength', '120');
    expect(message).toHaveAttribute('maxLength', '4000');
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeEnabled();
  });

  it('falls back to the built-in limits when settings cannot be loaded', async () => {
    server.use(
      http.get(`${API}/settings`, () => HttpResponse.json({ error: { code: 'internal_error' } }, { status: 500 })),
    );
    await renderApp('/en/contact-us');
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });
    expect(screen.getByRole('textbox', { name: EN.name })).toHaveAttribute('maxLength', '100');
    expect(screen.getByRole('textbox', { name: EN.email })).toHaveAttribute('maxLength', '254');
    expect(screen.getByRole('textbox', { name: EN.subject })).toHaveAttribute('maxLength', '150');
    expect(screen.getByRole('textbox', { name: EN.message })).toHaveAttribute('maxLength', '5000');
  });

  it('goes idle -> submitting -> success: posts JSON, disables the button, clears the form and toasts', async () => {
    const { gate, release } = deferred();
    let received: unknown;
    let contentType: string | null = null;
    server.use(
      http.post(`${API}/contact-us`, async ({ request }) => {
        contentType = request.headers.get('content-type');
        received = await request.json();
        await gate;
        return HttpResponse.json({ message: 'message_sent', id: '01JABCDEF' }, { status: 201 });
      }),
    );
    const { user } = await renderApp('/fr/contact-us');
    await screen.findByRole('heading', { level: 1, name: 'Nous contacter' });
    await fillForm(user, FR);
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    const busy = await screen.findByRole('button', { name: 'Chargement...' });
    expect(busy).toBeDisabled();

    release();
    expect(await within(screen.getByRole('status')).findByText('Message envoyé avec succès')).toBeInTheDocument();
    expect(received).toEqual(MESSAGE);
    expect(contentType).toMatch(/^application\/json/);
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeEnabled();
    for (const label of Object.values(FR)) expect(screen.getByLabelText(label)).toHaveValue('');
  });

  it('toasts the failure text and keeps the input when the server fails', async () => {
    server.use(
      http.post(`${API}/contact-us`, () =>
        HttpResponse.json({ error: { code: 'internal_error', message: 'internal server error' } }, { status: 500 }),
      ),
    );
    const { user } = await renderApp('/fr/contact-us');
    await screen.findByRole('heading', { level: 1 });
    await fillForm(user, FR);
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(await within(screen.getByRole('status')).findByText("Quelque chose s'est mal passé")).toBeInTheDocument();
    expect(screen.getByLabelText(FR.name)).toHaveValue(MESSAGE.name);
    expect(screen.getByRole('button', { name: 'Envoyer' })).toBeEnabled();
  });

  it('toasts the failure text when the network fails', async () => {
    server.use(http.post(`${API}/contact-us`, () => HttpResponse.error()));
    const { user } = await renderApp('/de/contact-us');
    await screen.findByRole('heading', { level: 1 });
    await fillForm(user, {
      name: 'Ihr Name',
      email: 'Ihre E-Mail-Adresse',
      subject: 'Betreff',
      message: 'Ihre Nachricht',
    });
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(await within(screen.getByRole('status')).findByText('Etwas ist schiefgelaufen')).toBeInTheDocument();
  });

  it('shows translated field errors from a 400 and focuses the first invalid field', async () => {
    server.use(
      http.post(`${API}/contact-us`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'validation failed',
              fields: { email: 'invalid_email', message: 'too_long' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await renderApp('/fr/contact-us');
    await screen.findByRole('heading', { level: 1 });
    await fillForm(user, FR);
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));

    const email = screen.getByRole('textbox', { name: FR.email });
    await waitFor(() => {
      expect(email).toHaveFocus();
    });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Adresse e-mail invalide');
    const message = screen.getByRole('textbox', { name: FR.message });
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(message).toHaveAccessibleDescription('Ce texte est trop long');
    const name = screen.getByRole('textbox', { name: FR.name });
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).not.toHaveAttribute('aria-describedby');
    expect(within(screen.getByRole('status')).getByText("Quelque chose s'est mal passé")).toBeInTheDocument();

    // Editing a field clears its error.
    await user.type(email, 'x');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(message).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows the required-field text for a server "required" code', async () => {
    server.use(
      http.post(`${API}/contact-us`, () =>
        HttpResponse.json(
          { error: { code: 'validation_failed', message: 'validation failed', fields: { name: 'required' } } },
          { status: 400 },
        ),
      ),
    );
    const { user } = await renderApp('/en/contact-us');
    await screen.findByRole('heading', { level: 1 });
    await fillForm(user, EN);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const name = screen.getByRole('textbox', { name: EN.name });
    await waitFor(() => {
      expect(name).toHaveAccessibleDescription('Required field');
    });
    expect(name).toHaveFocus();
  });

  it('shows a specific toast when rate limited (429)', async () => {
    server.use(
      http.post(`${API}/contact-us`, () =>
        HttpResponse.json(
          { error: { code: 'too_many_requests', message: 'too many requests' } },
          { status: 429, headers: { 'Retry-After': '3600' } },
        ),
      ),
    );
    const { user } = await renderApp('/fr/contact-us');
    await screen.findByRole('heading', { level: 1 });
    await fillForm(user, FR);
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(
      await within(screen.getByRole('status')).findByText('Trop de messages, veuillez réessayer plus tard.'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('status')).queryByText("Quelque chose s'est mal passé")).not.toBeInTheDocument();
  });

  it('checks blank input itself before sending anything', async () => {
    let posted = false;
    server.use(
      http.post(`${API}/contact-us`, () => {
        posted = true;
        return HttpResponse.json({ message: 'message_sent', id: 'x' }, { status: 201 });
      }),
    );
    const { user } = await renderApp('/fr/contact-us');
    await screen.findByRole('heading', { level: 1 });
    await fillForm(user, FR, { ...MESSAGE, name: '   ' });
    await user.click(screen.getByRole('button', { name: 'Envoyer' }));
    const name = screen.getByRole('textbox', { name: FR.name });
    await waitFor(() => {
      expect(name).toHaveAccessibleDescription('Champ obligatoire');
    });
    expect(name).toHaveFocus();
    expect(posted).toBe(false);
  });

  it('lets the browser block an empty form (required fields)', async () => {
    let posted = false;
    server.use(
      http.post(`${API}/contact-us`, () => {
        posted = true;
        return HttpResponse.json({ message: 'message_sent', id: 'x' }, { status: 201 });
      }),
    );
    const { user } = await renderApp('/en/contact-us');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('textbox', { name: EN.name })).toBeInvalid();
    expect(posted).toBe(false);
  });
});
