import { useId, useRef, useState } from 'react';
import { inviteDays, maxInviteUses } from '#domain/tenancy/invites.ts';
import { formatCreatedDate } from '@/lib/format';
import { useSportTimeZone } from '@/lib/sport-selection';
import { ZoneNote } from '@/lib/zone-note';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { Modal } from '@/ui/modal';
import { Select } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { Switch } from '@/ui/switch';
import { TextField } from '@/ui/text-field';
import { errorText, useToast } from '@/ui/toast';
import { useCreateInvite } from '../api/create-invite';
import { useDeleteInvite } from '../api/delete-invite';
import { type InviteRow, useInvites } from '../api/get-invites';
import { useSetInviteOnly } from '../api/set-invite-only';

const durations = [1, 7, 14, 30, inviteDays.max].map((days) => ({
  value: days,
  label: days === 1 ? '1 day' : `${days} days`,
}));

const usesText = ({ uses, maxUses }: InviteRow) =>
  `${maxUses === null ? uses : `${uses} of ${maxUses}`} sign-up${(maxUses ?? uses) === 1 ? '' : 's'}`;

/**
 * Invite links and the invite-only switch of the client the Users page shows (docs/rules.md, Invites): the one chosen
 * there by a holder of client management, else the caller's own. Every call names that client, so what is listed is
 * what is made, switched and withdrawn.
 */
export function InviteDialog({ clientId, onClose }: { clientId?: number; onClose: () => void }) {
  const zone = useSportTimeZone();
  const toast = useToast();
  const invites = useInvites(clientId);
  const creating = useCreateInvite();
  const withdrawing = useDeleteInvite();
  const switching = useSetInviteOnly();
  const [days, setDays] = useState<number>(inviteDays.default);
  const [uses, setUses] = useState('');
  // The link just made, shown once to copy while it works, with the list as read before it was made.
  const [made, setMade] = useState<{ id: number; url: string; listBefore?: object }>();
  // The link whose withdrawal waits to be confirmed: it cannot be taken back.
  const [withdrawn, setWithdrawn] = useState<InviteRow>();
  // A refused create or switch, shown in the dialog until the next try (a notice would fade after 5 s).
  const [failure, setFailure] = useState<string>();
  const body = useRef<HTMLDivElement>(null);
  const id = useId();
  const usesError =
    uses === '' || (/^\d+$/.test(uses) && Number(uses) >= 1 && Number(uses) <= maxInviteUses)
      ? undefined
      : `A whole number from 1 to ${maxInviteUses.toLocaleString('en-US')}, or empty for any number`;

  const create = async () => {
    if (usesError) return;
    setFailure(undefined);
    try {
      const invite = await creating.trigger(
        { expiresInDays: days, ...(uses ? { maxUses: Number(uses) } : {}), clientId },
        { throwOnError: true },
      );
      setMade({ id: invite.id, url: invite.url, listBefore: invites.data });
    } catch (error) {
      setFailure(errorText(error));
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made!.url);
      toast.notify('success', 'Link copied.');
    } catch {
      toast.notify('info', 'Select the link and copy it.');
    }
  };
  // A list read since the link was made and without it: withdrawn by another administrator, used up or expired.
  const madeStopped =
    made !== undefined && invites.data !== made.listBefore && !invites.data?.data.some((row) => row.id === made.id);
  const act = (run: () => Promise<unknown>, notice: string) => async () => {
    setFailure(undefined);
    try {
      await run();
      toast.notify('success', notice);
    } catch (error) {
      setFailure(errorText(error));
    }
  };

  return (
    <Modal open title="Invite link" onClose={onClose} footer={<Button onClick={onClose}>Done</Button>}>
      {!invites.data ? (
        invites.error ? (
          <Alert status="warn">The invite links could not be loaded: {invites.error.message}</Alert>
        ) : (
          <Spinner label="Loading the invite links…" />
        )
      ) : (
        <div className="invite-dialog" ref={body}>
          <Switch
            label="Invite-only sign-up: only people with an invite link can join"
            checked={invites.data.inviteOnly}
            disabled={switching.isMutating}
            onChange={(event) => {
              const on = event.target.checked;
              void act(
                () => switching.trigger({ inviteOnly: on, clientId }, { throwOnError: true }),
                on ? 'Sign-up is now by invitation only.' : 'Sign-up is open again.',
              )();
            }}
          />
          <div className="invite-dialog__new">
            <Select
              label="Works for"
              options={durations}
              value={days}
              onChange={setDays}
              searchable={false}
              className="invite-dialog__days"
            />
            <TextField
              label="Sign-ups allowed"
              inputMode="numeric"
              placeholder="Any number"
              value={uses}
              onChange={(event) => setUses(event.target.value.trim())}
              error={usesError}
              className="invite-dialog__uses"
            />
            <Button className="invite-dialog__create" onClick={() => void create()} isLoading={creating.isMutating}>
              Create link
            </Button>
          </div>
          {failure && <Alert status="error">{failure}</Alert>}
          {made && madeStopped && (
            <Alert status="info">
              The link made here no longer works (withdrawn, used up or expired), so it is no longer offered to copy.
            </Alert>
          )}
          {made && !madeStopped && (
            <Alert status="success">
              <p>Copy the link now: for safety it is shown only this once.</p>
              <div className="invite-dialog__made">
                <TextField
                  label="New invite link"
                  readOnly
                  value={made.url}
                  onFocus={(event) => event.target.select()}
                  className="invite-dialog__url"
                />
                <Button variant="secondary" onClick={() => void copy()}>
                  Copy link
                </Button>
              </div>
            </Alert>
          )}
          {/* A list, not a table: each link's line wraps, so the dialog fits a phone without scrolling sideways. */}
          <section className="invite-dialog__links" aria-labelledby={`${id}-links`}>
            <h3 className="form__section-title" id={`${id}-links`}>
              Invite links
            </h3>
            {invites.data.data.length === 0 ? (
              <p className="muted">No invite links yet.</p>
            ) : (
              <>
                <ZoneNote zone={zone} />
                <ul className="invite-dialog__list" aria-labelledby={`${id}-links`}>
                  {invites.data.data.map((invite) => (
                    <li key={invite.id} className="invite-dialog__link">
                      <p className="invite-dialog__link-text">
                        <span>{`Made ${formatCreatedDate(invite.createdAt, zone)}, works until ${formatCreatedDate(invite.expiresAt, zone)}`}</span>
                        <span className="muted">{usesText(invite)}</span>
                      </p>
                      <Button
                        variant="secondary"
                        aria-label={`Withdraw the link made ${formatCreatedDate(invite.createdAt, zone)}`}
                        onClick={() => setWithdrawn(invite)}
                      >
                        Withdraw
                      </Button>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
          {withdrawn && (
            <ConfirmDialog
              open
              title="Withdraw invite link"
              confirmLabel="Withdraw"
              onClose={() => setWithdrawn(undefined)}
              onConfirm={async () => {
                await withdrawing.trigger({ id: withdrawn.id, clientId }, { throwOnError: true });
                if (made?.id === withdrawn.id) setMade(undefined);
              }}
              doneNotice="Invite link withdrawn."
              // The link and its button are gone: focus goes to the next thing to do, making a link.
              returnFocusTo={() => body.current?.querySelector<HTMLElement>('.invite-dialog__create')}
            >
              <p>
                {`Withdraw the link made ${formatCreatedDate(withdrawn.createdAt, zone)}, working until ${formatCreatedDate(withdrawn.expiresAt, zone)} (${usesText(withdrawn)})? `}
                It stops working at once: nobody signs up with it any more, and it cannot be brought back.
              </p>
            </ConfirmDialog>
          )}
        </div>
      )}
    </Modal>
  );
}
