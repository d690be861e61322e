import { useState } from 'react';
import { type DayFlags, defaultDayFlags } from '#domain/catalogue/types.ts';
import { type ClientSport, useClientSports } from '@/lib/api/get-client-sports';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { Select } from '@/ui/select';
import { Spinner } from '@/ui/spinner';
import { useToast } from '@/ui/toast';
import { useErrorToast } from '@/ui/use-error-toast';
import { useAddClientSport } from '../api/add-client-sport';
import { useDeleteClientSport } from '../api/delete-client-sport';
import { useEditClientSport } from '../api/edit-client-sport';
import { useAffiliates } from '@/lib/api/get-affiliates';
import type { ClientRow } from '../api/get-clients';
import { useSports } from '@/lib/api/get-sports';
import { dayFlagsOf, describePickDays, PickDaysFields, pickDaysProblems, sameDays } from '@/ui/pick-days-fields';

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

type Step = 'sport' | 'affiliate' | 'days';
const stepNames: Record<Step, string> = {
  sport: 'Step 1 of 3: select the sport',
  affiliate: 'Step 2 of 3: select the affiliate',
  days: 'Step 3 of 3: select the pick days, then confirm',
};

/** Select sport, then affiliate, then pick days, then Confirm; both sport and affiliate are required. */
function AddSportWizard({
  clientId,
  clientSports,
  onDone,
}: {
  clientId: number;
  clientSports: readonly ClientSport[];
  onDone: () => void;
}) {
  const [step, setStep] = useState<Step>('sport');
  const [sportId, setSportId] = useState<number>();
  const [affiliateId, setAffiliateId] = useState<number>();
  const [days, setDays] = useState<DayFlags>(defaultDayFlags);
  const [missing, setMissing] = useState<Step>();
  const catalogue = useSports();
  const affiliates = useAffiliates(sportId);
  useErrorToast(catalogue.error ?? affiliates.error);
  const adding = useAddClientSport();
  const toast = useToast();

  const available = (catalogue.data ?? []).filter(
    (sport) => !clientSports.some((clientSport) => clientSport.sportId === sport.id),
  );
  const sportName = catalogue.data?.find((sport) => sport.id === sportId)?.name;
  const affiliateName = affiliates.data?.find((affiliate) => affiliate.id === affiliateId)?.name;

  const next = () => {
    if (step === 'sport') {
      if (sportId === undefined) return setMissing('sport');
      setStep('affiliate');
    } else if (step === 'affiliate') {
      if (affiliateId === undefined) return setMissing('affiliate');
      setStep('days');
    }
  };
  const back = () => {
    if (step === 'sport') onDone();
    else setStep(step === 'days' ? 'affiliate' : 'sport');
  };

  const confirm = async () => {
    if (sportId === undefined || affiliateId === undefined) return;
    try {
      await adding.trigger({ clientId, sportId, affiliateId, ...days }, { throwOnError: true });
      toast.notify('success', 'Sport added');
      onDone();
    } catch (failure) {
      toast.notifyError(failure);
    }
  };

  return (
    <>
      <p className="muted">{stepNames[step]}</p>
      {step === 'sport' &&
        (catalogue.data && available.length === 0 ? (
          <Alert status="info">The client plays every sport already.</Alert>
        ) : (
          <Select
            label="Sport"
            options={available.map((sport) => ({ value: sport.id, label: sport.name }))}
            value={sportId}
            onChange={(id) => {
              setSportId(id);
              setAffiliateId(undefined);
              setMissing(undefined);
              // A new client sport starts from the sport's own days (set on the Sports page).
              const sport = catalogue.data?.find((candidate) => candidate.id === id);
              if (sport) setDays(dayFlagsOf(sport));
            }}
            placeholder={catalogue.isLoading ? 'Loading…' : 'Select the sport'}
            error={missing === 'sport' ? 'Sport is required' : undefined}
          />
        ))}
      {step === 'affiliate' &&
        (affiliates.data?.length === 0 ? (
          <Alert status="warn">{sportName} has no affiliate to take its lines from yet.</Alert>
        ) : (
          <Select
            label="Affiliate"
            options={(affiliates.data ?? []).map((affiliate) => ({ value: affiliate.id, label: affiliate.name }))}
            value={affiliateId}
            onChange={(id) => {
              setAffiliateId(id);
              setMissing(undefined);
            }}
            placeholder={affiliates.isLoading ? 'Loading…' : 'Select the affiliate'}
            error={missing === 'affiliate' ? 'Affiliate is required' : undefined}
          />
        ))}
      {step === 'days' && (
        <>
          <p>
            <strong>{sportName}</strong>, lines from <strong>{affiliateName}</strong>
          </p>
          <PickDaysFields value={days} onChange={setDays} />
        </>
      )}
      <div className="form__actions">
        <Button variant="secondary" onClick={back} disabled={adding.isMutating}>
          Back
        </Button>
        {step === 'days' ? (
          <Button
            onClick={() => void confirm()}
            isLoading={adding.isMutating}
            disabled={pickDaysProblems(days).length > 0}
          >
            Confirm
          </Button>
        ) : (
          <Button onClick={next}>Next</Button>
        )}
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
  const toast = useToast();

  const save = async () => {
    const daysChanged = !sameDays(days, initialDays);
    const affiliateChanged = affiliateId !== clientSport.affiliateId;
    if (!daysChanged && !affiliateChanged) return onDone();
    try {
      await edit.trigger(
        {
          id: clientSport.id,
          clientId: clientSport.clientId,
          ...(daysChanged ? days : {}),
          ...(affiliateChanged ? { affiliateId } : {}),
        },
        { throwOnError: true },
      );
      if (daysChanged) toast.notify('success', 'Sport days has been changed');
      if (affiliateChanged) toast.notify('success', 'Affiliate has been changed');
      onDone();
    } catch (failure) {
      toast.notifyError(failure);
    }
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
  const toast = useToast();
  const confirm = async () => {
    try {
      await deletion.trigger({ id: clientSport.id, clientId: clientSport.clientId }, { throwOnError: true });
      toast.notify('success', 'Sport has been deleted');
      onDone();
    } catch (failure) {
      toast.notifyError(failure);
    }
  };
  return (
    <>
      <p>
        Delete <strong>{clientSport.sportName}</strong> from {clientName}? Its players no longer see it; their picks and
        results are kept for when it is added back.
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
