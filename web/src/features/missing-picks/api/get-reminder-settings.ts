import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { ResponseOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type ReminderSettings = ResponseOf<typeof contracts.reminderSettings>;

export const reminderSettingsKey = keyOf(contracts.reminderSettings, {});

export const getReminderSettings = (): Promise<ReminderSettings> => api.call(contracts.reminderSettings, {});

/** How many hours before each lock Pick Reminders mails, and the reminders ahead. */
export function useReminderSettings() {
  return useSWR<ReminderSettings, Error, typeof reminderSettingsKey>(reminderSettingsKey, getReminderSettings);
}
