// Every change names the reads it makes out of date (Refine's `invalidates`), and the web app asks those again
// (web/src/lib/use-contract-mutation.ts): a change's contract names only reads, by their contract names, and a read
// names none. A read is a GET or a list the spec's call list sends as a POST form, which says `read`.
import { describe, expect, it } from 'vitest';
import { type ContractName, contracts } from '#domain/contracts/api.ts';
import { isRead } from '#domain/contracts/contract.ts';

const names = Object.keys(contracts) as ContractName[];
const reads = names.filter((name) => isRead(contracts[name]));
const changes = names.filter((name) => !isRead(contracts[name]));

describe('what a change makes out of date', () => {
  it('is named by every change', () => {
    expect(changes.length).toBeGreaterThan(40);
    expect(changes.filter((name) => !Array.isArray(contracts[name].invalidates))).toEqual([]);
  });

  it.each(changes)('%s names only reads, each once, for itself and for the job it queues', (name) => {
    for (const named of [contracts[name].invalidates ?? [], contracts[name].jobInvalidates ?? []]) {
      expect(named.filter((read) => !reads.includes(read as ContractName))).toEqual([]);
      expect(new Set(named).size).toBe(named.length);
    }
  });

  it('is named by no read', () => {
    expect(reads.filter((name) => contracts[name].invalidates !== undefined)).toEqual([]);
    expect(reads.filter((name) => contracts[name].jobInvalidates !== undefined)).toEqual([]);
  });

  it("is named for each import's job, which makes its reads out of date after the start answered", () => {
    const imports = ['importSeason', 'importGames', 'importScores', 'importSpreads', 'importTeams', 'importUsers'];
    expect(
      imports.filter((name) => !contracts[name as ContractName].jobInvalidates?.includes('importJobList')),
    ).toEqual([]);
    expect(contracts.importUsers.jobInvalidates).toContain('userList');
    expect(contracts.importScores.jobInvalidates).toEqual(
      expect.arrayContaining(['balance', 'missingPicks', 'betList']),
    );
  });

  it('reads sent as a POST are the lists the spec sends as forms', () => {
    expect(names.filter((name) => contracts[name].read)).toEqual([
      'userList',
      'sportList',
      'teamList',
      'betList',
      'gameList',
      'clientList',
      'roleList',
      'processList',
      'spreadList',
    ]);
    expect(reads.filter((name) => contracts[name].method !== 'GET' && contracts[name].input !== 'form')).toEqual([]);
  });

  it('names the reads a change shows elsewhere: a user, an invite, a line', () => {
    // A login just made is taken: the next Create User dialog asks again whether it is free.
    expect(contracts.createUser.invalidates).toEqual(['userList', 'missingPicks', 'checkLogin']);
    expect(contracts.createInvite.invalidates).toEqual(['inviteList']);
    expect(contracts.setSpread.invalidates).toEqual(['spreadList', 'lineHistory', 'betList', 'gameList']);
    // A slip change answers the slip itself: the web app puts the answer in its lists rather than asking again.
    expect(contracts.setBets.invalidates).not.toContain('betList');
  });
});
