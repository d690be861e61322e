import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import { liveVersionEveryMs, quietLiveVersionEveryMs } from '#domain/processes/live-window.ts';
import type { LiveVersion } from '#domain/contracts/bets.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export const liveVersionKey = (weekId: number) => keyOf(contracts.liveVersion, { weekId });

/** Public: sent without the token, so every viewer's request is the same one CloudFront answers from its copy. */
export const getLiveVersion = (weekId: number): Promise<LiveVersion> =>
  api.call(contracts.liveVersion, { weekId }, { anonymous: true });

/** The week's live version, asked every 10 s while a game is `live`, else every minute. */
export function useLiveVersion(weekId: number | undefined, live: boolean) {
  return useSWR<LiveVersion, Error, ReturnType<typeof liveVersionKey> | null>(
    weekId !== undefined ? liveVersionKey(weekId) : null,
    ([, input]) => getLiveVersion(input.weekId),
    { refreshInterval: live ? liveVersionEveryMs : quietLiveVersionEveryMs },
  );
}
