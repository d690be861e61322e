// @vitest-environment happy-dom
// While a modal dialog is open the browser makes the rest of the page inert: a notice on the page would sit under the
// dialog, covered on a phone, unclickable and unread by a screen reader. So the notices are shown inside the dialog
// on top, and back on the page once it closes (docs/rules.md, Notices).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { InviteDialog } from '@/features/users/components/invite-dialog';
import { SportSelectionProvider } from '@/lib/sport-selection';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { useToast } from '@/ui/toast';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

cleanUpAfterEach();

/** A page with a dialog that opens another: each has a button raising a notice and one closing it. */
function Page() {
  const toast = useToast();
  const [open, setOpen] = useState(0);
  const notify = (text: string) => <Button onClick={() => toast.notify('success', text)}>{`Notify ${text}`}</Button>;
  return (
    <main>
      {notify('on the page')}
      <Button onClick={() => setOpen(1)}>Open outer</Button>
      <Modal open={open >= 1} title="Outer" onClose={() => setOpen(0)}>
        {notify('from outer')}
        <Button onClick={() => setOpen(2)}>Open inner</Button>
        <Modal open={open >= 2} title="Inner" onClose={() => setOpen(1)}>
          {notify('from inner')}
        </Modal>
      </Modal>
    </main>
  );
}

const noticeHolder = (text: string) => screen.getByText(text).closest('dialog')?.getAttribute('aria-labelledby');
const dialogTitleId = (name: string) => screen.getByRole('dialog', { name }).getAttribute('aria-labelledby');

describe('notices over dialogs', () => {
  it('a notice is shown inside the dialog on top, in the one under it once that closes, on the page once all close', async () => {
    const user = userEvent.setup();
    render(inFreshApp(<Page />));
    await user.click(screen.getByRole('button', { name: 'Notify on the page' }));
    expect(screen.getByText('on the page').closest('dialog')).toBeNull();

    const shown = screen.getByText('on the page').closest('.ui-toast');
    await user.click(screen.getByRole('button', { name: 'Open outer' }));
    // The notice already shown moves into the dialog, where it can still be read and dismissed: the same element, so
    // its time and a screen reader's reading of it go on.
    expect(noticeHolder('on the page')).toBe(dialogTitleId('Outer'));
    expect(screen.getByText('on the page').closest('.ui-toast')).toBe(shown);
    // Under the dialog's title, before its content: Tab goes from the title's Close to the notice and on into the
    // dialog's content; from the dialog's last control it comes round to Close, not out of the dialog.
    const outerDialog = screen.getByRole('dialog', { name: 'Outer' });
    within(outerDialog).getByRole('button', { name: 'Close' }).focus();
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Dismiss');
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Notify from outer');
    within(outerDialog).getByRole('button', { name: 'Open inner' }).focus();
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Close');
    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    const inner = screen.getByRole('dialog', { name: 'Inner' });
    await user.click(within(inner).getByRole('button', { name: 'Notify from inner' }));
    expect(noticeHolder('from inner')).toBe(dialogTitleId('Inner'));
    expect(noticeHolder('on the page')).toBe(dialogTitleId('Inner'));

    await user.click(within(inner).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(noticeHolder('from inner')).toBe(dialogTitleId('Outer')));
    const outer = screen.getByRole('dialog', { name: 'Outer' });
    await user.click(within(outer).getAllByRole('button', { name: 'Dismiss' })[0]!);
    expect(screen.queryByText('on the page')).toBeNull();

    await user.click(within(outer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('from inner').closest('dialog')).toBeNull();
  });

  it("the invite dialog's refused switch and a withdrawn link's notice are read inside the dialog", async () => {
    const link = {
      id: 7,
      createdAt: '2026-11-02T15:00:00.000Z',
      expiresAt: '2026-11-16T15:00:00.000Z',
      maxUses: 5,
      uses: 1,
    };
    let withdrawn = false;
    vi.stubGlobal('fetch', async (url: string) => {
      const { pathname } = new URL(url, 'http://localhost');
      if (pathname.endsWith('/invite-list'))
        return jsonAnswer(200, { inviteOnly: false, data: withdrawn ? [] : [link] });
      if (pathname.endsWith('/set-invite-only'))
        return jsonAnswer(403, { error: 'You may not change the sign-up of this client', code: 'FORBIDDEN' });
      withdrawn = true;
      return jsonAnswer(200, { message: 'The invite link has been withdrawn' });
    });
    const user = userEvent.setup();
    render(
      inFreshApp(
        <SportSelectionProvider initialSportId={undefined} playedSportIds={[]} initialWeeks={undefined} sports={[]}>
          <InviteDialog onClose={() => {}} />
        </SportSelectionProvider>,
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Invite link' });
    await user.click(await within(dialog).findByRole('switch'));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'You may not change the sign-up of this client',
    );

    await user.click(within(dialog).getByRole('button', { name: /^Withdraw the link/ }));
    const confirm = screen.getByRole('dialog', { name: 'Withdraw invite link' });
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Withdraw invite link' })).toBeNull());
    expect(within(dialog).getByText('Invite link withdrawn.')).toBeTruthy();
  });
});
