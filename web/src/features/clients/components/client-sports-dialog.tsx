import { useState } from 'react';
import type { DayFlags } from '#domain/catalogue/types.ts';
import { type ClientSport, useClientSports } from '@/lib/api/get-client-sports';
import { useDialogSave } from '@/lib/use-dialog-save';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { Select } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { useErrorToast } from '@/ui/use-error-toast';
import { useDeleteClientSport } from '../api/delete-client-sport';
import { useEditClientSport } from '../api/edit-client-sport';
import { useAffiliates } from '@/lib/api/get-affiliates';
import type { ClientRow } from '../api/get-clients';
import { dayFlagsOf, describePickDays, PickDaysFields, pickDaysProblems, sameDays } from '@/ui/pick-days-fields';
import { AddSportWizard } from './add-sport-wizard';

type View =
  { kind: 'list' } | { kind: 'add' } | { kind: 'edit'; sport: ClientSport } | { kind: 'delete'; sport: ClientSport };

const titles: Record<View['kind'], string> = {
  list: 'Edit Sports',
  add: 'Add Sport',
  edit: 'Edit Sport',
  delete: 'Delete Sport',
};

/** Edit Sports: the client's sports (edit their pick days or affiliate, delete them) and the wizard adding one. */
export function ClientSportsDialog({ client, onClose }: { client: ClientRow; onClose: () => void }) {
  const [view, setView] = useState<View>({ kind: 'list' });
  const sports = useClientSports(client.id);
  useErrorToast(sports.error);
  const backToList = () => setView({ kind: 'list' });

  return (
    <Modal open onClose={onClose} title={`${titles[view.kind]}: ${client.name}`}>
      {view.kind === 'list' && (
        <SportList
          sports={sports.data}
          onAdd={() => setView({ kind: 'add' })}
          onEdit={(sport) => setView({ kind: 'edit', sport })}
          onDelete={(sport) => setView({ kind: 'delete', sport })}
          onClose={onClose}
        />
      )}
      {view.kind === 'add' && (
        <AddSportWizard clientId={client.id} clientSports={sports.data ?? []} onDone={backToList} />
      )}
      {view.kind === 'edit' && <EditSportForm clientSport={view.sport} onDone={backToList} />}
      {view.kind === 'delete' && <DeleteSport clientSport={view.sport} clientName={client.name} onDone={backToList} />}
    </Modal>
  );
}

function SportList({
  sports,
  onAdd,
  onEdit,
  onDelete,
  onClose,
}: {
  sports: ClientSport[] | undefined;
  onAdd: () => void;
  onEdit: (sport: ClientSport) => void;
  onDelete: (sport: ClientSport) => void;
  onClose: () => void;
}) {
  return (
    <>
      {!sports ? (
        <Spinner />
      ) : sports.length === 0 ? (
        <p className="muted">The client plays no sport yet.</p>
      ) : (
        <ul className="client-items">
          {sports.map((sport) => (
            <li key={sport.id} className="client-item">
              <div className="client-item__text">
                <h3 className="client-item__title">{sport.sportName}</h3>
                <p>Affiliate: {sport.affiliateName}</p>
                <p className="muted">{describePickDays(sport)}</p>
              </div>
              <div className="client-item__actions">
                <Button variant="secondary" aria-label={`Edit ${sport.sportName}`} onClick={() => onEdit(sport)}>
                  Edit
                </Button>
                <Button variant="secondary" aria-label={`Delete ${sport.sportName}`} onClick={() => onDelete(sport)}>
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
        <Button onClick={onAdd} disabled={!sports}>
          Add Sport
        </Button>
      </div>
    </>
  );
}

/** A client sport's affiliate and pick days; each change that is saved gets its own notice. */
function EditSportForm({ clientSport, onDone }: { clientSport: ClientSport; onDone: () => void }) {
  const initialDays = dayFlagsOf(clientSport);
  const [days, setDays] = useState<DayFlags>(initialDays);
  const [affiliateId, setAffiliateId] = useState(clientSport.affiliateId);
  const affiliates = useAffiliates(clientSport.sportId);
  useErrorToast(affiliates.error);
  const edit = useEditClientSport();
  const { save: saving, failure } = useDialogSave(onDone);

  const save = async () => {
    const daysChanged = !sameDays(days, initialDays);
    const affiliateChanged = affiliateId !== clientSport.affiliateId;
    if (!daysChanged && !affiliateChanged) return onDone();
    await saving(
      async () => {
        await edit.trigger(
          {
            id: clientSport.id,
            clientId: clientSport.clientId,
            version: clientSport.version ?? 0,
            ...(daysChanged ? days : {}),
            ...(affiliateChanged ? { affiliateId } : {}),
          },
          { throwOnError: true },
        );
        return [
          ...(daysChanged ? ['Sport days has been changed'] : []),
          ...(affiliateChanged ? ['Affiliate has been changed'] : []),
        ];
      },
      { editing: true },
    );
  };

  // The current affiliate is offered even before the list arrives, so the choice never shows blank.
  const affiliateOptions = affiliates.data?.map((affiliate) => ({ value: affiliate.id, label: affiliate.name })) ?? [
    { value: clientSport.affiliateId, label: clientSport.affiliateName },
  ];

  return (
    <>
      <h3 className="client-item__title">{clientSport.sportName}</h3>
      <Select label="Affiliate" options={affiliateOptions} value={affiliateId} onChange={setAffiliateId} />
      <PickDaysFields value={days} onChange={setDays} />
      {failure && <Alert status="error">{failure}</Alert>}
      <div className="form__actions">
        <Button variant="secondary" onClick={onDone} disabled={edit.isMutating}>
          Cancel
        </Button>
        <Button onClick={() => void save()} isLoading={edit.isMutating} disabled={pickDaysProblems(days).length > 0}>
          Save
        </Button>
      </div>
    </>
  );
}

function DeleteSport({
  clientSport,
  clientName,
  onDone,
}: {
  clientSport: ClientSport;
  clientName: string;
  onDone: () => void;
}) {
  const deletion = useDeleteClientSport();
  const { save, failure } = useDialogSave(onDone);
  const confirm = () =>
    save(
      async () => {
        await deletion.trigger(clientSport.id, { throwOnError: true });
        return 'Sport has been deleted';
      },
      { editing: true },
    );
  return (
    <>
      <p>
        Delete <strong>{clientSport.sportName}</strong> from {clientName}? Its players no longer see it; their picks and
        results are kept for when it is added back.
      </p>
      {failure && <Alert status="error">{failure}</Alert>}
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
