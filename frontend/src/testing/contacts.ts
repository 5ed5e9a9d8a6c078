import { http, HttpResponse } from 'msw';

/** The API base as the app resolves it under jsdom (the same as handlers.ts's API). */
const API = `${window.location.origin}/api/v1`;

/** A contact request as `GET /contact-request` returns it; override any field. */
export function contactRequest(overrides: Record<string, unknown> = {}) {
  return {
    id: '01JCREQ0000000000000000001',
    adId: '01JCARD0000000000000000001',
    adTitle: 'Dachziegel Biberschwanz',
    name: 'Luca Bernasconi',
    email: 'luca@example.ch',
    phone: '+41 91 123 45 67',
    message: 'Bonjour,\nles tuiles sont-elles encore disponibles ?',
    read: false,
    archived: false,
    createdAt: '2026-11-20T14:30:00Z',
    ...overrides,
  };
}

type Request = ReturnType<typeof contactRequest>;

/** The list body for `requests` (one `categories` entry per unread request, as the server). */
export function contactList(requests: Request[], nextCursor: string | null = null) {
  const unread = requests.filter((r) => !r.read).length;
  return { items: requests, nextCursor, unreadCount: unread, categories: Array<string>(unread).fill('unread') };
}

/** The default: an empty inbox (the header badge of every signed-in test asks for it). */
export const contactsHandlers = [http.get(`${API}/contact-request`, () => HttpResponse.json(contactList([])))];
