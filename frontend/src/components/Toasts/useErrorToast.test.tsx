import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toasts } from '@/components/Toasts/Toasts';
import { useErrorToast } from '@/components/Toasts/useErrorToast';
import type { Namespace } from '@/i18n/namespaces';
import { renderWithProviders } from '@/testing/render';

/** A refused call whose message quotes a translated param (the account's status). */
const SUSPENDED = {
  status: 403,
  data: { error: { code: 'account_status', message: 'account status', params: { status: 'suspended' } } },
};
const TEXT = 'Le statut du compte est suspendu, veuillez contacter le support.';

function FailingAction() {
  const showError = useErrorToast();
  return (
    <button type="button" onClick={() => showError(SUSPENDED)}>
      fail
    </button>
  );
}

async function renderFailingAction(namespaces?: readonly Namespace[]) {
  return renderWithProviders(
    <>
      <FailingAction />
      <Toasts />
    </>,
    { route: '/fr/', ...(namespaces && { namespaces }) },
  );
}

describe('useErrorToast', () => {
  it('shows the translated message at once on a page that loaded the errors namespace', async () => {
    const { user, store } = await renderFailingAction();
    await user.click(screen.getByRole('button', { name: 'fail' }));
    expect(store.getState().toasts.items).toMatchObject([{ kind: 'error', messageKey: 'errors:codes.account_status' }]);
    expect(screen.getByText(TEXT)).toBeInTheDocument();
  });

  it('loads the errors namespace first on a page that did not need it', async () => {
    const { user, i18n } = await renderFailingAction(['common']);
    expect(i18n.hasLoadedNamespace('errors')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'fail' }));
    expect(await screen.findByText(TEXT)).toBeInTheDocument();
    expect(i18n.hasLoadedNamespace('errors')).toBe(true);
  });
});
