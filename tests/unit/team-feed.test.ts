// Teams keep what an administrator set by hand (docs/rules.md, Teams): the pure rules of a feed import and a hand edit.
import { describe, expect, it } from 'vitest';
import { marksAfterHandEdit, marksWithout, sameTeam, teamFromFeed } from '#domain/catalogue/team-feed.ts';
import type { Team } from '#domain/catalogue/types.ts';

const ref = { id: 7, sportId: 33 };
const feed = { name: 'Chicago Bears', city: 'Chicago', mascot: 'Bears', abbreviation: 'CHI', logo: 'ZmVlZA==' };
const ours: Team = { ...ref, ...feed };

describe('a feed import', () => {
  it('takes every feed value of a team nobody edited, and keeps our logo when the feed has none', () => {
    const before = { ...ours, mascot: 'Old', logo: 'b3Vycw==' };
    expect(teamFromFeed(before, { ...feed, logo: '' }, ref)).toEqual({ ...ours, logo: 'b3Vycw==' });
  });

  it("keeps the hand-set fields and notes the feed's newest value aside", () => {
    const before: Team = {
      ...ours,
      mascot: 'Grizzlies',
      handEdited: ['mascot'],
      feedValues: { mascot: 'Bears' },
      markChanges: 1,
    };
    const after = teamFromFeed(before, { ...feed, mascot: 'Bruins', city: 'Chicagoland' }, ref);
    expect(after).toMatchObject({ mascot: 'Grizzlies', city: 'Chicagoland', feedValues: { mascot: 'Bruins' } });
    expect(sameTeam(before, teamFromFeed(before, feed, ref))).toBe(true);
  });
});

describe('a hand edit', () => {
  it('marks the fields it changes and keeps their value before the first edit as the feed value', () => {
    const first = marksAfterHandEdit(ours, { mascot: 'Grizzlies', city: 'Chicago' });
    expect(first).toEqual({ handEdited: ['mascot'], feedValues: { mascot: 'Bears' } });
    const second = marksAfterHandEdit({ ...ours, mascot: 'Grizzlies', ...first }, { mascot: 'Cubs' });
    expect(second).toEqual(first);
  });

  it("'Use the feed's value' takes the mark and the value aside away", () => {
    const marked = { ...ours, handEdited: ['mascot', 'logo'], feedValues: { mascot: 'Bears', logo: 'x' } } as Team;
    expect(marksWithout(marked, 'mascot')).toEqual({ handEdited: ['logo'], feedValues: { logo: 'x' } });
  });
});
