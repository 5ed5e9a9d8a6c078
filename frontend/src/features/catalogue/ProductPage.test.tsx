import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { readRecentlyViewed } from '@/lib/recentlyViewed';
import { card, productDetail } from '@/testing/catalogue';
import { API } from '@/testing/handlers';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
const ID = '01JCARD0000000000000000001';

/** Serves the ad and its similar ads; records the view requests. */
function productHandlers(detail = productDetail(), similar: unknown[] = []) {
  const views: { id: string; body: unknown }[] = [];
  server.use(
    http.get(`${API}/products/:id/similar`, () => HttpResponse.json({ items: similar })),
    http.post(`${API}/products/:id/view`, async ({ params, request }) => {
      views.push({ id: String(params.id), body: await request.json() });
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${API}/products/:id`, ({ params }) =>
      params.id === detail.id
        ? HttpResponse.json(detail)
        : HttpResponse.json({ error: { code: 'product_not_found', message: 'product not found' } }, { status: 404 }),
    ),
  );
  return views;
}

/** The value beside a term of the details list. */
function fact(term: string): string {
  const dt = screen.getByText(term, { selector: 'dt' });
  return plain(dt.nextElementSibling?.textContent);
}

describe('product/{id}', () => {
  it('shows the ad: title, price with discount, details, approximate place, seller, document title', async () => {
    productHandlers();
    await renderApp(`/de/product/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Dachziegel Biberschwanz' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Dachziegel Biberschwanz – Remat');
    });

    const summary = screen.getByRole('complementary', { name: 'Preis, Verkäufer und Kontakt' });
    expect(plain(within(summary).getByText(/CHF 1’000.00/).textContent)).toBe('Aktueller Preis: CHF 1’000.00');
    expect(plain(summary.querySelector('del')?.textContent)).toBe('Ursprünglicher Preis: CHF 1’250.00');
    expect(within(summary).getByText('20% Rabatt')).toBeInTheDocument();
    expect(plain(within(summary).getByText(/8001 Zürich/).textContent)).toBe('Ort: 8001 Zürich (ZH)');
    expect(within(summary).getByText(/Ungefährer Standort/)).toBeInTheDocument();

    await waitFor(() => {
      expect(fact('Kategorie')).toBe('Bedachung');
    });
    expect(fact('Marke')).toBe('Hilti');
    expect(fact('Zustand')).toBe('Gebraucht');
    expect(fact('Menge')).toBe('12.5 m²');
    expect(fact('Abholung oder Lieferung')).toBe('Abholung und Lieferung');
    expect(fact('Veröffentlicht am')).toBe('20.11.2026');
    expect(screen.getByText('Abholung ab Montag.')).toBeInTheDocument();

    const seller = screen.getByRole('region', { name: 'Verkäufer' });
    expect(within(seller).getByText('Muster Bau AG')).toBeInTheDocument();
    expect(within(seller).getByText('Gewerblich')).toBeInTheDocument();
    expect(within(seller).getByText('Mitglied seit März 2025')).toBeInTheDocument();

    const crumbs = screen.getByRole('navigation', { name: 'Sie sind hier' });
    expect(
      within(crumbs)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/de/products', '/de/products?category=building-materials', '/de/products?category=roofing']);
  });

  it('renders the contact form and the "report this ad" button', async () => {
    productHandlers();
    await renderApp(`/fr/product/${ID}`);
    const contact = await screen.findByRole('form', { name: 'Contacter le vendeur' });
    expect(within(contact).getByRole('textbox', { name: 'Votre message' })).toBeEnabled();
    expect(within(contact).getByRole('button', { name: 'Envoyer' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Signaler cette annonce' })).toBeEnabled();
  });

  it('shows the main photo first and moves through the photos with the keyboard', async () => {
    productHandlers();
    const { user } = await renderApp(`/en/product/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    const large = () => screen.getByRole('img', { name: /^Dachziegel Biberschwanz, Photo/ });
    expect(large()).toHaveAccessibleName('Dachziegel Biberschwanz, Photo 1 of 3');
    expect(large()).toHaveAttribute('src', '/images/1-large.jpg');
    expect(large().closest('a')).toHaveAttribute('href', '/images/1-large.jpg');

    const strip = screen.getByRole('toolbar', { name: 'Choose a photo' });
    const thumbs = within(strip).getAllByRole('button');
    expect(thumbs.map((b) => b.getAttribute('tabindex'))).toEqual(['0', '-1', '-1']);
    expect(thumbs[0]).toHaveAttribute('aria-pressed', 'true');

    thumbs[0]?.focus();
    await user.keyboard('{ArrowRight}');
    expect(large()).toHaveAttribute('src', '/images/2-large.jpg');
    expect(within(strip).getByRole('button', { name: 'Photo 2 of 3' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(large()).toHaveAttribute('src', '/images/3-large.jpg');
    await user.keyboard('{ArrowRight}');
    expect(large()).toHaveAttribute('src', '/images/1-large.jpg');
    await user.keyboard('{ArrowLeft}');
    expect(large()).toHaveAccessibleName('Dachziegel Biberschwanz, Photo 3 of 3');

    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(large()).toHaveAttribute('src', '/images/1-large.jpg');
    await user.click(within(strip).getByRole('button', { name: 'Photo 2 of 3' }));
    expect(large()).toHaveAttribute('src', '/images/2-large.jpg');
  });

  it('counts one view per load with a stored visitor id and remembers the ad as recently viewed', async () => {
    const views = productHandlers();
    await renderApp(`/en/product/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => {
      expect(views).toHaveLength(1);
    });
    const visitorId = window.localStorage.getItem('remat.visitorId');
    expect(visitorId).toMatch(/^[0-9a-f-]{16,64}$/i);
    expect(views[0]).toEqual({ id: ID, body: { visitorId } });
    expect(readRecentlyViewed()).toEqual([ID]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(views).toHaveLength(1);
  });

  it('does not count views of an ad that is not public (the owner looking at a draft)', async () => {
    const views = productHandlers(productDetail({ status: 'draft', canEdit: true }));
    await renderApp(`/en/product/${ID}`);
    expect(await screen.findByText('Only you can see this ad: it is a draft.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(views).toEqual([]);
    expect(readRecentlyViewed()).toEqual([]);
  });

  it('shows "you might like" with similar ads, and free ads as free', async () => {
    productHandlers(productDetail({ priceRp: 0, discountPct: 0, effectivePriceRp: 0 }), [
      card({ id: 'S1', title: 'Biberschwanzziegel rot' }),
    ]);
    await renderApp(`/en/product/${ID}`);
    const similar = await screen.findByRole('region', { name: 'You might like' });
    expect(within(similar).getByRole('link', { name: 'Biberschwanzziegel rot' })).toHaveAttribute(
      'href',
      '/en/product/S1',
    );
    expect(within(screen.getByRole('complementary')).getByText('Free')).toBeInTheDocument();
  });

  it('says "product not found" for an unknown ad', async () => {
    productHandlers();
    await renderApp('/fr/product/01JNOPE');
    expect(await screen.findByRole('heading', { level: 1, name: 'Produit introuvable' })).toBeInTheDocument();
    expect(screen.getByText("Cette annonce n'existe pas ou n'est plus en ligne.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Parcourir les annonces' })).toHaveAttribute('href', '/fr/products');
    await waitFor(() => {
      expect(document.title).toBe('Produit introuvable – Remat');
    });
  });

  it('shows an ad without photos and a quantity in pieces', async () => {
    productHandlers(productDetail({ images: [], quantity: { amount: 1, unit: 'pieces' } }));
    await renderApp(`/it/product/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByText('Nessuna foto').length).toBeGreaterThan(0);
    expect(fact('Quantità')).toBe('1 pezzo');
  });
});
