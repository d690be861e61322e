// A client sport's locks feed Pick Reminders' one schedule (docs/rules.md, Pick reminders): a sport added to a client,
// or other pick days, move its locks, so the route queues the job that sets the schedules again (only the jobs
// function may set them); an edit of the affiliate alone moves no lock and queues nothing.
import { describe, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { expectQueuedJobs, expectResponse } from '../support/api-spec.ts';
import { leagueSpec } from './support/spec-league.ts';

const { spec, league } = leagueSpec();
const thursday = '2026-11-19T15:00:00Z';

describe("a client sport's pick days and Pick Reminders' schedule", () => {
  it('other pick days set the schedules again; the same days, or the affiliate alone, do not', async () => {
    const { rival, sysadmin, affiliate } = league();
    await spec
      .given()
      .when(thursday, sysadmin, contracts.editClientSport, { id: rival.clientSport.id, allowThursdayPicks: false })
      .then(expectResponse(200), expectQueuedJobs(['ArmSchedules']));
    await spec
      .given()
      .when(thursday, sysadmin, contracts.editClientSport, {
        id: rival.clientSport.id,
        allowThursdayPicks: false,
        affiliateId: affiliate.id,
      })
      .then(expectResponse(200), expectQueuedJobs([]));
  });

  it('a sport added to a client sets the schedules again', async () => {
    const { rival, sysadmin, affiliate } = league();
    await spec
      .given()
      .when(thursday, sysadmin, contracts.deleteClientSport, { id: rival.clientSport.id })
      .then(expectResponse(200));
    await spec
      .given()
      .when(thursday, sysadmin, contracts.addClientSport, {
        clientId: rival.client.id,
        sportId: league().sport.id,
        affiliateId: affiliate.id,
      })
      .then(expectResponse(201), expectQueuedJobs(['ArmSchedules']));
  });
});
