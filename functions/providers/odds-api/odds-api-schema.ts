// The parts of The Odds API v4 answers the feed reads; anything else in them is ignored.
import * as z from 'zod/mini';

const instant = z.string().check(z.refine((text) => !Number.isNaN(Date.parse(text)), 'not a date'));

const event = {
  id: z.string(),
  commence_time: instant,
  home_team: z.string(),
  away_team: z.string(),
};

/** /v4/sports/{sport}/events */
export const oddsApiEventsAnswer = z.array(z.object(event));
export type OddsApiEvent = z.infer<typeof oddsApiEventsAnswer>[number];

/** /v4/sports/{sport}/scores */
export const oddsApiScoresAnswer = z.array(
  z.object({
    ...event,
    completed: z.boolean(),
    scores: z.nullish(z.array(z.object({ name: z.string(), score: z.union([z.string(), z.number()]) }))),
  }),
);
export type OddsApiScore = z.infer<typeof oddsApiScoresAnswer>[number];

/** /v4/sports/{sport}/odds */
export const oddsApiOddsAnswer = z.array(
  z.object({
    ...event,
    bookmakers: z.array(
      z.object({
        key: z.string(),
        title: z.string(),
        markets: z.array(
          z.object({
            key: z.string(),
            outcomes: z.array(z.object({ name: z.string(), point: z.optional(z.number()) })),
          }),
        ),
      }),
    ),
  }),
);
export type OddsApiOdds = z.infer<typeof oddsApiOddsAnswer>[number];

/** /v4/sports/{sport}/participants */
export const oddsApiParticipantsAnswer = z.array(z.object({ id: z.string(), full_name: z.string() }));
export type OddsApiParticipant = z.infer<typeof oddsApiParticipantsAnswer>[number];
