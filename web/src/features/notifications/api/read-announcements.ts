import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export const readAnnouncements = (throughId: number): Promise<{ readThrough: number }> =>
  api.call(contracts.readAnnouncements, { throughId });

/** Marks the announcements read up to one, for the user on every device. */
export function useReadAnnouncements() {
  return useContractMutation(contracts.readAnnouncements, readAnnouncements);
}
