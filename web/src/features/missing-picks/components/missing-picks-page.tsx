import { useEffect, useState } from 'react';
import { regularPoints } from '#domain/betting/slip.ts';
import { Permission } from '#domain/auth/permissions.ts';
import { useSignedInUser } from '@/lib/api/get-signed-in-user';
import { holdsPermissions } from '@/lib/permissions';
import { SelectedWeekGate, WeekSelect } from '@/lib/selected-week';
import type { WeekChoice } from '@/lib/sport-selection';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ZoneNote } from '@/lib/zone-note';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { LoadFailed } from '@/ui/load-failed';
import { Spinner } from '@/ui/spinner';
import { Table, type TableColumn } from '@/ui/table';
import { type MissingPick, useMissingPicks } from '../api/get-missing-picks';
import { useNudge } from '../api/nudge';
import { useNudgeJob } from '../use-nudge-job';
import { RemindersCard } from './reminders-card';
import './missing-picks.css';

/** The rows the first screen shows before the page asks for more by itself. */
const firstScreen = 50;

const columns: TableColumn<MissingPick>[] = [
  { key: 'displayName', header: 'Player', render: (row) => row.displayName, wrap: true },
  {
    key: 'picks',
    header: 'Picks placed',
    render: (row) => `${row.picks} of ${regularPoints.length}`,
    align: 'end',
  },
];

const players = (count: number) => (count === 1 ? '1 player' : `${count} players`);

/** What a nudge's job did, in one sentence (docs/rules.md, Missing picks). */
function nudgeNotice({ mailed = 0, alreadyNudged = 0, remindersOff = 0, refused = 0 }: Record<string, number>) {
  const parts = [mailed ? `Reminder mailed to ${players(mailed)}.` : 'No reminder mailed.'];
  if (alreadyNudged) parts.push(`${players(alreadyNudged)} already had one today.`);
  if (remindersOff) parts.push(`${players(remindersOff)} turned reminders off.`);
  if (refused) parts.push(`The mail service refused the address of ${players(refused)}.`);
  return parts.join(' ');
}

/** The commissioner's view of a week: the players who have not placed all five picks, and a nudge to them. */
export function MissingPicksPage() {
  useDocumentTitle('Missing Picks');
  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Missing Picks</h1>
          <p className="page-subtitle">The players who have not placed all five picks of the week.</p>
          <ZoneNote />
        </div>
      </div>
      <SelectedWeekGate>{(sportId, weeks) => <WeekMissingPicks sportId={sportId} weeks={weeks} />}</SelectedWeekGate>
    </>
  );
}

function WeekMissingPicks({ sportId, weeks }: { sportId: number; weeks: WeekChoice }) {
  const { data: me } = useSignedInUser();
  const mayNudge = me !== undefined && holdsPermissions(me, [Permission.EditUsers]);
  const weekId = weeks.selectedWeekId;
  const week = weeks.weeks.find((candidate) => candidate.id === weekId);
  const list = useMissingPicks({ sportId, weekId });
  const nudge = useNudge();
  const followNudge = useNudgeJob(nudgeNotice);
  const [confirming, setConfirming] = useState(false);
  const rows = list.rows ?? [];

  // A page may come back short while most players have picked: fill the first screen without a click.
  const { hasMore, loadingMore, loadMore } = list;
  useEffect(() => {
    if (list.rows && hasMore && !loadingMore && list.rows.length < firstScreen) void loadMore();
  }, [list.rows, hasMore, loadingMore, loadMore]);

  return (
    <>
      <div className="missing-picks-toolbar">
        <WeekSelect sportId={sportId} weeks={weeks} className="missing-picks-toolbar__week" />
        {mayNudge && (
          <Button onClick={() => setConfirming(true)} disabled={!list.rows || rows.length === 0}>
            Nudge them
          </Button>
        )}
      </div>
      {list.error && !list.rows ? (
        <LoadFailed what="The list" error={list.error} onReload={() => void list.reload()} />
      ) : !list.rows ? (
        <div className="loading-block">
          <Spinner label="Loading who has not picked…" />
        </div>
      ) : (
        <>
          <p className="missing-picks-summary" aria-live="polite">
            {rows.length === 0 && !hasMore
              ? `Everyone has placed all five picks of Week ${week?.number}.`
              : `${players(rows.length)}${hasMore ? ' so far' : ''} without all five picks of Week ${week?.number}.`}
          </p>
          {rows.length > 0 && (
            <Table
              caption={`Players missing picks in Week ${week?.number}`}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.userId}
              presorted
            />
          )}
          {hasMore && (
            <Button
              variant="secondary"
              className="missing-picks-more"
              onClick={() => void loadMore()}
              isLoading={loadingMore}
            >
              Load more
            </Button>
          )}
        </>
      )}
      <RemindersCard maySet={mayNudge} />
      <ConfirmDialog
        open={confirming}
        title="Nudge the players missing picks"
        confirmLabel="Send reminders"
        onConfirm={async () => {
          const queued = await nudge.trigger({ sportId, weekId }, { throwOnError: true });
          followNudge(queued.jobId);
        }}
        doneNotice="Reminders are being sent to the players missing picks."
        onClose={() => setConfirming(false)}
      >
        <p>
          Each player of Week {week?.number} without all five picks gets a reminder mail from you, at most one a day.
          Players who turned reminders off get none.
        </p>
      </ConfirmDialog>
    </>
  );
}
