import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { lineHistoryPath } from './get-line-history';
import { spreadListPath } from './get-spread-list';

// A line change moves what the spreads page, the line history and every pick card show. The pick lists are
// matched by the path their keys start with, as the features that own those keys are not ours to import.
const changedPaths = [spreadListPath, lineHistoryPath, '/api/Bet/list', '/api/Game/list'];
const pathOf = (key: unknown) => (Array.isArray(key) ? key[0] : key);
const showsLines = (key: unknown) => {
  const path = pathOf(key);
  return typeof path === 'string' && changedPaths.some((changed) => path.startsWith(changed));
};

/** Asks again every list a line change touches. */
export function useRefreshLines() {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(showsLines), [mutate]);
}
