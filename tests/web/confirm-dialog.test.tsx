// @vitest-environment happy-dom
// A confirm dialog's refused action is shown inside the dialog, which stays open: a notice would sit under the open
// dialog, covered on a phone and out of a screen reader's reach (docs/rules.md, Notices).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { cleanUpAfterEach, inFreshApp } from './support/fake-server.tsx';

cleanUpAfterEach();

describe('a confirm dialog', () => {
  it('shows a refusal inside itself and stays open; asked again, a success closes it with its notice', async () => {
    const onConfirm = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error('The game has started; its pick can no longer be cancelled'))
      .mockResolvedValueOnce(undefined);
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      inFreshApp(
        <ConfirmDialog
          open
          title="Cancel pick?"
          confirmLabel="Cancel Bet"
          keepLabel="Keep Pick"
          onConfirm={onConfirm}
          doneNotice="Bet cancelled"
          onClose={onClose}
        >
          Cancel your pick on this game?
        </ConfirmDialog>,
      ),
    );
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Bet' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The game has started; its pick can no longer be cancelled',
    );
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel Bet' }));
    expect(await screen.findByText('Bet cancelled')).toBeTruthy();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
