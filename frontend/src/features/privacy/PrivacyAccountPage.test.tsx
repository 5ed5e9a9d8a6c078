import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportFilename } from '@/features/privacy/api';
import { API, signedInState, signIn, TEST_USER } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const EXPORT = JSON.stringify(
  { format: 'remat-account-export/1', account: { email: TEST_USER.email }, ads: [] },
  null,
  2,
);

/** What the page saved through object URLs and download links. */
interface Saved {
  name: string;
  blob: Blob;
}

let saved: Saved[] = [];
const blobs = new Map<string, Blob>();

beforeEach(() => {
  saved = [];
  blobs.clear();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${String(blobs.size)}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: (url: string) => {
        blobs.delete(url);
      },
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) saved.push({ name: this.download, blob });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The signed-in user as `/auth/me` returns it, with overrides. */
function mockMe(overrides: Record<string, unknown> = {}) {
  server.use(
    http.get(`${API}/auth/me`, () => HttpResponse.json({ user: { ...TEST_USER, hasPassword: true, ...overrides } })),
  );
}

/** Answers DELETE /account with the given responses in turn and records the bodies sent. */
function mockDelete(answers: { status: number; body: Record<string, unknown> }[]) {
  const bodies: unknown[] = [];
  let call = 0;
  server.use(
    http.delete(`${API}/account`, async ({ request }) => {
      bodies.push(await request.json());
      const answer = answers[Math.min(call, answers.length - 1)] ?? { status: 500, body: {} };
      call++;
      return HttpResponse.json(answer.body, { status: answer.status });
    }),
  );
  return bodies;
}

async function renderPage(route = '/fr/user/privacy') {
  signIn();
  const view = await renderApp(route, { preloadedState: signedInState() });
  // The first render loads the dashboard's and this page's code: give it time on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'Confidentialité et compte' }, { timeout: 5000 });
  // The heading shows while the account is still loading; what the page offers depends on it.
  await waitFor(
    () => {
      expect(document.querySelector('.privacy-page .preloader')).toBeNull();
    },
    { timeout: 5000 },
  );
  return view;
}

describe('exportFilename', () => {
  it('takes the server’s file name, or makes a dated one', () => {
    expect(exportFilename('attachment; filename="remat-data-2026-03-01.json"')).toBe('remat-data-2026-03-01.json');
    expect(exportFilename(null, new Date('2026-04-02T10:00:00Z'))).toBe('remat-data-2026-04-02.json');
  });
});

describe('user/privacy', () => {
  it('is a dashboard section that explains what a deletion does', async () => {
    mockMe();
    await renderPage();
    await waitFor(() => {
      expect(document.title).toBe('Confidentialité et compte – Remat');
    });
    const nav = screen.getByRole('navigation', { name: 'Mon compte' });
    expect(within(nav).getByRole('link', { name: 'Confidentialité et compte' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Lire notre déclaration de confidentialité' })).toHaveAttribute(
      'href',
      '/fr/privacy',
    );
    const section = screen.getByRole('region', { name: 'Supprimer mon compte' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
    expect(section).toHaveTextContent('conservés dix ans');
    expect(section).toHaveTextContent('art. 958f');
  });

  it('downloads the data as the file the server names', async () => {
    mockMe();
    let auth = '';
    server.use(
      http.get(`${API}/account/export`, ({ request }) => {
        auth = request.headers.get('authorization') ?? '';
        return new HttpResponse(EXPORT, {
          headers: {
            'Content-Type': 'application/json; charset=utf-8',
            'Content-Disposition': 'attachment; filename="remat-data-2026-03-01.json"',
          },
        });
      }),
    );
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Télécharger mes données' }));
    expect(await screen.findByText('Vos données ont été téléchargées.')).toBeInTheDocument();
    expect(auth).toBe('Bearer jwt-test');
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe('remat-data-2026-03-01.json');
    expect(await saved[0]?.blob.text()).toBe(EXPORT);
    expect(saved[0]?.blob.type).toBe('application/json');
  });

  it('explains a refused download', async () => {
    mockMe();
    server.use(
      http.get(`${API}/account/export`, () =>
        HttpResponse.json(
          { error: { code: 'too_many_requests', message: 'too many requests' } },
          { status: 429, headers: { 'Retry-After': '1800' } },
        ),
      ),
    );
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Télécharger mes données' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Trop de requêtes, veuillez réessayer plus tard.');
    expect(saved).toHaveLength(0);
  });

  it('deletes the account after the password, goes home with a notice and ends the session', async () => {
    mockMe();
    const bodies = mockDelete([
      {
        status: 403,
        body: { error: { code: 'account_confirmation_invalid', message: 'the password or e-mail does not match' } },
      },
      { status: 202, body: { message: 'account_deletion_in_progress' } },
      {
        status: 200,
        body: { message: 'account_deleted', keptRecords: ['invoices', 'orders', 'payments'], keptYears: 10 },
      },
    ]);
    const { user, probe, store } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = screen.getByRole('dialog', { name: 'Supprimer définitivement votre compte ?' });
    expect(dialog).toHaveAccessibleDescription(/Saisissez votre mot de passe pour confirmer/);
    const field = within(dialog).getByLabelText('Mot de passe actuel');
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('type', 'password');

    // Nothing typed: the field says so, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));
    expect(within(dialog).getByText('Champ obligatoire')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toHaveLength(0);

    // A wrong password is explained; the right one deletes (sent again while in progress).
    await user.type(field, 'wrong password');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Le mot de passe ou l’adresse e-mail ne correspond pas à votre compte.',
    );
    await user.clear(field);
    await user.type(field, 'the right password');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));

    await waitFor(() => {
      expect(probe.location.pathname).toBe('/fr/');
    });
    expect(bodies).toEqual([
      { password: 'wrong password' },
      { password: 'the right password' },
      { password: 'the right password' },
    ]);
    expect(
      await screen.findByText(/Votre compte a été supprimé\. Les factures sont conservées dix ans/),
    ).toBeInTheDocument();
    await waitFor(() => {
      expect(store.getState().auth.isLoggedIn).toBe(false);
    });
    expect(document.cookie).not.toContain('jwt-test');
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(probe.history.some((path) => path.includes('/login'))).toBe(false);
  });

  it('confirms a social-only account with its e-mail address', async () => {
    mockMe({ hasPassword: false });
    const bodies = mockDelete([{ status: 200, body: { message: 'account_deleted', keptRecords: [], keptYears: 10 } }]);
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleDescription(/Votre compte n’a pas de mot de passe/);
    const field = within(dialog).getByLabelText('Votre adresse e-mail');
    expect(field).toHaveAttribute('type', 'email');
    await user.type(field, ` ${TEST_USER.email} `);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));
    await waitFor(() => {
      expect(bodies).toEqual([{ email: TEST_USER.email }]);
    });
  });

  it('is a keyboard dialog: Escape closes it and gives the focus back', async () => {
    mockMe();
    const { user } = await renderPage();
    const open = screen.getByRole('button', { name: 'Supprimer mon compte' });
    await user.click(open);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Annuler' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(within(screen.getByRole('dialog')).getByLabelText('Mot de passe actuel')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();
  });

  it('tells an administrator to ask another administrator', async () => {
    mockMe({ role: 'admin' });
    await renderPage();
    expect(
      screen.getByText(
        'Le compte d’un administrateur ne peut pas être supprimé ici. Demandez à un autre administrateur de le faire.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Supprimer mon compte' })).not.toBeInTheDocument();
  });

  it('explains the server’s refusal of an administrator', async () => {
    mockMe();
    mockDelete([
      { status: 403, body: { error: { code: 'admin_cannot_delete_self', message: 'ask another administrator' } } },
    ]);
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Supprimer mon compte' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Mot de passe actuel'), 'secret');
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer mon compte' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Le compte d’un administrateur ne peut pas être supprimé ici.',
    );
  });
});
