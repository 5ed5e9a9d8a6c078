import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminSession } from '@/testing/admin';
import { contactMessage, contactUsInbox, taxonomyApi } from '@/testing/adminTaxonomy';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

/** These journeys click through whole screens: give them room on a busy machine. */
const JOURNEY_MS = 30_000;

// The screens are lazily loaded routes: compile them once up front, not inside the first test.
beforeAll(async () => {
  await Promise.all([
    import('@/features/admin/CategoriesPage'),
    import('@/features/admin/BrandsPage'),
    import('@/features/admin/ContactMessagesPage'),
  ]);
}, JOURNEY_MS);

describe('categories', () => {
  it(
    'shows the tree with its five names, order, ads and visibility; the menu links here',
    async () => {
      const api = taxonomyApi();
      server.use(...api.handlers);
      await renderApp('/fr/admin/categories', { preloadedState: adminSession() });
      const table = await screen.findByRole('table', { name: /Catégories : chaque catégorie principale/ });
      const headers = within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
      expect(headers).toEqual([
        'Identifiant',
        'anglais',
        'français',
        'allemand',
        'italien',
        'albanais',
        'Ordre',
        'Annonces actives',
        'Visibilité',
        'Opérations',
      ]);
      const roofing = within(table).getByRole('row', { name: /roofing/ });
      expect(roofing).toHaveTextContent('Sous-catégorie de Matériaux de construction');
      for (const name of ['Roofing', 'Toiture', 'Bedachung', 'Coperture', 'Mbulesa çatie']) {
        expect(within(roofing).getByText(name)).toBeInTheDocument();
      }
      expect(within(roofing).getByText('Affichée')).toBeInTheDocument();
      expect(within(table).getByRole('row', { name: /tools/ })).toHaveTextContent('Masquée');
      const nav = screen.getByRole('navigation', { name: 'Sections de l’administration' });
      expect(within(nav).getByRole('link', { name: 'Catégories' })).toHaveAttribute('aria-current', 'page');
      expect(within(nav).getByRole('link', { name: 'Marques' })).toHaveAttribute('href', '/fr/admin/brands');
    },
    JOURNEY_MS,
  );

  it(
    'creates a category with its five labelled names, after checking them in the browser',
    async () => {
      const api = taxonomyApi();
      server.use(...api.handlers);
      const { user } = await renderApp('/fr/admin/categories', { preloadedState: adminSession() });
      await user.click(await screen.findByRole('button', { name: 'Nouvelle catégorie' }));
      const form = screen.getByRole('region', { name: 'Nouvelle catégorie' });
      expect(within(form).getByRole('heading', { name: 'Nouvelle catégorie' })).toHaveFocus();

      // Nothing typed: every name is required, focus goes to the first, nothing is sent.
      await user.click(within(form).getByRole('button', { name: 'Créer la catégorie' }));
      const english = within(form).getByRole('textbox', { name: 'Nom en anglais' });
      expect(english).toHaveFocus();
      expect(english).toHaveAccessibleDescription('Champ obligatoire');
      expect(api.calls).toEqual([]);

      const typed = {
        anglais: 'Garden',
        français: 'Jardin',
        allemand: 'Garten',
        italien: 'Giardino',
        albanais: 'Kopsht',
      };
      for (const [language, name] of Object.entries(typed)) {
        await user.type(within(form).getByRole('textbox', { name: `Nom en ${language}` }), name);
      }
      await user.selectOptions(within(form).getByRole('combobox', { name: 'Catégorie parente' }), 'building-materials');
      await user.type(within(form).getByRole('textbox', { name: 'Ordre d’affichage' }), '15');
      await user.click(within(form).getByRole('button', { name: 'Créer la catégorie' }));

      expect(await screen.findByText('Catégorie créée.')).toBeInTheDocument();
      expect(api.calls).toEqual([
        {
          call: 'POST /admin/categories',
          body: {
            names: { en: 'Garden', fr: 'Jardin', de: 'Garten', it: 'Giardino', sq: 'Kopsht' },
            hidden: false,
            parent: 'building-materials',
            sortOrder: 15,
          },
        },
      ]);
      expect(screen.queryByRole('region', { name: 'Nouvelle catégorie' })).not.toBeInTheDocument();
      expect(await screen.findByRole('row', { name: /garden/ })).toHaveTextContent('Jardin');
    },
    JOURNEY_MS,
  );

  it(
    'shows the server’s field errors and codes in the UI language',
    async () => {
      const api = taxonomyApi();
      server.use(...api.handlers);
      api.refuse('POST /admin/categories', 400, 'validation_failed', { 'names.de': 'too_long' });
      const { user } = await renderApp('/de/admin/categories', { preloadedState: adminSession() });
      await user.click(await screen.findByRole('button', { name: 'Neue Kategorie' }));
      const form = screen.getByRole('region', { name: 'Neue Kategorie' });
      for (const language of ['Englisch', 'Französisch', 'Deutsch', 'Italienisch', 'Albanisch']) {
        await user.type(within(form).getByRole('textbox', { name: `Name auf ${language}` }), 'Holzreste');
      }
      await user.type(within(form).getByRole('textbox', { name: 'Kennung (optional)' }), 'timber');
      await user.click(within(form).getByRole('button', { name: 'Kategorie erstellen' }));
      const german = within(form).getByRole('textbox', { name: 'Name auf Deutsch' });
      await waitFor(() => {
        expect(german).toHaveFocus();
      });
      expect(german).toHaveAttribute('aria-invalid', 'true');

      api.refuse('POST /admin/categories', 409, 'category_slug_taken');
      await user.click(within(form).getByRole('button', { name: 'Kategorie erstellen' }));
      expect(await screen.findByText('Eine Kategorie mit dieser Kennung gibt es bereits.')).toBeInTheDocument();
      expect(api.calls.map((c) => (c.body as { slug: string }).slug)).toEqual(['timber', 'timber']);
    },
    JOURNEY_MS,
  );

  it(
    'renames in one language, hides and shows, and deletes after confirmation',
    async () => {
      const api = taxonomyApi();
      server.use(...api.handlers);
      const { user } = await renderApp('/fr/admin/categories', { preloadedState: adminSession() });
      await user.click(await screen.findByRole('button', { name: 'Modifier la catégorie « Toiture »' }));
      const form = screen.getByRole('region', { name: 'Modifier la catégorie « Toiture »' });
      expect(within(form).queryByRole('textbox', { name: 'Identifiant (facultatif)' })).not.toBeInTheDocument();
      const french = within(form).getByRole('textbox', { name: 'Nom en français' });
      await user.clear(french);
      await user.type(french, 'Toitures et couvertures');
      await user.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }));
      expect(await screen.findByText('Catégorie enregistrée.')).toBeInTheDocument();

      await user.click(await screen.findByRole('button', { name: 'Masquer la catégorie « Toitures et couvertures »' }));
      expect(await screen.findByText('Catégorie masquée.')).toBeInTheDocument();
      const row = await screen.findByRole('row', { name: /roofing/ });
      await waitFor(() => {
        expect(row).toHaveTextContent('Masquée');
      });
      await user.click(
        within(row).getByRole('button', { name: 'Afficher de nouveau la catégorie « Toitures et couvertures »' }),
      );
      expect(await screen.findByText('Catégorie de nouveau affichée.')).toBeInTheDocument();

      // Deleting a category with ads is refused with the server's reason; one without goes.
      api.refuse('DELETE /admin/categories/roofing', 409, 'category_in_use');
      await user.click(screen.getByRole('button', { name: 'Supprimer la catégorie « Toitures et couvertures »' }));
      const dialog = screen.getByRole('dialog', { name: 'Supprimer cette catégorie ?' });
      expect(dialog).toHaveAccessibleDescription(/« Toitures et couvertures » sera supprimée définitivement/);
      await user.click(within(dialog).getByRole('button', { name: 'Supprimer la catégorie' }));
      expect(
        await screen.findByText(
          'Cette catégorie contient des annonces : elle ne peut être ni supprimée ni déplacée. Masquez-la plutôt.',
        ),
      ).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Supprimer la catégorie « Outils »' }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Supprimer cette catégorie ?' })).getByRole('button', {
          name: 'Supprimer la catégorie',
        }),
      );
      expect(await screen.findByText('Catégorie supprimée.')).toBeInTheDocument();
      await waitFor(() => {
        expect(screen.queryByRole('row', { name: /^tools/ })).not.toBeInTheDocument();
      });

      expect(api.calls).toEqual([
        { call: 'PATCH /admin/categories/roofing', body: { names: { fr: 'Toitures et couvertures' } } },
        { call: 'PATCH /admin/categories/roofing', body: { hidden: true } },
        { call: 'PATCH /admin/categories/roofing', body: { hidden: false } },
        { call: 'DELETE /admin/categories/roofing' },
        { call: 'DELETE /admin/categories/tools' },
      ]);
    },
    JOURNEY_MS,
  );
});

describe('brands', () => {
  it(
    'filters, adds, renames in place and removes after confirmation',
    async () => {
      const api = taxonomyApi();
      server.use(...api.handlers);
      const { user } = await renderApp('/de/admin/brands', { preloadedState: adminSession() });
      const table = await screen.findByRole('table', { name: 'Marken, nach Name' });
      expect(within(table).getAllByRole('row')).toHaveLength(4);

      await user.type(screen.getByRole('searchbox', { name: 'Marken filtern' }), 'kar');
      expect(screen.getByText('Angezeigte Marken: 1 von 3')).toBeInTheDocument();
      expect(within(table).getByRole('rowheader', { name: 'Kärcher' })).toBeInTheDocument();
      await user.clear(screen.getByRole('searchbox', { name: 'Marken filtern' }));
      await user.type(screen.getByRole('searchbox', { name: 'Marken filtern' }), 'xyz');
      expect(screen.getByText('Keine Marke entspricht «xyz».')).toBeInTheDocument();
      await user.clear(screen.getByRole('searchbox', { name: 'Marken filtern' }));

      await user.type(screen.getByRole('textbox', { name: 'Name der Marke' }), '  Festool ');
      await user.click(screen.getByRole('button', { name: 'Marke hinzufügen' }));
      expect(await screen.findByText('Marke hinzugefügt.')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Name der Marke' })).toHaveValue('');
      expect(await screen.findByRole('rowheader', { name: 'Festool' })).toBeInTheDocument();

      // A spelling another brand has is refused; what was typed stays.
      await user.click(screen.getByRole('button', { name: 'Marke «Makita» umbenennen' }));
      const spelling = screen.getByRole('textbox', { name: 'Neue Schreibweise von «Makita»' });
      expect(spelling).toHaveValue('Makita');
      api.refuse('PATCH /admin/brands/makita', 409, 'brand_exists');
      await user.clear(spelling);
      await user.type(spelling, 'BOSCH');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      expect(await screen.findByText('Eine Marke mit dieser Schreibweise gibt es bereits.')).toBeInTheDocument();
      expect(spelling).toHaveValue('BOSCH');
      await user.clear(spelling);
      await user.type(spelling, 'Makita Schweiz');
      await user.click(screen.getByRole('button', { name: 'Speichern' }));
      expect(await screen.findByText('Marke umbenannt.')).toBeInTheDocument();
      expect(await screen.findByRole('rowheader', { name: 'Makita Schweiz' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Marke «Bosch» entfernen' }));
      const dialog = screen.getByRole('dialog', { name: 'Diese Marke entfernen?' });
      expect(dialog).toHaveAccessibleDescription(
        '«Bosch» wird Verkäufern nicht mehr vorgeschlagen. Inserate, die sie nennen, behalten ihre Marke.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Marke entfernen' }));
      expect(await screen.findByText('Marke entfernt.')).toBeInTheDocument();
      await waitFor(() => {
        expect(screen.queryByRole('rowheader', { name: 'Bosch' })).not.toBeInTheDocument();
      });

      expect(api.calls).toEqual([
        { call: 'POST /admin/brands', body: { name: 'Festool' } },
        { call: 'PATCH /admin/brands/makita', body: { name: 'BOSCH' } },
        { call: 'PATCH /admin/brands/makita', body: { name: 'Makita Schweiz' } },
        { call: 'DELETE /admin/brands/bosch' },
      ]);
    },
    JOURNEY_MS,
  );
});

describe('contact-us inbox', () => {
  it(
    'marks a message handled with who and when, filters by state and reopens it',
    async () => {
      const inbox = contactUsInbox([
        contactMessage(),
        contactMessage({ id: 'm2', subject: 'Livraison à Genève ?', createdAt: '2026-11-19T08:00:00Z' }),
      ]);
      server.use(...inbox.handlers);
      const { user } = await renderApp('/fr/admin/contact-us', { preloadedState: adminSession() });
      const table = await screen.findByRole('table', { name: /Messages du formulaire de contact/ });
      await user.click(
        within(table).getByRole('button', { name: 'Marquer le message « Question sur les tuiles » comme traité' }),
      );
      expect(await screen.findByText('Message marqué comme traité.')).toBeInTheDocument();
      const row = within(table).getByRole('row', { name: /Question sur les tuiles/ });
      expect(await within(row).findByText(/Par Ada Verwalterin, le 22\.11\.2026/)).toBeInTheDocument();
      expect(within(row).getByText('Traité')).toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'Ouverts' }));
      await waitFor(() => {
        expect(screen.queryByRole('row', { name: /Question sur les tuiles/ })).not.toBeInTheDocument();
      });
      expect(screen.getByRole('row', { name: /Livraison à Genève/ })).toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'Traités' }));
      await user.click(await screen.findByRole('button', { name: 'Rouvrir le message « Question sur les tuiles »' }));
      expect(await screen.findByText('Message rouvert.')).toBeInTheDocument();
      expect(await screen.findByText('Aucun message traité pour l’instant.')).toBeInTheDocument();

      expect(inbox.calls.filter((c) => c.call.startsWith('PATCH'))).toEqual([
        { call: 'PATCH /contact-us/m1', body: { handled: true } },
        { call: 'PATCH /contact-us/m1', body: { handled: false } },
      ]);
      expect(inbox.calls.map((c) => c.call)).toContain('GET /contact-us?limit=20&status=new');
      expect(inbox.calls.map((c) => c.call)).toContain('GET /contact-us?limit=20&status=handled');
    },
    JOURNEY_MS,
  );
});
