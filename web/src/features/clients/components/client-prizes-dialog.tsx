import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { editPrize } from '#domain/contracts/clients.ts';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Modal } from '@/ui/modal';
import { Spinner } from '@/ui/spinner';
import { TextField } from '@/ui/text-field';
import { useToast } from '@/ui/toast';
import { useErrorToast } from '@/ui/use-error-toast';
import { useAddPrize } from '../api/add-prize';
import { useDeletePrize } from '../api/delete-prize';
import { useEditPrize } from '../api/edit-prize';
import type { ClientRow } from '../api/get-clients';
import { type PrizeRow, usePrizes } from '../api/get-prizes';

type View =
  { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; prize: PrizeRow } | { kind: 'delete'; prize: PrizeRow };

const titles: Record<View['kind'], string> = {
  list: 'Edit Prizes',
  add: 'Add Prize',
  edit: 'Edit Prize',
  delete: 'Delete Prize',
};

// The server's own rules for a prize's name and cost (a new prize is active).
const prizeFields = z.pick(editPrize.request, { name: true, cost: true, active: true });

const formatCost = (cost: number) => cost.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** Edit Prizes: the client's prizes, with add, edit and delete. */
export function ClientPrizesDialog({ client, onClose }: { client: ClientRow; onClose: () => void }) {
  const [view, setView] = useState<View>({ kind: 'list' });
  const prizes = usePrizes(client.id);
  useErrorToast(prizes.error);
  const backToList = () => setView({ kind: 'list' });

  return (
    <Modal open onClose={onClose} title={`${titles[view.kind]}: ${client.name}`}>
      {view.kind === 'list' && (
        <>
          {!prizes.data ? (
            <Spinner />
          ) : prizes.data.length === 0 ? (
            <p className="muted">The client has no prizes yet.</p>
          ) : (
            <ul className="client-items">
              {prizes.data.map((prize) => (
                <li key={prize.id} className="client-item">
                  <div className="client-item__text">
                    <h3 className="client-item__title">{prize.name}</h3>
                    <p>
                      Cost: {formatCost(prize.cost)}
                      {!prize.active && <span className="muted"> · not active</span>}
                    </p>
                  </div>
                  <div className="client-item__actions">
                    <Button
                      variant="secondary"
                      aria-label={`Edit ${prize.name}`}
                      onClick={() => setView({ kind: 'edit', prize })}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="secondary"
                      aria-label={`Delete ${prize.name}`}
                      onClick={() => setView({ kind: 'delete', prize })}
                    >
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <div className="form__actions">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => setView({ kind: 'add' })}>Add Prize</Button>
          </div>
        </>
      )}
      {view.kind === 'add' && <PrizeForm clientId={client.id} onDone={backToList} />}
      {view.kind === 'edit' && <PrizeForm clientId={client.id} prize={view.prize} onDone={backToList} />}
      {view.kind === 'delete' && <DeletePrize clientId={client.id} prize={view.prize} onDone={backToList} />}
    </Modal>
  );
}

function PrizeForm({ clientId, prize, onDone }: { clientId: number; prize?: PrizeRow; onDone: () => void }) {
  const form = useForm({
    resolver: zodResolver(prizeFields),
    defaultValues: { name: prize?.name ?? '', cost: prize ? String(prize.cost) : '', active: prize?.active ?? true },
  });
  const { errors } = form.formState;
  const adding = useAddPrize();
  const edit = useEditPrize();
  const toast = useToast();
  const saving = adding.isMutating || edit.isMutating;

  const submit = form.handleSubmit(async ({ name, cost, active = true }) => {
    try {
      if (prize) {
        await edit.trigger({ id: prize.id, clientId, name, cost, active }, { throwOnError: true });
        toast.notify('success', 'Prize has been edited');
      } else {
        await adding.trigger({ clientId, name, cost }, { throwOnError: true });
        toast.notify('success', 'Prize has been added');
      }
      onDone();
    } catch (failure) {
      toast.notifyError(failure);
    }
  });

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Cost"
        inputMode="decimal"
        autoComplete="off"
        error={errors.cost?.message}
        {...form.register('cost')}
      />
      {prize && <Checkbox label="Active" {...form.register('active')} />}
      <div className="form__actions">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" isLoading={saving}>
          {prize ? 'Save' : 'Add'}
        </Button>
      </div>
    </form>
  );
}

function DeletePrize({ clientId, prize, onDone }: { clientId: number; prize: PrizeRow; onDone: () => void }) {
  const deletion = useDeletePrize();
  const toast = useToast();
  const confirm = async () => {
    try {
      await deletion.trigger({ id: prize.id, clientId }, { throwOnError: true });
      toast.notify('success', 'Prize has been deleted');
      onDone();
    } catch (failure) {
      toast.notifyError(failure);
    }
  };
  return (
    <>
      <p>
        Delete the prize <strong>{prize.name}</strong>? It leaves the list.
      </p>
      <div className="form__actions">
        <Button variant="secondary" onClick={onDone} disabled={deletion.isMutating}>
          Cancel
        </Button>
        <Button onClick={() => void confirm()} isLoading={deletion.isMutating}>
          Delete
        </Button>
      </div>
    </>
  );
}
