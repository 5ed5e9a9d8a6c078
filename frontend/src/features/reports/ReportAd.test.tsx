import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { productDetail } from '@/testing/catalogue';
import { API, signedInState, signIn, TEST_USER } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const ID = '01JCARD0000000000000000001';

/** Serves the ad page and records the reports posted. */
function reportHandlers(answer?: () => Response | Promise<Response>, detail = productDetail()) {
  const posted: unknown[] = [];
  const headers: (string | null)[] = [];
  const languages: (string | null)[] = [];
  server.use(
    http.get(`${API}/products/:id/similar`, () => HttpResponse.json({ items: [] })),
    http.post(`${API}/products/:id/view`, () => new HttpResponse(null, { status: 204 })),
    http.get(`${API}/products/:id`, () => HttpResponse.json(detail)),
    http.get(`${API}/contact-request`, () =>
      HttpResponse.json({ items: [], nextCursor: null, unreadCount: 0, categories: [] }),
    ),
    http.post(`${API}/reports`, async ({ request }) => {
      posted.push(await request.json());
      headers.push(request.headers.get('authorization'));
      languages.push(request.headers.get('accept-language'));
      return answer ? answer() : HttpResponse.json({ message: 'report_sent', id: '01JREPORT' }, { status: 201 });
    }),
  );
  return { posted, headers, languages };
}

/** A response the test releases when it wants, to look at the submitting state. */
function deferred() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}

const FR = {
  open: 'Signaler cette annonce',
  errors: 'Erreurs dans l’annonce',
  suspicious: 'Annonce suspecte',
  details: 'Précisions (facultatif)',
  email: 'Votre adresse e-mail',
  consent: /J’accepte que Remat traite mon adresse e-mail/,
  submit: 'Envoyer le signalement',
};

const OPEN = { fr: FR.open, en: 'Report this ad', de: 'Dieses Inserat melden' };

async function openForm(lang: keyof typeof OPEN = 'fr', options: Parameters<typeof renderApp>[1] = {}) {
  const rendered = await renderApp(`/${lang}/product/${ID}`, options);
  await screen.findByRole('heading', { level: 1, name: 'Dachziegel Biberschwanz' });
  await rendered.user.click(screen.getByRole('button', { name: OPEN[lang] }));
  const form = screen.getByRole('form', { name: OPEN[lang] });
  return { ...rendered, form };
}

describe('report this ad', () => {
  it('opens the form in place with focus on its title, and Cancel closes it', async () => {
    reportHandlers();
    const { user, form } = await openForm();
    expect(screen.getByRole('heading', { level: 2, name: FR.open })).toHaveFocus();
    expect(within(form).getByRole('group', { name: 'Quel est le problème avec cette annonce ?' })).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: FR.errors })).not.toBeChecked();
    expect(within(form).getByRole('textbox', { name: FR.details })).toHaveAttribute('maxLength', '2000');
    expect(within(form).getByRole('textbox', { name: FR.email })).toHaveValue('');
    expect(within(form).getByRole('checkbox', { name: FR.consent })).not.toBeChecked();
    expect(within(form).getByRole('link', { name: 'Déclaration de confidentialité' })).toHaveAttribute(
      'href',
      '/fr/privacy',
    );

    await user.click(within(form).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('form', { name: FR.open })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: FR.open })).toHaveFocus();
  });

  it('is not offered to the owner of the ad', async () => {
    reportHandlers(undefined, productDetail({ canEdit: true }));
    await renderApp(`/fr/product/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Dachziegel Biberschwanz' });
    expect(screen.queryByRole('button', { name: FR.open })).not.toBeInTheDocument();
  });

  it('checks the form before sending: reason, e-mail and the required consent', async () => {
    const { posted } = reportHandlers();
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('button', { name: FR.submit }));

    const reason = within(form).getByRole('group', { name: 'Quel est le problème avec cette annonce ?' });
    await waitFor(() => {
      expect(within(form).getByRole('radio', { name: FR.errors })).toHaveFocus();
    });
    expect(reason).toHaveAccessibleDescription('Champ obligatoire');
    expect(within(form).getByRole('textbox', { name: FR.email })).toHaveAccessibleDescription('Champ obligatoire');
    const consent = within(form).getByRole('checkbox', { name: FR.consent });
    expect(consent).toHaveAttribute('aria-invalid', 'true');
    expect(consent).toHaveAccessibleDescription(/Veuillez cocher cette case pour continuer\./);

    // Everything but the consent: still nothing sent, focus on the consent.
    await user.click(within(form).getByRole('radio', { name: FR.suspicious }));
    await user.type(within(form).getByRole('textbox', { name: FR.email }), 'paul@example.ch');
    await user.click(within(form).getByRole('button', { name: FR.submit }));
    await waitFor(() => {
      expect(consent).toHaveFocus();
    });
    expect(within(form).getByRole('textbox', { name: FR.email })).not.toHaveAttribute('aria-invalid');
    expect(posted).toEqual([]);

    // A malformed address is refused too.
    await user.clear(within(form).getByRole('textbox', { name: FR.email }));
    await user.type(within(form).getByRole('textbox', { name: FR.email }), 'paul@');
    await user.click(consent);
    await user.click(within(form).getByRole('button', { name: FR.submit }));
    await waitFor(() => {
      expect(within(form).getByRole('textbox', { name: FR.email })).toHaveAccessibleDescription(
        'Adresse e-mail invalide',
      );
    });
    expect(posted).toEqual([]);
  });

  it('sends the report with a loading state and confirms it (anonymous visitor)', async () => {
    const { gate, release } = deferred();
    const { posted, headers, languages } = reportHandlers(async () => {
      await gate;
      return HttpResponse.json({ message: 'report_sent', id: '01JREPORT' }, { status: 201 });
    });
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('radio', { name: FR.errors }));
    await user.type(within(form).getByRole('textbox', { name: FR.details }), '  Le prix est faux.  ');
    await user.type(within(form).getByRole('textbox', { name: FR.email }), 'paul@example.ch');
    await user.click(within(form).getByRole('checkbox', { name: FR.consent }));
    await user.click(within(form).getByRole('button', { name: FR.submit }));

    expect(await within(form).findByRole('button', { name: 'Envoi en cours...' })).toBeDisabled();
    release();
    const done = await screen.findByText('Merci. Votre signalement a été envoyé ; notre équipe va examiner l’annonce.');
    expect(done).toHaveAttribute('role', 'status');
    expect(done).toHaveFocus();
    expect(screen.queryByRole('form', { name: FR.open })).not.toBeInTheDocument();
    expect(posted).toEqual([
      { productId: ID, reason: 'errors', details: 'Le prix est faux.', email: 'paul@example.ch', consent: true },
    ]);
    expect(headers).toEqual([null]);
    expect(languages).toEqual(['fr']);
  });

  it('prefills the signed-in user’s e-mail address and sends the token along; no details, no field', async () => {
    signIn();
    const { posted, headers } = reportHandlers();
    const { user, form } = await openForm('en', { preloadedState: signedInState() });
    expect(within(form).getByRole('textbox', { name: 'Your e-mail address' })).toHaveValue(TEST_USER.email);
    await user.click(within(form).getByRole('radio', { name: 'Suspicious ad' }));
    await user.click(within(form).getByRole('checkbox', { name: /I agree that Remat processes/ }));
    await user.click(within(form).getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText(/^Thank you\. Your report has been sent/)).toHaveAttribute('role', 'status');
    expect(posted).toEqual([{ productId: ID, reason: 'suspicious', email: TEST_USER.email, consent: true }]);
    expect(headers).toEqual(['Bearer jwt-test']);
  });

  it('says so when this address has already reported the ad (409)', async () => {
    reportHandlers(() =>
      HttpResponse.json(
        { error: { code: 'report_already_open', message: 'you have already reported this ad' } },
        { status: 409 },
      ),
    );
    const { user, form } = await openForm('de');
    await user.click(within(form).getByRole('radio', { name: 'Verdächtiges Inserat' }));
    await user.type(within(form).getByRole('textbox', { name: 'Ihre E-Mail-Adresse' }), 'paul@example.ch');
    await user.click(within(form).getByRole('checkbox', { name: /Ich bin einverstanden/ }));
    await user.click(within(form).getByRole('button', { name: 'Meldung senden' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Sie haben dieses Inserat bereits gemeldet. Unser Team prüft Ihre Meldung.',
    );
    expect(within(form).getByRole('button', { name: 'Meldung senden' })).toBeEnabled();
    expect(within(form).getByRole('textbox', { name: 'Ihre E-Mail-Adresse' })).toHaveValue('paul@example.ch');
  });

  it('shows the rate-limit text on 429 and the server’s field errors on 400', async () => {
    let calls = 0;
    reportHandlers(() => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json({ error: { code: 'too_many_requests', message: 'too many requests' } }, { status: 429 })
        : HttpResponse.json(
            { error: { code: 'validation_failed', message: 'validation failed', fields: { details: 'too_long' } } },
            { status: 400 },
          );
    });
    const { user, form } = await openForm();
    await user.click(within(form).getByRole('radio', { name: FR.errors }));
    await user.type(within(form).getByRole('textbox', { name: FR.email }), 'paul@example.ch');
    await user.click(within(form).getByRole('checkbox', { name: FR.consent }));
    await user.click(within(form).getByRole('button', { name: FR.submit }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Trop de signalements, veuillez réessayer plus tard.',
    );

    await user.click(within(form).getByRole('button', { name: FR.submit }));
    const details = within(form).getByRole('textbox', { name: FR.details });
    await waitFor(() => {
      expect(details).toHaveFocus();
    });
    expect(details).toHaveAccessibleDescription(/Ce texte est trop long/);
    expect(within(form).getByRole('alert')).toHaveTextContent('Certains champs ne sont pas valides');
  });
});
