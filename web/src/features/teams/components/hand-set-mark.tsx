import type { TeamField } from '#domain/catalogue/types.ts';
import type { Team } from '@/lib/api/get-team-list';
import { Button } from '@/ui/button';
import { useToast } from '@/ui/toast';
import { useRestoreFeedValue } from '../api/restore-feed-value';

/**
 * Marks a field of a team an administrator set by hand, which Load Teams leaves as it is, and offers
 * 'Use the feed's value' (docs/rules.md, Teams). Nothing for a field that follows the feed.
 */
export function HandSetMark({ team, field, label }: { team: Team; field: TeamField; label: string }) {
  const restore = useRestoreFeedValue();
  const toast = useToast();
  if (!team.handEdited?.includes(field)) return null;
  const feedValue = field === 'logo' ? undefined : team.feedValues?.[field];

  const useFeed = async () => {
    try {
      await restore.trigger({ id: team.id, sportId: team.sportId, field }, { throwOnError: true });
      toast.notify('success', 'Changes Saved');
    } catch (failure) {
      toast.notifyError(failure);
    }
  };

  return (
    <span className="hand-set">
      <span className="hand-set__tag" title={feedValue ? `The feed says: ${feedValue}` : undefined}>
        Hand-set<span className="visually-hidden"> {label}</span>
      </span>
      <Button
        variant="ghost"
        className="hand-set__use-feed"
        isLoading={restore.isMutating}
        onClick={() => void useFeed()}
      >
        Use the feed&apos;s value
        <span className="visually-hidden">
          {' '}
          for the {label} of {team.name}
        </span>
      </Button>
    </span>
  );
}
