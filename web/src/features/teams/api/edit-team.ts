import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import type { Team } from '@/lib/api/get-team-list';
import { useContractMutation } from '@/lib/use-contract-mutation';

export type EditTeamInput = RequestOf<typeof contracts.editTeam>;

export const editTeam = (input: EditTeamInput): Promise<Team> => api.call(contracts.editTeam, input);

/** Changes a team's name, city, mascot and abbreviation, then refreshes the sport's teams. */
export function useEditTeam() {
  return useContractMutation(contracts.editTeam, editTeam);
}
