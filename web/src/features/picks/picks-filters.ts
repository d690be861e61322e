// The picks pages' choices that outlive the page (docs/rules.md, Pick flow): the team filter per
// sport, the Weekly Picks / Bonus Games toggle and the player picked for. They belong to the
// session: a new sign-in starts from none.
import { useCallback, useSyncExternalStore } from 'react';
import { useSessionId } from '@/lib/session';

export type PicksMode = 'regular' | 'bonus';

interface Filters {
  session: string | null;
  teamBySport: Partial<Record<number, number>>;
  mode: PicksMode;
  thirdPartyUserId: number | undefined;
}

const fresh = (session: string | null): Filters => ({
  session,
  teamBySport: {},
  mode: 'regular',
  thirdPartyUserId: undefined,
});

let filters = fresh(null);
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function update(session: string | null, change: (current: Filters) => Partial<Filters>) {
  const current = filters.session === session ? filters : fresh(session);
  filters = { ...current, ...change(current) };
  for (const listener of listeners) listener();
}

export function usePicksFilters(sportId: number | undefined) {
  const session = useSessionId();
  const stored = useSyncExternalStore(subscribe, () => filters);
  const current = stored.session === session ? stored : fresh(session);
  return {
    teamId: sportId === undefined ? undefined : current.teamBySport[sportId],
    mode: current.mode,
    thirdPartyUserId: current.thirdPartyUserId,
    setTeam: useCallback(
      (teamId: number | undefined) => {
        if (sportId !== undefined)
          update(session, (state) => ({ teamBySport: { ...state.teamBySport, [sportId]: teamId } }));
      },
      [session, sportId],
    ),
    setMode: useCallback((mode: PicksMode) => update(session, () => ({ mode })), [session]),
    setThirdPartyUser: useCallback(
      (userId: number) => update(session, () => ({ thirdPartyUserId: userId })),
      [session],
    ),
  };
}
