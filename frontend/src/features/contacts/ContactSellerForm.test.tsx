import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { productDetail } from '@/testing/catalogue';
import { API, signedInState, signIn } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const ID = '01JCARD0000000000000000001';

/** Serves the ad; records the contact requests sent and answers with `reply`. */
function mockAd(detail = productDetail(), reply?: () => Response) {
  const sent: Record<string, unknown>[] = [];
  server.use(
    http.get(`${API}/products/:id/similar`, () => HttpResponse.json({ items: [] })),
    http.post(`${API}/products/:id/view`, () => new HttpResponse(null, { status: 204 })),
    http.get(`${API}/products/:id`, () => HttpResponse.json(detail)),
    http.post(`${API}/contact-request`, async ({ request }) => {
      sent.push((await request.json()) as Record<string, unknown>);
      return reply?.() ?? HttpResponse.json({ message: 'contact_request_sent', id: '01JCREQ1' }, { status: 201 });
    }),
  );
  return sent;
}

describe('contact the seller', () => {
  it('lets a visitor write to the seller and clears the message once sent', async () => {
    const sent = mockAd();
    const { user } = await renderApp(`/fr/product/${ID}`);
    const form = await screen.findByRole('form', { name: 'Contacter le vendeur' });
    await user.type(within(form).getByRole('textbox', { name: 'Votre nom' }), 'Marie Curie');
    await user.type(within(form).getByRole('textbox', { name: 'Votre adresse e-mail' }), 'marie@example.ch');
    await user.type(
      within(form).getByRole('textbox', { name: 'Votre message' }),
      'Les tuiles sont-elles disponibles ?',
    );
    await user.click(within(form).getByRole('button', { name: 'Envoyer' }));

    expect(await within(form).findByText('Votre message a été envoyé au vendeur.')).toBeInTheDocument();
    expect(sent).toEqual([
      { adId: ID, name: 'Marie Curie', email: 'marie@example.ch', message: 'Les tuiles sont-elles disponibles ?' },
    ]);
    expect(within(form).getByRole('textbox', { name: 'Votre message' })).toHaveValue('');
    expect(within(form).getByRole('textbox', { name: 'Votre nom' })).toHaveValue('Marie Curie');
    // The honeypot is out of reach: hidden from assistive technology and the tab order.
    const trap = form.querySelector('input[name="website"]');
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap?.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('prefills the signed-in buyer and sends the optional phone', async () => {
    signIn();
    const sent = mockAd();
    const { user } = await renderApp(`/en/product/${ID}`, { preloadedState: signedInState() });
    const form = await screen.findByRole('form', { name: 'Contact the seller' });
    await waitFor(() => {
      expect(within(form).getByRole('textbox', { name: 'Your e-mail address' })).toHaveValue('anna@example.ch');
    });
    expect(within(form).getByRole('textbox', { name: 'Your name' })).toHaveValue('Anna Muster');
    await user.type(within(form).getByRole('textbox', { name: 'Your phone number (optional)' }), '079 123 45 67');
    await user.type(within(form).getByRole('textbox', { name: 'Your message' }), 'Still available?');
    await user.click(within(form).getByRole('button', { name: 'Send' }));
    await waitFor(() => {
      expect(sent).toEqual([
        {
          adId: ID,
          name: 'Anna Muster',
          email: 'anna@example.ch',
          phone: '079 123 45 67',
          message: 'Still available?',
        },
      ]);
    });
  });

  it('checks the fields before sending and puts focus on the first error', async () => {
    const sent = mockAd();
    const { user } = await renderApp(`/fr/product/${ID}`);
    const form = await screen.findByRole('form', { name: 'Contacter le vendeur' });
    await user.type(within(form).getByRole('textbox', { name: 'Votre numéro de téléphone (facultatif)' }), 'abc');
    await user.click(within(form).getByRole('button', { name: 'Envoyer' }));
    const name = within(form).getByRole('textbox', { name: 'Votre nom' });
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('Champ obligatoire');
    expect(
      within(form).getByRole('textbox', { name: 'Votre numéro de téléphone (facultatif)' }),
    ).toHaveAccessibleDescription('Valeur invalide');
    expect(sent).toEqual([]);
  });

  it.each([
    [
      'contact_request_links_only',
      422,
      'Votre message ne peut pas contenir uniquement des liens. Écrivez quelques mots au vendeur.',
    ],
    [
      'contact_request_ad_limited',
      429,
      'Ce vendeur a reçu de nombreux messages au sujet de cette annonce. Veuillez réessayer plus tard.',
    ],
    ['contact_request_ad_inactive', 409, "Cette annonce n'est plus active : le vendeur ne peut pas être contacté."],
  ])('explains the refusal %s', async (code, status, text) => {
    mockAd(productDetail(), () => HttpResponse.json({ error: { code, message: code } }, { status }));
    const { user } = await renderApp(`/fr/product/${ID}`);
    const form = await screen.findByRole('form', { name: 'Contacter le vendeur' });
    await user.type(within(form).getByRole('textbox', { name: 'Votre nom' }), 'Marie');
    await user.type(within(form).getByRole('textbox', { name: 'Votre adresse e-mail' }), 'marie@example.ch');
    await user.type(within(form).getByRole('textbox', { name: 'Votre message' }), 'https://example.com');
    await user.click(within(form).getByRole('button', { name: 'Envoyer' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(text);
    expect(within(form).getByRole('textbox', { name: 'Votre message' })).toHaveValue('https://example.com');
  });

  it('shows the server field errors under their inputs', async () => {
    mockAd(productDetail(), () =>
      HttpResponse.json(
        { error: { code: 'validation_failed', message: 'validation failed', fields: { email: 'invalid_email' } } },
        { status: 400 },
      ),
    );
    const { user } = await renderApp(`/de/product/${ID}`);
    const form = await screen.findByRole('form', { name: 'Verkäufer kontaktieren' });
    await user.type(within(form).getByRole('textbox', { name: 'Ihr Name' }), 'Hans');
    await user.type(within(form).getByRole('textbox', { name: 'Ihre E-Mail-Adresse' }), 'hans@example.ch');
    await user.type(within(form).getByRole('textbox', { name: 'Ihre Nachricht' }), 'Hallo');
    await user.click(within(form).getByRole('button', { name: 'Senden' }));
    const email = within(form).getByRole('textbox', { name: 'Ihre E-Mail-Adresse' });
    await waitFor(() => {
      expect(email).toHaveFocus();
    });
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a note instead of the form on the seller’s own ad', async () => {
    mockAd(productDetail({ canEdit: true }));
    await renderApp(`/fr/product/${ID}`);
    const panel = await screen.findByRole('region', { name: 'Contacter le vendeur' });
    expect(panel).toHaveTextContent('Ceci est votre annonce');
    expect(screen.queryByRole('form', { name: 'Contacter le vendeur' })).not.toBeInTheDocument();
  });
});
