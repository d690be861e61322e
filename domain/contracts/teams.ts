// The catalogue's teams and sports as the management pages change them: a team's details and logo, a
// sport's Regular and Bonus days. Both are shared by every client.
import * as z from 'zod/mini';
import { bonusGameDayProblems } from '../catalogue/sport-days.ts';
import { logoMaxBytes, type Sport, type Team, teamFields } from '../catalogue/types.ts';
import { sport, team } from './answers.ts';
import { answer, defineContract } from './contract.ts';
import { count, flag, id, limits, name, pickDay, required } from './fields.ts';

export const abbreviation = z.pipe(
  required('Abbreviation', limits.name),
  z.string().check(z.toUpperCase(), z.regex(/^[A-Z0-9]{2,5}$/, 'Abbreviation must be 2 to 5 letters or digits')),
);

/** The team's `markChanges` the change was made from (its row's); 409 TEAM_CHANGED when a hand edit came since. */
const handEditVersion = z.optional(count('version'));

export const editTeam = defineContract({
  method: 'POST',
  path: '/Services/api/Team/edit',
  input: 'form',
  invalidates: ['teamList', 'teamMap'],
  summary: "Changes a team's name, city, mascot and abbreviation (upper case); fields left out stay",
  request: z.object({
    id: id('id'),
    sportId: id('sportId'),
    name: z.optional(name('Name')),
    city: z.optional(name('City')),
    mascot: z.optional(name('Mascot')),
    abbreviation: z.optional(abbreviation),
    version: handEditVersion,
  }),
  response: answer<Team>(team),
  refusals: [404, 409],
});

export const setTeamLogo = defineContract({
  method: 'POST',
  path: '/Services/api/Team/set-logo',
  input: 'json',
  invalidates: ['teamList', 'teamMap'],
  summary:
    "Sets a team's logo from the text of an SVG file (at most 100 kB); only its drawing is kept, nothing that runs or loads",
  request: z.object({
    id: id('id'),
    sportId: id('sportId'),
    // Characters are at most bytes: the exact limit in bytes is checked when the logo is read.
    logo: z
      .string({ error: 'The logo must be the text of an SVG file' })
      .check(z.minLength(1, 'The logo is required'), z.maxLength(logoMaxBytes, 'The logo must be at most 100 kB')),
    version: handEditVersion,
  }),
  response: answer<Team>(team),
  refusals: [404, 409],
});

/** A day of the week: true Regular, false Bonus; always sent, so a missing one is never taken as Bonus. */
const dayKind = (label: string) =>
  z.pipe(
    z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])], {
      error: `${label} must be true (Regular) or false (Bonus)`,
    }),
    z.transform((value) => value === true || value === 'true' || value === '1'),
  );

export const sportDays = {
  allowMondayPicks: dayKind('allowMondayPicks'),
  allowTuesdayPicks: dayKind('allowTuesdayPicks'),
  allowWednesdayPicks: dayKind('allowWednesdayPicks'),
  allowThursdayPicks: dayKind('allowThursdayPicks'),
  allowFridayPicks: dayKind('allowFridayPicks'),
  allowSaturdayPicks: dayKind('allowSaturdayPicks'),
  allowSundayPicks: dayKind('allowSundayPicks'),
  firstBonusGameDay: pickDay('firstBonusGameDay'),
  secondBonusGameDay: pickDay('secondBonusGameDay'),
};

export const editSport = defineContract({
  method: 'POST',
  path: '/Services/api/Sport/edit',
  input: 'form',
  invalidates: ['sportList'],
  summary:
    "Sets each day of a sport's week Regular (true) or Bonus (false) and its two bonus game days, which must be Bonus days; new client sports take them",
  // The sport's version the edit was made from (the list shows it); 409 SPORT_CHANGED when another edit came since.
  request: z
    .object({ id: id('id'), ...sportDays, active: z.optional(flag), version: z.optional(count('version')) })
    .check(
      z.superRefine((days, context) => {
        for (const problem of bonusGameDayProblems(days))
          context.issues.push({ code: 'custom', message: problem.message, path: [problem.field], input: days });
      }),
    ),
  response: answer<Sport>(sport),
  refusals: [404, 409],
});

export const useFeedValue = defineContract({
  method: 'POST',
  path: '/Services/api/Team/use-feed-value',
  input: 'form',
  invalidates: ['teamList', 'teamMap'],
  summary: "Gives a hand-set field of a team (name, city, mascot, abbreviation or logo) the feed's value again",
  request: z.object({
    id: id('id'),
    sportId: id('sportId'),
    field: z.enum(teamFields, { error: `field must be one of ${teamFields.join(', ')}` }),
    version: handEditVersion,
  }),
  response: answer<Team>(team),
  refusals: [404, 409],
});

export const teamsContracts = { editTeam, setTeamLogo, useFeedValue, editSport };
