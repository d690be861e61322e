import useSWR from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { AnnouncementRow, AnnouncementsPage } from '#domain/contracts/announcements.ts';
import { api } from '@/lib/api-client';
import { keyOf } from '@/lib/contract-keys';

export type { AnnouncementRow, AnnouncementsPage };

/** The newest page: what the bell and the dashboard show. */
export const announcementsKey = keyOf(contracts.announcementList, { limit: 20 });

export const getAnnouncements = ([, input]: typeof announcementsKey): Promise<AnnouncementsPage> =>
  api.call(contracts.announcementList, input);

/** The client's newest announcements and how far the signed-in user has read them; asked again every few minutes. */
export function useAnnouncements() {
  return useSWR<AnnouncementsPage, Error, typeof announcementsKey>(announcementsKey, getAnnouncements, {
    refreshInterval: 5 * 60_000,
  });
}
