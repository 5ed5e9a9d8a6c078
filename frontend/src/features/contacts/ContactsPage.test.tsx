import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { contactList, contactRequest } from '@/testing/contacts';
import { API, signedInState, signIn } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

type Request = ReturnType<typeof contactRequest>;

/** A seller's inbox held in memory: GET lists it (two per page), PATCH and DELETE change it. */
function mockInbox(initial: Request[]) {
  let requests = [...initial];
  const calls: string[] = [];
  server.use(
    http.get(`${API}/contact-request`, ({ request }) => {
      const url = new URL(request.url);
      const archived = url.searchParams.get('archived') === 'true';
      const folder = requests.filter((r) => r.archived === archived);
      const offset = Number(url.searchParams.get('cursor') ?? '0');
      const page = folder.slice(offset, offset + 2);
      const next = offset + 2 < folder.length ? String(offset + 2) : null;
      const body = contactList(requests);
      return HttpResponse.json({ ...body, items: page, nextCursor: next });
    }),
    http.patch(`${API}/contact-request/:id`, async ({ params, request }) => {
      const change = (await request.json()) as { read?: boolean; archived?: boolean };
      calls.push(`PATCH ${String(params.id)} ${JSON.stringify(change)}`);
      requests = requests.map((r) => (r.id === params.id ? { ...r, ...change } : r));
      return HttpResponse.json(requests.find((r) => r.id === params.id));
    }),
    http.delete(`${API}/contact-request/:id`, ({ params }) => {
      calls.push(`DELETE ${String(params.id)}`);
      requests = requests.filter((r) => r.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return calls;
}

async function renderSignedIn(route: string) {
  signIn();
  return renderApp(route, { preloadedState: signedInState() });
}

describe('user/contacts', () => {
  it('lists the requests with date, ad link, buyer and a reply link; reading one updates the badge', async () => {
    const calls = mockInbox([
      contactRequest(),
      contactRequest({ id: 'R2', name: 'Sarah Miller', email: 'sarah@example.ch', read: true, phone: undefined }),
    ]);
    const { user } = await renderSignedIn('/fr/user/contacts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages reçus' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Messages reçus – Remat');
    });
    expect(await screen.findByRole('link', { name: 'Messages : 1 non lu' })).toHaveTextContent('1');

    const card = screen.getByRole('article', { name: 'Message de Luca Bernasconi' });
    expect(within(card).getByText('Non lu')).toBeInTheDocument();
    expect(within(card).getByText(/20\.11\.2026/)).toHaveAttribute('datetime', '2026-11-20T14:30:00Z');
    expect(within(card).getByText(/20\.11\.2026/)).toHaveTextContent('20.11.2026, 15:30');
    expect(within(card).getByRole('link', { name: 'Dachziegel Biberschwanz' })).toHaveAttribute(
      'href',
      '/fr/product/01JCARD0000000000000000001',
    );
    expect(within(card).getByText('luca@example.ch')).toBeInTheDocument();
    expect(within(card).getByText('+41 91 123 45 67')).toBeInTheDocument();
    expect(within(card).getByText(/les tuiles sont-elles encore disponibles/)).toBeInTheDocument();
    const reply = within(card).getByRole('link', { name: 'Répondre à Luca Bernasconi par e-mail' });
    expect(reply.getAttribute('href')).toBe(
      `mailto:luca@example.ch?subject=${encodeURIComponent('Votre message concernant « Dachziegel Biberschwanz »')}`,
    );

    await user.click(within(card).getByRole('button', { name: 'Marquer le message de Luca Bernasconi comme lu' }));
    const badge = await screen.findByRole('link', { name: 'Messages : aucun non lu' });
    expect(badge).not.toHaveTextContent(/\d/);
    expect(within(card).getByText('Lu')).toBeInTheDocument();
    expect(await screen.findByText('Message marqué comme lu')).toBeInTheDocument();
    expect(calls).toEqual(['PATCH 01JCREQ0000000000000000001 {"read":true}']);
  });

  it('deletes a request after a confirmation, and keeps it when cancelled', async () => {
    const calls = mockInbox([contactRequest()]);
    const { user } = await renderSignedIn('/en/user/contacts');
    const remove = await screen.findByRole('button', { name: 'Delete the message from Luca Bernasconi' });

    await user.click(remove);
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this message?' });
    expect(dialog).toHaveAccessibleDescription('The message from Luca Bernasconi will be deleted for good.');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.click(remove);
    dialog = screen.getByRole('alertdialog', { name: 'Delete this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();
    expect(calls).toEqual(['DELETE 01JCREQ0000000000000000001']);
    expect(await screen.findByRole('link', { name: 'Messages: none unread' })).not.toHaveTextContent(/\d/);
  });

  it('pages through the requests and shows the archive', async () => {
    mockInbox([
      contactRequest({ id: 'A', name: 'Alice' }),
      contactRequest({ id: 'B', name: 'Bob' }),
      contactRequest({ id: 'C', name: 'Carla' }),
      contactRequest({ id: 'D', name: 'Dario', archived: true, read: true }),
    ]);
    const { user } = await renderSignedIn('/de/user/contacts');
    expect(await screen.findByRole('article', { name: 'Nachricht von Alice' })).toBeInTheDocument();
    expect(screen.getByText('3 ungelesene Nachrichten')).toBeInTheDocument();
    const pager = screen.getByRole('navigation', { name: 'Seiten der Nachrichten' });
    expect(within(pager).getByRole('button', { name: 'Zurück' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Weiter' }));
    expect(await screen.findByRole('article', { name: 'Nachricht von Carla' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Nachricht von Alice' })).not.toBeInTheDocument();
    expect(within(pager).getByText('Sie sind auf Seite 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Archiv' }));
    expect(await screen.findByRole('article', { name: 'Nachricht von Dario' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Archiv' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Nachricht von Dario zurück in den Posteingang' }));
    expect(await screen.findByText('Keine archivierten Nachrichten.')).toBeInTheDocument();
  });

  it('shows the badge on pages that do not load its namespace', async () => {
    mockInbox([contactRequest()]);
    signIn();
    const { i18n } = await renderApp('/fr/about', {
      preloadedState: signedInState(),
      namespaces: ['common', 'about'],
    });
    expect(await screen.findByRole('link', { name: 'Messages : 1 non lu' })).toHaveTextContent('1');
    expect(await screen.findByRole('heading', { level: 1 })).toBeVisible();
    expect(i18n.hasLoadedNamespace('contacts')).toBe(true);
  });

  it('shows no badge to visitors', async () => {
    await renderApp('/fr/');
    await waitFor(() => {
      expect(screen.getByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
    });
    expect(screen.queryByRole('link', { name: /^Messages/ })).not.toBeInTheDocument();
  });
});
