// The sport being played and, per sport, the week choice (docs/rules.md, Week selection). It lives for one session: the
// session start fills it for the first sport, the shell fills it for each sport the user switches to,
// and the picks and leaderboard pages read and move the selected week. The Leaderboard and My Picks may show a past
// season of the sport instead (SeasonSelect); the Picks page stays on the current one. The system administrator
// chooses among every sport, though his client plays none: the admin pages follow selectedSportId, the player pages
// sportId.
import { createContext, useContext, useEffect, useMemo, useReducer, type ReactNode } from 'react';
import { selectWeeks, type Week } from '#domain/season/weeks.ts';
import { defaultTimeZone } from '#domain/season/zoned-time.ts';
import { atServerMoments, serverDate } from './server-clock';

export interface WeekChoice {
  weeks: Week[];
  selectedWeekId: number;
  /** The week holding today, if the season is running. */
  currentWeekId: number | undefined;
  previousWeekId: number;
  lastWeekId: number;
}

/** A past season the Leaderboard and My Picks show; null weeks when it has none. */
export interface PastSeason {
  seasonId: number;
  weeks: WeekChoice | null;
}

interface State {
  /** The sport chosen in the sidebar. */
  selectedSportId: number | undefined;
  /** Absent until the sport's weeks are loaded; null when the sport has no weeks. */
  weeksBySport: Partial<Record<number, WeekChoice | null>>;
  /** Absent while the sport's current season is shown. */
  pastSeasonBySport: Partial<Record<number, PastSeason>>;
}

type Action =
  | { type: 'selectSport'; sportId: number }
  | { type: 'setWeeks'; sportId: number; choice: WeekChoice | null }
  | { type: 'selectWeek'; sportId: number; weekId: number }
  | { type: 'viewSeason'; sportId: number; past: PastSeason | undefined }
  | { type: 'rollOver'; today: Date };

function chooseWeeks(weeks: Week[], today: Date): WeekChoice | null {
  const selection = selectWeeks(weeks, today);
  if (!selection) return null;
  return {
    weeks: [...weeks].sort((a, b) => a.number - b.number),
    selectedWeekId: selection.selected.id,
    currentWeekId: selection.current?.id,
    previousWeekId: selection.previous.id,
    lastWeekId: selection.last.id,
  };
}

/** The selection follows today: the current week, or the rule's first week before the season. */
export const followsToday = (choice: WeekChoice) =>
  choice.selectedWeekId === (choice.currentWeekId ?? choice.weeks[0]?.id);

/**
 * The choice once the week holding today may have moved on: a selection that followed today (the current week, or
 * the rule's week outside the season) follows it; one the user made stays. The same choice when nothing moved.
 */
function rolledOver(choice: WeekChoice, today: Date): WeekChoice {
  const next = chooseWeeks(choice.weeks, today)!;
  if (next.currentWeekId === choice.currentWeekId && next.previousWeekId === choice.previousWeekId) return choice;
  // Before the season (no current week yet) the rule selects the first week: one the player chose instead stays.
  return followsToday(choice) ? next : { ...next, selectedWeekId: choice.selectedWeekId };
}

/** The next moment a loaded week begins or ends after `now`: where the week holding today may move on. */
function nextWeekBoundary(choices: readonly (WeekChoice | null | undefined)[], now: number): number | undefined {
  const boundaries = choices
    .flatMap((choice) => choice?.weeks ?? [])
    .flatMap((week) => [Date.parse(week.beginDate), Date.parse(week.endDate) + 1])
    .filter((moment) => moment > now);
  return boundaries.length ? Math.min(...boundaries) : undefined;
}

function reduce(state: State, action: Action): State {
  switch (action.type) {
    case 'rollOver': {
      const entries = Object.entries(state.weeksBySport);
      const rolled = entries.map(([id, choice]) => [id, choice && rolledOver(choice, action.today)] as const);
      if (rolled.every(([, choice], index) => choice === entries[index]![1])) return state;
      return { ...state, weeksBySport: Object.fromEntries(rolled) };
    }
    case 'selectSport':
      return { ...state, selectedSportId: action.sportId };
    case 'setWeeks':
      return { ...state, weeksBySport: { ...state.weeksBySport, [action.sportId]: action.choice } };
    case 'viewSeason':
      return { ...state, pastSeasonBySport: { ...state.pastSeasonBySport, [action.sportId]: action.past } };
    case 'selectWeek': {
      // Week ids name their season, so a past season's week moves that season's choice only.
      const past = state.pastSeasonBySport[action.sportId];
      if (past?.weeks?.weeks.some((week) => week.id === action.weekId)) {
        const weeks = { ...past.weeks, selectedWeekId: action.weekId };
        return { ...state, pastSeasonBySport: { ...state.pastSeasonBySport, [action.sportId]: { ...past, weeks } } };
      }
      const choice = state.weeksBySport[action.sportId];
      if (!choice || !choice.weeks.some((week) => week.id === action.weekId)) return state;
      return {
        ...state,
        weeksBySport: { ...state.weeksBySport, [action.sportId]: { ...choice, selectedWeekId: action.weekId } },
      };
    }
  }
}

export interface SportSelection extends State {
  /** The selected sport's time zone: every day and time the pages show is told in it (docs/rules.md, Formats). */
  timeZone: string;
  /** A sidebar sport's time zone, for a list of several sports' times. */
  zoneOf(sportId: number): string;
  /** The chosen sport if the user's client plays it: what the player pages (picks, leaderboard, stats) show. */
  sportId: number | undefined;
  selectSport(sportId: number): void;
  /** Applies the week-selection rule to a sport's freshly loaded weeks. */
  setSportWeeks(sportId: number, weeks: Week[], today?: Date): void;
  selectWeek(sportId: number, weekId: number): void;
  /** Shows a past season's weeks on the Leaderboard and My Picks, its last week selected. */
  viewPastSeason(sportId: number, seasonId: number, weeks: Week[]): void;
  viewCurrentSeason(sportId: number): void;
}

const SportSelectionContext = createContext<SportSelection | null>(null);

export interface SportSelectionProviderProps {
  initialSportId: number | undefined;
  /** The sports the user's client plays. */
  playedSportIds: readonly number[];
  initialWeeks: Week[] | undefined;
  /** The sidebar's sports with their time zones. */
  sports: readonly { sportId: number; timeZone: string }[];
  children: ReactNode;
}

export function SportSelectionProvider({
  initialSportId,
  playedSportIds,
  initialWeeks,
  sports,
  children,
}: SportSelectionProviderProps) {
  const [state, dispatch] = useReducer(reduce, undefined, (): State => ({
    selectedSportId: initialSportId,
    weeksBySport:
      initialSportId !== undefined && initialWeeks ? { [initialSportId]: chooseWeeks(initialWeeks, serverDate()) } : {},
    pastSeasonBySport: {},
  }));
  // The week holding today moves on at a week's boundary while the app stays open, and is looked at again when the
  // tab comes back (a sleeping device runs no timer).
  useEffect(() => {
    const rollOver = () => dispatch({ type: 'rollOver', today: serverDate() });
    const stop = atServerMoments((now) => nextWeekBoundary(Object.values(state.weeksBySport), now), rollOver);
    document.addEventListener('visibilitychange', rollOver);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', rollOver);
    };
  }, [state.weeksBySport]);
  // A sport the client stopped playing leaves the selection for the first one it still plays (its weeks then load),
  // and a client that played none selects the first it starts to play.
  const stillPlayed = state.selectedSportId !== undefined && playedSportIds.includes(state.selectedSportId);
  const firstPlayed = playedSportIds[0];
  useEffect(() => {
    if (!stillPlayed && firstPlayed !== undefined) dispatch({ type: 'selectSport', sportId: firstPlayed });
  }, [stillPlayed, firstPlayed]);
  const value = useMemo<SportSelection>(
    () => ({
      ...state,
      timeZone: sports.find((sport) => sport.sportId === state.selectedSportId)?.timeZone ?? defaultTimeZone,
      zoneOf: (sportId) => sports.find((sport) => sport.sportId === sportId)?.timeZone ?? defaultTimeZone,
      sportId:
        state.selectedSportId !== undefined && playedSportIds.includes(state.selectedSportId)
          ? state.selectedSportId
          : undefined,
      selectSport: (sportId) => dispatch({ type: 'selectSport', sportId }),
      setSportWeeks: (sportId, weeks, today = serverDate()) =>
        dispatch({ type: 'setWeeks', sportId, choice: chooseWeeks(weeks, today) }),
      selectWeek: (sportId, weekId) => dispatch({ type: 'selectWeek', sportId, weekId }),
      // Any moment after the season: the rule selects its last week.
      viewPastSeason: (sportId, seasonId, weeks) =>
        dispatch({ type: 'viewSeason', sportId, past: { seasonId, weeks: chooseWeeks(weeks, new Date(8.64e15)) } }),
      viewCurrentSeason: (sportId) => dispatch({ type: 'viewSeason', sportId, past: undefined }),
    }),
    [state, sports, playedSportIds],
  );
  return <SportSelectionContext value={value}>{children}</SportSelectionContext>;
}

export function useSportSelection(): SportSelection {
  const selection = useContext(SportSelectionContext);
  if (!selection) throw new Error('useSportSelection is used outside the signed-in app');
  return selection;
}

/** The selected sport's week choice: undefined while loading, null when the sport has no weeks. */
export function useSelectedSportWeeks(): WeekChoice | null | undefined {
  const { sportId, weeksBySport } = useSportSelection();
  return sportId === undefined ? null : weeksBySport[sportId];
}

export interface ViewedSeasonWeeks {
  /** undefined while the current season is shown. */
  seasonId: number | undefined;
  /** As useSelectedSportWeeks. */
  weeks: WeekChoice | null | undefined;
}

/** What the Leaderboard and My Picks show: the selected sport's past season if one is chosen, else its current one. */
export function useViewedSeasonWeeks(): ViewedSeasonWeeks {
  const { sportId, weeksBySport, pastSeasonBySport } = useSportSelection();
  if (sportId === undefined) return { seasonId: undefined, weeks: null };
  return pastSeasonBySport[sportId] ?? { seasonId: undefined, weeks: weeksBySport[sportId] };
}

/** The zone the selected sport's days and times are shown in. */
export const useSportTimeZone = (): string => useSportSelection().timeZone;
