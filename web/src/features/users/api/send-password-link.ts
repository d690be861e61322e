import { contracts } from '#domain/contracts/api.ts';
import type { Message } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';
import type { UserListRow } from './get-users';

/** Mails the user a new link to choose their password; the server allows one per user in 5 minutes (429). */
export const sendPasswordLink = (user: Pick<UserListRow, 'id' | 'clientId'>): Promise<Message> =>
  api.call(contracts.sendUserPasswordLink, { userId: user.id, clientId: user.clientId });

/** The users list is read again after it: refused for a user deleted or made inactive meanwhile, it shows them so. */
export function useSendPasswordLink() {
  return useContractMutation(contracts.sendUserPasswordLink, sendPasswordLink);
}
