import { z } from 'zod';
import { flag, id, paging } from './fields.ts';

/** A blank or zero id in a form means "no filter". */
const optionalId = (label: string) =>
  z.preprocess((value) => (value === '' || value === '0' || value === 0 || value === null ? undefined : value), id(label).optional());

export const betListForm = z.object({
  clientId: optionalId('clientId'),
  sportId: id('sportId'),
  weekId: optionalId('weekId'),
  userId: optionalId('userId'),
  teamId: optionalId('teamId'),
  limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100').default(100),
  bonusBets: flag.optional(),
  regularBets: flag.optional(),
});

export const requestedBet = z.object({
  gameId: id('gameId'),
  teamId: id('teamId'),
  points: z.coerce.number({ error: 'points must be a number' }).int('points must be a whole number'),
  pointSpread: z.coerce.number({ error: 'pointSpread must be a number' }).optional(),
});

const slipTarget = { userId: optionalId('userId'), sportId: optionalId('sportId'), weekId: optionalId('weekId') };

export const setBetsBody = z.object({
  ...slipTarget,
  bets: z.array(requestedBet, { error: 'bets must be a list' }).max(5, 'At most 5 regular picks a week'),
});

export const setBonusBetsBody = z.object({
  ...slipTarget,
  bets: z.array(requestedBet, { error: 'bets must be a list' }).length(1, 'Send exactly one bonus bet'),
});

export const betIdQuery = z.object({ id: z.string({ error: 'id is required' }).regex(/^\d+-\d+$/, 'There is no such bet') });

export const betHistoryQuery = z.object({ userId: optionalId('userId'), sportId: id('sportId'), weekId: id('weekId') });

export const gameListForm = z.object({ sportId: id('sportId'), weekId: optionalId('weekId'), teamId: optionalId('teamId'), ...paging });

export const teamListForm = z.object({ sportId: id('sportId'), ...paging, limit: paging.limit.default(100) });

export const balanceQuery = z.object({
  clientId: optionalId('clientId'),
  sportId: id('sportId'),
  weekId: id('weekId'),
  seasonId: optionalId('seasonId'),
  showRegularGames: flag.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const statsQuery = z.object({
  clientId: optionalId('clientId'),
  sportId: id('sportId'),
  seasonId: optionalId('seasonId'),
  weekId: id('weekId'),
  userId: optionalId('userId'),
});

export const sportForm = z.object({ sportId: id('sportId') });
export const closeWeekForm = z.object({ sportId: id('sportId'), weekId: id('weekId') });
export const jobQuery = z.object({ id: id('id') });

export const seasonPointsQuery = z.object({ clientId: optionalId('clientId'), sportId: id('sportId') });
