import type { DemoGame, SportKey } from './demo-types.ts';
import { seededRandom, shuffled } from './prng.ts';
import { shiftDate } from '#domain/season/zoned-time.ts';
import { easternToUtcIso } from './week-calendar.ts';

const SEASON_ROUNDS = 18;

/** Game id = SPORT_CODE * 100000 + round * 100 + slot (slot 1-based in kickoff order), e.g. NFL round 3 first game = 3300301. */
const SPORT_CODE: Record<SportKey, number> = { NFL: 33, NBA: 35 };

interface KickoffSlot {
  /** Days after the round's Wednesday: 0 = Wednesday … 4 = Sunday, 5 = Monday, 6 = Tuesday. */
  day: number;
  /** Wall-clock time in America/New_York, HH:mm. */
  time: string;
}

const slot = (day: number, time: string): KickoffSlot => ({ day, time });

// One slot per game of a round (teams / 2), in kickoff order so slot numbers follow the clock.
const KICKOFF_SLOTS: Record<SportKey, readonly KickoffSlot[]> = {
  NFL: [
    slot(0, '20:15'),
    slot(1, '20:15'),
    slot(2, '20:15'),
    slot(3, '16:30'),
    slot(3, '20:15'),
    slot(4, '13:00'),
    slot(4, '13:00'),
    slot(4, '13:00'),
    slot(4, '13:00'),
    slot(4, '13:00'),
    slot(4, '16:25'),
    slot(4, '16:25'),
    slot(4, '20:20'),
    slot(5, '19:15'),
    slot(5, '20:15'),
    slot(6, '20:15'),
  ],
  NBA: [
    slot(0, '19:00'),
    slot(0, '19:30'),
    slot(0, '22:00'),
    slot(1, '20:00'),
    slot(1, '22:30'),
    slot(2, '19:00'),
    slot(2, '19:30'),
    slot(2, '22:00'),
    slot(3, '20:00'),
    slot(3, '21:00'),
    slot(4, '19:00'),
    slot(4, '21:30'),
    slot(5, '19:30'),
    slot(5, '22:00'),
    slot(6, '20:00'),
  ],
};

function demoGameId(sport: SportKey, round: number, slotNumber: number): number {
  return SPORT_CODE[sport] * 100000 + round * 100 + slotNumber;
}

export function demoSeasonGames(sport: SportKey, teamIds: readonly number[], seasonStart: string): DemoGame[] {
  const order = shuffled(teamIds, seededRandom('schedule', sport));
  const seasonYear = Number(seasonStart.slice(0, 4));
  return Array.from({ length: SEASON_ROUNDS }, (_, index) => {
    const round = index + 1;
    const weekStart = shiftDate(seasonStart, index * 7);
    const pairings = shuffled(circlePairings(order, index), seededRandom('slots', sport, round));
    return pairings.map(([homeTeamId, awayTeamId], slotIndex): DemoGame => {
      const kickoff = KICKOFF_SLOTS[sport][slotIndex];
      if (!kickoff) throw new Error(`No kickoff slot ${slotIndex + 1} for ${sport}`);
      return {
        id: demoGameId(sport, round, slotIndex + 1),
        sport,
        seasonYear,
        round,
        homeTeamId,
        awayTeamId,
        beginning: easternToUtcIso(shiftDate(weekStart, kickoff.day), kickoff.time),
      };
    });
  }).flat();
}

/**
 * Circle-method round robin: the first team stays put, the rest rotate one place per round.
 * The fixed team alternates home/away by round and every other pair by board position; since
 * a rotating team changes position parity each round, everyone alternates (9 home of 18).
 */
function circlePairings(order: readonly number[], roundIndex: number): Array<[number, number]> {
  const [fixed, ...others] = order;
  if (fixed === undefined || order.length % 2 !== 0) throw new Error('Round robin needs an even number of teams');
  const circle = [fixed, ...others.map((_, i) => others[(i + roundIndex) % others.length]!)];
  return Array.from({ length: circle.length / 2 }, (_, board): [number, number] => {
    const top = circle[board]!;
    const bottom = circle[circle.length - 1 - board]!;
    const topAtHome = board === 0 ? roundIndex % 2 === 0 : board % 2 === 0;
    return topAtHome ? [top, bottom] : [bottom, top];
  });
}
