import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import type { ProductImage } from '@/contract/schema.gen';
import {
  draftCleared,
  draftImageRemoved,
  draftStarted,
  draftSynced,
  featureImageChosen,
  selectFeatureImage,
  selectProductDraft,
} from '@/features/myAds/productDraftSlice';

const image = (id: string, state: ProductImage['state'] = 'ready'): ProductImage => ({ id, state, main: false });

describe('productDraft (spec §3: featureImage, gallery, productId)', () => {
  it('starts empty in the real store', () => {
    const store = makeStore();
    expect(selectProductDraft(store.getState())).toEqual({ productId: null, featureImage: null, gallery: [] });
  });

  it('takes the id of the first save, then follows the server: main image first, other ready photos in order', () => {
    const store = makeStore();
    store.dispatch(draftStarted('ad1'));
    expect(selectProductDraft(store.getState())).toEqual({ productId: 'ad1', featureImage: null, gallery: [] });

    store.dispatch(
      draftSynced({
        id: 'ad1',
        mainImageId: 'b',
        images: [image('a'), image('b'), image('p', 'pending'), image('f', 'failed'), image('c')],
      }),
    );
    expect(selectProductDraft(store.getState())).toEqual({ productId: 'ad1', featureImage: 'b', gallery: ['a', 'c'] });
  });

  it('ignores a main image that is not ready', () => {
    const store = makeStore();
    store.dispatch(draftSynced({ id: 'ad1', mainImageId: 'p', images: [image('p', 'pending'), image('a')] }));
    expect(selectProductDraft(store.getState())).toMatchObject({ featureImage: null, gallery: ['a'] });
  });

  it('switches the main image at once, keeping the others in the gallery', () => {
    const store = makeStore();
    store.dispatch(draftSynced({ id: 'ad1', mainImageId: 'a', images: [image('a'), image('b'), image('c')] }));
    store.dispatch(featureImageChosen('c'));
    expect(selectFeatureImage(store.getState())).toBe('c');
    expect(selectProductDraft(store.getState()).gallery).toEqual(['a', 'b']);
    store.dispatch(featureImageChosen('unknown'));
    expect(selectFeatureImage(store.getState())).toBe('c');
  });

  it('drops deleted photos and clears for a new ad', () => {
    const store = makeStore();
    store.dispatch(draftSynced({ id: 'ad1', mainImageId: 'a', images: [image('a'), image('b')] }));
    store.dispatch(draftImageRemoved('a'));
    expect(selectProductDraft(store.getState())).toEqual({ productId: 'ad1', featureImage: null, gallery: ['b'] });
    store.dispatch(draftCleared());
    expect(selectProductDraft(store.getState())).toEqual({ productId: null, featureImage: null, gallery: [] });
  });
});
