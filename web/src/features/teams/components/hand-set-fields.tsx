import { type TeamField, teamFields } from '#domain/catalogue/types.ts';
import type { Team } from '@/lib/api/get-team-list';
import { Button } from '@/ui/button';
import { useToast } from '@/ui/toast';
import { useRestoreFeedValue } from '../api/restore-feed-value';

const labels: Record<TeamField, string> = {
  name: 'Name',
  city: 'City',
  mascot: 'Mascot',
  abbreviation: 'Abbreviation',
  logo: 'Logo',
};

/**
 * The fields of a team an administrator set by hand, which Load Teams leaves as they are, each with
 * 'Use the feed's value' (docs/rules.md, Teams). Empty while every field follows the feed.
 */
export function HandSetFields({ team }: { team: Team }) {
  const restore = useRestoreFeedValue();
  const toast = useToast();
  const marked = teamFields.filter((field) => team.handEdited?.includes(field));
  if (!marked.length) return null;

  const useFeed = async (field: TeamField) => {
    try {
      const version = team.markChanges ?? 0;
      await restore.trigger({ id: team.id, sportId: team.sportId, field, version }, { throwOnError: true });
      toast.notify('success', 'Changes Saved.');
    } catch (failure) {
      toast.notifyError(failure);
    }
  };

  return (
    <ul className="hand-set">
      {marked.map((field) => {
        const feedValue = field === 'logo' ? undefined : team.feedValues?.[field];
        return (
          <li key={field} className="hand-set__field">
            <span className="hand-set__tag" title={feedValue ? `The feed says: ${feedValue}` : undefined}>
              {labels[field]}
            </span>
            <Button
              variant="ghost"
              className="hand-set__use-feed"
              disabled={restore.isMutating}
              onClick={() => void useFeed(field)}
            >
              Use the feed&apos;s value
              <span className="visually-hidden">
                {' '}
                for the {field} of {team.name}
              </span>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
