// Who has not placed all five regular picks of a week (docs/rules.md, Missing picks): the client's active players
// whose role may set bets, in display-name order, each with the regular picks their slip holds. A page reads the
// users list's rows from its cursor and the slip-cells fact of each (views/slip-cells.ts, one BatchGet per hundred),
// so its cost follows the rows it passes over, at most `scanBudget`, never the size of the client.
import * as z from 'zod/mini';
import { Permission } from '#domain/auth/permissions.ts';
import { type Client, isActiveMember } from '#domain/auth/user.ts';
import { regularPoints } from '#domain/betting/slip.ts';
import type { MissingPick, MissingPicksPage } from '#domain/contracts/bets.ts';
import { defaultReminderTiming, type LockKind, remindsBefore } from '#domain/processes/pick-locks.ts';
import type { PushMessage } from '#domain/push/push-kinds.ts';
import { mailOptOutLine } from '#domain/tenancy/mail-opt-out.ts';
import type { Week } from '#domain/season/weeks.ts';
import type { Deps } from '../adapters/deps.ts';
import type { Mail } from '../adapters/mailer.ts';
import { logger } from '../adapters/logger.ts';
import type { FaultsPassed } from '../adapters/transient-fault.ts';
import { activePlayersStep, roleIdsHolding, type Place } from '../store/active-players.ts';
import { decodeCursor, encodeCursor } from '../store/page-cursor.ts';
import { type Key, batchGet } from '../store/state-table.ts';
import { type ClaimTerms, mailOnce } from '../store/mail-claims.ts';
import { pushOnce } from '../store/push-claims.ts';
import { getUsers } from '../store/users.ts';
import { pad, type WeekScope } from '../views/scope.ts';
import { type SlipCellsRow, slipCellsKey } from '../views/slip-cells.ts';

/** SES's refusal of one message itself (a rejected address), not of the account or a fault: it would be refused again. */
const isRecipientRefusal = (error: unknown) => (error as { name?: unknown } | null)?.name === 'MessageRejected';

type Store = Pick<Deps, 'db' | 'tables'>;

/** How many rows one page may pass over before it answers what it found so far, with a cursor to go on. */
export const scanBudget = 1000;

/**
 * A cursor of the caller's client: the place a page ended, whose `at` (the row's sort key) ends with its user's id,
 * so the key rebuilt from it (store/active-players.ts) is one of the client's rows; anything else is 400.
 */
const cursorOf = (clientId: number) =>
  z
    .object({ clientId: z.literal(clientId), at: z.string().check(z.maxLength(400)), id: z.int().check(z.positive()) })
    .check(z.refine(({ at, id }) => at.endsWith(pad(id))));

/** The regular picks each player holds in the week, from the slip-cells fact (none when the player never picked). */
async function regularPicks(deps: Store, scope: WeekScope, userIds: readonly number[]) {
  const facts = await batchGet<SlipCellsRow>(
    deps,
    userIds.map((userId) => slipCellsKey(scope, userId)),
    'views',
  );
  return new Map(facts.map((fact) => [fact.userId, fact.cells.filter((cell) => !cell.isBonus).length]));
}

/** One page of the players missing picks, from `cursor` (the start when absent). */
export async function missingPicksPage(
  deps: Store,
  scope: WeekScope,
  { limit, cursor }: { limit: number; cursor?: string },
): Promise<MissingPicksPage> {
  const roleIds = await roleIdsHolding(deps, scope.clientId);
  let after: Place | undefined = cursor === undefined ? undefined : decodeCursor(cursor, cursorOf(scope.clientId));
  const data: MissingPick[] = [];
  for (let scanned = 0; scanned < scanBudget;) {
    const step = await activePlayersStep(deps, scope.clientId, roleIds, after);
    scanned += step.scanned;
    const picks = await regularPicks(
      deps,
      scope,
      step.players.map(({ row }) => row.id),
    );
    for (const [index, { row, place }] of step.players.entries()) {
      const placed = picks.get(row.id) ?? 0;
      if (placed >= regularPoints.length) continue;
      data.push({ userId: row.id, displayName: row.displayName, picks: placed });
      if (data.length === limit) {
        const last = index === step.players.length - 1 && !step.next;
        return { data, cursor: last ? null : encodeCursor({ clientId: scope.clientId, ...place }) };
      }
    }
    after = step.next;
    if (!after) return { data, cursor: null };
  }
  return { data, cursor: encodeCursor({ clientId: scope.clientId, ...after! }) };
}

export interface Reminder {
  client: Pick<Client, 'name' | 'domain'>;
  sportName: string;
  week: Pick<Week, 'number'>;
  /** The commissioner who asked for it (a nudge); absent for the scheduled Pick Reminders. */
  nudgedBy?: string;
  /** The claim that keeps the mail to one per player (a week for Pick Reminders, a day for a nudge). */
  claimOf: (userId: number) => Key;
  /** When the claim is forgotten, and the run sending (mail-claims.ts). */
  terms: ClaimTerms;
  /** The lock a scheduled reminder comes before: players whose timing leaves it out are passed over. */
  lock?: { kind: LockKind; text: string };
  /** Told after each page of players that mailed or pushed to someone (a job notes its attempt got somewhere). */
  advanced?: () => Promise<void>;
}

type MailDeps = Pick<Deps, 'db' | 'tables' | 'clock' | 'mailer' | 'push' | 'siteUrl'>;

/**
 * Mails every active player missing picks of the week, a page at a time (a large pool is never held in memory),
 * skipping those who turned pick reminders off and those whose claim was taken before; and pushes it to the devices
 * of those who turned its push on (the reminder's, or the nudge's), once too.
 */
export async function remindPlayersMissingPicks(
  deps: MailDeps,
  scope: WeekScope,
  reminder: Reminder,
  passed?: FaultsPassed,
) {
  const result = { mailed: 0, alreadyMailed: 0, remindersOff: 0, notThisLock: 0, failed: 0, refused: 0, pushed: 0 };
  const profileRoleIds = new Set(await roleIdsHolding(deps, scope.clientId, Permission.ViewOwnProfile));
  let cursor: string | undefined;
  do {
    const page = await missingPicksPage(deps, scope, { limit: 100, cursor });
    const sentBefore = result.mailed + result.pushed;
    const players = await getUsers(
      deps,
      scope.clientId,
      page.data.map((missing) => missing.userId),
    );
    const picksOf = new Map(page.data.map((missing) => [missing.userId, missing.picks]));
    // The users as stored, not their list rows: a row a crash left behind its user's delete reminds nobody.
    for (const player of players.filter(isActiveMember)) {
      const due =
        !reminder.lock || remindsBefore(player.pickReminderTiming ?? defaultReminderTiming, reminder.lock.kind);
      if (due) {
        const push = missingPicksPush({ ...reminder, picks: picksOf.get(player.id)! }, deps);
        const pushed = await pushOnce(
          deps,
          player,
          reminder.nudgedBy ? 'nudge' : 'pickReminder',
          reminder.claimOf(player.id),
          push,
          reminder.terms,
        );
        if (pushed === 'pushed') result.pushed += 1;
      }
      if (player.pickReminders === false) {
        result.remindersOff += 1;
        continue;
      }
      if (!due) {
        result.notThisLock += 1;
        continue;
      }
      const ownProfile = profileRoleIds.has(player.roleId);
      const mail = missingPicksMail({ ...reminder, player, picks: picksOf.get(player.id)!, ownProfile }, deps);
      const sent = await mailOnce(deps, reminder.claimOf(player.id), mail, reminder.terms).catch((error: unknown) => {
        // One refused mail (a throttled SES) keeps no one else from theirs; its claim is back for a retry. Only SES's
        // refusal of this one message (a rejected address) would be the same next time: it is not to retry.
        logger.error('Reminder not mailed', { userId: player.id, error });
        passed?.note(error);
        return isRecipientRefusal(error) ? ('refused' as const) : undefined;
      });
      if (sent === undefined) result.failed += 1;
      else if (sent === 'refused') result.refused += 1;
      else if (sent) result.mailed += 1;
      else result.alreadyMailed += 1;
    }
    if (result.mailed + result.pushed > sentBefore) await reminder.advanced?.();
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return result;
}

/** The push a player missing picks gets, from Pick Reminders or a commissioner's nudge. */
function missingPicksPush(
  { client, sportName, week, picks, nudgedBy, lock }: Reminder & { picks: number },
  deps: Pick<Deps, 'siteUrl'>,
): PushMessage {
  return {
    title: `Your ${sportName} picks for week ${week.number}`,
    body: [
      nudgedBy ? `${nudgedBy} of ${client.name} asked us to remind you:` : undefined,
      `${picks} of your ${regularPoints.length} picks placed.`,
      lock ? `Place them before ${lock.text}.` : 'Place the rest before their games start.',
    ]
      .filter(Boolean)
      .join(' '),
    url: `${deps.siteUrl(client.domain)}/#/picks`,
  };
}

/** The mail a player missing picks gets, from Pick Reminders or a commissioner's nudge. */
function missingPicksMail(
  {
    player,
    client,
    sportName,
    week,
    picks,
    nudgedBy,
    lock,
    ownProfile,
  }: Reminder & { player: { displayName: string; emailAddress: string }; picks: number; ownProfile: boolean },
  deps: Pick<Deps, 'siteUrl'>,
): Mail {
  return {
    to: player.emailAddress,
    subject: `Your ${sportName} picks for week ${week.number}`,
    text: [
      `Hello ${player.displayName},`,
      '',
      ...(nudgedBy ? [`${nudgedBy} of ${client.name} asked us to remind you:`] : []),
      `You have placed ${picks} of your ${regularPoints.length} picks for week ${week.number} of ${sportName} at ${client.name}.`,
      ...(lock ? [`Place them before ${lock.text}.`] : []),
      'Place the rest before their games start:',
      `${deps.siteUrl(client.domain)}/#/picks`,
      '',
      mailOptOutLine('these reminders', ownProfile),
    ].join('\n'),
  };
}
