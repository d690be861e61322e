import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import { isKeyOf } from '@/lib/contract-keys';

// A line change moves what the spreads page, the line history and every pick card show. The pick lists are
// matched by contract, as the features that own those keys are not ours to import.
const showsLines = isKeyOf(contracts.spreadList, contracts.lineHistory, contracts.betList, contracts.gameList);

/** Asks again every list a line change touches. */
export function useRefreshLines() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(showsLines), [mutate]);
}
