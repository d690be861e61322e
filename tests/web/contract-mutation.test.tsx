// @vitest-environment happy-dom
// Every admin change goes through useContractMutation: once the call answers, the lists it makes out of date are
// asked again; a refused call leaves them alone and lands in the hook's error instead of throwing.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { ApiError } from '@/lib/api-client';
import { isKeyOf, keyOf } from '@/lib/contract-keys';
import { type Revalidation, useContractMutation } from '@/lib/use-contract-mutation';

const prizesKey = (clientId: number) => keyOf(contracts.prizeList, { clientId });
const isPrizeList = isKeyOf(contracts.prizeList);

const fresh = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

/** Two clients' prize lists on screen, and a change made through the hook. */
function mount(
  change: (clientId: number) => Promise<{ id: number }>,
  revalidate: (answer: { id: number }, clientId: number) => readonly Revalidation[],
  options?: { throwOnError?: boolean },
) {
  const readPrizes = vi.fn(async ([, { clientId }]: ReturnType<typeof prizesKey>) => [{ clientId }]);
  const view = renderHook(
    () => ({
      three: useSWR(prizesKey(3), readPrizes),
      four: useSWR(prizesKey(4), readPrizes),
      adding: useContractMutation(contracts.addPrize, change, revalidate, options),
    }),
    { wrapper: fresh },
  );
  return { view, readPrizes };
}

const byClient = (_answer: { id: number }, clientId: number) => [prizesKey(clientId)];
const calls = (read: ReturnType<typeof mount>['readPrizes'], clientId: number) =>
  read.mock.calls.filter(([[, input]]) => input.clientId === clientId).length;

afterEach(cleanup);

describe('useContractMutation', () => {
  it('answers what the call answered and asks again the keys named from the input', async () => {
    const { view, readPrizes } = mount(async () => ({ id: 7 }), byClient);
    await waitFor(() => expect(readPrizes).toHaveBeenCalledTimes(2));
    let answer: unknown;
    await act(async () => {
      answer = await view.result.current.adding.trigger(3);
    });
    expect(answer).toEqual({ id: 7 });
    expect(view.result.current.adding.data).toEqual({ id: 7 });
    await waitFor(() => expect(calls(readPrizes, 3)).toBe(2));
    expect(calls(readPrizes, 4)).toBe(1);
  });

  it('asks again every key a predicate matches', async () => {
    const { view, readPrizes } = mount(
      async () => ({ id: 7 }),
      () => [isPrizeList],
    );
    await waitFor(() => expect(readPrizes).toHaveBeenCalledTimes(2));
    await act(() => view.result.current.adding.trigger(3));
    await waitFor(() => expect(readPrizes).toHaveBeenCalledTimes(4));
  });

  it('keeps a refusal in error without throwing, and asks nothing again', async () => {
    const refused = new ApiError('Name is required', 400);
    const { view, readPrizes } = mount(() => Promise.reject(refused), byClient);
    await waitFor(() => expect(readPrizes).toHaveBeenCalledTimes(2));
    await act(async () => {
      await expect(view.result.current.adding.trigger(3)).resolves.toBeUndefined();
    });
    expect(view.result.current.adding.error).toBe(refused);
    expect(readPrizes).toHaveBeenCalledTimes(2);
  });

  it('throws a refusal from every trigger when the hook asks for it', async () => {
    const refused = new ApiError('A job of this kind is running', 409);
    const { view } = mount(() => Promise.reject(refused), byClient, { throwOnError: true });
    await act(async () => {
      await expect(view.result.current.adding.trigger(3)).rejects.toBe(refused);
    });
  });
});
