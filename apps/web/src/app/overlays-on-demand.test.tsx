import '@/testing/browser-apis';
import { Button } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from './app-provider';

// Modals and notifications load on first use (not with the first screen); what is asked for before their
// code arrives must still appear, in order.
afterEach(cleanup);

describe('overlays on demand', () => {
  it('shows no overlay code until asked, then a confirmation opened before it loaded, and acts on it', async () => {
    const onConfirm = vi.fn();
    render(
      <AppProvider host="staff">
        <Button
          onClick={() =>
            modals.openConfirmModal({
              title: 'Remove the price?',
              children: 'Members keep their current price.',
              labels: { confirm: 'Remove', cancel: 'Keep' },
              onConfirm,
            })
          }
        >
          Remove price
        </Button>
      </AppProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remove price' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the price?' });
    expect(dialog.textContent).toContain('Members keep their current price.');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Once loaded, the provider answers directly.
    modals.openConfirmModal({ title: 'Again?', labels: { confirm: 'Yes', cancel: 'No' } });
    expect(await screen.findByRole('dialog', { name: 'Again?' })).toBeTruthy();
    modals.closeAll();
  });

  it('shows notifications sent before their container loaded', async () => {
    render(
      <AppProvider host="staff">
        <p>Screen</p>
      </AppProvider>,
    );
    notifications.show({ title: 'Saved', message: 'The gym is renamed.' });
    notifications.show({ title: 'Sent', message: 'The invitation is on its way.' });
    expect(await screen.findByText('The gym is renamed.')).toBeTruthy();
    expect(await screen.findByText('The invitation is on its way.')).toBeTruthy();
    notifications.clean();
  });
});
