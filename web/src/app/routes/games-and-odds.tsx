import { ZoneNote } from '@/lib/zone-note';
import { useState } from 'react';
import { canActAcrossClients, parsePermissions, Permission } from '#domain/auth/permissions.ts';
import { useCurrentUser } from '@/features/auth/api/get-current-user';
import { useCurrentSeason } from '@/lib/api/get-current-season';
import { useClientChoices } from '@/lib/api/get-client-choices';
import { useSports } from '@/lib/api/get-sports';
import {
  ImportGames,
  ImportScores,
  ImportSpreads,
  type ImportSport,
  StartNewSeason,
} from '@/features/games-and-odds/components/import-actions';
import { LastDayBonus } from '@/features/games-and-odds/components/last-day-bonus';
import { RecentImports } from '@/features/games-and-odds/components/recent-imports';
import { useClientSports } from '@/lib/api/get-client-sports';
import { holdsPermissions } from '@/lib/permissions';
import { useSportSelection } from '@/lib/sport-selection';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert } from '@/ui/alert';
import { Select } from '@/ui/select';
import '@/features/games-and-odds/games-and-odds.css';
import { localDate } from '#domain/season/zoned-time.ts';
import { serverNow } from '@/lib/server-clock';

/**
 * The sports-data loads (docs/rules.md, Admin loads). The catalogue they fill is shared by every client: a company
 * administrator imports the sports their client plays, a client manager any sport; a new season needs create and
 * modify clients too, spreads need load spreads, and the last-day bonus start needs create and modify clients.
 */
export function GamesAndOddsPage() {
  useDocumentTitle('Games & Odds');
  const { data: user } = useCurrentUser();
  // Listing the catalogue needs view sports; a client manager without it imports his client's sports.
  const held = user ? parsePermissions(user.permissions) : [];
  const anySport = canActAcrossClients(held) && held.includes(Permission.ViewSports);
  const { data: clientSports, error: clientSportsError } = useClientSports(anySport ? undefined : user?.clientId);
  const { data: allSports, error: allSportsError } = useSports(anySport);
  const sports: ImportSport[] | undefined = anySport
    ? allSports?.map((sport) => ({ sportId: sport.id, sportName: sport.name, timeZone: sport.timeZone }))
    : clientSports
        ?.filter((sport) => !sport.archivedAt)
        .map(({ sportId, sportName, timeZone }) => ({ sportId, sportName, timeZone }));
  // One who may act on all clients sets a chosen client's last-day bonus start.
  const clients = useClientChoices(canActAcrossClients(held) && held.includes(Permission.ViewClients));
  const { selectedSportId: appSportId } = useSportSelection();
  const [chosenId, setChosenId] = useState<number>();
  const sport =
    sports?.find((candidate) => candidate.sportId === (chosenId ?? appSportId)) ??
    (chosenId === undefined ? sports?.[0] : undefined);
  const { data: season } = useCurrentSeason(sport?.sportId);
  const sportName = (id: number) => sports?.find((candidate) => candidate.sportId === id)?.sportName ?? `Sport ${id}`;
  const error = clientSportsError ?? allSportsError;

  const may = (...required: Permission[]) => Boolean(user && holdsPermissions(user, required));
  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Games &amp; Odds</h1>
          <p className="page-subtitle">Seasons, games, scores and spreads from the sports feed</p>
          <ZoneNote zone={sport?.timeZone} />
        </div>
      </div>
      <div className="games-and-odds">
        {error && <Alert status="error">{error.message}</Alert>}
        {sports && sports.length === 0 && <Alert status="info">There is no sport to import.</Alert>}
        {sports && sports.length > 0 && (
          <Select
            label="Sport to import"
            className="games-and-odds__sport"
            options={sports.map((option) => ({ value: option.sportId, label: option.sportName }))}
            value={sport?.sportId}
            onChange={setChosenId}
            searchable={false}
          />
        )}
        {sport && (
          <>
            {may(Permission.LoadGames, Permission.EditClients) && (
              // A new season: the one after the current, or this year in the sport's zone for a sport without one.
              <StartNewSeason
                sport={sport}
                defaultYear={season ? season.year + 1 : Number(localDate(serverNow(), sport.timeZone).slice(0, 4))}
              />
            )}
            <ImportGames sport={sport} />
            <ImportScores sport={sport} />
            {may(Permission.LoadSpreads) && <ImportSpreads sport={sport} />}
            {may(Permission.LoadGames, Permission.EditClients) && (
              <LastDayBonus sport={sport} clients={clients.data} ownClientId={user?.clientId} />
            )}
          </>
        )}
        <RecentImports sportName={sportName} zone={sport?.timeZone} />
      </div>
    </>
  );
}
