import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { followsToday, useSportSelection } from '@/lib/sport-selection';

/** The week a sport had selected on arriving; `followedToday` when it was the week holding today. */
interface Left {
  weekId: number;
  followedToday: boolean;
}

interface Linked {
  sportId: number;
  weekId: number;
}

/**
 * The sport and week a link names (`?sport=33&week=20263309`, the week-graded push), on arriving or while the page is
 * open (a push tapped then): each link once, as the address then loses them and the week selector owns the week.
 */
function useWeekFromLink(): Linked | undefined {
  const [params, setParams] = useSearchParams();
  const [sportId, weekId] = [Number(params.get('sport')), Number(params.get('week'))];
  const asked = Number.isSafeInteger(sportId) && sportId > 0 && Number.isSafeInteger(weekId) && weekId > 0;
  const [linked, setLinked] = useState<Linked | undefined>(asked ? { sportId, weekId } : undefined);
  if (asked && (linked?.sportId !== sportId || linked.weekId !== weekId)) setLinked({ sportId, weekId });
  const named = params.has('sport') || params.has('week');
  useLayoutEffect(() => {
    if (!named) return;
    setParams(
      (current) => {
        current.delete('sport');
        current.delete('week');
        return current;
      },
      { replace: true },
    );
  }, [named, setParams]);
  return linked;
}

/**
 * Entering the leaderboard selects the previous week (the last one with results), or the week a link names, and
 * leaving it restores the week that was selected before, for every sport visited meanwhile
 * (docs/rules.md, Leaderboard page): a selection that followed today follows it still, so a leaderboard left open
 * past a week's end returns to the new current week, not to the week that was current on arriving.
 */
export function usePreviousWeekWhileOpen(): void {
  const { sportId, weeksBySport, selectSport, selectWeek } = useSportSelection();
  const linked = useWeekFromLink();
  const choice = sportId === undefined ? undefined : weeksBySport[sportId];
  const saved = useRef(new Map<number, Left>());
  const latest = useRef(weeksBySport);
  useEffect(() => {
    latest.current = weeksBySport;
  }, [weeksBySport]);

  // A link's sport is selected once per link (the player may choose another then); one the client does not play falls
  // back as any such selection does.
  const sportAsked = useRef<Linked>(undefined);
  useEffect(() => {
    if (!linked || sportAsked.current === linked) return;
    sportAsked.current = linked;
    selectSport(linked.sportId);
  }, [linked, selectSport]);

  // A sport entered: its previous week; then the week a link names, once its sport's weeks are there.
  const weekAsked = useRef<Linked>(undefined);
  useEffect(() => {
    if (sportId === undefined || !choice) return;
    if (!saved.current.has(sportId)) {
      saved.current.set(sportId, { weekId: choice.selectedWeekId, followedToday: followsToday(choice) });
      selectWeek(sportId, choice.previousWeekId);
    }
    if (!linked || weekAsked.current === linked || linked.sportId !== sportId) return;
    weekAsked.current = linked;
    if (choice.weeks.some((week) => week.id === linked.weekId)) selectWeek(sportId, linked.weekId);
  }, [sportId, choice, selectWeek, linked]);

  // Runs once, on leaving; selectWeek only dispatches, so the first render's copy still works then.
  useEffect(() => {
    const weeks = saved.current;
    const latestWeeks = latest;
    return () => {
      for (const [sport, { weekId, followedToday }] of weeks) {
        const current = latestWeeks.current[sport]?.currentWeekId;
        selectWeek(sport, followedToday && current !== undefined ? current : weekId);
      }
      weeks.clear();
    };
  }, []);
}
