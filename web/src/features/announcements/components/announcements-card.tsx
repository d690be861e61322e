import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatCreatedDate } from '@/lib/format';
import { type AnnouncementRow, useAnnouncements } from '@/lib/api/get-announcements';
import { useSportTimeZone } from '@/lib/sport-selection';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { nearbyAction } from '@/ui/focusable';
import { LinkedText } from '@/ui/linked-text';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { PostAnnouncementDialog } from './post-announcement-dialog';
import './announcements.css';

/** How many of the newest the dashboard shows; the notifications page has them all. */
const shown = 3;

export interface AnnouncementsCardProps {
  /** A commissioner: posts and deletes them here. */
  canPost: boolean;
  className?: string;
}

/** The pool's newest announcements on the dashboard; a commissioner posts and deletes them here. */
export function AnnouncementsCard({ canPost, className }: AnnouncementsCardProps) {
  const zone = useSportTimeZone();
  const { data } = useAnnouncements();
  const deleting = useDeleteAnnouncement();
  const [posting, setPosting] = useState(false);
  const [doomed, setDoomed] = useState<AnnouncementRow>();
  const newest = data?.data.slice(0, shown) ?? [];

  return (
    <Card
      title="Announcements"
      headingId="announcements-title"
      className={['announcements', className].filter(Boolean).join(' ')}
      actions={
        canPost && (
          <Button variant="secondary" onClick={() => setPosting(true)}>
            Post announcement
          </Button>
        )
      }
    >
      {newest.length === 0 ? (
        <p className="muted">No announcements yet. Post one to tell the whole pool.</p>
      ) : (
        <ul className="announcements__list">
          {newest.map((announcement) => (
            <li key={announcement.id} className="announcements__item">
              <div className="announcements__head">
                <h3 className="announcements__title">{announcement.title}</h3>
                {canPost && (
                  <Button
                    variant="ghost"
                    aria-label={`Delete the announcement ${announcement.title}`}
                    onClick={() => setDoomed(announcement)}
                  >
                    Delete
                  </Button>
                )}
              </div>
              <p className="announcements__meta">
                {announcement.authorName} · {formatCreatedDate(announcement.createdAt, zone)}
                {announcement.sendEmail && ' · mailed to the players'}
              </p>
              <p className="announcements__body">
                <LinkedText text={announcement.body} />
              </p>
            </li>
          ))}
        </ul>
      )}
      {newest.length > 0 && (
        <p className="announcements__footer">
          <Link to="/profile/notifications">All announcements in full</Link>
        </p>
      )}
      {posting && <PostAnnouncementDialog onClose={() => setPosting(false)} />}
      <ConfirmDialog
        open={doomed !== undefined}
        title="Delete announcement"
        confirmLabel="Delete"
        onConfirm={() => deleting.trigger(doomed!.id, { throwOnError: true })}
        doneNotice="Announcement deleted."
        onClose={() => setDoomed(undefined)}
        // The announcement and its button go: focus goes to the next one's, else to posting one.
        returnFocusTo={(opener) =>
          nearbyAction(opener) ??
          opener?.closest('.announcements')?.querySelector<HTMLElement>('.ui-card__actions button')
        }
      >
        Delete “{doomed?.title}”? It leaves the dashboard and the notifications of everyone in the pool. Mails already
        sent stay sent.
      </ConfirmDialog>
    </Card>
  );
}
