// @vitest-environment happy-dom
// The Edit Client dialog sends only what was changed (docs/rules.md, Clients): a name sent as the dialog read it would
// undo a rename another administrator made since.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClientRow } from '@/features/clients/api/get-clients';
import { ClientFormDialog } from '@/features/clients/components/client-form-dialog';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';

const rival: ClientRow = {
  id: 3,
  name: 'Rival League',
  domain: 'rival',
  dateCreated: '2026-11-01T00:00:00Z',
  inviteOnly: false,
  reminderHours: 3,
};

cleanUpAfterEach();

/** Opens the Edit Client dialog of Rival League, types a new domain and saves. */
async function moveRivalTo(domain: string) {
  const onClose = vi.fn();
  const user = userEvent.setup();
  render(inFreshApp(<ClientFormDialog client={rival} onClose={onClose} />));
  await user.clear(screen.getByLabelText(/^Domain/));
  await user.type(screen.getByLabelText(/^Domain/), domain);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return { onClose, user };
}

describe('the Edit Client dialog', () => {
  it('moving a client sends the domain and the one it moves from, not the name as the dialog read it', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      jsonAnswer(200, { ...rival, ...Object.fromEntries(new URLSearchParams(String(init?.body))), id: 3 }),
    );
    vi.stubGlobal('fetch', fetch);
    const { onClose } = await moveRivalTo('rivals');

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fetch.mock.calls.map(([, init]) => Object.fromEntries(new URLSearchParams(String(init?.body))))).toEqual([
      { id: '3', domain: 'rivals', fromDomain: 'rival' },
    ]);
  });

  it('a taken domain keeps it open with the reason inside; a client deleted meanwhile closes it, so the list is read again', async () => {
    const answers = [
      jsonAnswer(409, { error: "The domain 'rivals' is already used by another client", code: 'ALREADY_TAKEN' }),
      jsonAnswer(404, { error: 'There is no client 3', code: 'UNKNOWN_CLIENT' }),
    ];
    vi.stubGlobal('fetch', async () => answers.shift());
    const { onClose, user } = await moveRivalTo('rivals');
    // Kept open, the reason is in the dialog, under the fields, until the next try (a notice fades).
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      "The domain 'rivals' is already used by another client",
    );
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    // A notice (here in the dialog its stub leaves open), and the dialog's own reason gone.
    expect((await screen.findByText('There is no client 3')).closest('.ui-toast')).toBeTruthy();
    expect(within(dialog).queryByText("The domain 'rivals' is already used by another client")).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('keeps the system client’s domain: the field is read-only and says so', () => {
    render(
      inFreshApp(<ClientFormDialog client={{ ...rival, id: 1, name: 'System', domain: 'admin' }} onClose={vi.fn()} />),
    );
    const domain = screen.getByLabelText(/^Domain/) as HTMLInputElement;
    expect(domain.readOnly).toBe(true);
    expect(screen.getByText('The system client keeps its domain.')).toBeTruthy();
  });
});
