import { useMemo, useState } from 'react';
import { canActAcrossClients, parsePermissions, Permission } from '#domain/auth/permissions.ts';
import { selectWeeks } from '#domain/season/weeks.ts';
import { useAffiliates } from '@/lib/api/get-affiliates';
import { useClientChoices } from '@/lib/api/get-client-choices';
import { useClientSports } from '@/lib/api/get-client-sports';
import { useCurrentSeason } from '@/lib/api/get-current-season';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { useSports } from '@/lib/api/get-sports';
import { useWeekList } from '@/lib/api/get-week-list';
import { formatWeekRange, formatZonedDayHeading } from '@/lib/format';
import { holdsPermissions } from '@/lib/permissions';
import { useSportSelection } from '@/lib/sport-selection';
import { useDocumentTitle } from '@/lib/use-document-title';
import { Alert } from '@/ui/alert';
import { Select } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { useErrorToast } from '@/ui/use-error-toast';
import { type SpreadRow, useSpreadList } from '../api/get-spread-list';
import { seasonWeeks } from '../season-weeks';
import { useSpreadEditing } from '../use-spread-editing';
import { LineHistoryDialog } from './line-history-dialog';
import { SpreadDay } from './spread-day';
import '@/features/spreads/spreads.css';

/** A choice made for one sport (and client) only: another sport starts from its own default again. */
interface Scoped<Value> {
  scope: string;
  value: Value;
}
const chosenIn = <Value,>(chosen: Scoped<Value> | undefined, scope: string) =>
  chosen?.scope === scope ? chosen.value : undefined;

/** The week's games by day in the sport's zone, in kickoff order. */
function groupByDay(rows: readonly SpreadRow[]) {
  const groups: { heading: string; rows: SpreadRow[] }[] = [];
  for (const row of [...rows].sort((a, b) => a.beginning.localeCompare(b.beginning))) {
    const heading = formatZonedDayHeading(row.beginning);
    const last = groups.at(-1);
    if (last?.heading === heading) last.rows.push(row);
    else groups.push({ heading, rows: [row] });
  }
  return groups;
}

/**
 * The spreads page (docs/rules.md, Spreads): a week's games of the sport at one affiliate, with the line in effect
 * for the client; an administrator sets a manual line on a game not started yet, or resets it to the affiliate's.
 * One who may act on all clients chooses the client; a user whose client plays no sport chooses the sport here.
 */
export function SpreadsPage() {
  useDocumentTitle('Spreads');
  const { data: user } = useSignedInUser();
  const selection = useSportSelection();
  const acrossClients =
    !!user &&
    canActAcrossClients(parsePermissions(user.permissions)) &&
    holdsPermissions(user, [Permission.ViewClients]);
  const clients = useClientChoices(acrossClients);
  const [chosenClientId, setChosenClientId] = useState<number>();
  const clientId = chosenClientId ?? user?.clientId;
  /** Named in the calls only when it is not the caller's own. */
  const otherClientId = clientId === user?.clientId ? undefined : clientId;
  const clientSports = useClientSports(clientId);

  const chooseSportHere = selection.sportId === undefined;
  const catalogue = useSports(chooseSportHere && !!user && holdsPermissions(user, [Permission.ViewSports]));
  const [chosenSportId, setChosenSportId] = useState<number>();
  const sportId = selection.sportId ?? chosenSportId ?? catalogue.data?.[0]?.id;

  const affiliates = useAffiliates(sportId);
  const season = useCurrentSeason(sportId, otherClientId);
  const listedWeeks = useWeekList(season.data && otherClientId === undefined ? sportId : undefined);
  const weeks = useMemo(
    () =>
      otherClientId === undefined || !season.data
        ? listedWeeks
        : { data: seasonWeeks(season.data), error: undefined, isLoading: false },
    [otherClientId, season.data, listedWeeks],
  );

  const scope = `${clientId}-${sportId}`;
  const [chosenAffiliate, setChosenAffiliate] = useState<Scoped<number>>();
  const clientAffiliateId = clientSports.data?.find(
    (sport) => sport.sportId === sportId && !sport.archivedAt,
  )?.affiliateId;
  const affiliateId =
    chosenIn(chosenAffiliate, scope) ??
    (affiliates.data?.some((affiliate) => affiliate.id === clientAffiliateId) ? clientAffiliateId : undefined);

  const [chosenWeek, setChosenWeek] = useState<Scoped<number>>();
  const heldWeeks = sportId === undefined || otherClientId !== undefined ? undefined : selection.weeksBySport[sportId];
  const weekId =
    chosenIn(chosenWeek, scope) ??
    heldWeeks?.selectedWeekId ??
    (weeks.data && selectWeeks(weeks.data, new Date())?.selected.id);

  const query =
    season.data && affiliateId !== undefined && weekId !== undefined && sportId !== undefined
      ? { clientId: otherClientId, affiliateId, sportId, seasonId: season.data.id, weekId }
      : undefined;
  const spreads = useSpreadList(query);
  const editing = useSpreadEditing(otherClientId, affiliateId);
  const [history, setHistory] = useState<SpreadRow>();
  useErrorToast(spreads.error ?? season.error ?? affiliates.error ?? weeks.error ?? catalogue.error ?? clients.error);

  const sportName =
    clientSports.data?.find((sport) => sport.sportId === sportId)?.sportName ??
    catalogue.data?.find((sport) => sport.id === sportId)?.name;
  const sortedWeeks = [...(weeks.data ?? [])].sort((a, b) => a.number - b.number);

  const content = () => {
    if (sportId === undefined) return catalogue.isLoading ? null : <p className="muted">Choose a sport.</p>;
    if (season.data === null) return <Alert status="info">No season for this sport</Alert>;
    if (affiliates.data && affiliateId === undefined) return <Alert status="info">Select the affiliate</Alert>;
    if (weeks.data && weeks.data.length === 0)
      return <Alert status="info">This sport&apos;s season has no weeks yet.</Alert>;
    if (spreads.error) return <p className="muted">The games could not be loaded.</p>;
    if (!spreads.data) {
      return (
        <div className="loading-block">
          <Spinner label="Loading the games…" />
        </div>
      );
    }
    if (spreads.data.length === 0) return <p className="muted">There are no games this week.</p>;
    return groupByDay(spreads.data).map((group) => (
      <SpreadDay
        key={group.heading}
        heading={group.heading}
        rows={group.rows}
        editing={editing.edit}
        busyGameId={editing.busyGameId}
        onEdit={editing.start}
        onType={editing.type}
        onSave={(row) => void editing.save(row)}
        onCancel={editing.cancel}
        onReset={(row) => void editing.reset(row)}
        onHistory={setHistory}
      />
    ));
  };

  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Spreads</h1>
          <p className="page-subtitle">
            {sportName ? `The lines of ${sportName} games` : 'The lines of a sport'}: the affiliate&apos;s, or a manual
            one
          </p>
        </div>
      </div>
      <section className="spreads" aria-busy={spreads.isLoading || undefined}>
        <div className="spreads__filters">
          {acrossClients && clients.data && (
            <Select
              label="Client"
              options={clients.data.map((client) => ({ value: client.id, label: client.name }))}
              value={clientId}
              onChange={(id) => {
                setChosenClientId(id);
                editing.cancel();
              }}
            />
          )}
          {chooseSportHere && catalogue.data && (
            <Select
              label="Sport"
              options={catalogue.data.map((sport) => ({ value: sport.id, label: sport.name }))}
              value={sportId}
              onChange={(id) => {
                setChosenSportId(id);
                editing.cancel();
              }}
              searchable={false}
            />
          )}
          {affiliates.data && (
            <Select
              label="Affiliate"
              placeholder="Choose one"
              options={affiliates.data.map((affiliate) => ({ value: affiliate.id, label: affiliate.name }))}
              value={affiliateId}
              onChange={(id) => {
                if (id === affiliateId) return;
                setChosenAffiliate({ scope, value: id });
                editing.cancel();
                editing.notify('Affiliate has been changed');
              }}
              searchable={false}
            />
          )}
          {sortedWeeks.length > 0 && (
            <Select
              label="Week"
              options={sortedWeeks.map((week) => ({
                value: week.id,
                label: `Week ${week.number} (${formatWeekRange(week)})`,
              }))}
              value={weekId}
              onChange={(id) => {
                setChosenWeek({ scope, value: id });
                if (sportId !== undefined && heldWeeks) selection.selectWeek(sportId, id);
                editing.cancel();
              }}
              searchable={false}
            />
          )}
        </div>
        {content()}
      </section>
      {history && <LineHistoryDialog game={history} clientId={otherClientId} onClose={() => setHistory(undefined)} />}
    </>
  );
}
