import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectProductDraft } from '@/features/myAds/productDraftSlice';
import { apiError } from '@/testing/billing';
import { API, signedInState, signIn } from '@/testing/handlers';
import {
  CATEGORIES,
  installFakeUploads,
  LOCALITIES,
  myAd,
  myAdDetail,
  myAdImage,
  sellerSubscription,
} from '@/testing/myAds';
import { BRANDS } from '@/testing/reference';
import { renderApp } from '@/testing/render';
import { server } from '@/testing/server';

afterEach(() => {
  vi.unstubAllGlobals();
});

function referenceHandlers(
  subscriptions: Record<string, unknown> = { current: sellerSubscription(), history: [sellerSubscription()] },
) {
  return [
    http.get(`${API}/categories`, () => HttpResponse.json({ items: CATEGORIES })),
    http.get(`${API}/brands`, () => HttpResponse.json({ items: BRANDS })),
    http.get(`${API}/localities`, () => HttpResponse.json({ items: LOCALITIES })),
    http.get(`${API}/subscriptions/me`, () => HttpResponse.json(subscriptions)),
    http.get(`${API}/products/mine`, () => HttpResponse.json({ items: [myAd()] })),
  ];
}

/** Opens a seller page signed in, once its lazily loaded code has rendered the page heading. */
async function openAt(route: string) {
  signIn();
  const result = await renderApp(route, { preloadedState: signedInState() });
  await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
  return result;
}

/** Types `text` into `field` in one go (a paste), as fast tests need. */
async function enter(user: UserEvent, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

/** Fills the French form with a valid ad. */
async function fillFrench(user: UserEvent) {
  await enter(user, screen.getByLabelText('Nom'), 'Parquet chêne 40 m²');
  await user.selectOptions(screen.getByLabelText('Catégorie'), 'Carrelage et revêtements de sol');
  await enter(user, screen.getByLabelText('Marque (facultatif)'), 'Bauwerk');
  await enter(user, screen.getByLabelText('Descriptif'), 'Parquet en chêne massif, jamais posé.');
  await user.click(screen.getByRole('radio', { name: 'Neuf' }));
  await enter(user, screen.getByLabelText('Prix en CHF'), "1'250.50");
  await user.clear(screen.getByLabelText('Remise en %'));
  await user.type(screen.getByLabelText('Remise en %'), '10');
  await user.clear(screen.getByLabelText('Nombre'));
  await user.type(screen.getByLabelText('Nombre'), '40');
  await user.selectOptions(screen.getByLabelText('Unité'), 'mètres carrés (m²)');
  await user.click(screen.getByRole('checkbox', { name: 'Livraison par mes soins' }));
  await enter(user, screen.getByLabelText('Code postal et localité'), '1201 Genève');
}

describe('user/products/add-product: step 1, the details', { timeout: 15_000 }, () => {
  it('shows the client checks on the fields and sends nothing', async () => {
    let posted = 0;
    server.use(
      ...referenceHandlers(),
      http.post(`${API}/products`, () => {
        posted += 1;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const { user } = await openAt('/fr/user/products/add-product');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajouter une annonce' })).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toBe('Ajouter une annonce – Remat');
    });
    await user.click(screen.getByRole('checkbox', { name: 'Retrait par l’acheteur' }));
    await user.click(screen.getByRole('button', { name: 'Continuer' }));

    const name = screen.getByLabelText('Nom');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(/Champ obligatoire/);
    expect(name).toHaveFocus();
    expect(screen.getByLabelText('Catégorie')).toHaveAccessibleDescription('Champ obligatoire');
    expect(screen.getByLabelText('Prix en CHF')).toHaveAccessibleDescription(/Champ obligatoire/);
    expect(screen.getByRole('group', { name: 'Retrait ou livraison' })).toHaveAccessibleDescription(
      'Choisissez le retrait, la livraison ou les deux.',
    );
    expect(screen.getByLabelText('Code postal et localité')).toHaveAccessibleDescription(/Champ obligatoire/);

    // Typing clears a field's error; a bad value gets its own message.
    await user.type(name, 'Ab');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.clear(screen.getByLabelText('Remise en %'));
    await user.type(screen.getByLabelText('Remise en %'), '150');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(name).toHaveAccessibleDescription(/Ce texte est trop court/);
    expect(screen.getByLabelText('Remise en %')).toHaveAccessibleDescription(/Indiquez un nombre entier de 0 à 99\./);
    expect(posted).toBe(0);
  });

  it('suggests localities and brands', async () => {
    const queries: (string | null)[] = [];
    server.use(
      http.get(`${API}/localities`, ({ request }) => {
        queries.push(new URL(request.url).searchParams.get('q'));
        return HttpResponse.json({ items: LOCALITIES });
      }),
      ...referenceHandlers(),
    );
    const { user } = await openAt('/fr/user/products/add-product');
    await user.type(await screen.findByLabelText('Code postal et localité'), '1201');
    await waitFor(() => {
      expect(document.querySelector('datalist option[value="1201 Genève"]')).not.toBeNull();
    });
    expect(queries).toEqual(['1201']);
    expect(document.querySelector('datalist option[value="Hilti"]')).not.toBeNull();
  });

  it('saves a draft (POST) and continues to the photos', async () => {
    let body: unknown = null;
    server.use(
      ...referenceHandlers(),
      http.post(`${API}/products`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(myAdDetail(), { status: 201 });
      }),
      http.get(`${API}/products/ad1`, () => HttpResponse.json(myAdDetail())),
    );
    const { user, probe, store } = await openAt('/fr/user/products/add-product');
    await screen.findByRole('option', { name: 'Carrelage et revêtements de sol' });
    await fillFrench(user);
    await user.click(screen.getByRole('button', { name: 'Continuer' }));

    await waitFor(() => {
      expect(probe.location.pathname).toBe('/fr/user/products/edit-product/ad1');
    });
    expect(probe.location.search).toBe('?step=photos');
    expect(body).toEqual({
      title: 'Parquet chêne 40 m²',
      categorySlug: 'tiles-flooring',
      brand: 'Bauwerk',
      description: 'Parquet en chêne massif, jamais posé.',
      priceRp: 125050,
      discountPct: 10,
      condition: 'new',
      quantity: { amount: 40, unit: 'm2' },
      pickup: true,
      delivery: true,
      location: { kind: 'city', postalCode: '1201', locality: 'Genève' },
    });
    expect(selectProductDraft(store.getState()).productId).toBe('ad1');
    expect(await screen.findByText('Brouillon enregistré.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Photos de l’annonce' })).toBeInTheDocument();
  });

  it('sends a give-away located by canton', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      ...referenceHandlers(),
      http.post(`${API}/products`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(myAdDetail(), { status: 201 });
      }),
      http.get(`${API}/products/ad1`, () => HttpResponse.json(myAdDetail())),
    );
    const { user, probe } = await openAt('/en/user/products/add-product');
    await screen.findByRole('option', { name: 'Machines and equipment' });
    await enter(user, screen.getByLabelText('Name'), 'Old scaffolding');
    await user.selectOptions(screen.getByLabelText('Category'), 'Machines and equipment');
    await enter(user, screen.getByLabelText('Description'), 'Twenty frames, some rust, free to collect.');
    await user.click(screen.getByRole('radio', { name: 'Used' }));
    await user.click(screen.getByRole('checkbox', { name: 'Free / give-away' }));
    expect(screen.getByLabelText('Price in CHF')).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Whole canton' }));
    await user.selectOptions(screen.getByLabelText('Swiss canton'), 'VS – Valais / Wallis');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => {
      expect(probe.location.search).toBe('?step=photos');
    });
    expect(body).toMatchObject({
      priceRp: 0,
      discountPct: 0,
      condition: 'used',
      categorySlug: 'machines',
      location: { kind: 'canton', canton: 'VS' },
    });
  });

  it('puts the server’s field errors on the fields', async () => {
    server.use(
      ...referenceHandlers(),
      http.post(`${API}/products`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'validation failed',
              fields: { priceRp: 'out_of_range', 'location.postalCode': 'unknown_locality' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user, probe } = await openAt('/fr/user/products/add-product');
    await screen.findByRole('option', { name: 'Carrelage et revêtements de sol' });
    await fillFrench(user);
    await user.click(screen.getByRole('button', { name: 'Continuer' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Certains champs ne sont pas valides. Veuillez vérifier le formulaire.',
    );
    const price = screen.getByLabelText('Prix en CHF');
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(price).toHaveAccessibleDescription(/Indiquez un prix supérieur à 0 et jusqu’à 1 000 000 CHF/);
    expect(price).toHaveFocus();
    expect(screen.getByLabelText('Code postal et localité')).toHaveAccessibleDescription(
      /Code postal ou localité inconnus/,
    );
    expect(probe.location.pathname).toBe('/fr/user/products/add-product');
  });

  it('says why the server refused the title’s characters', async () => {
    server.use(
      ...referenceHandlers(),
      http.post(`${API}/products`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'validation_failed',
              message: 'validation failed',
              fields: { title: 'invalid_characters', description: 'required' },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openAt('/fr/user/products/add-product');
    await screen.findByRole('option', { name: 'Carrelage et revêtements de sol' });
    await fillFrench(user);
    await user.click(screen.getByRole('button', { name: 'Continuer' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Certains champs ne sont pas valides. Veuillez vérifier le formulaire.',
    );
    const title = screen.getByLabelText('Nom');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(
      /Ce texte contient des caractères non autorisés ici \(caractères de contrôle, invisibles ou de direction du texte, ou un saut de ligne\)/,
    );
    expect(title).toHaveFocus();
    expect(screen.getByLabelText('Descriptif')).toHaveAccessibleDescription(/Champ obligatoire/);
  });

  it('explains a subscription refusal with a way to a plan', async () => {
    server.use(
      ...referenceHandlers(),
      http.post(`${API}/products`, () => apiError(403, 'subscription_invalid')),
    );
    const { user } = await openAt('/fr/user/products/add-product');
    await screen.findByRole('option', { name: 'Carrelage et revêtements de sol' });
    await fillFrench(user);
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Abonnement invalide ou expiré.');
    expect(within(alert).getByRole('link', { name: 'Choisir une offre' })).toHaveAttribute(
      'href',
      '/fr/vendre?choosePlan=true',
    );
  });

  it('asks for a plan first when the seller cannot publish', async () => {
    server.use(...referenceHandlers({ current: null, history: [] }));
    await openAt('/de/user/products/add-product');
    expect(
      await screen.findByRole('heading', {
        name: 'Zum Veröffentlichen von Inseraten brauchen Sie ein gültiges Abonnement.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Angebot wählen' })).toHaveAttribute('href', '/de/vendre?choosePlan=true');
    expect(screen.queryByRole('button', { name: 'Weiter' })).not.toBeInTheDocument();
  });
});

describe('user/products/edit-product/{id}', () => {
  it('saves the changes of an active ad directly (PATCH) and stays', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/ad1`, () =>
        HttpResponse.json(myAdDetail({ status: 'active', images: [myAdImage('a', { main: true })], mainImageId: 'a' })),
      ),
      http.patch(`${API}/products/ad1`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(myAdDetail({ status: 'active', priceRp: 110000 }));
      }),
    );
    const { user, probe } = await openAt('/de/user/products/edit-product/ad1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ihr Inserat bearbeiten' })).toBeInTheDocument();
    expect(screen.getByText('Aktiv')).toBeInTheDocument();
    expect(screen.getByLabelText('Bezeichnung')).toHaveValue('Parquet chêne 40 m²');
    expect(screen.getByLabelText('Postleitzahl und Ort')).toHaveValue('1201 Genève');
    const price = screen.getByLabelText('Preis in CHF');
    expect(price).toHaveValue('1250');
    await user.clear(price);
    await user.type(price, '1100');
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));

    expect(await screen.findByText('Änderungen gespeichert.')).toBeInTheDocument();
    expect(body).toMatchObject({ priceRp: 110000, discountPct: 10, title: 'Parquet chêne 40 m²' });
    expect(probe.location.search).toBe('');

    // The photos of an active ad change in place: no publish button, a way back instead.
    await user.click(screen.getByRole('link', { name: '2. Fotos und Veröffentlichung' }));
    expect(await screen.findByRole('link', { name: 'Fertig' })).toHaveAttribute('href', '/de/user/products');
    expect(screen.queryByRole('button', { name: 'Veröffentlichen' })).not.toBeInTheDocument();
  });

  it('says when the ad does not exist or is not the seller’s', async () => {
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/zzz`, () => apiError(404, 'product_not_found')),
    );
    await openAt('/fr/user/products/edit-product/zzz');
    expect(await screen.findByRole('alert')).toHaveTextContent('Produit introuvable.');
    expect(screen.getByRole('link', { name: 'Retour à mes annonces' })).toHaveAttribute('href', '/fr/user/products');
  });
});

describe('step 2, the photos', { timeout: 15_000 }, () => {
  it('uploads straight to storage with a progress bar, waits for processing, then publishes', async () => {
    const requests = installFakeUploads();
    let phase: 'none' | 'pending' | 'uploaded' | 'ready' = 'none';
    let gets = 0;
    let uploadBody: unknown = null;
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/ad1`, () => {
        if (phase === 'uploaded') {
          // The first read after the upload still sees it pending; the next one (a poll) sees it ready.
          gets += 1;
          if (gets > 1) phase = 'ready';
          return HttpResponse.json(
            myAdDetail({ images: [myAdImage('img1', { state: 'pending', thumbUrl: undefined })] }),
          );
        }
        if (phase === 'ready')
          return HttpResponse.json(myAdDetail({ images: [myAdImage('img1', { main: true })], mainImageId: 'img1' }));
        if (phase === 'pending')
          return HttpResponse.json(
            myAdDetail({ images: [myAdImage('img1', { state: 'pending', thumbUrl: undefined })] }),
          );
        return HttpResponse.json(myAdDetail());
      }),
      http.post(`${API}/products/ad1/images`, async ({ request }) => {
        uploadBody = await request.json();
        phase = 'pending';
        return HttpResponse.json(
          {
            image: { id: 'img1', state: 'pending' },
            upload: {
              url: 'http://localhost:3000/_s3/remat-images/uploads/ad1/img1?X-Amz-Signature=sig',
              method: 'PUT',
              headers: { 'Content-Type': 'image/png' },
            },
            expiresAt: '2026-11-01T10:10:00Z',
          },
          { status: 201 },
        );
      }),
      http.post(`${API}/products/ad1/publish`, () => HttpResponse.json(myAdDetail({ status: 'active' }))),
    );
    const { user, probe, store } = await openAt('/fr/user/products/edit-product/ad1?step=photos');
    expect(await screen.findByText('Aucune photo pour l’instant.')).toBeInTheDocument();
    expect(screen.getByText(/Votre offre permet jusqu’à 8 photos par annonce\./)).toBeInTheDocument();

    // The file is previewed from an object URL while it travels, released once the server's thumbnail is there.
    const created: string[] = [];
    const revoked: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      created.push(`blob:preview-${String(created.length)}`);
      return created[created.length - 1] ?? '';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
      revoked.push(url);
    });
    const file = new File([new Uint8Array(2048)], 'parquet.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choisir des photos'), file);
    await waitFor(() => {
      expect(requests).toHaveLength(1);
    });
    expect(created).toEqual(['blob:preview-0']);
    expect(uploadBody).toEqual({ contentType: 'image/png', size: 2048 });
    const [put] = requests;
    expect(put).toMatchObject({
      method: 'PUT',
      url: 'http://localhost:3000/_s3/remat-images/uploads/ad1/img1?X-Amz-Signature=sig',
      headers: { 'Content-Type': 'image/png' },
    });
    expect(put?.body).toBe(file);

    const uploads = screen.getByRole('list', { name: 'Envois en cours' });
    const bar = within(uploads).getByRole('progressbar', { name: 'parquet.png' });
    expect(bar).toHaveAttribute('value', '0');
    expect(bar.closest('li')?.querySelector('img')).toHaveAttribute('src', 'blob:preview-0');
    expect(revoked).toEqual([]);
    act(() => {
      put?.progress(1024, 2048);
    });
    expect(bar).toHaveAttribute('value', '50');
    expect(bar).toHaveAttribute('aria-valuetext', '50 % envoyés');

    phase = 'uploaded';
    act(() => {
      put?.respond(200);
    });
    expect(await within(uploads).findByText('Traitement en cours...')).toBeInTheDocument();

    // Polled until the pipeline has made the photo ready; the server chose it as the main image.
    const radio = await screen.findByRole('radio', { name: 'Photo 1 comme image principale' }, { timeout: 5000 });
    expect(radio).toBeChecked();
    expect(screen.getByRole('img', { name: 'Photo 1 de l’annonce' })).toHaveAttribute(
      'src',
      '/images/products/ad1/img1-thumb.jpg',
    );
    expect(screen.queryByRole('list', { name: 'Envois en cours' })).not.toBeInTheDocument();
    expect(revoked).toEqual(['blob:preview-0']);
    expect(selectProductDraft(store.getState())).toEqual({ productId: 'ad1', featureImage: 'img1', gallery: [] });

    await user.click(screen.getByRole('button', { name: 'Publier' }));
    expect(await screen.findByText('Votre annonce est publiée.')).toBeInTheDocument();
    await waitFor(() => {
      expect(probe.location.pathname).toBe('/fr/user/products');
    });
  });

  it('shows a failed upload and a photo the pipeline refused, with the reason', async () => {
    const requests = installFakeUploads();
    let deleted: string | null = null;
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/ad1`, () =>
        HttpResponse.json(
          myAdDetail({
            images: [myAdImage('bad', { state: 'failed', reason: 'type_mismatch', thumbUrl: undefined })],
          }),
        ),
      ),
      http.post(`${API}/products/ad1/images`, () =>
        HttpResponse.json(
          {
            image: { id: 'img2', state: 'pending' },
            upload: { url: 'http://localhost:3000/_s3/x', method: 'PUT', headers: { 'Content-Type': 'image/jpeg' } },
            expiresAt: '2026-11-01T10:10:00Z',
          },
          { status: 201 },
        ),
      ),
      http.delete(`${API}/products/ad1/images/:imageId`, ({ params }) => {
        deleted = String(params.imageId);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openAt('/fr/user/products/edit-product/ad1?step=photos');
    expect(
      await screen.findByText('Impossible de traiter l’image : le contenu du fichier ne correspond pas à son type.'),
    ).toBeInTheDocument();
    // A refused photo cannot be the main image, only deleted.
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await user.upload(
      screen.getByLabelText('Choisir des photos'),
      new File([new Uint8Array(10)], 'tuile.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() => {
      expect(requests).toHaveLength(1);
    });
    act(() => {
      requests[0]?.respond(403);
    });
    expect(await screen.findByText('L’envoi a échoué. Veuillez réessayer.')).toBeInTheDocument();
    // The pending image whose bytes never arrived is removed from the ad.
    await waitFor(() => {
      expect(deleted).toBe('img2');
    });
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByText('L’envoi a échoué. Veuillez réessayer.')).not.toBeInTheDocument();
  });

  it('refuses unsupported files dropped on the zone without asking the server', async () => {
    let asked = 0;
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/ad1`, () => HttpResponse.json(myAdDetail())),
      http.post(`${API}/products/ad1/images`, () => {
        asked += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    await openAt('/fr/user/products/edit-product/ad1?step=photos');
    const zone = await screen.findByRole('group', { name: 'Glissez-déposez vos photos ici, ou' });
    fireEvent.drop(zone, {
      dataTransfer: { files: [new File(['GIF89a'], 'anim.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Impossible de traiter l’image : seules les images JPEG, PNG et WebP sont acceptées.',
    );
    expect(asked).toBe(0);
  });

  it('translates the plan’s photo limit', async () => {
    installFakeUploads();
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/ad1`, () => HttpResponse.json(myAdDetail())),
      http.post(`${API}/products/ad1/images`, () => apiError(403, 'image_count_exceeded')),
    );
    const { user } = await openAt('/en/user/products/edit-product/ad1?step=photos');
    await user.upload(
      await screen.findByLabelText('Choose photos'),
      new File([new Uint8Array(10)], 'ninth.webp', { type: 'image/webp' }),
    );
    expect(await screen.findByText('Image count exceeded for your plan.')).toBeInTheDocument();
  });

  it('changes the main image with the keyboard and deletes a photo', async () => {
    let main = 'a';
    let images = ['a', 'b'];
    const patched: string[] = [];
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/ad1`, () =>
        HttpResponse.json(
          myAdDetail({ images: images.map((id) => myAdImage(id, { main: id === main })), mainImageId: main }),
        ),
      ),
      http.patch(`${API}/products/ad1/images/:imageId`, async ({ params, request }) => {
        expect(await request.json()).toEqual({ main: true });
        main = String(params.imageId);
        patched.push(main);
        return HttpResponse.json(myAdDetail());
      }),
      http.delete(`${API}/products/ad1/images/:imageId`, ({ params }) => {
        images = images.filter((id) => id !== params.imageId);
        if (main === params.imageId) main = images[0] ?? '';
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, store } = await openAt('/en/user/products/edit-product/ad1?step=photos');
    const group = await screen.findByRole('group', { name: 'Main (presentation) image' });
    const first = within(group).getByRole('radio', { name: 'Photo 1 as the main image' });
    expect(first).toBeChecked();
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: 'Photo 2 as the main image' })).toBeChecked();
    expect(selectProductDraft(store.getState())).toMatchObject({ featureImage: 'b', gallery: ['a'] });
    await waitFor(() => {
      expect(patched).toEqual(['b']);
    });

    await user.click(within(group).getByRole('button', { name: 'Delete photo 2' }));
    expect(await screen.findByText('Photo deleted.')).toBeInTheDocument();
    await waitFor(() => {
      expect(within(group).getAllByRole('radio')).toHaveLength(1);
    });
    expect(within(group).getByRole('radio', { name: 'Photo 1 as the main image' })).toBeChecked();
    expect(selectProductDraft(store.getState())).toMatchObject({ featureImage: 'a', gallery: [] });
  });

  it('needs a main image to publish, and translates the refusals', async () => {
    let withImage = false;
    let publishCalls = 0;
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/ad1`, () =>
        HttpResponse.json(
          withImage ? myAdDetail({ images: [myAdImage('a', { main: true })], mainImageId: 'a' }) : myAdDetail(),
        ),
      ),
      http.post(`${API}/products/ad1/publish`, () => {
        publishCalls += 1;
        return apiError(403, 'ad_count_exceeded');
      }),
    );
    const { user, unmount } = await openAt('/fr/user/products/edit-product/ad1?step=photos');
    await user.click(await screen.findByRole('button', { name: 'Publier' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choisissez une image principale (de présentation) avant de publier.',
    );
    expect(publishCalls).toBe(0);
    unmount();

    withImage = true;
    const second = await openAt('/fr/user/products/edit-product/ad1?step=photos');
    await screen.findByRole('radio', { name: 'Photo 1 comme image principale' });
    await second.user.click(screen.getByRole('button', { name: 'Publier' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nombre d’annonces dépassé pour votre abonnement.');
    expect(within(alert).getByRole('link', { name: 'Choisir une offre' })).toHaveAttribute(
      'href',
      '/fr/vendre?choosePlan=true',
    );
    expect(publishCalls).toBe(1);
  });

  it('goes back to the details', async () => {
    server.use(
      ...referenceHandlers(),
      http.get(`${API}/products/ad1`, () => HttpResponse.json(myAdDetail())),
    );
    const { user, probe } = await openAt('/it/user/products/edit-product/ad1?step=photos');
    await user.click(await screen.findByRole('button', { name: 'Indietro' }));
    await waitFor(() => {
      expect(probe.location.search).toBe('');
    });
    expect(await screen.findByRole('button', { name: 'Continua' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('Parquet chêne 40 m²');
    // Another step of the same page: the focus goes to the page heading so the change is announced.
    expect(screen.getByRole('heading', { level: 1, name: 'Modifica il tuo annuncio' })).toHaveFocus();
  });
});
