import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import type { Team } from '@/lib/api/get-team-list';
import { useContractMutation } from '@/lib/use-contract-mutation';

export type SetTeamLogoInput = RequestOf<typeof contracts.setTeamLogo>;

/** Sends the SVG file's text; the server keeps only its drawing and answers the team with the logo as saved. */
export const setTeamLogo = (input: SetTeamLogoInput): Promise<Team> => api.call(contracts.setTeamLogo, input);

/** Sets a team's logo, then refreshes the sport's teams. */
export function useSetTeamLogo() {
  return useContractMutation(contracts.setTeamLogo, setTeamLogo);
}
