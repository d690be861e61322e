import { ZoneNote } from '@/lib/zone-note';
import { useMemo } from 'react';
import { UserStatus } from '#domain/auth/user.ts';
import { useSportSelection } from '@/lib/sport-selection';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert } from '@/ui/alert';
import { Select } from '@/ui/select';
import { useUserList } from '@/lib/api/get-user-list';
import { usePicksFilters } from '@/features/picks/picks-filters';
import { PicksBoard } from './picks-board';

/** The picks page acting on another player's slip, once a player is chosen (docs/rules.md, Third-party picks). */
export function ThirdPartyPicksPage() {
  useDocumentTitle('Third Party Picks');
  const { sportId } = useSportSelection();
  const { thirdPartyUserId, setThirdPartyUser } = usePicksFilters(sportId);
  // The third-party selector offers up to 100 active users of the client: one made not active has left the pool.
  const users = useUserList(100, UserStatus.Active);
  const options = useMemo(
    () =>
      (users.data?.data ?? [])
        // One whose role was deleted is no player (the server refuses picks for a role without set bets, too).
        .filter((user) => !user.roleDeleted)
        .sort((a, b) => a.displayName.localeCompare(b.displayName))
        .map((user) => ({ value: user.id, label: `${user.displayName} (${user.login})` })),
    [users.data],
  );
  const chosen = users.data?.data.find((user) => user.id === thirdPartyUserId);

  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Third Party Picks</h1>
          <p className="page-subtitle">
            {chosen ? `Placing picks on behalf of ${chosen.displayName}` : 'Place picks on behalf of another player.'}
          </p>
          <ZoneNote />
        </div>
        <Select
          label="Player"
          className="third-party-user"
          options={options}
          value={chosen?.id}
          placeholder="Select user"
          disabled={!users.data}
          onChange={setThirdPartyUser}
        />
      </div>
      {users.error && !users.data ? (
        <Alert status="error">The players could not be loaded: {users.error.message}</Alert>
      ) : chosen ? (
        <PicksBoard key={chosen.id} userId={chosen.id} ownerName={chosen.displayName} />
      ) : (
        <Alert status="info">Select user to place a bet</Alert>
      )}
    </>
  );
}
