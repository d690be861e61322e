import { useState } from 'react';
import { inviteDays, maxInviteUses } from '#domain/tenancy/invites.ts';
import { formatCreatedDate } from '@/lib/format';
import { useSportTimeZone } from '@/lib/sport-selection';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { Select } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { Switch } from '@/ui/switch';
import { Table, type TableColumn } from '@/ui/table';
import { TextField } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { useCreateInvite } from '../api/create-invite';
import { useDeleteInvite } from '../api/delete-invite';
import { type InviteRow, useInvites } from '../api/get-invites';
import { useSetInviteOnly } from '../api/set-invite-only';

const durations = [1, 7, 14, 30, inviteDays.max].map((days) => ({
  value: days,
  label: days === 1 ? '1 day' : `${days} days`,
}));

/** Invite links and the invite-only switch of the caller's client (docs/rules.md, Invites). */
export function InviteDialog({ onClose }: { onClose: () => void }) {
  const zone = useSportTimeZone();
  const toast = useToast();
  const invites = useInvites();
  const creating = useCreateInvite();
  const withdrawing = useDeleteInvite();
  const switching = useSetInviteOnly();
  const [days, setDays] = useState<number>(inviteDays.default);
  const [uses, setUses] = useState('');
  const [made, setMade] = useState<string>();
  const usesError =
    uses === '' || (/^\d+$/.test(uses) && Number(uses) >= 1 && Number(uses) <= maxInviteUses)
      ? undefined
      : `A whole number from 1 to ${maxInviteUses.toLocaleString('en-US')}, or empty for any number`;

  const create = async () => {
    if (usesError) return;
    try {
      const invite = await creating.trigger(
        { expiresInDays: days, ...(uses ? { maxUses: Number(uses) } : {}) },
        { throwOnError: true },
      );
      setMade(invite.url);
    } catch (error) {
      toast.notifyError(error);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(made!);
      toast.notify('success', 'Link copied.');
    } catch {
      toast.notify('info', 'Select the link and copy it.');
    }
  };
  const act = (run: () => Promise<unknown>, notice: string) => async () => {
    try {
      await run();
      toast.notify('success', notice);
    } catch (error) {
      toast.notifyError(error);
    }
  };

  const columns: TableColumn<InviteRow>[] = [
    { key: 'createdAt', header: 'Made', render: (invite) => formatCreatedDate(invite.createdAt, zone) },
    { key: 'expiresAt', header: 'Works until', render: (invite) => formatCreatedDate(invite.expiresAt, zone) },
    {
      key: 'uses',
      header: 'Sign-ups',
      render: (invite) => (invite.maxUses === null ? `${invite.uses}` : `${invite.uses} of ${invite.maxUses}`),
      align: 'end',
    },
    {
      key: 'withdraw',
      header: 'Action',
      render: (invite) => (
        <Button
          variant="secondary"
          aria-label={`Withdraw the link made ${formatCreatedDate(invite.createdAt, zone)}`}
          onClick={act(() => withdrawing.trigger(invite.id, { throwOnError: true }), 'Invite link withdrawn.')}
        >
          Withdraw
        </Button>
      ),
    },
  ];

  return (
    <Modal open title="Invite link" onClose={onClose} footer={<Button onClick={onClose}>Done</Button>}>
      {!invites.data ? (
        invites.error ? (
          <Alert status="warn">The invite links could not be loaded: {invites.error.message}</Alert>
        ) : (
          <Spinner label="Loading the invite links…" />
        )
      ) : (
        <div className="invite-dialog">
          <Switch
            label="Invite-only sign-up: only people with an invite link can join"
            checked={invites.data.inviteOnly}
            disabled={switching.isMutating}
            onChange={(event) => {
              const on = event.target.checked;
              void act(
                () => switching.trigger(on, { throwOnError: true }),
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
            <Button onClick={() => void create()} isLoading={creating.isMutating}>
              Create link
            </Button>
          </div>
          {made && (
            <Alert status="success">
              <p>Copy the link now: for safety it is shown only this once.</p>
              <div className="invite-dialog__made">
                <TextField
                  label="New invite link"
                  readOnly
                  value={made}
                  onFocus={(event) => event.target.select()}
                  className="invite-dialog__url"
                />
                <Button variant="secondary" onClick={() => void copy()}>
                  Copy link
                </Button>
              </div>
            </Alert>
          )}
          <Table
            caption="Invite links"
            columns={columns}
            rows={invites.data.data}
            rowKey={(invite) => invite.id}
            emptyText="No invite links yet."
            presorted
          />
        </div>
      )}
    </Modal>
  );
}
