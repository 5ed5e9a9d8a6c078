import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';
import type { TranslationKey } from '@/i18n/keys';

export type ToastKind = 'success' | 'error' | 'info';

/**
 * A toast stores a translation key, not text, so it re-renders in the new language if the user
 * switches while it is shown.
 */
export interface Toast {
  id: string;
  kind: ToastKind;
  messageKey: TranslationKey;
  messageParams?: Record<string, string | number>;
  /** An in-app link shown after the message ("Manage my alerts"): its label key and path. */
  link?: { labelKey: TranslationKey; to: string };
  durationMs: number;
}

export interface ToastState {
  items: Toast[];
}

/** How long a toast stays when nobody hovers or focuses it. */
export const DEFAULT_TOAST_MS = 6000;
/** Older toasts are dropped beyond this many. */
const MAX_TOASTS = 3;

const initialState: ToastState = { items: [] };

function sameMessage(a: Toast): (b: Toast) => boolean {
  const params = JSON.stringify(a.messageParams ?? {});
  return (b) => b.kind === a.kind && b.messageKey === a.messageKey && JSON.stringify(b.messageParams ?? {}) === params;
}

export const toastSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        // The same message again replaces the one shown (and restarts its time) instead of
        // stacking a copy: saving twice in a row shows one "saved".
        const same = sameMessage(action.payload);
        state.items = state.items.filter((toast) => !same(toast));
        state.items.push(action.payload);
        if (state.items.length > MAX_TOASTS) state.items.splice(0, state.items.length - MAX_TOASTS);
      },
      prepare(toast: Omit<Toast, 'id' | 'durationMs'> & { durationMs?: number }) {
        return { payload: { durationMs: DEFAULT_TOAST_MS, ...toast, id: nanoid() } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((toast) => toast.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state.items,
  },
});

export const { toastShown, toastDismissed } = toastSlice.actions;
export const { selectToasts } = toastSlice.selectors;
