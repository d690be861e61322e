// Teams keep what an administrator set by hand (docs/rules.md, Teams): each field changed by hand, and a
// logo set by hand, is marked, and a feed import updates only the fields nobody marked. For a marked field
// the team keeps the feed's value aside, so 'Use the feed's value' can take it back.
import { type Team, type TeamField, teamFields } from './types.ts';

export type TeamValues = Pick<Team, TeamField>;
type Marks = Pick<Team, 'handEdited' | 'feedValues'>;

/** The team after a feed import: the feed's values, but for the hand-set ones; a feed without a logo keeps ours. */
export function teamFromFeed(before: Team | undefined, feed: TeamValues, ref: Pick<Team, 'id' | 'sportId'>): Team {
  const team: Team = { ...ref, ...feed, logo: feed.logo || before?.logo || '' };
  if (!before?.markChanges) return team;
  const marked = before.handEdited ?? [];
  const kept = Object.fromEntries(marked.map((field) => [field, before[field]]));
  const feedValues = Object.fromEntries(
    marked.flatMap((field) => {
      const value = feed[field] || before.feedValues?.[field];
      return value ? [[field, value]] : [];
    }),
  );
  return { ...team, ...kept, handEdited: marked, feedValues, markChanges: before.markChanges };
}

/** The marks once these hand changes are saved: a field first changed by hand keeps its value till now aside. */
export function marksAfterHandEdit(before: Team, changes: Partial<TeamValues>): Required<Marks> {
  const marked = before.handEdited ?? [];
  const newly = teamFields.filter(
    (field) => changes[field] !== undefined && changes[field] !== before[field] && !marked.includes(field),
  );
  return {
    handEdited: [...marked, ...newly],
    feedValues: { ...before.feedValues, ...Object.fromEntries(newly.map((field) => [field, before[field]])) },
  };
}

/** The marks once a field goes back to the feed's value. */
export function marksWithout(before: Team, field: TeamField): Required<Marks> {
  const { [field]: _dropped, ...feedValues } = before.feedValues ?? {};
  return { handEdited: (before.handEdited ?? []).filter((marked) => marked !== field), feedValues };
}

/** Whether an import would change nothing of the team (its values, marks and the feed's values). */
export const sameTeam = (a: Team, b: Team) =>
  teamFields.every((field) => a[field] === b[field] && a.feedValues?.[field] === b.feedValues?.[field]) &&
  (a.handEdited ?? []).join() === (b.handEdited ?? []).join();
