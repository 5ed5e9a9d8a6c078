import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';
import { expectNoSocialLinks, serveSocialProviders } from '@/testing/socialSignIn';

type UserEventApi = Awaited<ReturnType<typeof renderApp>>['user'];

const FR = {
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'Adresse e-mail',
  phone: 'Téléphone (facultatif)',
  password: 'Mot de passe',
  confirm: 'Confirmez le mot de passe',
  adult: 'J’ai 18 ans ou plus',
  rules: 'J’accepte les règles de la plateforme fixées dans les conditions générales (s’ouvre dans un nouvel onglet).',
  submit: 'Créer mon compte',
};

async function fillIndividual(user: UserEventApi, overrides: Partial<Record<keyof typeof FR, string>> = {}) {
  const v = {
    firstName: 'Anna',
    lastName: 'Muster',
    email: 'anna@example.ch',
    phone: '+41 79 123 45 67',
    password: 'long enough secret',
    confirm: 'long enough secret',
    ...overrides,
  };
  await user.type(screen.getByLabelText(FR.firstName), v.firstName);
  await user.type(screen.getByLabelText(FR.lastName), v.lastName);
  await user.type(screen.getByLabelText(FR.email), v.email);
  if (v.phone !== '') await user.type(screen.getByLabelText(FR.phone), v.phone);
  await user.type(screen.getByLabelText(FR.password), v.password);
  await user.type(screen.getByLabelText(FR.confirm), v.confirm);
  await user.click(screen.getByLabelText(FR.adult));
  await user.click(screen.getByLabelText(FR.rules));
}

describe('account creation', () => {
  it('offers individual or business as a radio group; company fields appear for business', async () => {
    const { user } = await renderApp('/fr/account-creation');
    expect(await screen.findByRole('heading', { level: 1, name: 'Créer un compte' })).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Je m’inscris en tant que' });
    const individual = within(group).getByRole('radio', { name: 'Particulier' });
    expect(individual).toBeChecked();
    expect(screen.queryByLabelText('Nom de l’entreprise')).not.toBeInTheDocument();
    await user.click(within(group).getByRole('radio', { name: 'Entreprise' }));
    expect(screen.getByLabelText('Nom de l’entreprise')).toBeInTheDocument();
    expect(screen.getByLabelText('Adresse e-mail de l’entreprise')).toBeInTheDocument();
    expect(screen.getByLabelText('Adresse de l’entreprise')).toBeInTheDocument();
    expect(screen.getByLabelText('Site web (facultatif)')).toBeInTheDocument();
  });

  it('marks empty required fields "Champ obligatoire", focuses the first and sends nothing', async () => {
    let posted = false;
    server.use(
      http.post(`${API}/auth/signup`, () => {
        posted = true;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user } = await renderApp('/fr/account-creation');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: FR.submit }));
    const firstName = screen.getByLabelText(FR.firstName);
    await waitFor(() => {
      expect(firstName).toHaveFocus();
    });
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(firstName).toHaveAccessibleDescription('Champ obligatoire');
    expect(screen.getByLabelText(FR.adult)).toHaveAccessibleDescription('Veuillez cocher cette case pour continuer.');
    expect(screen.getByLabelText(FR.rules)).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(false);
  });

  it('says "Passwords do not match" (English) when the confirmation differs', async () => {
    const { user } = await renderApp('/en/account-creation');
    await screen.findByRole('heading', { level: 1 });
    await user.type(screen.getByLabelText('Password'), 'long enough secret');
    await user.type(screen.getByLabelText('Confirm the password'), 'something else!!');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Confirm the password')).toHaveAccessibleDescription('Passwords do not match');
    });
  });

  it('requires the company for a business account', async () => {
    const { user } = await renderApp('/fr/account-creation');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('radio', { name: 'Entreprise' }));
    await fillIndividual(user);
    await user.click(screen.getByRole('button', { name: FR.submit }));
    const company = screen.getByLabelText('Nom de l’entreprise');
    await waitFor(() => {
      expect(company).toHaveFocus();
    });
    expect(company).toHaveAccessibleDescription('Champ obligatoire');
  });

  it('posts the professional account with its company, then shows the verification notice with resend', async () => {
    let body: unknown;
    let resent: unknown;
    server.use(
      http.post(`${API}/auth/signup`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'verification_email_sent', email: 'anna@example.ch' }, { status: 201 });
      }),
      http.post(`${API}/auth/resend-verification`, async ({ request }) => {
        resent = await request.json();
        return HttpResponse.json({ message: 'verification_email_sent' });
      }),
    );
    const { user } = await renderApp('/fr/account-creation');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('radio', { name: 'Entreprise' }));
    await fillIndividual(user);
    await user.type(screen.getByLabelText('Nom de l’entreprise'), 'Muster Bau AG');
    await user.type(screen.getByLabelText('Adresse e-mail de l’entreprise'), 'info@muster.ch');
    await user.type(screen.getByLabelText('Adresse de l’entreprise'), 'Bahnhofstrasse 1, 8001 Zürich');
    await user.type(screen.getByLabelText('Site web (facultatif)'), 'https://muster.ch');
    await user.click(screen.getByRole('button', { name: FR.submit }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Vérifiez votre boîte e-mail' })).toBeInTheDocument();
    expect(screen.getByText(/anna@example\.ch/)).toBeInTheDocument();
    expect(screen.getByText(/jusqu’à 5 minutes/)).toBeInTheDocument();
    expect(body).toEqual({
      accountType: 'professional',
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'anna@example.ch',
      phone: '+41 79 123 45 67',
      password: 'long enough secret',
      isAdult: true,
      acceptRules: true,
      language: 'fr',
      company: {
        name: 'Muster Bau AG',
        email: 'info@muster.ch',
        address: 'Bahnhofstrasse 1, 8001 Zürich',
        website: 'https://muster.ch',
      },
    });

    await user.click(screen.getByRole('button', { name: 'Renvoyer l’e-mail' }));
    expect(await within(screen.getByRole('status')).findByText('E-mail de vérification envoyé.')).toBeInTheDocument();
    expect(resent).toEqual({ email: 'anna@example.ch', language: 'fr' });
  });

  it('creates an individual account without a phone: the field is optional and not sent', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/auth/signup`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'verification_email_sent', email: 'anna@example.ch' }, { status: 201 });
      }),
    );
    const { user } = await renderApp('/fr/account-creation');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByLabelText(FR.phone)).not.toBeRequired();
    expect(screen.getByLabelText(FR.email)).toBeRequired();
    await fillIndividual(user, { phone: '' });
    await user.click(screen.getByRole('button', { name: FR.submit }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vérifiez votre boîte e-mail' })).toBeInTheDocument();
    expect(body).toEqual({
      accountType: 'individual',
      firstName: 'Anna',
      lastName: 'Muster',
      email: 'anna@example.ch',
      password: 'long enough secret',
      isAdult: true,
      acceptRules: true,
      language: 'fr',
    });
  });

  it.each([
    ['call me', 'Valeur invalide'],
    ['12', 'Valeur invalide'],
  ])('still checks a phone that is given (%s)', async (phone, text) => {
    const { user } = await renderApp('/fr/account-creation');
    await screen.findByRole('heading', { level: 1 });
    await fillIndividual(user, { phone });
    await user.click(screen.getByRole('button', { name: FR.submit }));
    const field = screen.getByLabelText(FR.phone);
    await waitFor(() => {
      expect(field).toHaveFocus();
    });
    expect(field).toHaveAccessibleDescription(text);
  });

  it('links the rules it asks to accept to the terms, in a new tab that keeps the form', async () => {
    const { user } = await renderApp('/fr/account-creation');
    await screen.findByRole('heading', { level: 1 });
    await user.type(screen.getByLabelText(FR.firstName), 'Anna');
    const link = screen.getByRole('link', { name: 'conditions générales (s’ouvre dans un nouvel onglet)' });
    expect(link).toHaveAttribute('href', '/fr/terms');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    link.addEventListener('click', (event) => {
      event.preventDefault();
    });
    await user.click(link);
    expect(screen.getByLabelText(FR.rules)).not.toBeChecked();
    expect(screen.getByLabelText(FR.firstName)).toHaveValue('Anna');
  });

  it('offers every configured social provider above the form, back to the account page', async () => {
    serveSocialProviders(['google', 'facebook']);
    await renderApp('/it/account-creation');
    await screen.findByRole('heading', { level: 1 });
    const main = within(screen.getByRole('main'));
    const google = main.getByRole('link', { name: 'Continua con Google' });
    const facebook = main.getByRole('link', { name: 'Continua con Facebook' });
    expect(google).toHaveAttribute(
      'href',
      `${window.location.origin}/api/v1/auth/oauth/google/start?lang=it&returnTo=%2Fit%2Fuser%2Finformation`,
    );
    expect(facebook).toHaveAttribute(
      'href',
      `${window.location.origin}/api/v1/auth/oauth/facebook/start?lang=it&returnTo=%2Fit%2Fuser%2Finformation`,
    );
    expect(main.getByText('oppure registrati con il tuo indirizzo e-mail')).toBeInTheDocument();
    expect(google.compareDocumentPosition(main.getByLabelText('Nome')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no social buttons when no provider is configured', async () => {
    await renderApp('/fr/account-creation');
    await screen.findByRole('heading', { level: 1 });
    expectNoSocialLinks();
  });

  it('toasts the rate limit when resending too often', async () => {
    server.use(
      http.post(`${API}/auth/signup`, () =>
        HttpResponse.json({ message: 'verification_email_sent', email: 'anna@example.ch' }, { status: 201 }),
      ),
      http.post(`${API}/auth/resend-verification`, () =>
        HttpResponse.json({ error: { code: 'too_many_requests', message: 'too many requests' } }, { status: 429 }),
      ),
    );
    const { user } = await renderApp('/de/account-creation');
    await screen.findByRole('heading', { level: 1 });
    await user.type(screen.getByLabelText('Vorname'), 'Anna');
    await user.type(screen.getByLabelText('Nachname'), 'Muster');
    await user.type(screen.getByLabelText('E-Mail-Adresse'), 'anna@example.ch');
    await user.type(screen.getByLabelText('Telefon (optional)'), '+41 79 123 45 67');
    await user.type(screen.getByLabelText('Passwort'), 'long enough secret');
    await user.type(screen.getByLabelText('Passwort bestätigen'), 'long enough secret');
    await user.click(screen.getByLabelText('Ich bin 18 Jahre alt oder älter'));
    await user.click(
      screen.getByLabelText(
        'Ich akzeptiere die Regeln der Plattform gemäss den Allgemeinen Geschäftsbedingungen (öffnet in einem neuen Tab).',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Mein Konto erstellen' }));
    await user.click(await screen.findByRole('button', { name: 'E-Mail erneut senden' }));
    expect(
      await within(screen.getByRole('status')).findByText('Zu viele Anfragen, bitte versuchen Sie es später erneut.', {
        exact: false,
      }),
    ).toBeInTheDocument();
  });

  it('translates the server field codes and focuses the first', async () => {
    server.use(
      http.post(`${API}/auth/signup`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'validation failed',
              fields: { phone: 'invalid', password: 'too_common' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await renderApp('/fr/account-creation');
    await screen.findByRole('heading', { level: 1 });
    await fillIndividual(user);
    await user.click(screen.getByRole('button', { name: FR.submit }));
    const phone = screen.getByLabelText(FR.phone);
    await waitFor(() => {
      expect(phone).toHaveFocus();
    });
    expect(phone).toHaveAccessibleDescription('Valeur invalide');
    expect(screen.getByLabelText(FR.password)).toHaveAccessibleDescription(
      expect.stringContaining('Ce mot de passe est trop courant ; veuillez en choisir un autre.'),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Certains champs ne sont pas valides.');
  });

  it.each([
    ['user_exists', 409, 'Un utilisateur existe déjà avec cette adresse e-mail.'],
    ['verification_email_failed', 502, 'L’e-mail de vérification n’a pas pu être envoyé. Veuillez réessayer.'],
    ['service_unavailable', 503, 'Le service est momentanément indisponible. Veuillez réessayer dans un instant.'],
    ['company_required', 400, 'Les informations sur l’entreprise sont obligatoires pour les comptes entreprise.'],
  ])('explains %s', async (code, status, text) => {
    server.use(
      http.post(`${API}/auth/signup`, () => HttpResponse.json({ error: { code, message: code } }, { status })),
    );
    const { user } = await renderApp('/fr/account-creation');
    await screen.findByRole('heading', { level: 1 });
    await fillIndividual(user);
    await user.click(screen.getByRole('button', { name: FR.submit }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
