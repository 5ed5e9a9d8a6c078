import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { api } from '@/app/api';
import { toastSlice } from '@/components/Toasts/toastSlice';
import { authSlice } from '@/features/auth/authSlice';
import { productDraftSlice } from '@/features/myAds/productDraftSlice';

const rootReducer = combineSlices(api, authSlice, toastSlice, productDraftSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** Builds a store; the app makes one at start-up and every test makes its own. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
