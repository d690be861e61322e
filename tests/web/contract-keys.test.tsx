// The web's SWR keys come from the contracts: a key is the contract's path and the input sent, equal inputs make
// one cache entry, and a change asks again every cached read of a contract whatever its input.
import { unstable_serialize } from 'swr';
import { describe, expect, it } from 'vitest';
import { contracts } from '#domain/contracts/api.ts';
import { isInvalidatedBy, isKeyOf, keyOf } from '@/lib/contract-keys';

describe('keyOf', () => {
  it("is the contract's path and the input, one entry for equal inputs and one per season", () => {
    expect(keyOf(contracts.weekList, { sportId: 1 })).toEqual([contracts.weekList.path, { sportId: 1 }]);
    const serialized = (seasonId?: number) => unstable_serialize(keyOf(contracts.weekList, { sportId: 1, seasonId }));
    expect(serialized()).toBe(unstable_serialize(keyOf(contracts.weekList, { sportId: 1 })));
    expect(serialized(7)).toBe(unstable_serialize(keyOf(contracts.weekList, { seasonId: 7, sportId: 1 })));
    expect(serialized(7)).not.toBe(serialized());
    expect(serialized(7)).not.toBe(serialized(8));
  });

  it('keeps a read made of several calls apart from a single call', () => {
    const everyPage = keyOf(contracts.clientList, { limit: 100 }, 'all');
    expect(everyPage).toEqual([contracts.clientList.path, { limit: 100 }, 'all']);
    expect(unstable_serialize(everyPage)).not.toBe(unstable_serialize(keyOf(contracts.clientList, { limit: 100 })));
  });

  it("takes an input of the contract's request", () => {
    // @ts-expect-error weekList needs its sport
    keyOf(contracts.weekList, { seasonId: 7 });
  });
});

describe('isKeyOf', () => {
  it("matches every key of the contracts named, whatever the input or view, and nobody else's", () => {
    const matches = isKeyOf(contracts.betList, contracts.gameList);
    expect(matches(keyOf(contracts.betList, { sportId: 1, weekId: 2 }))).toBe(true);
    expect(matches(keyOf(contracts.gameList, { sportId: 1, weekId: 2, limit: 100 }))).toBe(true);
    expect(matches(keyOf(contracts.betList, { sportId: 1 }, 'own'))).toBe(true);
    expect(matches(keyOf(contracts.betHistory, { sportId: 1, weekId: 2 }))).toBe(false);
    expect(matches(contracts.betList.path)).toBe(false);
    expect(matches(undefined)).toBe(false);
  });
});

describe('isInvalidatedBy', () => {
  it('matches every key of the reads the change names by contract name, and nobody else’s', () => {
    const stale = isInvalidatedBy(contracts.setBonusGamesStart);
    expect(contracts.setBonusGamesStart.invalidates).toContain('seasonList');
    expect(stale(keyOf(contracts.seasonList, { sportId: 1 }))).toBe(true);
    expect(stale(keyOf(contracts.betList, { sportId: 1 }, 'own'))).toBe(true);
    expect(stale(keyOf(contracts.weekList, { sportId: 1 }))).toBe(false);
    expect(isInvalidatedBy(contracts.signIn)(keyOf(contracts.seasonList, { sportId: 1 }))).toBe(false);
  });
});
