// The state table's key layout, in one place (docs/data-model.md lists every key with its queries). Most
// client-owned items live under their client's partition, so a query that starts from the caller's clientId
// cannot reach another tenant; clients and roles (the System Roles and every client's) live in one global
// partition each, their items carrying the clientId that every reader checks.
import { storedJobTypeName } from '#domain/contracts/job-types.ts';
import type { LockKind } from '#domain/processes/pick-locks.ts';
import { seasonOfWeek, weekNumberOf } from '#domain/season/weeks.ts';

export type FeedRefKind = 'TEAM' | 'GAME' | 'AFFILIATE';
const pad = (value: number, width = 10) => String(value).padStart(width, '0');

/** The kinds of item found by their id alone, through GSI1 (client-owned ones, and manual lines). */
export type OwnedKind = 'CLIENTSPORT' | 'PRIZE' | 'METHOD' | 'MANUALLINE';
const ownedIndex = (kind: OwnedKind, id: number) => ({ GSI1PK: `${kind}#${id}`, GSI1SK: kind });
const clientPartition = (clientId: number) => `CLIENT#${clientId}`;
const stampPrefix = 'STAMP#';

/** The claims of a client's role names (null: the System Roles'), one per live role (docs/invariants.md, inv-2). */
const roleNamesPartition = (clientId: number | null) => `ROLENAME#${clientId ?? 'SYSTEM'}`;

export const keys = {
  /** Clients in one partition, so the clients list is one query. */
  client: (clientId: number) => ({ PK: 'CLIENTS', SK: `CLIENT#${pad(clientId)}` }),
  clientsPartition: 'CLIENTS',
  clientPartition,
  domainClaim: (domain: string) => ({ PK: `DOMAIN#${domain}`, SK: 'CLAIM' }),
  user: (clientId: number, userId: number) => ({ PK: clientPartition(clientId), SK: `USER#${pad(userId)}` }),
  userPrefix: 'USER#',
  /** The ids of the client's administrators, one item, so "never below one" is one conditional write. */
  administrators: (clientId: number) => ({ PK: clientPartition(clientId), SK: 'ADMINISTRATORS' }),
  /** GSI1 partition of login claims whose account is not whole yet (user, directory row or mail to come). */
  pendingAccounts: 'PENDINGACCOUNT',
  /** The older user directory (a hundred users per item), read once by the migration to the list's rows. */
  userDirectoryPartition: (clientId: number) => `USERDIR#${clientId}`,
  /** A user's row in the users list, one per order the list offers; GSI1 keeps each order sorted per client. */
  userListRow: (clientId: number, order: string, userId: number) => ({
    PK: `USERLIST#${clientId}`,
    SK: `${order}#${pad(userId)}`,
  }),
  userListPartition: (clientId: number) => `USERLIST#${clientId}`,
  userListOrder: (clientId: number, order: string) => `USERLIST#${clientId}#${order}`,
  /** How many listed users the client has per role and status, kept by the same writes as the rows. */
  userCounts: (clientId: number) => ({ PK: `USERLIST#${clientId}`, SK: 'COUNTS' }),
  loginClaim: (clientId: number, login: string) => ({ PK: `LOGIN#${clientId}#${login.toLowerCase()}`, SK: 'CLAIM' }),
  /** Every login claim's partition starts so (a scan of them: migrate-login-claims.ts). */
  loginClaimPrefix: 'LOGIN#',
  addressThrottle: (clientId: number, login: string, address: string) => ({
    PK: `THROTTLE#${clientId}#${login.toLowerCase()}`,
    SK: `ADDRESS#${address}`,
  }),
  loginThrottle: (clientId: number, login: string, window: number) => ({
    PK: `THROTTLE#${clientId}#${login.toLowerCase()}`,
    SK: `WINDOW#${window}`,
  }),
  /** An address's failed sign-ins in a window, whatever the logins and clients. */
  addressWindowThrottle: (address: string, window: number) => ({
    PK: `THROTTLE#ADDRESS#${address}`,
    SK: `WINDOW#${window}`,
  }),
  resetMails: (clientId: number, login: string, window: number) => ({
    PK: `RESETMAILS#${clientId}#${login.toLowerCase()}`,
    SK: `WINDOW#${window}`,
  }),
  loginChecks: (clientId: number, address: string, window: number) => ({
    PK: `LOGINCHECKS#${clientId}#${address}`,
    SK: `WINDOW#${window}`,
  }),
  resetToken: (tokenHash: string) => ({ PK: `RESET#${tokenHash}`, SK: 'TOKEN' }),
  latestResetToken: (clientId: number, userId: number) => ({ PK: `RESETOF#${clientId}#${userId}`, SK: 'LATEST' }),
  /** When an administrator last mailed the user a set-password link (one a user per interval). */
  userLinkMail: (clientId: number, userId: number) => ({ PK: `RESETOF#${clientId}#${userId}`, SK: 'ADMINMAIL' }),
  role: (roleId: number) => ({ PK: 'ROLES', SK: `ROLE#${pad(roleId)}` }),
  rolesPartition: 'ROLES',
  sport: (sportId: number) => ({ PK: 'SPORTS', SK: `SPORT#${pad(sportId)}` }),
  sportsPartition: 'SPORTS',
  affiliate: (sportId: number, affiliateId: number) => ({
    PK: `AFFILIATES#${sportId}`,
    SK: `AFFILIATE#${pad(affiliateId)}`,
  }),
  clientSport: (clientId: number, sportId: number) => ({ PK: clientPartition(clientId), SK: `SPORT#${pad(sportId)}` }),
  /** Version stamps of the live reads' answers (store/stamps.ts): the week's games, shared by every client. */
  weekGamesStamp: (weekId: number) => ({ PK: `${stampPrefix}GAMES#${weekId}`, SK: 'STAMP' }),
  /** The week's games as every client's views have taken them in, shared by every client. */
  weekLiveStamp: (weekId: number) => ({ PK: `${stampPrefix}LIVE#${weekId}`, SK: 'STAMP' }),
  /** The client's week: its slips and its views. */
  clientWeekStamp: (clientId: number, weekId: number) => ({
    PK: `${stampPrefix}${clientPartition(clientId)}`,
    SK: `WEEK#${weekId}`,
  }),
  /** The client's sport: its settings and its players' names. */
  clientSportStamp: (clientId: number, sportId: number) => ({
    PK: `${stampPrefix}${clientPartition(clientId)}`,
    SK: `SPORT#${pad(sportId)}`,
  }),
  /** A sport's teams as the pick lists name them: moved after each build of its team map (store/team-map.ts). */
  sportTeamsStamp: (sportId: number) => ({ PK: `${stampPrefix}TEAMS#${sportId}`, SK: 'STAMP' }),
  /** Every stamp's partition starts so: the only state items the projector and the bets area may update. */
  stampPrefix,
  clientSportIndex: (clientSportId: number) => ownedIndex('CLIENTSPORT', clientSportId),
  clientSportPrefix: 'SPORT#',
  prize: (clientId: number, prizeId: number) => ({
    PK: clientPartition(clientId),
    SK: `PRIZE#${pad(prizeId)}`,
    ...ownedIndex('PRIZE', prizeId),
  }),
  prizePrefix: 'PRIZE#',
  /** An invite link of the client (docs/rules.md, Invites). */
  invite: (clientId: number, inviteId: number) => ({ PK: clientPartition(clientId), SK: `INVITE#${pad(inviteId)}` }),
  invitePrefix: 'INVITE#',
  /** GSI1 of an invite link: found by the hash of its code. */
  inviteCode: (codeHash: string) => ({ GSI1PK: `INVITECODE#${codeHash}`, GSI1SK: 'INVITE' }),
  /** An announcement of the client (docs/rules.md, Announcements); the sort key orders them by id. */
  announcement: (clientId: number, announcementId: number) => ({
    PK: clientPartition(clientId),
    SK: `ANNOUNCEMENT#${pad(announcementId)}`,
  }),
  announcementPrefix: 'ANNOUNCEMENT#',
  /** A message to the client's administrators (docs/rules.md, Contact Admin); the sort key orders them by id. */
  adminMessage: (clientId: number, messageId: number) => ({
    PK: clientPartition(clientId),
    SK: `ADMINMESSAGE#${pad(messageId)}`,
  }),
  adminMessagePrefix: 'ADMINMESSAGE#',
  /** When a user sent their messages of the last hour to the administrators (at most five an hour). */
  adminMessageSends: (clientId: number, userId: number) => ({
    PK: clientPartition(clientId),
    SK: `CONTACTSENT#${pad(userId)}`,
  }),
  requestKey: (clientId: number, userId: number, key: string) => ({ PK: `REQUEST#${clientId}#${userId}`, SK: key }),
  requestPrefix: 'REQUEST#',
  /** The newest announcement of the client a user has read. */
  announcementsRead: (clientId: number, userId: number) => ({
    PK: clientPartition(clientId),
    SK: `ANNOUNCEMENTSREAD#${pad(userId)}`,
  }),
  method: (clientId: number, methodId: number) => ({
    PK: clientPartition(clientId),
    SK: `METHOD#${pad(methodId)}`,
    ...ownedIndex('METHOD', methodId),
  }),
  methodPrefix: 'METHOD#',
  /** Which method serves a purpose in the client: claimed before the method is written, so a purpose has one. */
  methodPurposeClaim: (clientId: number, purpose: string) => ({
    PK: clientPartition(clientId),
    SK: `PURPOSECLAIM#${purpose}`,
  }),
  /** Which role holds a name among a client's roles (clientId null: the System Roles), in any case. */
  roleNameClaim: (clientId: number | null, name: string) => ({
    PK: roleNamesPartition(clientId),
    SK: `NAME#${name.toLowerCase()}`,
  }),
  /** The claims of a client's role names (null: the System Roles'), one per live role (docs/invariants.md, inv-2). */
  roleNamesPartition,
  /** The GSI1 partition of a client-owned item found by id. */
  owned: (kind: OwnedKind, id: number) => ownedIndex(kind, id).GSI1PK,
  /** The sport's current season; every season, past ones too, is also kept under seasonOf. */
  season: (sportId: number) => ({ PK: 'SEASONS', SK: `SPORT#${pad(sportId)}` }),
  seasonOf: (sportId: number, seasonId: number) => ({ PK: `SEASONS#${sportId}`, SK: `SEASON#${pad(seasonId)}` }),
  seasonsPartition: (sportId: number) => `SEASONS#${sportId}`,
  /** A week by its id, which names its season (weekIdOf): past seasons' weeks stay readable. */
  week: (weekId: number) => ({ PK: `WEEKS#${seasonOfWeek(weekId)}`, SK: `WEEK#${pad(weekNumberOf(weekId), 3)}` }),
  weeksPartition: (seasonId: number) => `WEEKS#${seasonId}`,
  /** Our id of a feed's team, game or affiliate (functions/jobs/feed-refs.ts), per feed and sport. */
  feedRef: (feed: string, sportId: number, kind: FeedRefKind, ref: string) => ({
    PK: `FEEDREF#${feed}#${sportId}`,
    SK: `${kind}#${ref}`,
  }),
  feedRefsPartition: (feed: string, sportId: number) => `FEEDREF#${feed}#${sportId}`,
  /** What a sport's results feed last reported, once it was all applied (functions/jobs/results-digest.ts). */
  resultsDigest: (sportId: number) => ({ PK: 'RESULTSDIGEST', SK: `SPORT#${pad(sportId)}` }),
  team: (sportId: number, teamId: number) => ({ PK: `TEAMS#${sportId}`, SK: `TEAM#${pad(teamId)}` }),
  teamsPartition: (sportId: number) => `TEAMS#${sportId}`,
  /** A sport's team map (names and logos of all its teams) in one item (functions/store/team-map.ts). */
  teamMap: (sportId: number) => ({ PK: 'TEAMMAPS', SK: `SPORT#${pad(sportId)}` }),
  /** A week's games in one partition; GSI1 finds a game by id. */
  game: (weekId: number, gameId: number) => ({
    PK: `GAMES#${weekId}`,
    SK: `GAME#${pad(gameId)}`,
    GSI1PK: `GAME#${gameId}`,
    GSI1SK: 'GAME',
  }),
  gamesPartition: (weekId: number) => `GAMES#${weekId}`,
  gameIndex: (gameId: number) => `GAME#${gameId}`,
  spread: (affiliateId: number, weekId: number, gameId: number) => ({
    PK: `SPREADS#${affiliateId}#${weekId}`,
    SK: `GAME#${pad(gameId)}`,
  }),
  /** An affiliate's manual line, a week's in one partition; GSI1 finds it by its handicapId. */
  manualLine: (line: { affiliateId: number; weekId: number; gameId: number; handicapId: number }) => ({
    PK: `MANUALSPREADS#${line.affiliateId}#${line.weekId}`,
    SK: `GAME#${pad(line.gameId)}`,
    ...ownedIndex('MANUALLINE', line.handicapId),
  }),
  manualLinesPartition: (affiliateId: number, weekId: number) => `MANUALSPREADS#${affiliateId}#${weekId}`,
  /** Manual lines as they were kept per client (MANUALLINES#{client}#{affiliate}#{week}), until migrated. */
  clientManualLinesPrefix: 'MANUALLINES#',
  /** Marks a one-time migration of the state table as done. */
  migration: (name: string) => ({ PK: 'MIGRATIONS', SK: name }),
  /** When the client's last day of the season becomes a bonus day. */
  bonusStart: (clientId: number, seasonId: number) => ({
    PK: clientPartition(clientId),
    SK: `BONUSSTART#${pad(seasonId)}`,
  }),
  /** A part of the file an upload hands to its job (functions/store/job-files.ts). */
  jobFilePart: (clientId: number, jobId: number, part: number) => ({
    PK: `JOBFILE#${clientId}#${jobId}`,
    SK: `PART#${String(part).padStart(4, '0')}`,
  }),
  jobFilePartition: (clientId: number, jobId: number) => `JOBFILE#${clientId}#${jobId}`,
  jobFilePartPrefix: 'PART#',
  job: (clientId: number, jobId: number) => ({ PK: clientPartition(clientId), SK: `JOB#${pad(jobId)}` }),
  /** GSI1 entry of an unfinished job (queued, running): the maintenance finds abandoned ones here, not in the table. */
  openJob: (clientId: number, jobId: number) => ({ GSI1PK: 'OPENJOB', GSI1SK: `${pad(clientId)}#${pad(jobId)}` }),
  openJobsPartition: 'OPENJOB',
  /**
   * The last job of a kind that runs one at a time per sport (store/job-flights.ts), whether it is still open. The
   * kind is its stored name (Import Scores': `ImportResults`), so a claim taken before a rename holds after it.
   */
  jobFlight: (type: string, sportId: number) => ({
    PK: 'JOBFLIGHTS',
    SK: `${storedJobTypeName(type)}#${pad(sportId)}`,
  }),
  /** The client's last start of a feed import of a kind and sport (store/job-flights.ts): its open job, its cooldown. */
  importStart: (clientId: number, type: string, sportId: number) => ({
    PK: clientPartition(clientId),
    SK: `IMPORTSTART#${storedJobTypeName(type)}#${pad(sportId)}`,
  }),
  spreadsPartition: (affiliateId: number, weekId: number) => `SPREADS#${affiliateId}#${weekId}`,
  /** Every process's schedules in one item, so an alter of several processes is one conditional write. */
  processSchedules: { PK: 'PROCESSES', SK: 'SCHEDULES' },
  /** A deleted schedule, out of the book so the book holds only the live ones (store/process-schedules.ts). */
  archivedSchedule: (id: number) => ({ PK: 'PROCESSES', SK: `ARCHIVED#${pad(id)}` }),
  /** Held by the run of a process that is working, so two runs of it never overlap. */
  processLease: (processId: number) => ({ PK: 'PROCESSES', SK: `LEASE#${pad(processId, 3)}` }),
  /**
   * A scheduled run's job id: the process and the scheduled minute, so every trigger of one run claims the same
   * job. Under the system client, a process's runs share the job key prefix processRunPrefix.
   */
  processRunId: (processId: number, scheduledAt: Date) =>
    processId * 100_000_000 + Math.floor(scheduledAt.getTime() / 60_000),
  /** What a feed with a quota last said remains of it, read by Live Scores before it polls. */
  feedQuota: (feed: string) => ({ PK: 'PROCESSES', SK: `QUOTA#${feed}` }),
  processRunPrefix: (processId: number) => `JOB#${String(processId).padStart(2, '0')}`,
  /** The jobs people asked for: their ids come from the counter, far below every process run's (processRunId). */
  requestedJobPrefix: 'JOB#00',
  /** A player reminded of a week's picks before one of its locks (functions/jobs/pick-reminders.ts): one mail a lock. */
  pickReminder: (clientId: number, sportId: number, weekId: number, userId: number, lock: LockKind = 'week') => ({
    PK: `REMINDED#${clientId}#${sportId}#${weekId}`,
    // The week's lock keeps the key a reminder had when there was one a week.
    SK: lock === 'week' ? `USER#${pad(userId)}` : `USER#${pad(userId)}#LASTDAY`,
  }),
  /** A lock of a client sport's week whose reminders went out: the schedule looks past it. */
  reminderLockDone: (clientId: number, sportId: number, weekId: number, lock: LockKind) => ({
    PK: `REMINDERSDONE#${clientId}`,
    SK: `${sportId}#${weekId}#${lock}`,
  }),
  reminderLocksDone: (clientId: number) => `REMINDERSDONE#${clientId}`,
  /** A player nudged about a week's picks on a day of the sport's zone (functions/jobs/nudge.ts): one mail a day. */
  nudge: (clientId: number, sportId: number, weekId: number, userId: number, date: string) => ({
    PK: `NUDGED#${clientId}#${sportId}#${weekId}`,
    SK: `USER#${pad(userId)}#${date}`,
  }),
  /** A player mailed an announcement (functions/jobs/mail-announcement.ts): once, whatever re-runs the job. */
  announcementMail: (clientId: number, announcementId: number, userId: number) => ({
    PK: `ANNOUNCED#${clientId}#${announcementId}`,
    SK: `USER#${pad(userId)}`,
  }),
  /** An administrator mailed a message to the administrators (functions/jobs/mail-admin-message.ts): once. */
  adminMessageMail: (clientId: number, messageId: number, userId: number) => ({
    PK: `MESSAGED#${clientId}#${messageId}`,
    SK: `USER#${pad(userId)}`,
  }),
  /**
   * A device's push subscription (functions/store/push-subscriptions.ts): one item per endpoint (by its hash) in the
   * client, naming the one user it belongs to; GSI1 lists each user's devices (`keys.pushDevicesOf`).
   */
  pushDevice: (clientId: number, endpointId: string) => ({
    PK: clientPartition(clientId),
    SK: `PUSHDEVICE#${endpointId}`,
  }),
  pushDevicesOf: (clientId: number, userId: number) => `PUSHDEVICES#${clientId}#${pad(userId)}`,
  /** A push subscription as it was kept per user and endpoint, until migrated to one device per endpoint. */
  pushSubscription: (clientId: number, userId: number, endpointId: string) => ({
    PK: clientPartition(clientId),
    SK: `PUSHSUB#${pad(userId)}#${endpointId}`,
  }),
  pushSubscriptionPrefix: 'PUSHSUB#',
  /** A push sent for an occasion (the key of its mail's claim, or weekGraded's): once per player, kind and occasion. */
  pushSent: (occasion: { PK: string; SK: string }) => ({ PK: `PUSHED#${occasion.PK}`, SK: occasion.SK }),
  /** The occasion of a player's push that a client's week was graded (functions/jobs/close-week.ts). */
  weekGraded: (clientId: number, sportId: number, weekId: number, userId: number) => ({
    PK: `GRADED#${clientId}#${sportId}#${weekId}`,
    SK: `USER#${pad(userId)}`,
  }),
  /** The pushes a player was sent in a minute (functions/store/push-claims.ts): at most pushLimits.perMinute. */
  pushRate: (clientId: number, userId: number, minute: number) => ({
    PK: `PUSHRATE#${clientId}#${userId}`,
    SK: `MINUTE#${minute}`,
  }),
};
