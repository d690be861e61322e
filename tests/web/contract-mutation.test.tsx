// @vitest-environment happy-dom
// Every change goes through useContractMutation: once the call answers, every cached answer of the reads its contract
// names in `invalidates` is asked again, whatever its input, and no other; a refused call leaves them alone (but a 409
// or 404, a state changed meanwhile) and lands in the hook's error instead of throwing.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ContractName, contracts } from '#domain/contracts/api.ts';
import { type Contract, isRead } from '#domain/contracts/contract.ts';
import { ApiError } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';
import { useContractMutation } from '@/lib/use-contract-mutation';

const prizesKey = (clientId: number) => keyOf(contracts.prizeList, { clientId });

const fresh = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
);

/** Two clients' prize lists and a methods list on screen, and a prize added through the hook. */
function mount(change: (clientId: number) => Promise<{ id: number }>, options?: { throwOnError?: boolean }) {
  const readPrizes = vi.fn(async ([, { clientId }]: ReturnType<typeof prizesKey>) => [{ clientId }]);
  const readMethods = vi.fn(async () => []);
  const view = renderHook(
    () => ({
      three: useSWR(prizesKey(3), readPrizes),
      four: useSWR(prizesKey(4), readPrizes),
      methods: useSWR(keyOf(contracts.methodList, { clientId: 3 }), readMethods),
      adding: useContractMutation(contracts.addPrize, change, options),
    }),
    { wrapper: fresh },
  );
  return { view, readPrizes, readMethods };
}

afterEach(cleanup);

describe('useContractMutation', () => {
  it('answers what the call answered and asks again every answer of the reads the contract names', async () => {
    const { view, readPrizes, readMethods } = mount(async () => ({ id: 7 }));
    await waitFor(() => expect(readPrizes).toHaveBeenCalledTimes(2));
    let answer: unknown;
    await act(async () => {
      answer = await view.result.current.adding.trigger(3);
    });
    expect(answer).toEqual({ id: 7 });
    expect(view.result.current.adding.data).toEqual({ id: 7 });
    // Client 4's list too: a prize list is matched whatever its input.
    await waitFor(() => expect(readPrizes).toHaveBeenCalledTimes(4));
    expect(readMethods).toHaveBeenCalledTimes(1);
  });

  it('keeps a refusal in error without throwing, and asks nothing again', async () => {
    const refused = new ApiError('Name is required', 400);
    const { view, readPrizes } = mount(() => Promise.reject(refused));
    await waitFor(() => expect(readPrizes).toHaveBeenCalledTimes(2));
    await act(async () => {
      await expect(view.result.current.adding.trigger(3)).resolves.toBeUndefined();
    });
    expect(view.result.current.adding.error).toBe(refused);
    expect(readPrizes).toHaveBeenCalledTimes(2);
  });

  for (const refused of [
    new ApiError('Someone else changed this meanwhile', 409, 'USER_CHANGED'),
    new ApiError('There is no prize 7', 404, 'UNKNOWN_PRIZE'),
  ])
    it(`asks the reads again when refused for a state changed meanwhile (${refused.status}), so the page shows the state held now`, async () => {
      const { view, readPrizes, readMethods } = mount(() => Promise.reject(refused));
      await waitFor(() => expect(readPrizes).toHaveBeenCalledTimes(2));
      await act(async () => {
        await view.result.current.adding.trigger(3);
      });
      expect(view.result.current.adding.error).toBe(refused);
      await waitFor(() => expect(readPrizes).toHaveBeenCalledTimes(4));
      expect(readMethods).toHaveBeenCalledTimes(1);
    });

  it('throws a refusal from every trigger when the hook asks for it', async () => {
    const refused = new ApiError('A job of this kind is running', 409);
    const { view } = mount(() => Promise.reject(refused), { throwOnError: true });
    await act(async () => {
      await expect(view.result.current.adding.trigger(3)).rejects.toBe(refused);
    });
  });
});

const names = Object.keys(contracts) as ContractName[];
const reads = names.filter((name) => isRead(contracts[name]));
const changes = names.filter((name) => !isRead(contracts[name]));

describe('every change', () => {
  /** Two answers of every read on screen (two inputs, one of them a read of several calls), and the change's hook. */
  function mountEveryRead(change: Contract) {
    const asked = vi.fn(async ([path]: readonly unknown[]) => path);
    function Read({ name }: { name: ContractName }) {
      useSWR(keyOf(contracts[name] as Contract, { page: 1 }), asked);
      useSWR(keyOf(contracts[name], { page: 2 }, 'all'), asked);
      return null;
    }
    const view = renderHook(() => useContractMutation(change, async () => ({})), {
      wrapper: ({ children }) =>
        fresh({
          children: (
            <>
              {reads.map((name) => (
                <Read key={name} name={name} />
              ))}
              {children}
            </>
          ),
        }),
    });
    const askedAgain = () =>
      reads.filter((name) => asked.mock.calls.filter(([[path]]) => path === contracts[name].path).length > 2);
    return { view, asked, askedAgain };
  }

  it.each(changes)('%s asks again exactly the reads its contract names', async (name) => {
    const { view, asked, askedAgain } = mountEveryRead(contracts[name]);
    await waitFor(() => expect(asked).toHaveBeenCalledTimes(reads.length * 2));
    await act(() => view.result.current.trigger());
    const named = contracts[name].invalidates ?? [];
    await waitFor(() => expect(asked).toHaveBeenCalledTimes((reads.length + named.length) * 2));
    // Whatever else would have been asked is asked by now: the hook asks every read again at once.
    await act(() => new Promise((settled) => setTimeout(settled, 10)));
    expect(askedAgain().sort()).toEqual([...named].sort());
    expect(asked).toHaveBeenCalledTimes((reads.length + named.length) * 2);
  });
});
