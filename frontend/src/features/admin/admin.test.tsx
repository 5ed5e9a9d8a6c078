import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, adminSession } from '@/testing/admin';
import { API, signedInState, signIn } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

function report(overrides: Record<string, unknown> = {}) {
  return {
    id: 'rep-1',
    productId: 'ad-1',
    product: {
      id: 'ad-1',
      title: 'Dachziegel Biberschwanz',
      status: 'active',
      sellerId: 'seller-1',
      sellerName: 'Huber Bau AG',
    },
    reason: 'suspicious',
    details: 'Le prix est bien trop bas.',
    email: 'paul@example.ch',
    status: 'open',
    createdAt: '2026-11-21T09:30:00Z',
    resolvedAt: null,
    resolution: null,
    ...overrides,
  };
}

const USER = {
  id: 'seller-1',
  email: 'huber.bau@example.ch',
  firstName: 'Hans',
  lastName: 'Huber',
  companyName: 'Huber Bau AG',
  accountType: 'professional',
  role: 'user',
  status: 'active',
  emailVerified: false,
  createdAt: '2025-03-05T10:00:00Z',
};

/** Requests the back office made, as "METHOD path?query" with their JSON bodies. */
function recorder() {
  const calls: { call: string; body?: unknown; auth: string | null }[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    const body = request.method === 'GET' ? undefined : ((await request.json().catch(() => undefined)) as unknown);
    calls.push({
      call: `${request.method} ${url.pathname.replace('/api/v1', '')}${url.search}`,
      body,
      auth: request.headers.get('authorization'),
    });
  };
  return { calls, record };
}

describe('back office guard', () => {
  it('sends visitors to the login page and back', async () => {
    const { probe } = await renderApp('/fr/admin/users');
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/fr/login');
    });
    expect(new URLSearchParams(probe.location.search).get('returnTo')).toBe('/fr/admin/users');
  });

  it('refuses signed-in users who are not administrators, and offers them no menu entry', async () => {
    signIn();
    await renderApp('/fr/admin/reports', { preloadedState: signedInState() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Accès refusé' })).toBeInTheDocument();
    expect(screen.getByText('Accès non autorisé à cette ressource.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sections de l’administration' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Espace d’administration' })).not.toBeInTheDocument();
  });
});

describe('account menu', () => {
  it('offers administrators the back office in the mobile menu too', async () => {
    server.use(http.get(`${API}/admin/reports`, () => HttpResponse.json({ items: [], nextCursor: null })));
    const { user, probe } = await renderApp('/en/about', { preloadedState: adminSession() });
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Administration' }));
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/en/admin/reports');
    });
    expect(await screen.findByText('No open reports. Well done!')).toBeInTheDocument();
  });
});

describe('reports queue', () => {
  it('lists the open reports with the ad, reason, details and reporter; the menu links here', async () => {
    const { calls, record } = recorder();
    server.use(
      http.get(`${API}/admin/reports`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ items: [report()], nextCursor: null });
      }),
    );
    const { probe } = await renderApp('/fr/admin', { preloadedState: adminSession() });
    const table = await screen.findByRole('table', { name: 'Signalements ouverts, du plus ancien au plus récent' });
    expect(probe.location.pathname).toBe('/fr/admin/reports');
    expect(screen.getByRole('heading', { level: 1, name: 'Annonces signalées' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Sections de l’administration' });
    expect(within(nav).getByRole('link', { name: 'Signalements' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('banner')).toContainElement(screen.getByRole('link', { name: 'Espace d’administration' }));

    const row = within(table).getByRole('row', { name: /Dachziegel Biberschwanz/ });
    expect(within(row).getByRole('link', { name: 'Dachziegel Biberschwanz' })).toHaveAttribute(
      'href',
      '/fr/product/ad-1',
    );
    expect(within(row).getByRole('link', { name: 'Huber Bau AG' })).toHaveAttribute('href', '/fr/admin/users/seller-1');
    expect(within(row).getByText('Annonce suspecte')).toBeInTheDocument();
    expect(within(row).getByText('Le prix est bien trop bas.')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'paul@example.ch' })).toBeInTheDocument();
    expect(calls).toEqual([{ call: 'GET /admin/reports?limit=20&status=open', auth: `Bearer ${ADMIN_TOKEN}` }]);
  });

  it('resolves a report after confirmation with a note, then shows the queue empty', async () => {
    const { calls, record } = recorder();
    let open = [report()];
    server.use(
      http.get(`${API}/admin/reports`, () => HttpResponse.json({ items: open, nextCursor: null })),
      http.post(`${API}/admin/reports/:id/resolve`, async ({ request }) => {
        await record(request);
        open = [];
        return HttpResponse.json(
          report({
            status: 'resolved',
            resolution: { action: 'deactivate_ad', note: 'Prix fantaisiste', by: 'ada@example.ch' },
          }),
        );
      }),
    );
    const { user } = await renderApp('/fr/admin/reports', { preloadedState: adminSession() });
    const action = await screen.findByRole('button', { name: 'Désactiver l’annonce « Dachziegel Biberschwanz »' });
    await user.click(action);

    const dialog = screen.getByRole('dialog', { name: 'Désactiver cette annonce ?' });
    expect(dialog).toHaveAccessibleDescription(/L’annonce « Dachziegel Biberschwanz » est retirée du catalogue/);
    const note = within(dialog).getByRole('textbox', { name: /Remarque/ });
    expect(note).toHaveFocus();
    // Cancel first: nothing is sent and focus goes back to the action.
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(action).toHaveFocus();
    expect(calls).toEqual([]);

    await user.click(action);
    const again = screen.getByRole('dialog', { name: 'Désactiver cette annonce ?' });
    await user.type(within(again).getByRole('textbox', { name: /Remarque/ }), '  Prix fantaisiste ');
    await user.click(within(again).getByRole('button', { name: 'Désactiver l’annonce' }));

    expect(await screen.findByText('Annonce désactivée, signalement traité.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        call: 'POST /admin/reports/rep-1/resolve',
        body: { action: 'deactivate_ad', note: 'Prix fantaisiste' },
        auth: `Bearer ${ADMIN_TOKEN}`,
      },
    ]);
    expect(await screen.findByText('Aucun signalement ouvert. Bravo !')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('dismisses without a note, and Escape closes the dialog', async () => {
    const { calls, record } = recorder();
    server.use(
      http.get(`${API}/admin/reports`, () => HttpResponse.json({ items: [report()], nextCursor: null })),
      http.post(`${API}/admin/reports/:id/resolve`, async ({ request }) => {
        await record(request);
        return HttpResponse.json(report({ status: 'resolved' }));
      }),
    );
    const { user } = await renderApp('/en/admin/reports', { preloadedState: adminSession() });
    await user.click(await screen.findByRole('button', { name: 'Dismiss the report on “Dachziegel Biberschwanz”' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss the report on “Dachziegel Biberschwanz”' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Dismiss this report?' })).getByRole('button', { name: 'Dismiss' }),
    );
    expect(await screen.findByText('Report dismissed.')).toBeInTheDocument();
    expect(calls.map(({ call, body }) => ({ call, body }))).toEqual([
      { call: 'POST /admin/reports/rep-1/resolve', body: { action: 'dismiss' } },
    ]);
  });

  it('shows the resolved tab with the outcome', async () => {
    server.use(
      http.get(`${API}/admin/reports`, ({ request }) =>
        new URL(request.url).searchParams.get('status') === 'resolved'
          ? HttpResponse.json({
              items: [
                report({
                  status: 'resolved',
                  resolvedAt: '2026-11-21T10:00:00Z',
                  resolution: { action: 'suspend_seller', note: 'Faux vendeur', by: 'ada@example.ch' },
                }),
              ],
              nextCursor: null,
            })
          : HttpResponse.json({ items: [], nextCursor: null }),
      ),
    );
    const { user } = await renderApp('/de/admin/reports', { preloadedState: adminSession() });
    expect(await screen.findByText('Keine offenen Meldungen. Gut gemacht!')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Erledigt' }));
    const table = await screen.findByRole('table', { name: 'Erledigte Meldungen, neueste zuerst' });
    expect(within(table).getByText('Verkäufer gesperrt')).toBeInTheDocument();
    expect(within(table).getByText('Faux vendeur')).toBeInTheDocument();
    expect(within(table).getByText('Von ada@example.ch')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Erledigt' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('users', () => {
  it('searches by name or e-mail and announces the result', async () => {
    const { calls, record } = recorder();
    server.use(
      http.get(`${API}/admin/users`, async ({ request }) => {
        await record(request);
        const q = new URL(request.url).searchParams.get('q');
        return HttpResponse.json({ items: q === 'nobody' ? [] : [USER], nextCursor: null });
      }),
    );
    const { user, probe } = await renderApp('/fr/admin/users', { preloadedState: adminSession() });
    expect(await screen.findByRole('table', { name: 'Comptes' })).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Nom ou adresse e-mail' });
    await user.type(search, ' huber ');
    await user.click(within(screen.getByRole('main')).getByRole('button', { name: 'Rechercher' }));
    expect(await screen.findByText('Comptes trouvés pour « huber » : 1')).toBeInTheDocument();
    expect(probe.location.search).toBe('?q=huber');
    const row = within(screen.getByRole('table', { name: 'Comptes' })).getByRole('row', { name: /Hans Huber/ });
    expect(within(row).getByRole('link', { name: 'Hans Huber' })).toHaveAttribute('href', '/fr/admin/users/seller-1');
    expect(within(row).getByText('Actif')).toBeInTheDocument();
    expect(within(row).getByText('Entreprise')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'nobody{Enter}');
    expect(await screen.findByText('Aucun compte ne correspond à « nobody ».')).toBeInTheDocument();
    expect(calls.map((c) => c.call)).toEqual([
      'GET /admin/users?limit=20',
      'GET /admin/users?limit=20&q=huber',
      'GET /admin/users?limit=20&q=nobody',
    ]);
  });

  it('shows an account with its ads, suspends it after confirmation and resends the verification', async () => {
    const { calls, record } = recorder();
    let status = 'active';
    server.use(
      http.get(`${API}/admin/users/:id`, () =>
        HttpResponse.json({
          user: { ...USER, status },
          ads: [{ id: 'ad-1', title: 'Dachziegel Biberschwanz', status: 'active', priceRp: 125000 }],
        }),
      ),
      http.patch(`${API}/admin/users/:id/status`, async ({ request }) => {
        await record(request);
        status = 'suspended';
        return HttpResponse.json({ ...USER, status });
      }),
      http.post(`${API}/admin/users/:id/resend-verification`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ message: 'verification_sent' });
      }),
    );
    const { user } = await renderApp('/fr/admin/users/seller-1', { preloadedState: adminSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hans Huber' })).toBeInTheDocument();
    const ads = screen.getByRole('table', { name: 'Annonces de Hans Huber' });
    expect(within(ads).getByRole('link', { name: 'Dachziegel Biberschwanz' })).toHaveAttribute(
      'href',
      '/fr/product/ad-1',
    );
    expect(within(ads).getByText('Activée')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Actions administratives sur ce compte' })).toHaveAttribute(
      'href',
      '/fr/admin/audit?targetType=user&targetId=seller-1',
    );

    await user.click(screen.getByRole('button', { name: 'Renvoyer l’e-mail de vérification' }));
    expect(await screen.findByText('E-mail de vérification envoyé.')).toBeInTheDocument();

    expect(screen.getByRole('radio', { name: 'Actif' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Suspendu' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: /Motif/ }), 'Annonces trompeuses');
    await user.click(screen.getByRole('button', { name: 'Changer l’état' }));
    const dialog = screen.getByRole('dialog', { name: 'Passer le compte à « Suspendu » ?' });
    await user.click(within(dialog).getByRole('button', { name: 'Passer à « Suspendu »' }));
    expect(await screen.findByText('Statut mis à jour')).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByRole('radio', { name: 'Suspendu' })).toBeDisabled();
    });
    expect(calls.map(({ call, body }) => ({ call, body }))).toEqual([
      { call: 'POST /admin/users/seller-1/resend-verification', body: undefined },
      { call: 'PATCH /admin/users/seller-1/status', body: { status: 'suspended', reason: 'Annonces trompeuses' } },
    ]);
  });
});

describe('contact-us inbox and audit log', () => {
  it('lists the contact messages and opens one to read it', async () => {
    server.use(
      http.get(`${API}/contact-us`, () =>
        HttpResponse.json({
          items: [
            {
              id: 'm1',
              name: 'Anna Muster',
              email: 'anna@example.ch',
              subject: 'Question sur les tuiles',
              message: 'Bonjour,\nacceptez-vous les tuiles usagées ?',
              status: 'new',
              createdAt: '2026-11-20T08:00:00Z',
            },
          ],
          nextCursor: null,
        }),
      ),
    );
    const { user } = await renderApp('/fr/admin/contact-us', { preloadedState: adminSession() });
    const table = await screen.findByRole('table', { name: /Messages du formulaire de contact/ });
    const read = within(table).getByRole('button', { name: 'Lire le message « Question sur les tuiles »' });
    expect(read).toHaveAttribute('aria-expanded', 'false');
    await user.click(read);
    const message = screen.getByRole('region', { name: 'Message « Question sur les tuiles »' });
    expect(message).toHaveTextContent('acceptez-vous les tuiles usagées ?');
    expect(within(message).getByRole('link', { name: 'Répondre à anna@example.ch' })).toHaveAttribute(
      'href',
      'mailto:anna@example.ch?subject=Re%3A%20Question%20sur%20les%20tuiles',
    );
    expect(
      within(table).getByRole('button', { name: 'Fermer le message « Question sur les tuiles »' }),
    ).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows who did what and when, with before and after, page by page', async () => {
    const { calls, record } = recorder();
    server.use(
      http.get(`${API}/admin/audit`, async ({ request }) => {
        await record(request);
        const cursor = new URL(request.url).searchParams.get('cursor');
        return HttpResponse.json(
          cursor === null
            ? {
                items: [
                  {
                    id: 'a1',
                    actorId: 'admin-1',
                    actorEmail: 'ada@example.ch',
                    action: 'user.status',
                    targetType: 'user',
                    targetId: 'seller-1',
                    before: { status: 'active' },
                    after: { status: 'suspended' },
                    at: '2026-11-21T10:00:00Z',
                  },
                ],
                nextCursor: 'next-page',
              }
            : { items: [], nextCursor: null },
        );
      }),
    );
    const { user } = await renderApp('/en/admin/audit', { preloadedState: adminSession() });
    const table = await screen.findByRole('table', { name: 'Administrative actions, newest first' });
    const row = within(table).getByRole('row', { name: /Account status changed/ });
    expect(within(row).getByText('ada@example.ch')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'seller-1' })).toHaveAttribute('href', '/en/admin/users/seller-1');
    await user.click(within(row).getByText('Show the changes'));
    expect(within(row).getByText(/"status": "active"/)).toBeVisible();
    expect(within(row).getByText(/"status": "suspended"/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      expect(screen.getByText('You are on page 2')).toBeInTheDocument();
    });
    expect(calls.map((c) => c.call)).toEqual([
      'GET /admin/audit?limit=20',
      'GET /admin/audit?limit=20&cursor=next-page',
    ]);
  });
});
