import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ProductDetail } from '@/contract/schema.gen';

/**
 * The ad being created or edited (spec §3 "Product draft state"): the id of the saved ad, its
 * main (presentation) image and the other ready photos, as image ids. Saving the details gives
 * the draft its `productId`; photos attach to that saved ad.
 */
export interface ProductDraftState {
  productId: string | null;
  featureImage: string | null;
  gallery: string[];
}

const initialState: ProductDraftState = { productId: null, featureImage: null, gallery: [] };

export const productDraftSlice = createSlice({
  name: 'productDraft',
  initialState,
  reducers: {
    /** A new ad: nothing saved yet. */
    draftCleared: () => initialState,
    /** The details were saved for the first time (POST) and the ad has an id. */
    draftStarted(state, action: PayloadAction<string>) {
      state.productId = action.payload;
      state.featureImage = null;
      state.gallery = [];
    },
    /**
     * The ad as the server has it now: main image, and the other ready photos in their order.
     * Pending or failed photos are not part of the gallery yet.
     */
    draftSynced(state, action: PayloadAction<Pick<ProductDetail, 'id' | 'images' | 'mainImageId'>>) {
      const { id, images, mainImageId } = action.payload;
      const ready = images.filter((image) => image.state === 'ready').map((image) => image.id);
      const main = mainImageId !== undefined && ready.includes(mainImageId) ? mainImageId : null;
      state.productId = id;
      state.featureImage = main;
      state.gallery = ready.filter((imageId) => imageId !== main);
    },
    /** The seller picked another main image (shown at once; the server confirms or the next sync reverts). */
    featureImageChosen(state, action: PayloadAction<string>) {
      const chosen = action.payload;
      const all = [...(state.featureImage !== null ? [state.featureImage] : []), ...state.gallery];
      if (!all.includes(chosen)) return;
      state.featureImage = chosen;
      state.gallery = all.filter((imageId) => imageId !== chosen);
    },
    /** A photo was deleted; a deleted main image leaves the choice to the next sync. */
    draftImageRemoved(state, action: PayloadAction<string>) {
      if (state.featureImage === action.payload) state.featureImage = null;
      state.gallery = state.gallery.filter((imageId) => imageId !== action.payload);
    },
  },
  selectors: {
    selectProductDraft: (state) => state,
    selectFeatureImage: (state) => state.featureImage,
  },
});

export const { draftCleared, draftStarted, draftSynced, featureImageChosen, draftImageRemoved } =
  productDraftSlice.actions;
export const { selectProductDraft, selectFeatureImage } = productDraftSlice.selectors;
