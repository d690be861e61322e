// The pick reminders sent (functions/jobs/pick-reminders.ts): one item per player and week, claimed before the
// mail goes out, so a player is reminded at most once a week.
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { putItem } from './state-table.ts';

export interface Reminder {
  clientId: number;
  sportId: number;
  weekId: number;
  userId: number;
}

const reminderKey = ({ clientId, sportId, weekId, userId }: Reminder) =>
  keys.pickReminder(clientId, sportId, weekId, userId);

/** True when this run may send the reminder: nobody claimed it before. */
export async function claimReminder(deps: Pick<Deps, 'db' | 'tables' | 'clock'>, reminder: Reminder) {
  try {
    await putItem(deps, { ...reminderKey(reminder), sentAt: deps.clock.now().toISOString() }, { ifAbsent: true });
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
}

/** Gives the claim back (the mail was not sent), so the next run reminds the player after all. */
export const releaseReminder = (deps: Pick<Deps, 'db' | 'tables'>, reminder: Reminder) =>
  deps.db.send(new DeleteCommand({ TableName: deps.tables.state, Key: reminderKey(reminder) }));
