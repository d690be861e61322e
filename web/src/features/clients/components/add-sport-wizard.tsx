import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { type DayFlags, defaultDayFlags } from '#domain/catalogue/types.ts';
import { id } from '#domain/contracts/fields.ts';
import type { ClientSport } from '@/lib/api/get-client-sports';
import { useAffiliates } from '@/lib/api/get-affiliates';
import { useSports } from '@/lib/api/get-sports';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { dayFlagsOf, PickDaysFields, pickDaysProblems } from '@/ui/pick-days-fields';
import { Select } from '@/ui/select';
import { errorText, useToast } from '@/ui/toast';
import { useErrorToast } from '@/ui/use-error-toast';
import { useAddClientSport } from '../api/add-client-sport';

// The add contract's id rule, named as the wizard names its choices ('Sport is required').
const fields = z.object({ sportId: id('Sport'), affiliateId: id('Affiliate'), days: z.custom<DayFlags>() });

type Step = 'sport' | 'affiliate' | 'days';
const stepNames: Record<Step, string> = {
  sport: 'Step 1 of 3: select the sport',
  affiliate: 'Step 2 of 3: select the affiliate',
  days: 'Step 3 of 3: select the pick days, then confirm',
};

/** Select sport, then affiliate, then pick days, then Confirm; both sport and affiliate are required. */
export function AddSportWizard({
  clientId,
  clientSports,
  onDone,
}: {
  clientId: number;
  clientSports: readonly ClientSport[];
  onDone: () => void;
}) {
  const [step, setStep] = useState<Step>('sport');
  const form = useForm({
    resolver: zodResolver(fields),
    defaultValues: { sportId: undefined, affiliateId: undefined, days: defaultDayFlags },
  });
  const { errors } = form.formState;
  const values = form.watch();
  const { days } = values;
  // The choices are numbers; the contract's id rule also takes their text.
  const sportId = typeof values.sportId === 'number' ? values.sportId : undefined;
  const affiliateId = typeof values.affiliateId === 'number' ? values.affiliateId : undefined;
  const setDays = (value: DayFlags) => form.setValue('days', value);
  const catalogue = useSports();
  const affiliates = useAffiliates(sportId);
  useErrorToast(catalogue.error ?? affiliates.error);
  const adding = useAddClientSport();
  const toast = useToast();

  // A sport switched off on the Sports page is not offered (the server refuses it).
  const available = (catalogue.data ?? []).filter(
    (sport) => sport.active && !clientSports.some((clientSport) => clientSport.sportId === sport.id),
  );
  const sportName = catalogue.data?.find((sport) => sport.id === sportId)?.name;
  const affiliateName = affiliates.data?.find((affiliate) => affiliate.id === affiliateId)?.name;

  // Why the server refused the last Confirm: shown on the last step until the next try or a step back.
  const [failure, setFailure] = useState<string>();
  const next = async () => {
    if (step === 'sport' && (await form.trigger('sportId'))) setStep('affiliate');
    else if (step === 'affiliate' && (await form.trigger('affiliateId'))) setStep('days');
  };
  const back = () => {
    setFailure(undefined);
    if (step === 'sport') onDone();
    else setStep(step === 'days' ? 'affiliate' : 'sport');
  };

  const confirm = form.handleSubmit(async (chosen) => {
    setFailure(undefined);
    try {
      await adding.trigger(
        { clientId, sportId: chosen.sportId, affiliateId: chosen.affiliateId, ...chosen.days },
        { throwOnError: true },
      );
      toast.notify('success', 'Sport added');
      onDone();
    } catch (refusal) {
      // Shown in the wizard until the next try, with what was chosen kept (a notice fades after 5 s).
      setFailure(errorText(refusal));
    }
  });

  return (
    <>
      <p className="muted">{stepNames[step]}</p>
      {step === 'sport' &&
        (catalogue.data && available.length === 0 ? (
          <Alert status="info">The client plays every active sport already.</Alert>
        ) : (
          <Select
            label="Sport"
            options={available.map((sport) => ({ value: sport.id, label: sport.name }))}
            value={sportId}
            onChange={(id) => {
              form.setValue('sportId', id);
              form.resetField('affiliateId');
              form.clearErrors('sportId');
              // A new client sport starts from the sport's own days (set on the Sports page).
              const sport = catalogue.data?.find((candidate) => candidate.id === id);
              if (sport) form.setValue('days', dayFlagsOf(sport));
            }}
            placeholder={catalogue.isLoading ? 'Loading…' : 'Select the sport'}
            error={errors.sportId?.message}
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
              form.setValue('affiliateId', id);
              form.clearErrors('affiliateId');
            }}
            placeholder={affiliates.isLoading ? 'Loading…' : 'Select the affiliate'}
            error={errors.affiliateId?.message}
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
      {step === 'days' && failure && <Alert status="error">{failure}</Alert>}
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
          <Button onClick={() => void next()}>Next</Button>
        )}
      </div>
    </>
  );
}
