import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export const deleteAnnouncement = (id: number): Promise<{ message: string }> =>
  api.call(contracts.deleteAnnouncement, { id });

export function useDeleteAnnouncement() {
  return useContractMutation(contracts.deleteAnnouncement, deleteAnnouncement);
}
