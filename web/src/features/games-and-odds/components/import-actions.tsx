// The four loads of Games & Odds (docs/rules.md, Admin loads), each a job run by useImportJob.
import { useState } from 'react';
import type { QueuedJob } from '#domain/contracts/jobs.ts';
import { useImportGames } from '../api/import-games';
import { useImportScores } from '../api/import-scores';
import { useImportSeason } from '../api/import-season';
import { useImportSpreads } from '../api/import-spreads';
import { type ImportJobRun, useImportJob } from '@/lib/use-import-job';
import { GamesDateDialog } from './games-date-dialog';
import { ImportCard } from './import-card';
import { SeasonYearDialog } from './season-year-dialog';
import { serverNow } from '@/lib/server-clock';
import { localDate } from '#domain/season/zoned-time.ts';

export interface ImportSport {
  sportId: number;
  sportName: string;
  timeZone: string;
}

/**
 * An import that asks first, in a dialog: open until its job is queued, a refusal shown in it until the next try
 * (docs/rules.md, Notices).
 */
function useAskedImport(importJob: ImportJobRun, sportName: string) {
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string>();
  const close = () => {
    setAsking(false);
    setFailure(undefined);
  };
  const start = (call: () => Promise<QueuedJob>) => {
    setFailure(undefined);
    void importJob.run(sportName, call, setFailure).then((queued) => queued && close());
  };
  return { asking, open: () => setAsking(true), close, start, failure };
}

export function StartNewSeason({ sport, defaultYear }: { sport: ImportSport; defaultYear: number }) {
  const importJob = useImportJob('ImportSeason');
  const load = useImportSeason();
  const asked = useAskedImport(importJob, sport.sportName);
  return (
    <ImportCard type="ImportSeason" title="Season" importJob={importJob} onAction={asked.open}>
      <p>
        Imports a season of {sport.sportName} from the sports feed: its teams, its Wednesday-to-Tuesday weeks and its
        games. It becomes the current season of the sport for every client.
      </p>
      {asked.asking && (
        <SeasonYearDialog
          sportName={sport.sportName}
          defaultYear={defaultYear}
          isStarting={load.isMutating}
          failure={asked.failure}
          onStart={(seasonYear) => asked.start(() => load.trigger({ sportId: sport.sportId, seasonYear }))}
          onClose={asked.close}
        />
      )}
    </ImportCard>
  );
}

export function ImportGames({ sport }: { sport: ImportSport }) {
  const importJob = useImportJob('ImportGames');
  const load = useImportGames();
  const asked = useAskedImport(importJob, sport.sportName);
  return (
    <ImportCard type="ImportGames" title="Games" importJob={importJob} onAction={asked.open}>
      <p>
        Adds the {sport.sportName} games the feed has from a date to the end of the current season and updates the known
        ones: kickoffs moved, games postponed or cancelled.
      </p>
      {asked.asking && (
        <GamesDateDialog
          sportName={sport.sportName}
          defaultDate={localDate(serverNow(), sport.timeZone)}
          isStarting={load.isMutating}
          failure={asked.failure}
          onStart={(date) => asked.start(() => load.trigger({ sportId: sport.sportId, date }))}
          onClose={asked.close}
        />
      )}
    </ImportCard>
  );
}

export function ImportScores({ sport }: { sport: ImportSport }) {
  const importJob = useImportJob('ImportScores');
  const load = useImportScores();
  return (
    <ImportCard
      type="ImportScores"
      title="Scores"
      importJob={importJob}
      onAction={() => void importJob.run(sport.sportName, () => load.trigger(sport.sportId))}
    >
      <p>
        Fetches the final scores of the {sport.sportName} games, grades every pick against its spread and closes the
        weeks that are over. Players who made no picks in a closed week get the −50 missed-picks penalty.
      </p>
    </ImportCard>
  );
}

export function ImportSpreads({ sport }: { sport: ImportSport }) {
  const importJob = useImportJob('ImportSpreads');
  const load = useImportSpreads();
  return (
    <ImportCard
      type="ImportSpreads"
      title="Spreads"
      importJob={importJob}
      onAction={() => void importJob.run(sport.sportName, () => load.trigger(sport.sportId))}
    >
      <p>
        Records every affiliate&apos;s line for the upcoming {sport.sportName} games. Picks already placed keep the
        spread they were placed at.
      </p>
    </ImportCard>
  );
}
