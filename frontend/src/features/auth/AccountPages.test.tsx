import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { readTokenCookie } from '@/lib/authToken';
import { API, signedInState, signIn, TEST_USER } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

describe('email-verification/{token}', () => {
  it('verifies once on arrival, then offers the login', async () => {
    const tokens: unknown[] = [];
    server.use(
      http.post(`${API}/auth/verify-account`, async ({ request }) => {
        tokens.push(await request.json());
        return HttpResponse.json({ message: 'email_verified' });
      }),
    );
    await renderApp('/fr/email-verification/abc_DEF-123');
    expect(
      await screen.findByText('Adresse e-mail vérifiée. Vous pouvez maintenant vous connecter.'),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Aller à la connexion' })).toHaveAttribute(
      'href',
      '/fr/login',
    );
    expect(tokens).toEqual([{ token: 'abc_DEF-123' }]);
  });

  it('explains an invalid, expired or used link', async () => {
    server.use(
      http.post(`${API}/auth/verify-account`, () =>
        HttpResponse.json({ error: { code: 'invalid_token', message: 'invalid token' } }, { status: 400 }),
      ),
    );
    await renderApp('/de/email-verification/used');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Bestätigungslink ist ungültig, abgelaufen oder wurde bereits verwendet.',
    );
  });
});

describe('forgot-password', () => {
  it('always shows the same success message', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/auth/forgot-password`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'password_reset_email_sent' });
      }),
    );
    const { user } = await renderApp('/fr/forgot-password');
    await screen.findByRole('heading', { level: 1, name: 'Mot de passe oublié ?' });
    await user.type(screen.getByLabelText('Adresse e-mail'), 'nobody@example.ch');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien' }));
    expect(await screen.findByText(/Si un compte utilise cette adresse/)).toBeInTheDocument();
    expect(body).toEqual({ email: 'nobody@example.ch', language: 'fr' });
  });

  it('says when rate limited', async () => {
    server.use(
      http.post(`${API}/auth/forgot-password`, () =>
        HttpResponse.json({ error: { code: 'too_many_requests' } }, { status: 429 }),
      ),
    );
    const { user } = await renderApp('/en/forgot-password');
    await screen.findByRole('heading', { level: 1 });
    await user.type(screen.getByLabelText('E-mail address'), 'anna@example.ch');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests, please try again later.');
  });
});

describe('reset-password/{token}', () => {
  it('says "The new passwords do not match!" in English and its translation elsewhere', async () => {
    const { user } = await renderApp('/en/reset-password/tok');
    await screen.findByRole('heading', { level: 1, name: 'Choose a new password' });
    await user.type(screen.getByLabelText('New password'), 'long enough secret');
    await user.type(screen.getByLabelText('Confirm the new password'), 'long enough secreT');
    await user.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Confirm the new password')).toHaveAccessibleDescription(
        'The new passwords do not match!',
      );
    });
  });

  it('is translated (French)', async () => {
    const { user } = await renderApp('/fr/reset-password/tok');
    await screen.findByRole('heading', { level: 1 });
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'long enough secret');
    await user.type(screen.getByLabelText('Confirmez le nouveau mot de passe'), 'x');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Confirmez le nouveau mot de passe')).toHaveAccessibleDescription(
        'Les nouveaux mots de passe ne correspondent pas !',
      );
    });
  });

  it('resets with the token from the link, then offers the login', async () => {
    let body: unknown;
    server.use(
      http.post(`${API}/auth/reset-password`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'password_reset' });
      }),
    );
    const { user } = await renderApp('/fr/reset-password/tok123');
    await screen.findByRole('heading', { level: 1 });
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'long enough secret');
    await user.type(screen.getByLabelText('Confirmez le nouveau mot de passe'), 'long enough secret');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }));
    expect(
      await screen.findByText('Mot de passe réinitialisé, vous pouvez maintenant vous connecter.'),
    ).toBeInTheDocument();
    expect(body).toEqual({ token: 'tok123', newPassword: 'long enough secret', confirmPassword: 'long enough secret' });
  });

  it('explains an invalid token and links to a new request', async () => {
    server.use(
      http.post(`${API}/auth/reset-password`, () =>
        HttpResponse.json({ error: { code: 'invalid_token' } }, { status: 400 }),
      ),
    );
    const { user } = await renderApp('/fr/reset-password/old');
    await screen.findByRole('heading', { level: 1 });
    await user.type(screen.getByLabelText('Nouveau mot de passe'), 'long enough secret');
    await user.type(screen.getByLabelText('Confirmez le nouveau mot de passe'), 'long enough secret');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ce lien de réinitialisation est invalide');
    expect(within(alert).getByRole('link', { name: 'Demander un nouveau lien' })).toHaveAttribute(
      'href',
      '/fr/forgot-password',
    );
  });
});

const PRO = {
  ...TEST_USER,
  accountType: 'professional',
  company: { name: 'Muster Bau AG', email: 'info@muster.ch', address: 'Bahnhofstrasse 1', website: '' },
};

describe('user/information', () => {
  it('shows the profile: read-only e-mail, account type, role; company fields for professionals', async () => {
    signIn();
    server.use(http.get(`${API}/auth/me`, () => HttpResponse.json({ user: PRO })));
    await renderApp('/fr/user/information', { preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Mes informations' })).toBeInTheDocument();
    expect(screen.getByText('anna@example.ch')).toBeInTheDocument();
    expect(screen.getByText('Entreprise', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Utilisateur', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByLabelText('Prénom')).toHaveValue('Anna');
    expect(screen.getByLabelText('Nom de l’entreprise')).toHaveValue('Muster Bau AG');
    expect(screen.queryByRole('textbox', { name: 'Adresse e-mail' })).not.toBeInTheDocument();
  });

  it('saves the details and updates the header name', async () => {
    signIn();
    let body: unknown;
    let current = TEST_USER;
    server.use(
      http.patch(`${API}/auth/update-info`, async ({ request }) => {
        body = await request.json();
        current = { ...TEST_USER, firstName: 'Anne' };
        return HttpResponse.json({ message: 'profile_updated', user: current });
      }),
      http.get(`${API}/auth/me`, () => HttpResponse.json({ user: current })),
    );
    const { user } = await renderApp('/fr/user/information', { preloadedState: signedInState() });
    const first = await screen.findByLabelText('Prénom');
    await user.clear(first);
    await user.type(first, 'Anne');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await within(screen.getByRole('status')).findByText('Profil mis à jour.')).toBeInTheDocument();
    expect(body).toEqual({ firstName: 'Anne', lastName: 'Muster', phone: '+41 79 123 45 67', language: 'fr' });
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Anne Muster' })).toBeInTheDocument();
  });

  it('shows required-field errors before saving', async () => {
    signIn();
    const { user } = await renderApp('/en/user/information', { preloadedState: signedInState() });
    const last = await screen.findByLabelText('Last name');
    await user.clear(last);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(last).toHaveFocus();
    });
    expect(last).toHaveAccessibleDescription('Required field');
  });

  it('previews and uploads a photo as multipart "image", showing the pending state', async () => {
    signIn();
    let field: FormDataEntryValue | null = null;
    let avatar: string | null = null;
    server.use(
      http.get(`${API}/auth/me`, () => HttpResponse.json({ user: { ...TEST_USER, avatar } })),
      http.post(`${API}/auth/upload-profile`, async ({ request }) => {
        field = (await request.formData()).get('image');
        await delay(50);
        avatar = '/images/avatars/u/new.jpg';
        return HttpResponse.json({
          message: 'profile_updated',
          user: { ...TEST_USER, avatar: '/images/avatars/u/new.jpg' },
        });
      }),
    );
    const created: string[] = [];
    URL.createObjectURL = () => {
      created.push('blob:preview');
      return 'blob:preview';
    };
    URL.revokeObjectURL = () => undefined;
    const { user, container } = await renderApp('/en/user/information', { preloadedState: signedInState() });
    const input = await screen.findByLabelText('Choose a photo');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' });
    await user.upload(input, file);
    expect(container.querySelector('.profile-photo img')).toHaveAttribute('src', 'blob:preview');
    await user.click(screen.getByRole('button', { name: 'Upload the photo' }));
    expect(await screen.findByRole('button', { name: 'Uploading...' })).toBeDisabled();
    expect(await screen.findByText('Profile updated.')).toBeInTheDocument();
    expect(field).toMatchObject({ type: 'image/png' });
    expect(created).toHaveLength(1);
    await waitFor(() => {
      expect(
        within(screen.getByRole('banner')).getByRole('link', { name: 'Anna Muster' }).querySelector('img'),
      ).toHaveAttribute('src', '/images/avatars/u/new.jpg');
    });
  });

  it.each([
    ['unsupported_type', 'Impossible de traiter l’image : seules les images JPEG, PNG et WebP sont acceptées.'],
    ['corrupt', 'Impossible de traiter l’image : le fichier est endommagé ou n’est pas une vraie image.'],
  ])('explains image_processing_failed with reason %s', async (reason, text) => {
    signIn();
    server.use(
      http.post(`${API}/auth/upload-profile`, () =>
        HttpResponse.json(
          { error: { code: 'image_processing_failed', message: 'failed to process image', params: { reason } } },
          { status: 400 },
        ),
      ),
    );
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    const { user } = await renderApp('/fr/user/information', { preloadedState: signedInState() });
    const input = await screen.findByLabelText('Choisir une photo');
    await user.upload(input, new File(['x'], 'x.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Envoyer la photo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    {
      file: new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
      text: 'Failed to process the image: only JPEG, PNG and WebP images are accepted.',
    },
    {
      file: new File([new Uint8Array(4 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }),
      text: 'Failed to process the image: the file or the picture is too large.',
    },
  ])('refuses $file.name before sending it', async ({ file, text }) => {
    signIn();
    let sent = false;
    server.use(
      http.post(`${API}/auth/upload-profile`, () => {
        sent = true;
        return HttpResponse.json({});
      }),
    );
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    const { container } = await renderApp('/en/user/information', { preloadedState: signedInState() });
    const input = await screen.findByLabelText('Choose a photo');
    // As a drop or an "all files" choice would: the accept filter is only a hint to the file chooser.
    fireEvent.change(input, { target: { files: [file] } });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(text);
    expect(container.querySelector('.profile-photo img[src="blob:x"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload the photo' })).toBeDisabled();
    expect(sent).toBe(false);
  });

  it('changes the password and keeps the session with the new token', async () => {
    signIn();
    let body: unknown;
    server.use(
      http.patch(`${API}/auth/change-password`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'password_changed', token: 'jwt-new' });
      }),
      http.get(`${API}/auth/me`, () => HttpResponse.json({ user: TEST_USER })),
    );
    const { user, store } = await renderApp('/en/user/information', { preloadedState: signedInState() });
    await user.type(await screen.findByLabelText('Current password'), 'old password!');
    await user.type(screen.getByLabelText('New password'), 'brand new secret');
    await user.type(screen.getByLabelText('Confirm the new password'), 'brand new secret');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    expect(await screen.findByText('Password changed.')).toBeInTheDocument();
    expect(body).toEqual({
      currentPassword: 'old password!',
      newPassword: 'brand new secret',
      confirmPassword: 'brand new secret',
    });
    expect(readTokenCookie()).toBe('jwt-new');
    expect(store.getState().auth).toMatchObject({ isLoggedIn: true, token: 'jwt-new' });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('says "Passwords do not match" and explains a wrong current password', async () => {
    signIn();
    server.use(
      http.patch(`${API}/auth/change-password`, () =>
        HttpResponse.json({ error: { code: 'cannot_change_password' } }, { status: 400 }),
      ),
    );
    const { user } = await renderApp('/en/user/information', { preloadedState: signedInState() });
    await user.type(await screen.findByLabelText('Current password'), 'wrong one');
    await user.type(screen.getByLabelText('New password'), 'brand new secret');
    await user.type(screen.getByLabelText('Confirm the new password'), 'brand new secreT');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Confirm the new password')).toHaveAccessibleDescription('Passwords do not match');
    });
    await user.clear(screen.getByLabelText('Confirm the new password'));
    await user.type(screen.getByLabelText('Confirm the new password'), 'brand new secret');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot change the password: the current password is wrong.',
    );
    expect(screen.getByLabelText('Current password')).toHaveFocus();
  });
});

describe('password fields', () => {
  it.each([
    ['/fr/login', ['Mot de passe'], false],
    ['/fr/account-creation', ['Mot de passe', 'Confirmez le mot de passe'], false],
    ['/fr/reset-password/tok123', ['Nouveau mot de passe', 'Confirmez le nouveau mot de passe'], false],
    [
      '/fr/user/information',
      ['Mot de passe actuel', 'Nouveau mot de passe', 'Confirmez le nouveau mot de passe'],
      true,
    ],
  ])('%s: every password is hidden by default and has its own toggle', async (path, labels, signedIn) => {
    if (signedIn) signIn();
    const { user } = await renderApp(path, signedIn ? { preloadedState: signedInState() } : {});
    await screen.findByLabelText(labels[0] ?? '');
    const toggles = screen.getAllByRole('button', { name: 'Afficher le mot de passe' });
    expect(toggles).toHaveLength(labels.length);
    for (const [index, toggle] of toggles.entries()) {
      const input = screen.getByLabelText(labels[index] ?? '');
      expect(input).toHaveAttribute('type', 'password');
      expect(toggle).toHaveAttribute('aria-controls', input.id);
      await user.click(toggle);
      expect(input).toHaveAttribute('type', 'text');
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
    }
  });
});

describe('phone in the profile', () => {
  it('is optional: a profile without one saves, and a number can be cleared', async () => {
    signIn();
    let body: unknown;
    server.use(
      http.patch(`${API}/auth/update-info`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: 'profile_updated', user: { ...TEST_USER, phone: '' } });
      }),
    );
    const { user } = await renderApp('/fr/user/information', { preloadedState: signedInState() });
    const phone = await screen.findByLabelText('Téléphone (facultatif)');
    expect(phone).not.toBeRequired();
    await user.clear(phone);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await within(screen.getByRole('status')).findByText('Profil mis à jour.')).toBeInTheDocument();
    expect(body).toEqual({ firstName: 'Anna', lastName: 'Muster', phone: '', language: 'fr' });
  });
});
