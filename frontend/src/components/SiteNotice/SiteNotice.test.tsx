import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISMISSED_KEY } from '@/components/SiteNotice/SiteNotice';
import { API, SETTINGS_RESPONSE } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const TEXTS = {
  en: 'Maintenance tonight from 22:00.',
  fr: 'Maintenance ce soir dès 22 h.',
  de: 'Wartung heute Abend ab 22 Uhr.',
  it: 'Manutenzione stasera dalle 22.',
  sq: 'Mirëmbajtje sonte nga ora 22.',
};

function withNotice(notice: Record<string, unknown> | null) {
  server.use(http.get(`${API}/settings`, () => HttpResponse.json({ ...SETTINGS_RESPONSE, notice })));
}

const notice = (overrides: Record<string, unknown> = {}) => ({
  id: '4',
  level: 'warning',
  text: TEXTS,
  endsAt: null,
  ...overrides,
});

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('site notice', () => {
  it('shows the notice above the header, in the page language, as a labelled region', async () => {
    withNotice(notice());
    await renderApp('/fr/about');
    const region = screen.getByRole('region', { name: 'Avis du site' });
    expect(region).toHaveTextContent(TEXTS.fr);
    expect(region).toHaveClass('site-notice--warning');
    // Before the header in the reading order.
    expect(region.compareDocumentPosition(screen.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('follows a language switch', async () => {
    withNotice(notice());
    const { user } = await renderApp('/de/about');
    expect(screen.getByRole('region', { name: 'Hinweis der Website' })).toHaveTextContent(TEXTS.de);
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sprache Deutsch' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Italiano' }));
    expect(await screen.findByRole('region', { name: 'Avviso del sito' })).toHaveTextContent(TEXTS.it);
  });

  it('falls back to English when the page language has no text', async () => {
    withNotice(notice({ text: { en: TEXTS.en, de: TEXTS.de } }));
    await renderApp('/sq/about');
    expect(screen.getByRole('region', { name: 'Njoftim i faqes' })).toHaveTextContent(TEXTS.en);
  });

  it('stays dismissed for the session, and a new notice shows again', async () => {
    withNotice(notice());
    const { user, unmount } = await renderApp('/fr/about');
    await user.click(screen.getByRole('button', { name: 'Masquer l’avis' }));
    expect(screen.queryByRole('region', { name: 'Avis du site' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(DISMISSED_KEY)).toBe('4');
    unmount();

    await renderApp('/fr/about');
    expect(screen.queryByRole('region', { name: 'Avis du site' })).not.toBeInTheDocument();

    withNotice(notice({ id: '5', text: { ...TEXTS, fr: 'Nouvel avis.' } }));
    await renderApp('/fr/about');
    expect(screen.getByRole('region', { name: 'Avis du site' })).toHaveTextContent('Nouvel avis.');
  });

  it('is not shown without a notice or once its end has passed, and hides itself at the end', async () => {
    withNotice(null);
    const { unmount } = await renderApp('/fr/about');
    expect(screen.queryByRole('region', { name: 'Avis du site' })).not.toBeInTheDocument();
    unmount();

    withNotice(notice({ endsAt: new Date(Date.now() - 1000).toISOString() }));
    const second = await renderApp('/fr/about');
    expect(screen.queryByRole('region', { name: 'Avis du site' })).not.toBeInTheDocument();
    second.unmount();

    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    withNotice(notice({ endsAt: new Date(Date.now() + 60_000).toISOString() }));
    await renderApp('/fr/about');
    expect(screen.getByRole('region', { name: 'Avis du site' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(61_000);
    });
    expect(screen.queryByRole('region', { name: 'Avis du site' })).not.toBeInTheDocument();
  });
});
