// Which feed the import jobs read is chosen by SPORTS_PROVIDER; a misspelt value fails loudly.
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../functions/adapters/clock.ts';
import { feedFor } from '../../functions/providers/provider-for.ts';

const clock = fixedClock('2026-11-22T12:00:00Z');

describe('the feed chosen by SPORTS_PROVIDER', () => {
  it.each([
    [undefined, 'demo'],
    ['demo', 'demo'],
    ['espn', 'espn'],
    ['odds-api', 'odds-api'],
  ])('%s gives the %s feed', (provider, name) => {
    expect(feedFor(clock, '2026-09-02', { SPORTS_PROVIDER: provider }).name).toBe(name);
  });

  it('an unknown value is an error naming the three', () => {
    expect(() => feedFor(clock, undefined, { SPORTS_PROVIDER: 'sportradar' })).toThrow(
      "SPORTS_PROVIDER 'sportradar' is not known; use 'demo', 'espn' or 'odds-api'",
    );
  });
});
