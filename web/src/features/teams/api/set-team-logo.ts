import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { contracts } from '#domain/contracts/api.ts';
import type { RequestOf } from '#domain/contracts/contract.ts';
import { api } from '@/lib/api-client';
import { type Team, teamListKey } from '@/lib/api/get-team-list';

export type SetTeamLogoInput = RequestOf<typeof contracts.setTeamLogo>;

export const setTeamLogoKey = '/api/Team/set-logo';

/** Sends the SVG file's text; the server keeps only its drawing and answers the team with the logo as saved. */
export const setTeamLogo = (input: SetTeamLogoInput): Promise<Team> => api.call(contracts.setTeamLogo, input);

/** Sets a team's logo, then refreshes the sport's teams. */
export function useSetTeamLogo() {
  const { mutate } = useSWRConfig();
  return useSWRMutation<Team, Error, typeof setTeamLogoKey, SetTeamLogoInput>(
    setTeamLogoKey,
    (_key, { arg }) => setTeamLogo(arg),
    { throwOnError: false, onSuccess: (team) => void mutate(teamListKey(team.sportId)) },
  );
}
