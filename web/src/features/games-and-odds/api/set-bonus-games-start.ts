import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';
import { useContractMutation } from '@/lib/use-contract-mutation';

export interface SetBonusGamesStartInput {
  /** Another client's start, for one who may act on all clients; the caller's own client when undefined. */
  clientId: number | undefined;
  seasonId: number;
  /** ISO instant. */
  begin: string;
}

/** Sets when the client's last day of the season becomes a bonus day. */
export const setBonusGamesStart = (input: SetBonusGamesStartInput) => api.call(contracts.setBonusGamesStart, input);

/**
 * A new start changes which day is a bonus day: the contract names the season and the pick lists to ask again.
 * Triggering throws the API error when the start is refused.
 */
export function useSetBonusGamesStart() {
  return useContractMutation(contracts.setBonusGamesStart, setBonusGamesStart, { throwOnError: true });
}
