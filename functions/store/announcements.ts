// A client's announcements in the state table (docs/rules.md, Announcements): under the client's partition, ordered
// by id, so a page newest first is one query from where the last one stopped. A deleted one keeps its record.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { NotFoundError } from '#domain/errors.ts';
import type { Announcement } from '#domain/tenancy/announcements.ts';
import type { Deps } from '../adapters/deps.ts';
import { keys } from './keys.ts';
import { getItem, liveItem, putItem, sameFields, updateIf, withoutKeys } from './state-table.ts';

type Store = Pick<Deps, 'db' | 'tables'>;

export const unknownAnnouncement = (id: number) =>
  new NotFoundError(`There is no announcement ${id}`, 'UNKNOWN_ANNOUNCEMENT');

const keyOf = (announcement: Pick<Announcement, 'clientId' | 'id'>) =>
  keys.announcement(announcement.clientId, announcement.id);

/**
 * Its id drawn for it, an announcement already there by the same author with the same words is an earlier attempt's
 * of the same change (functions/http/request-key.ts), made a moment before; any other is refused.
 */
export const addAnnouncement = (deps: Store, announcement: Announcement) =>
  putItem(
    deps,
    { ...keyOf(announcement), ...announcement },
    {
      ifAbsent: true,
      isOwn: (held) => sameFields(held, announcement, ['createdBy', 'title', 'body', 'sendEmail']),
    },
  );

/** An announcement of the client by id, deleted ones too. */
export const getAnnouncement = (deps: Store, clientId: number, id: number) =>
  getItem<Announcement>(deps, keyOf({ clientId, id }));

/**
 * Up to `limit` announcements not deleted, newest first, older than `before` when given; `more` says whether older
 * ones may follow. Deleted ones are passed over, so a page reads about as many items as it answers.
 */
export async function announcementPage(
  deps: Store,
  clientId: number,
  { limit, before }: { limit: number; before?: number },
): Promise<{ announcements: Announcement[]; more: boolean }> {
  const announcements: Announcement[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await deps.db.send(
      new QueryCommand({
        TableName: deps.tables.state,
        KeyConditionExpression: 'PK = :pk AND SK BETWEEN :first AND :last',
        FilterExpression: 'attribute_not_exists(archivedAt)',
        ExpressionAttributeValues: {
          ':pk': keys.clientPartition(clientId),
          ':first': keys.announcementPrefix,
          ':last': before === undefined ? `${keys.announcementPrefix}~` : keyOf({ clientId, id: before - 1 }).SK,
        },
        ScanIndexForward: false,
        Limit: limit + 1 - announcements.length,
        ExclusiveStartKey,
      }),
    );
    announcements.push(...(page.Items ?? []).map((item) => withoutKeys<Announcement>(item)));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && announcements.length <= limit);
  return { announcements: announcements.slice(0, limit), more: announcements.length > limit };
}

/** Deletes the announcement: it leaves the list (the record stays); false when it was deleted already. */
export const archiveAnnouncement = (deps: Store, announcement: Announcement, at: Date) =>
  updateIf(deps, keyOf(announcement), {
    set: 'SET archivedAt = :at',
    when: liveItem,
    values: { ':at': at.toISOString() },
  });

/** The newest announcement of the client the user has read, 0 for none. */
export const readThrough = async (deps: Store, clientId: number, userId: number) =>
  (await getItem<{ readThrough: number }>(deps, keys.announcementsRead(clientId, userId)))?.readThrough ?? 0;

/** Marks the client's announcements read up to `throughId` for the user; an older mark never lowers a newer one. */
export async function markAnnouncementsRead(deps: Store, clientId: number, userId: number, throughId: number) {
  await updateIf(deps, keys.announcementsRead(clientId, userId), {
    set: 'SET readThrough = :id',
    when: 'attribute_not_exists(readThrough) OR readThrough < :id',
    values: { ':id': throughId },
  });
  return readThrough(deps, clientId, userId);
}
