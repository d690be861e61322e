import { lazy, Suspense } from 'react';
import { useAnnouncements } from '@/lib/api/get-announcements';
import type { AnnouncementsCardProps } from './announcements-card';

// The card's code (and the commissioner's form) stays out of the dashboard's first load.
const AnnouncementsCard = lazy(async () => ({ default: (await import('./announcements-card')).AnnouncementsCard }));

/** The announcements card once there is one to read, or at once for a commissioner; nothing for a player before. */
export function AnnouncementsSlot(props: AnnouncementsCardProps) {
  const { data } = useAnnouncements();
  if (!props.canPost && !data?.data.length) return null;
  return (
    <Suspense fallback={null}>
      <AnnouncementsCard {...props} />
    </Suspense>
  );
}
