// @vitest-environment happy-dom
// A change answers once the reads it made stale are read again (lib/use-contract-mutation.ts): its dialog closes onto
// the list as it now stands, so no row deleted or edited is still shown for a moment, to be pressed (a click meant
// for the next row landing on the row moved into its place, or an edit from the old version refused as changed).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { ClientPrizesDialog } from '@/features/clients/components/client-prizes-dialog';
import { cleanUpAfterEach, inFreshApp, jsonAnswer } from './support/fake-server.tsx';
import { harbor } from './support/harbor-client.ts';

const prize = (id: number) => ({ id, clientId: harbor.id, name: `Prize ${id}`, cost: 10, active: true, version: 1 });

cleanUpAfterEach();

describe('a delete in a list', () => {
  it('closes its dialog once the list is read again, the deleted row gone with it', async () => {
    // The first read of the list answers at once; the one after the delete when the test says.
    let reads = 0;
    let answerList: (() => void) | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const { pathname } = new URL(url, 'http://localhost');
        if (pathname === contracts.deletePrize.path) return jsonAnswer(200, { id: 1 });
        if (pathname !== contracts.prizeList.path) return jsonAnswer(404, { error: 'nothing here', code: 'NOT_FOUND' });
        if ((reads += 1) === 1) return jsonAnswer(200, [prize(1), prize(2)]);
        await new Promise<void>((answered) => (answerList = answered));
        return jsonAnswer(200, [prize(2)]);
      }),
    );
    const user = userEvent.setup();
    render(inFreshApp(<ClientPrizesDialog client={harbor} onClose={() => undefined} />));
    await screen.findByText('Prize 1');
    await user.click(screen.getByRole('button', { name: 'Delete prize Prize 1' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Prize' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(answerList).toBeDefined());
    expect(screen.getByRole('dialog', { name: 'Delete Prize' })).toBe(confirm);
    answerList!();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Prize' })).toBeNull());
    expect(screen.queryByText('Prize 1')).toBeNull();
    expect(screen.getByText('Prize 2')).toBeTruthy();
  });
});
