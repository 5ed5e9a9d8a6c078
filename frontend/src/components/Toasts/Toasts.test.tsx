import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/components/Toasts/Toasts';
import { DEFAULT_TOAST_MS, toastDismissed, toastShown, toastSlice } from '@/components/Toasts/toastSlice';
import { renderWithProviders } from '@/testing/render';

describe('toast slice', () => {
  const reduce = toastSlice.reducer;

  it('adds toasts with an id and the default duration, keeping the last three', () => {
    let state = reduce(undefined, { type: 'init' });
    for (let i = 0; i < 4; i++) {
      state = reduce(state, toastShown({ kind: 'info', messageKey: 'errors:generic', messageParams: { n: i } }));
    }
    expect(state.items).toHaveLength(3);
    expect(state.items[0]).toMatchObject({ kind: 'info', durationMs: DEFAULT_TOAST_MS, messageParams: { n: 1 } });
    expect(new Set(state.items.map((t) => t.id)).size).toBe(3);
  });

  it('replaces a toast showing the same message instead of stacking a copy', () => {
    const saved = toastShown({ kind: 'success', messageKey: 'errors:success.message_sent' });
    let state = reduce(undefined, saved);
    state = reduce(state, toastShown({ kind: 'error', messageKey: 'errors:generic' }));
    state = reduce(state, toastShown({ kind: 'success', messageKey: 'errors:success.message_sent' }));
    expect(state.items.map((t) => t.messageKey)).toEqual(['errors:generic', 'errors:success.message_sent']);
    expect(state.items[1]?.id).not.toBe(saved.payload.id);
  });

  it('removes a dismissed toast', () => {
    const shown = reduce(undefined, toastShown({ kind: 'success', messageKey: 'errors:success.message_sent' }));
    const id = shown.items[0]?.id ?? '';
    expect(reduce(shown, toastDismissed(id)).items).toEqual([]);
  });
});

describe('toast area', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a polite live region showing translated toasts that can be dismissed', async () => {
    const { store, user } = await renderWithProviders(<Toasts />, { route: '/fr/' });
    const region = screen.getByRole('status');
    expect(region).toHaveAttribute('aria-live', 'polite');

    act(() => {
      store.dispatch(toastShown({ kind: 'error', messageKey: 'errors:codes.internal_error' }));
    });
    expect(within(region).getByText('Erreur interne du serveur.')).toBeInTheDocument();

    await user.click(within(region).getByRole('button', { name: 'Fermer la notification' }));
    expect(within(region).queryByText('Erreur interne du serveur.')).not.toBeInTheDocument();
  });

  it('waits for the namespace of its text without hiding the page meanwhile', async () => {
    const { store, i18n } = await renderWithProviders(<Toasts />, { route: '/fr/', namespaces: ['common'] });
    const region = screen.getByRole('status');

    act(() => {
      store.dispatch(toastShown({ kind: 'error', messageKey: 'errors:codes.internal_error' }));
    });
    expect(region).toBeVisible();
    expect(await within(region).findByText('Erreur interne du serveur.')).toBeInTheDocument();
    expect(i18n.hasLoadedNamespace('errors')).toBe(true);
  });

  it('dismisses itself after its duration', async () => {
    const { store } = await renderWithProviders(<Toasts />, { route: '/en/' });
    vi.useFakeTimers();
    act(() => {
      store.dispatch(toastShown({ kind: 'success', messageKey: 'errors:success.message_sent', durationMs: 1000 }));
    });
    expect(screen.getByText('Message sent successfully')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.getByText('Message sent successfully')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Message sent successfully')).not.toBeInTheDocument();
  });

  it('is held while focus is inside it', async () => {
    const { store } = await renderWithProviders(<Toasts />, { route: '/en/' });
    vi.useFakeTimers();
    act(() => {
      store.dispatch(toastShown({ kind: 'info', messageKey: 'errors:generic', durationMs: 1000 }));
    });
    screen.getByRole('button', { name: 'Dismiss notification' }).focus();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByText('Something went wrong')).toBeInTheDocument();
    act(() => {
      screen.getByRole('button', { name: 'Dismiss notification' }).blur();
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('translates interpolated messages', async () => {
    const { store } = await renderWithProviders(<Toasts />, { route: '/de/' });
    act(() => {
      store.dispatch(toastShown({ kind: 'error', messageKey: 'errors:http', messageParams: { status: 409 } }));
    });
    expect(screen.getByText('Der Server hat mit einem Fehler geantwortet (HTTP 409).')).toBeInTheDocument();
  });

  it('shows an in-app link after the message when the toast has one (Italian)', async () => {
    const { store } = await renderWithProviders(<Toasts />, { route: '/it/' });
    act(() => {
      store.dispatch(
        toastShown({
          kind: 'success',
          messageKey: 'savedSearches:toast.saved',
          link: { labelKey: 'savedSearches:toast.manage', to: '/it/user/saved-searches' },
        }),
      );
    });
    const region = screen.getByRole('status');
    expect(within(region).getByRole('link', { name: 'Gestisci i miei avvisi' })).toHaveAttribute(
      'href',
      '/it/user/saved-searches',
    );
  });
});
