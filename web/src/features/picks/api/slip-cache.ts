import { useMemo } from 'react';
import { useSWRConfig } from 'swr';
import { isBetListKeyOf, type BetList, type SlipRef } from './get-bets';

// A change answers the whole week; each cached list of that slip (whatever its team or game-kind
// filter) takes the answer's rows for the games it shows, so no list keeps a stale pick.
const withAnswer = (current: BetList, answer: BetList): BetList => {
  const rows = new Map(answer.data.map((row) => [row.gameId, row]));
  return { ...answer, data: current.data.map((row) => rows.get(row.gameId) ?? row) };
};

/** Runs a slip change: its answer updates the cached lists; a refusal reloads them, then is rethrown. */
export function useSlipChange() {
  const { mutate } = useSWRConfig();
  return useMemo(
    () =>
      async function settle(slip: SlipRef, change: Promise<BetList>): Promise<BetList> {
        const matches = (key: unknown) => isBetListKeyOf(key, slip);
        try {
          const answer = await change;
          await mutate<BetList>(matches, (current) => current && withAnswer(current, answer), { revalidate: false });
          return answer;
        } catch (error) {
          // The refusal may come from a moved line or a kickoff: show the page as it now stands.
          void mutate(matches);
          throw error;
        }
      },
    [mutate],
  );
}
