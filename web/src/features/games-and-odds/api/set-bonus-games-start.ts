import { contracts } from '#domain/contracts/api.ts';
import { api } from '@/lib/api-client';

export interface SetBonusGamesStartInput {
  /** Another client's start, for one who may act on all clients; the caller's own client when undefined. */
  clientId: number | undefined;
  seasonId: number;
  /** ISO instant. */
  begin: string;
}

/** Sets when the client's last day of the season becomes a bonus day. */
export const setBonusGamesStart = (input: SetBonusGamesStartInput) => api.call(contracts.setBonusGamesStart, input);
