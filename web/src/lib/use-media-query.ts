import { useCallback, useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** Below 900 px the app switches to its phone layout (docs/rules.md, Formats). */
export const narrowWindowQuery = '(max-width: 899.98px)';

export const useIsNarrowWindow = () => useMediaQuery(narrowWindowQuery);
