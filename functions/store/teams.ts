// Changes to the catalogue's teams: their details, their logo and which of them are hand-set. A team is
// written only while it exists, so an edit never brings back a team that is gone (404), and only over the
// hand-set marks it was computed from, so Load Teams and a hand edit at once never lose the hand edit.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Team, TeamField } from '#domain/catalogue/types.ts';
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { getItem, isConditionFailure, setFields } from './state-table.ts';
import { rebuildTeamMap, teamMap } from './team-map.ts';
import { bumpStamp, sportTeamsStamp } from './stamps.ts';

type Store = Pick<Deps, 'db' | 'tables'>;
export type TeamRef = Pick<Team, 'id' | 'sportId'>;
type TeamChanges = Partial<Pick<Team, TeamField | 'handEdited' | 'feedValues'>>;

/** Another hand edit came since the team was read (the page's row, or this request's read). */
export const teamChanged = () => new ConflictError('Someone else changed this team meanwhile', 'TEAM_CHANGED');

export const unknownTeam = ({ id, sportId }: TeamRef) =>
  new NotFoundError(`There is no team ${id} of sport ${sportId}`, 'UNKNOWN_TEAM');

export async function getTeam(deps: Store, ref: TeamRef): Promise<Team> {
  const team = await getItem<Team>(deps, keys.team(ref.sportId, ref.id));
  if (!team) throw unknownTeam(ref);
  return team;
}

/** The condition that the team's hand-set marks are still those read: a list cannot be compared, so a count of changes is. */
const marksAsRead = (read: Team) =>
  read.markChanges
    ? { condition: '#markChanges = :marksRead', values: { ':marksRead': read.markChanges } }
    : { condition: 'attribute_not_exists(#markChanges)', values: undefined };

/**
 * Sets the given fields of the team read as `read` and answers the team as saved; other fields (feed ids) stay.
 * 404 when the team is gone, 409 when its hand-set marks changed since it was read.
 */
export async function updateTeam(deps: Store, read: Team, changes: TeamChanges): Promise<Team> {
  const fields = { ...changes, markChanges: (read.markChanges ?? 0) + 1 };
  const marks = marksAsRead(read);
  try {
    const saved = await setFields<Team>(deps, keys.team(read.sportId, read.id), fields, {
      when: `attribute_exists(PK) AND ${marks.condition}`,
      names: { '#markChanges': 'markChanges' },
      ...(marks.values ? { values: marks.values } : {}),
    });
    await rebuildTeamMap(deps, read.sportId);
    return saved;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    await getTeam(deps, read);
    throw teamChanged();
  }
}

/**
 * The team as stored, its sport's team map rebuilt first if the map shows it otherwise: an edit asked again finds
 * nothing to write, but the first attempt may have saved the team and died before its rebuild, or after it and before
 * the rebuild's stamp (which moves again then, as a resumed import stamps again).
 */
export async function teamShownAsStored(deps: Store, team: Team): Promise<Team> {
  const shown = (await teamMap(deps, team.sportId)).find((entry) => entry.id === team.id);
  if (shown?.name !== team.name || shown.logo !== team.logo) await rebuildTeamMap(deps, team.sportId);
  else await bumpStamp(deps, sportTeamsStamp(team.sportId));
  return team;
}

/**
 * Writes a team the feed gave, over the team it was computed from (none: a new team); false if that changed.
 * The caller rebuilds the team map once its teams are written (saveFeedTeams).
 */
export async function putFeedTeam(deps: Store, read: Team | undefined, team: Team): Promise<boolean> {
  const marks = read ? marksAsRead(read) : undefined;
  try {
    await deps.db.send(
      new PutCommand({
        TableName: deps.tables.state,
        Item: { ...keys.team(team.sportId, team.id), ...team },
        ConditionExpression: marks ? `attribute_exists(PK) AND ${marks.condition}` : 'attribute_not_exists(PK)',
        ...(marks ? { ExpressionAttributeNames: { '#markChanges': 'markChanges' } } : {}),
        ...(marks?.values ? { ExpressionAttributeValues: marks.values } : {}),
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
