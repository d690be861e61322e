import { formatMoment } from '@/lib/format';
import { useSportTimeZone } from '@/lib/sport-selection';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ZoneNote } from '@/lib/zone-note';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { LoadFailed } from '@/ui/load-failed';
import { Spinner } from '@/ui/spinner';
import { useAdminMessages } from '../api/get-admin-messages';
import './admin-messages.css';

/** The messages the pool's members sent through Contact Admin, newest first, for its administrators. */
export function AdminMessagesPage() {
  useDocumentTitle('Messages');
  const zone = useSportTimeZone();
  const list = useAdminMessages();
  const rows = list.rows ?? [];

  return (
    <>
      <div className="page-header">
        <div>
          <h1 className="page-title">Messages</h1>
          <p className="page-subtitle">What the pool’s members wrote to its administrators through Contact Admin.</p>
          <ZoneNote />
        </div>
      </div>
      <Card>
        {list.error && !list.rows ? (
          <LoadFailed what="The messages" error={list.error} onReload={() => void list.reload()} />
        ) : !list.rows ? (
          <div className="loading-block">
            <Spinner label="Loading the messages…" />
          </div>
        ) : rows.length === 0 ? (
          <p className="muted">No messages yet. When a member writes through Contact Admin, it shows here.</p>
        ) : (
          <ul className="admin-messages" aria-label="Messages to the administrators">
            {rows.map((message) => (
              <li key={message.id} className="admin-messages__item">
                <h2 className="admin-messages__issue">{message.issue}</h2>
                <p className="admin-messages__meta">
                  From <strong>{message.senderName}</strong> ({message.senderLogin},{' '}
                  <a href={`mailto:${message.senderEmail}`}>{message.senderEmail}</a>) ·{' '}
                  <time dateTime={message.createdAt}>{formatMoment(message.createdAt, zone)}</time>
                </p>
                <p className="admin-messages__text">{message.message}</p>
              </li>
            ))}
          </ul>
        )}
        {list.hasMore && (
          <Button
            variant="secondary"
            className="admin-messages__more"
            onClick={() => void list.loadMore()}
            isLoading={list.loadingMore}
          >
            Show older messages
          </Button>
        )}
      </Card>
    </>
  );
}
