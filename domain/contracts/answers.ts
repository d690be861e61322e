// The schemas of the answers several calls share. Each is typed with the domain's own type, so a schema that
// leaves out a field the server sends, or describes it otherwise, does not compile.
import * as z from 'zod/mini';
import { Permission } from '../auth/permissions.ts';
import { type Client, RoleType, type UserPayload, UserStatus } from '../auth/user.ts';
import type { BetRow } from '../betting/bet-rows.ts';
import { BetResult } from '../betting/grading.ts';
import { GameStatus } from '../catalogue/game-status.ts';
import {
  type Affiliate,
  type ClientSport,
  type DayFlags,
  type PlayedSport,
  type Sport,
  type Team,
  teamFields,
} from '../catalogue/types.ts';
import type { Week } from '../season/weeks.ts';
import {
  type IntegrationMethod,
  loginCheckPurpose,
  methodTypes,
  passingParameterMethods,
  type Prize,
} from '../tenancy/client-settings.ts';
import { pushKinds } from '../push/push-kinds.ts';
import type { Message } from './contract.ts';

export const int = z.int();
export const text = z.string();
export const nullableInt = z.nullable(int);
export const nullableNumber = z.nullable(z.number());
export const nullableText = z.nullable(text);
export const optionalText = z.optional(text);
/** A UTC ISO instant. */
export const instant = z.string().check(z.iso.datetime({ offset: true }));
export const gameStatus = z.enum(GameStatus);
export const betResult = z.enum(BetResult);
export const userStatus = z.enum(UserStatus);
export const permission = z.enum(Permission);
const pickDay = z.union([1, 2, 3, 4, 5, 6, 7].map((day) => z.literal(day as 1 | 2 | 3 | 4 | 5 | 6 | 7)));

export const message: z.ZodMiniType<Message> = z.object({ message: text });

export const week: z.ZodMiniType<Week> = z.object({
  id: int,
  sportId: int,
  seasonId: int,
  number: int,
  beginDate: instant,
  endDate: instant,
});

const dayFlags = {
  allowMondayPicks: z.boolean(),
  allowTuesdayPicks: z.boolean(),
  allowWednesdayPicks: z.boolean(),
  allowThursdayPicks: z.boolean(),
  allowFridayPicks: z.boolean(),
  allowSaturdayPicks: z.boolean(),
  allowSundayPicks: z.boolean(),
  firstBonusGameDay: pickDay,
  secondBonusGameDay: pickDay,
} satisfies Record<keyof DayFlags, z.ZodMiniType>;

export const sport: z.ZodMiniType<Sport> = z.object({
  id: int,
  name: text,
  active: z.boolean(),
  providerKey: z.enum(['NFL', 'NBA', 'NHL', 'MLB']),
  timeZone: text,
  version: z.optional(int),
  ...dayFlags,
});

const clientSportShape = {
  id: int,
  clientId: int,
  sportId: int,
  sportName: text,
  affiliateId: int,
  affiliateName: text,
  archivedAt: z.optional(instant),
  playedSince: z.optional(instant),
  version: z.optional(int),
  ...dayFlags,
};

export const clientSport: z.ZodMiniType<ClientSport> = z.object(clientSportShape);

export const playedSport: z.ZodMiniType<PlayedSport> = z.object({ ...clientSportShape, timeZone: text });

export const affiliate: z.ZodMiniType<Affiliate> = z.object({ id: int, sportId: int, name: text, url: text });

const teamField = z.enum(teamFields);

export const team: z.ZodMiniType<Team> = z.object({
  id: int,
  sportId: int,
  name: text,
  city: text,
  mascot: text,
  abbreviation: text,
  logo: text,
  handEdited: z.optional(z.array(teamField)),
  feedValues: z.optional(
    z.object({
      name: z.optional(text),
      city: z.optional(text),
      mascot: z.optional(text),
      abbreviation: z.optional(text),
      logo: z.optional(text),
    } satisfies Record<(typeof teamFields)[number], z.ZodMiniType>),
  ),
  markChanges: z.optional(int),
});

export const liveResult = z.nullable(z.union([z.literal('winning'), z.literal('losing'), z.literal('push')]));

export const betRow: z.ZodMiniType<BetRow> = z.object({
  id: nullableText,
  gameId: int,
  beginning: instant,
  eventStatus: gameStatus,
  homeTeamId: int,
  homeTeamName: text,
  homeTeamScore: nullableInt,
  awayTeamId: int,
  awayTeamName: text,
  awayTeamScore: nullableInt,
  gameClock: optionalText,
  winnerTeamId: nullableInt,
  pointSpread: z.number(),
  homeSpread: z.number(),
  points: int,
  isBonusGame: z.boolean(),
  betResult,
  signedPoints: int,
  bidType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  handicapId: int,
  useAffiliateSpread: z.boolean(),
  liveResult,
  pickShare: z.nullable(z.object({ home: z.number(), away: z.number(), picks: int })),
});

export const userPayload: z.ZodMiniType<UserPayload> = z.object({
  active: userStatus,
  client: text,
  clientId: int,
  id: int,
  login: text,
  /** The role's permission codes, "1, 2, 5". */
  permissions: text,
  role: text,
  roleId: int,
  displayName: text,
  emailAddress: text,
  firstName: text,
  lastName: text,
  middleName: text,
  phoneNumber: text,
  pickReminders: z.boolean(),
  pickReminderTiming: z.enum(['week', 'days']),
  announcementMails: z.boolean(),
  push: z.array(z.enum(pushKinds)),
});

export const roleType = z.enum(RoleType);

/** A client as the lists show it: `inviteOnly` said either way. */
export type ClientRow = Omit<Client, 'archivedAt' | 'inviteOnly' | 'reminderHours'> & {
  inviteOnly: boolean;
  reminderHours: number;
};

export const clientRow: z.ZodMiniType<ClientRow> = z.object({
  id: int,
  name: text,
  domain: text,
  dateCreated: instant,
  inviteOnly: z.boolean(),
  reminderHours: int,
});

/** A prize as listed; its `version` is what an edit of it names as the version it was made from. */
export type PrizeRow = Omit<Prize, 'archivedAt' | 'version'> & { version: number };

export const prizeRow: z.ZodMiniType<PrizeRow> = z.object({
  id: int,
  clientId: int,
  name: text,
  cost: z.number(),
  active: z.boolean(),
  version: int,
});

/** An integration method as listed; its `version` is what an edit of it names as the version it was made from. */
export type MethodRow = Omit<IntegrationMethod, 'version'> & { version: number };

export const methodRow: z.ZodMiniType<MethodRow> = z.object({
  id: int,
  clientId: int,
  methodPurpose: z.literal(loginCheckPurpose),
  methodType: z.enum(methodTypes),
  passingParameterMethod: z.enum(passingParameterMethods),
  url: text,
  parameterName: text,
  requestBody: text,
  headerName: text,
  headerValue: text,
  version: int,
});

/** A list page: the rows and how many there are in all. */
export const page = <T>(row: z.ZodMiniType<T>) => z.object({ total: int, data: z.array(row) });
