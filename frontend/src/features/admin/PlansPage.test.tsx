import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminPlan } from '@/contract/schema.gen';
import { formatPriceInput, parsePriceInput } from '@/features/admin/PlansForm';
import { adminSession, FIRST_SCREEN } from '@/testing/admin';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

function texts(prefix: string) {
  return { en: `${prefix} EN`, fr: `${prefix} FR`, de: `${prefix} DE`, it: `${prefix} IT`, sq: `${prefix} SQ` };
}

function plan(overrides: Partial<AdminPlan> = {}): AdminPlan {
  return {
    id: 'pro',
    kind: 'subscription',
    bundle: false,
    name: { en: 'Pro', fr: 'Pro', de: 'Pro', it: 'Pro', sq: 'Pro' },
    description: texts('Thirty ads'),
    priceRp: 129050,
    currency: 'CHF',
    duration: { value: 12, unit: 'months' },
    freeMonths: 3,
    adAllowance: 30,
    imageAllowance: 15,
    adDurationDays: 90,
    popular: true,
    sortOrder: 3,
    retired: false,
    version: 2,
    updatedAt: '2026-11-20T09:00:00Z',
    updatedBy: 'ada@remat.ch',
    ...overrides,
  };
}

const SINGLE = plan({
  id: 'single',
  kind: 'single',
  name: {
    en: 'Single publication',
    fr: 'Publication unique',
    de: 'Einzelinserat',
    it: 'Pubblicazione singola',
    sq: 'Publikim i vetëm',
  },
  priceRp: 1900,
  duration: { value: 60, unit: 'days' },
  freeMonths: 0,
  adAllowance: 1,
  imageAllowance: 8,
  adDurationDays: 60,
  popular: false,
  sortOrder: 1,
  retired: true,
  version: 0,
  updatedAt: null,
  updatedBy: null,
});

/** Serves the plans and records the changes sent. */
function plansApi(items: AdminPlan[]) {
  const calls: { call: string; body?: unknown }[] = [];
  server.use(
    http.get(`${API}/admin/plans`, () => HttpResponse.json({ items })),
    http.put(`${API}/admin/plans/:id`, async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      calls.push({ call: `PUT ${String(params.id)}`, body });
      if (body.priceRp === 0) {
        return HttpResponse.json(
          { error: { code: 'validation_failed', message: 'validation failed', fields: { 'name.de': 'required' } } },
          { status: 400 },
        );
      }
      return HttpResponse.json({ ...plan(), ...body, version: 3 });
    }),
    http.post(`${API}/admin/plans/:id/:action`, ({ params }) => {
      calls.push({ call: `POST ${String(params.id)}/${String(params.action)}` });
      return HttpResponse.json({ ...SINGLE, retired: params.action === 'retire' });
    }),
    http.post(`${API}/admin/plans`, async ({ request }) => {
      calls.push({ call: 'POST new', body: await request.json() });
      return HttpResponse.json(plan({ id: 'eco' }), { status: 201 });
    }),
  );
  return calls;
}

describe('price input', () => {
  it.each([
    ['1’290.50', 129050],
    ["1'290,5", 129050],
    ['39', 3900],
    [' 0.05 ', 5],
    ['1 234.56', 123456],
  ])('reads %s as %i Rappen', (text, rp) => {
    expect(parsePriceInput(text)).toBe(rp);
  });

  it.each(['', '-5', '12.345', 'CHF 10', '1.2.3'])('refuses %j', (text) => {
    expect(parsePriceInput(text)).toBeNull();
  });

  it('writes Rappen the Swiss way', () => {
    expect(formatPriceInput(129050)).toBe('1’290.50');
    expect(formatPriceInput(5)).toBe('0.05');
    expect(formatPriceInput(123456789)).toBe('1’234’567.89');
  });
});

// Whole-app renders that load the back office's chunks and type a lot: slower than the default.
describe('plans page', { timeout: 30_000 }, () => {
  it('lists every plan with its Swiss price, allowances and state; the menu links here', async () => {
    plansApi([SINGLE, plan()]);
    await renderApp('/de/admin/plans', { preloadedState: adminSession() });
    const table = await screen.findByRole(
      'table',
      { name: 'Angebote in der Reihenfolge der Preisseite' },
      FIRST_SCREEN,
    );
    const nav = screen.getByRole('navigation', { name: /Administration|Bereiche/ });
    expect(within(nav).getByRole('link', { name: 'Angebote' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Website-Einstellungen' })).toHaveAttribute(
      'href',
      '/de/admin/site-settings',
    );

    const pro = within(table).getByRole('row', { name: /Pro/ });
    expect(within(pro).getByText('CHF 1’290.50')).toBeInTheDocument();
    expect(within(pro).getByText('12 Monate')).toBeInTheDocument();
    expect(within(pro).getByText('Die ersten 3 Monate gratis')).toBeInTheDocument();
    expect(within(pro).getByText('30 Inserate, 15 Fotos, 90 Tage')).toBeInTheDocument();
    expect(within(pro).getByText('Im Angebot')).toBeInTheDocument();
    expect(within(pro).getByText('Beliebt')).toBeInTheDocument();
    expect(within(pro).getByRole('button', { name: 'Zurückziehen' })).toBeInTheDocument();

    const single = within(table).getByRole('row', { name: /Einzelinserat/ });
    expect(within(single).getByText('CHF 19.00')).toBeInTheDocument();
    expect(within(single).getByText('Zurückgezogen')).toBeInTheDocument();
    expect(within(single).getByRole('button', { name: 'Wieder anbieten' })).toBeInTheDocument();
  });

  it('edits a plan in five labelled languages with a Swiss price, sending its version', async () => {
    const calls = plansApi([plan()]);
    const { user } = await renderApp('/fr/admin/plans', { preloadedState: adminSession() });
    const table = await screen.findByRole('table', {}, FIRST_SCREEN);
    await user.click(within(table).getByRole('button', { name: 'Modifier' }));

    const form = screen.getByRole('region', { name: 'Modifier l’offre « Pro »' });
    for (const language of ['English', 'Français', 'Deutsch', 'Italiano', 'Shqipe']) {
      expect(within(form).getByLabelText(`Nom (${language})`)).toBeInTheDocument();
      expect(within(form).getByLabelText(`Descriptif (${language})`)).toBeInTheDocument();
    }
    const price = within(form).getByLabelText('Prix en CHF, hors TVA');
    expect(price).toHaveValue('1’290.50');
    await user.clear(within(form).getByLabelText('Nom (Français)'));
    await user.type(within(form).getByLabelText('Nom (Français)'), 'Pro Chantier');
    await user.clear(price);
    await user.type(price, '1490,5');
    await user.tab();
    expect(price).toHaveValue('1’490.50');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer l’offre' }));

    expect(await screen.findByText('Offre enregistrée.')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        call: 'PUT pro',
        body: {
          name: { en: 'Pro', fr: 'Pro Chantier', de: 'Pro', it: 'Pro', sq: 'Pro' },
          description: texts('Thirty ads'),
          priceRp: 149050,
          duration: { value: 12, unit: 'months' },
          freeMonths: 3,
          adAllowance: 30,
          imageAllowance: 15,
          adDurationDays: 90,
          popular: true,
          sortOrder: 3,
          version: 2,
        },
      },
    ]);
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'Modifier l’offre « Pro »' })).not.toBeInTheDocument();
    });
  });

  it('shows the form’s and the server’s field errors under their fields', async () => {
    const calls = plansApi([plan()]);
    const { user } = await renderApp('/en/admin/plans', { preloadedState: adminSession() });
    await user.click(await screen.findByRole('button', { name: 'Edit' }, FIRST_SCREEN));
    const form = screen.getByRole('region', { name: 'Edit the plan “Pro”' });
    const price = within(form).getByLabelText('Price in CHF, excl. VAT');
    const ads = within(form).getByLabelText('Ads');
    await user.clear(price);
    await user.type(price, '12.345');
    await user.clear(ads);
    await user.click(within(form).getByRole('button', { name: 'Save the plan' }));
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(/Invalid value/);
    expect(ads).toHaveAccessibleDescription('Required field');
    expect(calls).toEqual([]);

    await user.clear(price);
    await user.type(price, '0');
    await user.type(ads, '30');
    await user.click(within(form).getByRole('button', { name: 'Save the plan' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Some fields are not valid.');
    expect(within(form).getByLabelText('Name (Deutsch)')).toHaveAccessibleDescription('Required field');
  });

  it('retires and offers a plan again after confirmation', async () => {
    const calls = plansApi([plan(), SINGLE]);
    const { user } = await renderApp('/en/admin/plans', { preloadedState: adminSession() });
    const table = await screen.findByRole('table', {}, FIRST_SCREEN);
    await user.click(within(within(table).getByRole('row', { name: /Pro/ })).getByRole('button', { name: 'Retire' }));
    const dialog = screen.getByRole('dialog', { name: 'Retire the plan “Pro”?' });
    expect(dialog).toHaveTextContent('Current subscriptions, orders already placed and invoices are not affected.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual([]);

    await user.click(within(within(table).getByRole('row', { name: /Pro/ })).getByRole('button', { name: 'Retire' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Retire the plan' }));
    expect(await screen.findByText('The plan is retired.')).toBeInTheDocument();

    await user.click(
      within(within(table).getByRole('row', { name: /Single publication/ })).getByRole('button', {
        name: 'Offer again',
      }),
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Offer the plan “Single publication” again?' })).getByRole('button', {
        name: 'Offer it again',
      }),
    );
    expect(await screen.findByText('The plan is offered again.')).toBeInTheDocument();
    expect(calls).toEqual([{ call: 'POST pro/retire' }, { call: 'POST single/reinstate' }]);
  });

  it('creates a plan with its identifier and type', async () => {
    const calls = plansApi([plan()]);
    const { user } = await renderApp('/en/admin/plans', { preloadedState: adminSession() });
    await user.click(await screen.findByRole('button', { name: 'New plan' }, FIRST_SCREEN));
    const form = screen.getByRole('region', { name: 'New plan' });
    await user.type(within(form).getByLabelText('Identifier'), 'eco');
    await user.selectOptions(within(form).getByLabelText('Type'), 'single');
    for (const [language, code] of [
      ['English', 'en'],
      ['Français', 'fr'],
      ['Deutsch', 'de'],
      ['Italiano', 'it'],
      ['Shqipe', 'sq'],
    ] as const) {
      await user.type(within(form).getByLabelText(`Name (${language})`), `Eco ${code}`);
      await user.type(within(form).getByLabelText(`Description (${language})`), `One ad ${code}`);
    }
    await user.type(within(form).getByLabelText('Price in CHF, excl. VAT'), '9.90');
    await user.click(within(form).getByRole('button', { name: 'Create the plan' }));
    expect(await screen.findByText('Plan created.')).toBeInTheDocument();
    expect(calls[0]?.call).toBe('POST new');
    expect(calls[0]?.body).toMatchObject({
      id: 'eco',
      kind: 'single',
      bundle: false,
      priceRp: 990,
      name: { en: 'Eco en', sq: 'Eco sq' },
      duration: { value: 12, unit: 'months' },
    });
  });
});
