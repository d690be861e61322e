// The parts of ESPN's site API answers the feed reads; anything else in them is ignored.
import * as z from 'zod/mini';

const team = z.object({
  id: z.string(),
  displayName: z.string(),
  location: z.optional(z.string()),
  name: z.optional(z.string()),
  abbreviation: z.optional(z.string()),
});
export type EspnTeam = z.infer<typeof team>;

/** /apis/site/v2/sports/{sport}/{league}/teams */
export const espnTeamsAnswer = z.object({
  sports: z.array(z.object({ leagues: z.array(z.object({ teams: z.optional(z.array(z.object({ team }))) })) })),
});
export type EspnTeamsAnswer = z.infer<typeof espnTeamsAnswer>;

const status = z.object({
  displayClock: z.optional(z.string()),
  period: z.optional(z.number()),
  type: z.object({
    name: z.string(),
    state: z.optional(z.string()),
    completed: z.optional(z.boolean()),
    shortDetail: z.optional(z.string()),
  }),
});
export type EspnStatus = z.infer<typeof status>;

const competitor = z.object({
  homeAway: z.string(),
  team: z.object({ id: z.string(), displayName: z.string(), abbreviation: z.optional(z.string()) }),
  score: z.optional(z.union([z.string(), z.number()])),
});
export type EspnCompetitor = z.infer<typeof competitor>;

const odds = z.object({
  provider: z.optional(z.object({ id: z.string(), name: z.string() })),
  details: z.optional(z.string()),
  spread: z.optional(z.nullable(z.number())),
});
export type EspnOdds = z.infer<typeof odds>;

const event = z.object({
  id: z.string(),
  date: z.string().check(z.refine((text) => !Number.isNaN(Date.parse(text)), 'not a date')),
  season: z.optional(z.object({ year: z.optional(z.number()), type: z.optional(z.number()) })),
  status: z.optional(status),
  competitions: z
    .array(
      z.object({
        competitors: z.array(competitor),
        status: z.optional(status),
        odds: z.optional(z.array(odds)),
      }),
    )
    .check(z.minLength(1)),
});
export type EspnEvent = z.infer<typeof event>;

/** /apis/site/v2/sports/{sport}/{league}/scoreboard */
export const espnScoreboardAnswer = z.object({ events: z.array(event) });
