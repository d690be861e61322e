import { useState } from 'react';
import { Permission } from '#domain/auth/permissions.ts';
import { selectWeeks } from '#domain/season/weeks.ts';
import { useAffiliates } from '@/lib/api/get-affiliates';
import { useClientSports } from '@/lib/api/get-client-sports';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { useSports } from '@/lib/api/get-sports';
import { useWeekList } from '@/lib/api/get-week-list';
import { formatDayHeading, formatWeekRange } from '@/lib/format';
import { holdsPermissions } from '@/lib/permissions';
import { useSportSelection } from '@/lib/sport-selection';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ZoneNote } from '@/lib/zone-note';
import { Alert } from '@/ui/alert';
import { Select } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { useErrorToast } from '@/ui/use-error-toast';
import { type SpreadRow, useSpreadList } from '../api/get-spread-list';
import { useSpreadEditing } from '../use-spread-editing';
import { LineHistoryDialog } from './line-history-dialog';
import { SpreadDay } from './spread-day';
import '@/features/spreads/spreads.css';
import { serverDate } from '@/lib/server-clock';

/** A choice made for one sport only: another sport starts from its own default again. */
interface Scoped<Value> {
  scope: number | undefined;
  value: Value;
}
const chosenIn = <Value,>(chosen: Scoped<Value> | undefined, scope: number | undefined) =>
  chosen && chosen.scope === scope ? chosen.value : undefined;

/** The week's games by day in the sport's zone, in kickoff order. */
function groupByDay(rows: readonly SpreadRow[], zone: string) {
  const groups: { heading: string; rows: SpreadRow[] }[] = [];
  for (const row of [...rows].sort((a, b) => a.beginning.localeCompare(b.beginning))) {
    const heading = formatDayHeading(row.beginning, zone);
    const last = groups.at(-1);
    if (last?.heading === heading) last.rows.push(row);
    else groups.push({ heading, rows: [row] });
  }
  return groups;
}

/**
 * The spreads page (docs/rules.md, Spread): the spec's affiliate select and week filter, and the week's games of the
 * sport with the line in effect at that affiliate, for every client on it. A holder of create and modify clients
 * sets a manual line on a game not started yet or resets it; a holder of load spreads alone reads. The affiliate of
 * the user's own client is chosen first; a user with no sport in the sidebar chooses the sport here.
 */
export function SpreadsPage() {
  useDocumentTitle('Spreads');
  const { data: user } = useSignedInUser();
  const selection = useSportSelection();
  const mayChange = !!user && holdsPermissions(user, [Permission.LoadSpreads, Permission.EditClients]);
  const clientSports = useClientSports(user?.clientId);

  const chooseSportHere = selection.selectedSportId === undefined;
  // The catalogue names the sidebar's sport when the user's client does not play it (the system administrator).
  const catalogue = useSports(!!user && holdsPermissions(user, [Permission.ViewSports]));
  const [chosenSportId, setChosenSportId] = useState<number>();
  const sportId = selection.selectedSportId ?? chosenSportId ?? catalogue.data?.[0]?.id;

  const affiliates = useAffiliates(sportId);
  const weeks = useWeekList(sportId);

  const [chosenAffiliate, setChosenAffiliate] = useState<Scoped<number>>();
  const clientAffiliateId = clientSports.data?.find((sport) => sport.sportId === sportId)?.affiliateId;
  const affiliateId =
    chosenIn(chosenAffiliate, sportId) ??
    (affiliates.data?.some((affiliate) => affiliate.id === clientAffiliateId) ? clientAffiliateId : undefined);

  const [chosenWeek, setChosenWeek] = useState<Scoped<number>>();
  const heldWeeks = sportId === undefined ? undefined : selection.weeksBySport[sportId];
  const weekId =
    chosenIn(chosenWeek, sportId) ??
    heldWeeks?.selectedWeekId ??
    (weeks.data && selectWeeks(weeks.data, serverDate())?.selected.id);

  const query =
    affiliateId !== undefined && weekId !== undefined && sportId !== undefined
      ? { affiliateId, sportId, weekId }
      : undefined;
  const spreads = useSpreadList(query);
  const editing = useSpreadEditing(affiliateId);
  const [history, setHistory] = useState<SpreadRow>();
  useErrorToast(spreads.error ?? affiliates.error ?? weeks.error ?? catalogue.error);

  const zone =
    clientSports.data?.find((sport) => sport.sportId === sportId)?.timeZone ??
    catalogue.data?.find((sport) => sport.id === sportId)?.timeZone ??
    selection.timeZone;
  const sportName =
    clientSports.data?.find((sport) => sport.sportId === sportId)?.sportName ??
    catalogue.data?.find((sport) => sport.id === sportId)?.name;
  const sortedWeeks = [...(weeks.data ?? [])].sort((a, b) => a.number - b.number);

  const content = () => {
    if (sportId === undefined) return catalogue.isLoading ? null : <p className="muted">Choose a sport.</p>;
    if (weeks.data?.length === 0) return <Alert status="info">No season for this sport</Alert>;
    if (affiliates.data && affiliateId === undefined) return <Alert status="info">Select the affiliate</Alert>;
    if (spreads.error) return <p className="muted">The games could not be loaded.</p>;
    if (!spreads.data) {
      return (
        <div className="loading-block">
          <Spinner label="Loading the games…" />
        </div>
      );
    }
    if (spreads.data.length === 0) return <p className="muted">There are no games this week.</p>;
    // The edit open on a game listed here and still editable: one of another sport or week, or a game that has
    // kicked off since, holds no form and keeps no button here disabled.
    const open = editing.edit;
    const shownEdit = open && spreads.data.some((row) => row.gameId === open.gameId && row.editable) ? open : undefined;
    return groupByDay(spreads.data, zone).map((group) => (
      <SpreadDay
        zone={zone}
        key={group.heading}
        heading={group.heading}
        rows={group.rows}
        mayChange={mayChange}
        editing={shownEdit}
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
          <ZoneNote zone={zone} />
        </div>
      </div>
      <section className="spreads" aria-busy={spreads.isLoading || undefined}>
        <div className="spreads__filters">
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
                setChosenAffiliate({ scope: sportId, value: id });
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
                label: `Week ${week.number} (${formatWeekRange(week, zone)})`,
              }))}
              value={weekId}
              onChange={(id) => {
                setChosenWeek({ scope: sportId, value: id });
                if (sportId !== undefined && heldWeeks) selection.selectWeek(sportId, id);
                editing.cancel();
              }}
              searchable={false}
            />
          )}
        </div>
        {content()}
      </section>
      {history && <LineHistoryDialog game={history} zone={zone} onClose={() => setHistory(undefined)} />}
    </>
  );
}
