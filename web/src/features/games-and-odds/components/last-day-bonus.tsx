import { useId, useState } from 'react';
import type { SeasonListRow } from '#domain/contracts/catalogue.ts';
import { useCurrentSeason } from '@/lib/api/get-current-season';
import type { ClientRow } from '@/lib/api/get-client-choices';
import { formatLongDate, formatZonedMoment } from '@/lib/format';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { Select } from '@/ui/select';
import { useClientsPlaying } from '../api/get-clients-playing';
import { useSetBonusGamesStart } from '../api/set-bonus-games-start';
import { lastDayBonusStart } from '../bonus-start';
import { BonusStartDialog } from './bonus-start-dialog';
import type { ImportSport } from './import-actions';
import { serverNow } from '@/lib/server-clock';

/** Why the action is unavailable (docs/rules.md, Last-day bonus), or undefined when it is available. */
function unavailableBecause(season: SeasonListRow | null, now: number): string | undefined {
  if (!season) return 'There is no season for this sport.';
  if (now > Date.parse(season.endDate)) return 'The season has ended.';
  if (season.lastDayIsBonusDay) return "The season's last day is already a bonus day.";
  return undefined;
}

export interface LastDayBonusProps {
  sport: ImportSport;
  /** The clients one who may act on all clients chooses from; undefined for everyone else. */
  clients: ClientRow[] | undefined;
  ownClientId: number | undefined;
}

/**
 * Last Day Bonus Games: when the season's last day becomes a bonus day for a client's players. One who chooses the
 * client chooses among those playing the sport, the first of them to begin with (never the system client, which
 * plays none).
 */
export function LastDayBonus({ sport, clients, ownClientId }: LastDayBonusProps) {
  const setting = useSetBonusGamesStart();
  const reasonId = useId();
  const playing = useClientsPlaying(sport.sportId, clients);
  const [chosenClientId, setChosenClientId] = useState<number>();
  const clientId = clients
    ? (playing.data?.find((client) => client.id === chosenClientId) ?? playing.data?.[0])?.id
    : ownClientId;
  const otherClientId = clientId === ownClientId ? undefined : clientId;
  const season = useCurrentSeason(clientId === undefined ? undefined : sport.sportId, otherClientId);
  const [open, setOpen] = useState(false);

  const waiting =
    (clients !== undefined && playing.data === undefined) || (clientId !== undefined && season.data === undefined);
  const reason = waiting
    ? undefined
    : clientId === undefined
      ? 'No client plays this sport.'
      : unavailableBecause(season.data ?? null, serverNow());
  const current = season.data?.bonusGamesStart;

  return (
    <Card title="Last Day Bonus Games" className="import-card">
      <p>Makes the season&apos;s last day a bonus day from a time you set, for one client&apos;s players.</p>
      {playing.data && playing.data.length > 0 && (
        <Select
          label="Client"
          className="games-and-odds__sport"
          options={playing.data.map((client) => ({ value: client.id, label: client.name }))}
          value={clientId}
          onChange={setChosenClientId}
        />
      )}
      <p aria-live="polite">
        {current ? `Bonus games start: ${formatZonedMoment(current, sport.timeZone)}.` : 'No start is set.'}
      </p>
      <div className="import-card__actions">
        <Button
          disabled={season.data === undefined || reason !== undefined}
          aria-describedby={reason ? reasonId : undefined}
          onClick={() => setOpen(true)}
        >
          Last Day Bonus Games
        </Button>
        {reason && (
          <p className="muted" id={reasonId}>
            {reason}
          </p>
        )}
      </div>
      {open && season.data && (
        <BonusStartDialog
          sportName={sport.sportName}
          lastDay={formatLongDate(season.data.endDate, sport.timeZone)}
          zone={sport.timeZone}
          isSaving={setting.isMutating}
          onClose={() => setOpen(false)}
          onSet={async (time) => {
            await setting.trigger({
              clientId: otherClientId,
              seasonId: season.data!.id,
              begin: lastDayBonusStart(season.data!.endDate, time, sport.timeZone),
            });
            return 'last-day bonus date set successfully';
          }}
        />
      )}
    </Card>
  );
}
