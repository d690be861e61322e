// @vitest-environment happy-dom
// Edit Prizes is a resource view in a dialog: the client's prizes as the server answered them (seeded in the data
// cache, so nothing is fetched), paged like every admin list, its empty state, and the prize form whose resolver is
// the edit-prize contract's name and cost rules.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SWRConfig, unstable_serialize } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { type PrizeRow, prizesKey } from '@/lib/api/get-prizes';
import { ClientPrizesDialog } from '@/features/clients/components/client-prizes-dialog';
import { ToastProvider } from '@/ui/toast';
import { cleanUpAfterEach, jsonAnswer } from './support/fake-server.tsx';
import { harbor } from './support/harbor-client.ts';

const prizesOf = (count: number): PrizeRow[] =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    clientId: harbor.id,
    name: `Prize ${index + 1}`,
    cost: 10 * (index + 1),
    active: index % 2 === 0,
    version: 0,
  }));

/** The clients page's part: Edit Prizes stays open until it asks to close. */
function EditPrizes() {
  const [shown, setShown] = useState(true);
  return shown && <ClientPrizesDialog client={harbor} onClose={() => setShown(false)} />;
}

const open = (prizes: PrizeRow[]) =>
  render(
    <SWRConfig
      value={{
        provider: () => new Map(),
        fallback: { [unstable_serialize(prizesKey(harbor.id))]: prizes },
        revalidateOnMount: false,
      }}
    >
      <ToastProvider>
        <EditPrizes />
      </ToastProvider>
    </SWRConfig>,
  );

const prizesDialog = () => screen.getByRole('dialog', { name: 'Edit Prizes: Harbor League' });
const range = () =>
  screen.getByRole('navigation', { name: 'Prizes of Harbor League pages' }).querySelector('.ui-pagination__range');

cleanUpAfterEach();

describe('Edit Prizes', () => {
  it('lists the client’s prizes with their cost and whether each is active, and their actions', () => {
    open(prizesOf(2));
    const table = within(prizesDialog()).getByRole('table', { name: 'Prizes of Harbor League' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Cost', 'Active', 'Actions']);
    const second = within(table).getAllByRole('row')[2]!;
    expect(within(second).getByRole('cell', { name: 'Prize 2' })).toBeTruthy();
    expect(within(second).getByRole('cell', { name: '20' })).toBeTruthy();
    expect(within(second).getByRole('img', { name: 'Not active' })).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Edit prize Prize 2' })).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Delete prize Prize 2' })).toBeTruthy();
  });

  it('says the client has no prizes yet', () => {
    open([]);
    expect(within(prizesDialog()).getByText('The client has no prizes yet.')).toBeTruthy();
  });

  it('pages the prizes 50 at a time, like every admin list, and a smaller page size starts from the first page', async () => {
    const user = userEvent.setup();
    open(prizesOf(60));
    const dialog = prizesDialog();
    expect(range()?.textContent).toBe('1–50 of 60');
    expect(within(dialog).getAllByRole('row')).toHaveLength(51);

    await user.click(within(dialog).getByRole('button', { name: 'Next page' }));
    expect(range()?.textContent).toBe('51–60 of 60');
    expect(within(dialog).getByRole('cell', { name: 'Prize 60' })).toBeTruthy();
    expect(within(dialog).queryByRole('cell', { name: 'Prize 50' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: /^Rows per page/ }));
    await user.click(screen.getByRole('option', { name: '10' }));
    expect(range()?.textContent).toBe('1–10 of 60');
    expect(within(dialog).getByRole('cell', { name: 'Prize 1' })).toBeTruthy();
  });

  it('says the contract’s rules on the fields of a new prize and keeps the form open', async () => {
    const user = userEvent.setup();
    open([]);
    await user.click(within(prizesDialog()).getByRole('button', { name: 'Add Prize' }));
    const form = screen.getByRole('dialog', { name: 'Add Prize' });
    expect(within(form).queryByRole('checkbox', { name: 'Active' })).toBeNull();
    await user.type(within(form).getByRole('textbox', { name: 'Cost' }), '12.345');
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Name is required')).toBeTruthy();
    expect(
      within(form).getByText('Cost must be an amount between 0 and 1,000,000 with at most two decimals'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Add Prize' })).toBe(form);
  });

  it('edits a prize from its own values, Active included', async () => {
    const user = userEvent.setup();
    open(prizesOf(1));
    await user.click(within(prizesDialog()).getByRole('button', { name: 'Edit prize Prize 1' }));
    const form = screen.getByRole('dialog', { name: 'Edit Prize' });
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Name' }).value).toBe('Prize 1');
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Cost' }).value).toBe('10');
    expect(within(form).getByRole<HTMLInputElement>('checkbox', { name: 'Active' }).checked).toBe(true);
    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Name is required')).toBeTruthy();
  });

  it('closes only the prize form on Escape: the prize list stays open', async () => {
    const user = userEvent.setup();
    open(prizesOf(1));
    await user.click(within(prizesDialog()).getByRole('button', { name: 'Add Prize' }));
    fireEvent(screen.getByRole('dialog', { name: 'Add Prize' }), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog', { name: 'Add Prize' })).toBeNull();
    expect(within(prizesDialog()).getByRole('cell', { name: 'Prize 1' })).toBeTruthy();
  });

  it('asks before deleting a prize, naming it', async () => {
    const user = userEvent.setup();
    open(prizesOf(1));
    await user.click(within(prizesDialog()).getByRole('button', { name: 'Delete prize Prize 1' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Prize' });
    expect(confirm.textContent).toContain('Delete the prize Prize 1? It leaves the list.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Delete Prize' })).toBeNull();
    expect(within(prizesDialog()).getByRole('cell', { name: 'Prize 1' })).toBeTruthy();
  });

  it('an edit names the version of the prize it was opened on; refused for an edit made since, it says so and the form closes', async () => {
    const changed = 'Someone else changed this prize meanwhile: reload the prizes and edit it again';
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      String(url).includes('/Client/edit-prize')
        ? jsonAnswer(409, { error: changed, code: 'PRIZE_CHANGED' })
        : jsonAnswer(
            200,
            prizesOf(1).map((prize) => ({ ...prize, cost: 12, version: 5 })),
          ),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    open(prizesOf(1).map((prize) => ({ ...prize, version: 4 })));
    await user.click(within(prizesDialog()).getByRole('button', { name: 'Edit prize Prize 1' }));
    const form = screen.getByRole('dialog', { name: 'Edit Prize' });
    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Trophy');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(changed)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Prize' })).toBeNull());
    const edits = fetch.mock.calls.filter(([url]) => String(url).includes('/Client/edit-prize'));
    expect(edits.map(([, init]) => Object.fromEntries(new URLSearchParams(String(init?.body))))).toEqual([
      expect.objectContaining({ id: '1', version: '4', name: 'Trophy' }),
    ]);
    // The list is read again: the prize as the other edit left it.
    expect(await within(prizesDialog()).findByRole('cell', { name: '12' })).toBeTruthy();
  });
});
