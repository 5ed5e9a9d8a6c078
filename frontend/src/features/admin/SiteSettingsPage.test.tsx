import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '@/contract/schema.gen';
import { fromLocalInput, toLocalInput } from '@/features/admin/SiteSettingsPage';
import { adminSession, FIRST_SCREEN } from '@/testing/admin';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const DEFAULTS: SiteSettings = {
  notice: { enabled: false, level: 'info', text: { en: '', fr: '', de: '', it: '', sq: '' }, endsAt: null },
  signupsOpen: true,
  version: 0,
  updatedAt: null,
  updatedBy: null,
};

function settingsApi(current: SiteSettings, answer?: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.get(`${API}/admin/settings`, () => HttpResponse.json(current)),
    http.put(`${API}/admin/settings`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return (
        answer?.(body) ??
        HttpResponse.json({
          ...current,
          ...body,
          version: current.version + 1,
          updatedAt: '2026-11-24T10:00:00Z',
          updatedBy: 'ada@remat.ch',
        })
      );
    }),
  );
  return bodies;
}

describe('datetime-local values', () => {
  it('round-trips through ISO in the browser’s time zone', () => {
    const iso = fromLocalInput('2026-12-01T06:30');
    expect(iso).not.toBeNull();
    expect(toLocalInput(iso)).toBe('2026-12-01T06:30');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });
});

describe('site settings page', { timeout: 30_000 }, () => {
  it('edits the banner with a live preview, closes sign-ups and saves with the version', async () => {
    const bodies = settingsApi(DEFAULTS);
    const { user } = await renderApp('/fr/admin/site-settings', { preloadedState: adminSession() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Réglages du site' }, FIRST_SCREEN),
    ).toBeInTheDocument();
    expect(
      await screen.findByText('Les réglages par défaut s’appliquent : personne ne les a encore modifiés.'),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Sections de l’administration' });
    expect(within(nav).getByRole('link', { name: 'Réglages du site' })).toHaveAttribute('aria-current', 'page');

    const banner = screen.getByRole('region', { name: 'Bandeau d’information' });
    await user.click(within(banner).getByRole('checkbox', { name: 'Afficher le bandeau' }));
    await user.click(within(banner).getByRole('radio', { name: 'Avertissement' }));
    const preview = within(banner).getByRole('figure', { name: /Aperçu/ });
    expect(preview).toHaveTextContent('Saisissez le texte dans cette langue pour voir l’aperçu.');
    const texts = {
      English: 'Maintenance tonight',
      Français: 'Maintenance ce soir',
      Deutsch: 'Wartung heute Abend',
      Italiano: 'Manutenzione stasera',
      Shqipe: 'Mirëmbajtje sonte',
    };
    for (const [language, text] of Object.entries(texts)) {
      await user.type(within(banner).getByLabelText(`Texte (${language})`), text);
    }
    expect(preview).toHaveTextContent('Maintenance ce soir');
    expect(preview.querySelector('.site-notice--warning')).not.toBeNull();
    await user.selectOptions(within(banner).getByLabelText('Langue de l’aperçu'), 'de');
    expect(preview).toHaveTextContent('Wartung heute Abend');

    const signups = screen.getByRole('switch', { name: 'Les nouvelles inscriptions sont ouvertes' });
    expect(signups).toBeChecked();
    await user.click(signups);
    await user.click(screen.getByRole('button', { name: 'Enregistrer les réglages' }));

    expect(await screen.findByText('Réglages enregistrés.')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        notice: {
          enabled: true,
          level: 'warning',
          text: { en: texts.English, fr: texts.Français, de: texts.Deutsch, it: texts.Italiano, sq: texts.Shqipe },
          endsAt: null,
        },
        signupsOpen: false,
        version: 0,
      },
    ]);
  });

  it('shows the current settings and the server’s field errors under their fields', async () => {
    const current: SiteSettings = {
      notice: {
        enabled: true,
        level: 'info',
        text: { en: 'Hello', fr: 'Bonjour', de: 'Grüezi', it: 'Ciao', sq: 'Përshëndetje' },
        endsAt: '2026-12-24T11:00:00Z',
      },
      signupsOpen: false,
      version: 4,
      updatedAt: '2026-11-20T08:00:00Z',
      updatedBy: 'ada@remat.ch',
    };
    const bodies = settingsApi(current, () =>
      HttpResponse.json(
        {
          error: {
            code: 'validation_failed',
            message: 'validation failed',
            fields: { 'notice.text.it': 'required', 'notice.endsAt': 'out_of_range' },
          },
        },
        { status: 400 },
      ),
    );
    const { user } = await renderApp('/en/admin/site-settings', { preloadedState: adminSession() });
    const banner = await screen.findByRole('region', { name: 'Notice banner' }, FIRST_SCREEN);
    expect(screen.getByText(/Last saved on .* by ada@remat.ch/)).toBeInTheDocument();
    expect(within(banner).getByRole('checkbox', { name: 'Show the banner' })).toBeChecked();
    expect(within(banner).getByLabelText('Text (Deutsch)')).toHaveValue('Grüezi');
    expect(within(banner).getByLabelText('Hide it automatically from (optional)')).toHaveValue(
      toLocalInput('2026-12-24T11:00:00Z'),
    );
    expect(screen.getByRole('switch', { name: 'New sign-ups are open' })).not.toBeChecked();

    await user.clear(within(banner).getByLabelText('Text (Italiano)'));
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some fields are not valid.');
    expect(within(banner).getByLabelText('Text (Italiano)')).toHaveAccessibleDescription('Required field');
    expect(within(banner).getByLabelText('Hide it automatically from (optional)')).toHaveAccessibleDescription(
      /Value out of range/,
    );
    expect(bodies[0]).toMatchObject({ version: 4, signupsOpen: false, notice: { endsAt: '2026-12-24T11:00:00.000Z' } });
  });
});
