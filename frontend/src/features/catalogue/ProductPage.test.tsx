import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueApi } from '@/features/catalogue/api';
import { swipeStep } from '@/features/catalogue/Gallery';
import { distanceKm } from '@/features/catalogue/searchedPlace';
import { readRecentlyViewed } from '@/lib/recentlyViewed';
import { card, productDetail } from '@/testing/catalogue';
import { API } from '@/testing/handlers';
import { sizeMapBoxes } from '@/testing/mapBox';
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

sizeMapBoxes();

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

    const summary = screen.getByRole('region', { name: 'Preis und Ort' });
    expect(plain(within(summary).getByText(/CHF 1’000.00/).textContent)).toBe('Aktueller Preis: CHF 1’000.00');
    expect(plain(summary.querySelector('del')?.textContent)).toBe('Ursprünglicher Preis: CHF 1’250.00');
    expect(within(summary).getByText('20 % Rabatt')).toBeInTheDocument();
    expect(plain(within(summary).getByText(/8001 Zürich/).textContent)).toBe('Ort: 8001 Zürich (ZH)');
    expect(within(summary).getByText(/Ungefährer Standort/)).toBeInTheDocument();
    expect(within(summary).getByText(`Inserat-Nr. ${ID}`)).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Teilen' })).toBeEnabled();
    // Price and place come right after the title, before the photos and the long details.
    const title = screen.getByRole('heading', { level: 1 });
    const gallery = screen.getByRole('region', { name: 'Fotos' });
    expect(title.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(summary.compareDocumentPosition(gallery) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Verkäufer und Kontakt' })).toContainElement(
      screen.getByRole('region', { name: 'Verkäufer' }),
    );

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
    expect(within(seller).getByText('Mitglied seit 03.2025')).toBeInTheDocument();

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
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(large()).toHaveAttribute('src', '/images/3-large.jpg');
    await user.click(within(strip).getByRole('button', { name: 'Photo 2 of 3' }));
    expect(large()).toHaveAttribute('src', '/images/2-large.jpg');
    expect(within(strip).getByRole('button', { name: 'Photo 2 of 3' })).toHaveAttribute('aria-pressed', 'true');

    // With the photo's link focused, the arrow keys turn the page too.
    large().closest('a')?.focus();
    await user.keyboard('{ArrowRight}');
    expect(large()).toHaveAttribute('src', '/images/3-large.jpg');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(large()).toHaveAttribute('src', '/images/1-large.jpg');
  });

  it('shows a "2 / 3" counter and announces the position politely', async () => {
    productHandlers();
    const { user } = await renderApp(`/fr/product/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    const gallery = screen.getByRole('region', { name: "Photos de l'annonce" });
    expect(gallery.querySelector('.gallery__counter')).toHaveTextContent('1 / 3');
    const live = gallery.querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent('Photo 1 sur 3');
    await user.click(within(gallery).getByRole('button', { name: 'Photo suivante' }));
    expect(gallery.querySelector('.gallery__counter')).toHaveTextContent('2 / 3');
    expect(live).toHaveTextContent('Photo 2 sur 3');
  });

  describe('swipe', () => {
    const capture = vi.fn();
    afterEach(() => {
      // @ts-expect-error -- jsdom has no pointer capture; the test adds it and takes it away
      delete Element.prototype.setPointerCapture;
    });

    /** A finger put down on the photo, moved by `dx`/`dy` in steps and lifted. */
    function drag(target: Element, dx: number, dy = 0) {
      const base = { pointerId: 7, pointerType: 'touch', isPrimary: true, button: 0 };
      fireEvent.pointerDown(target, { ...base, clientX: 200, clientY: 100 });
      fireEvent.pointerMove(target, { ...base, clientX: 200 + dx / 2, clientY: 100 + dy / 2 });
      fireEvent.pointerMove(target, { ...base, clientX: 200 + dx, clientY: 100 + dy });
      fireEvent.pointerUp(target, { ...base, clientX: 200 + dx, clientY: 100 + dy });
    }

    it('turns the page on a horizontal swipe, not on a vertical move, and does not open the photo', async () => {
      Element.prototype.setPointerCapture = capture;
      productHandlers();
      await renderApp(`/en/product/${ID}`);
      await screen.findByRole('heading', { level: 1 });
      const large = () => screen.getByRole('img', { name: /^Dachziegel Biberschwanz, Photo/ });
      const link = large().closest('a');
      if (!link) throw new Error('the photo is not linked');

      drag(link, -120);
      expect(large()).toHaveAttribute('src', '/images/2-large.jpg');
      expect(capture).toHaveBeenCalledWith(7);
      // The click that ends the drag does not open the large photo.
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      link.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(true);

      drag(link, 120);
      expect(large()).toHaveAttribute('src', '/images/1-large.jpg');
      drag(link, 120);
      expect(large()).toHaveAttribute('src', '/images/3-large.jpg');
      drag(link, -20, 160); // scrolling the page
      expect(large()).toHaveAttribute('src', '/images/3-large.jpg');
      expect(link).not.toHaveClass('gallery__frame--dragging');
    });

    it.each([
      { deltaX: -200, width: 400, want: 1 },
      { deltaX: 200, width: 400, want: -1 },
      { deltaX: -59, width: 400, want: 0 },
      { deltaX: -60, width: 400, want: 1 },
      { deltaX: 47, width: 200, want: 0 },
      { deltaX: 48, width: 200, want: -1 },
      { deltaX: 0, width: 0, want: 0 },
    ])('a drag of $deltaX px on a $width px photo turns by $want', ({ deltaX, width, want }) => {
      expect(swipeStep(deltaX, width)).toBe(want);
    });
  });

  describe('share', () => {
    afterEach(() => {
      Reflect.deleteProperty(navigator, 'share');
    });

    it('copies the link to the clipboard and confirms it when the browser cannot share', async () => {
      productHandlers();
      const { user } = await renderApp(`/sq/product/${ID}`);
      await screen.findByRole('heading', { level: 1 });
      await user.click(screen.getByRole('button', { name: 'Ndaje' }));
      expect(await screen.findByText('Lidhja u kopjua në kujtesën e fragmenteve.')).toHaveAttribute('role', 'status');
      expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/sq/product/${ID}`);
    });

    it('opens the share sheet where there is one, and stays quiet when it is closed', async () => {
      const share = vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError'));
      Object.defineProperty(navigator, 'share', { value: share, configurable: true });
      productHandlers();
      const { user } = await renderApp(`/de/product/${ID}`);
      await screen.findByRole('heading', { level: 1 });
      await user.click(screen.getByRole('button', { name: 'Teilen' }));
      expect(share).toHaveBeenCalledWith({
        title: 'Dachziegel Biberschwanz',
        url: `${window.location.origin}/de/product/${ID}`,
      });
      expect(screen.queryByText('Link in die Zwischenablage kopiert.')).not.toBeInTheDocument();
    });

    it('shows the link to copy by hand when the clipboard refuses', async () => {
      productHandlers();
      const { user } = await renderApp(`/fr/product/${ID}`);
      await screen.findByRole('heading', { level: 1 });
      vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new Error('denied'));
      await user.click(screen.getByRole('button', { name: 'Partager' }));
      const field = await screen.findByRole('textbox', { name: 'Le lien n’a pas pu être copié. Copiez-le ici :' });
      expect(field).toHaveValue(`${window.location.origin}/fr/product/${ID}`);
      expect(field).toHaveAttribute('readonly');
    });
  });

  it('shows the distance from the place the visitor searched around', async () => {
    productHandlers();
    const { store } = await renderApp(`/de/product/${ID}`);
    const summary = await screen.findByRole('region', { name: 'Preis und Ort' });
    expect(summary.querySelector('.product__distance')).toBeNull();
    const bern = { postalCode: '3011', name: 'Bern', canton: 'BE', lat: 46.948, lon: 7.4474 };
    act(() => {
      void store.dispatch(
        catalogueApi.util.upsertQueryData(
          'searchProducts',
          { criteria: { location: '3011', radiusKm: 100 } },
          { items: [], place: bern, total: { count: 0, exact: true } },
        ),
      );
    });
    await waitFor(() => {
      expect(plain(summary.querySelector('.product__distance')?.textContent)).toBe('95 km entfernt');
    });
  });

  it.each([
    { from: { lat: 47.37, lon: 8.54 }, to: { lat: 47.37, lon: 8.54 }, km: 0 },
    { from: { lat: 46.948, lon: 7.4474 }, to: { lat: 47.37, lon: 8.54 }, km: 95 },
    { from: { lat: 46.2044, lon: 6.1432 }, to: { lat: 47.5596, lon: 7.5886 }, km: 186.5 },
  ])('measures $km km between two places', ({ from, to, km }) => {
    expect(distanceKm(from, to)).toBeCloseTo(km, 0);
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
    expect(await within(similar).findByRole('link', { name: 'Biberschwanzziegel rot' })).toHaveAttribute(
      'href',
      '/en/product/S1',
    );
    expect(within(screen.getByRole('region', { name: 'Price and location' })).getByText('Free')).toBeInTheDocument();
  });

  it('shows four of the similar ads, holding their place while they load', async () => {
    productHandlers();
    let answer: (() => void) | undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const items = Array.from({ length: 8 }, (_, n) => card({ id: `S${String(n)}`, title: `Ziegel ${String(n)}` }));
    server.use(
      http.get(`${API}/products/:id/similar`, async () => {
        await answered;
        return HttpResponse.json({ items });
      }),
    );
    await renderApp(`/en/product/${ID}`);
    const similar = await screen.findByRole('region', { name: 'You might like' });
    expect(similar.querySelectorAll('.skeleton-card')).toHaveLength(4);
    answer?.();
    await waitFor(() => {
      expect(within(similar).getAllByRole('article')).toHaveLength(4);
    });
    expect(
      within(similar)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Ziegel 0', 'Ziegel 1', 'Ziegel 2', 'Ziegel 3']);
  });

  it('leaves "you might like" out when there is nothing similar', async () => {
    productHandlers();
    await renderApp(`/en/product/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    await waitFor(() => {
      expect(screen.queryByRole('region', { name: 'You might like' })).not.toBeInTheDocument();
    });
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

  it.each([
    {
      name: 'a locality',
      location: { kind: 'city', postalCode: '8001', locality: 'Zürich', canton: 'ZH', lat: 47.37, lon: 8.54 },
      place: '8001 Zürich (ZH)',
    },
    { name: 'a canton', location: { kind: 'canton', canton: 'VD', lat: 46.57, lon: 6.65 }, place: 'Vaud' },
  ])('shows where the ad is on a map, as an area around $name and never a pin', async ({ location, place }) => {
    productHandlers(productDetail({ location }));
    const { container } = await renderApp(`/fr/product/${ID}`);
    const section = (await screen.findByRole('heading', { level: 2, name: 'Emplacement' })).closest('section');
    if (!section) throw new Error('the map has no section');
    const map = await within(section).findByRole('region', { name: 'Emplacement approximatif sur une carte' });
    expect(plain(section.textContent)).toContain(
      `Emplacement approximatif : ${place}. Le vendeur communique l’adresse exacte.`,
    );
    await waitFor(() => {
      expect(map.querySelector('path.remat-map__area')).not.toBeNull();
    });
    expect(container.querySelector('.leaflet-marker-icon')).toBeNull();
  });

  it('shows no map for an ad without a position', async () => {
    productHandlers(productDetail({ location: { kind: 'canton', canton: 'ZH', lat: 0, lon: 0 } }));
    await renderApp(`/fr/product/${ID}`);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { level: 2, name: 'Emplacement' })).toBeNull();
  });
});
