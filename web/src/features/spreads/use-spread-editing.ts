// One game's line is edited at a time (docs/rules.md, Spreads): Edit opens it, Save sends it once it reads as the
// server would accept it, Cancel drops it; Reset ends a manual line. Each change asks every list showing lines again
// (the lists its contract names), a refused one too.
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { contracts } from '#domain/contracts/api.ts';
import type { Contract } from '#domain/contracts/contract.ts';
import type { SpreadRow } from '#domain/contracts/spreads.ts';
import { ApiError } from '@/lib/api-client';
import { isInvalidatedBy } from '@/lib/contract-keys';
import { errorText, useToast } from '@/ui/toast';
import { useResetSpread } from './api/reset-spread';
import { useSetSpread } from './api/set-spread';
import type { SpreadEdit } from './components/spread-day';
import { lineForInput, readSpreadInput } from './spread-value';

export function useSpreadEditing(affiliateId: number | undefined) {
  const toast = useToast();
  const { mutate } = useSWRConfig();
  const setting = useSetSpread();
  const resetting = useResetSpread();
  const [edit, setEdit] = useState<SpreadEdit>();
  // The edit as last shown, for a refusal that arrives after the admin typed on or cancelled.
  const shown = useRef(edit);
  useEffect(() => {
    shown.current = edit;
  });
  const [busyGameId, setBusyGameId] = useState<number>();

  const run = async (gameId: number, contract: Contract, change: () => Promise<unknown>) => {
    setBusyGameId(gameId);
    try {
      await change();
      toast.notify('success', 'Changes Saved.');
      setEdit(undefined);
    } catch (error) {
      // A save's refusal stays under its field while its edit is open (a notice fades); a reset has no form, nor an
      // edit cancelled while it was saved, so their refusal is a notice.
      const open = shown.current;
      const changed = error instanceof ApiError && error.code === 'LINE_CHANGED';
      if (open?.gameId === gameId)
        setEdit({ ...open, error: errorText(error), madeFrom: changed ? null : open.madeFrom });
      else toast.notifyError(error);
      // A refusal may come from a kickoff or another administrator's change: show the lines as they now stand.
      void mutate(isInvalidatedBy(contract));
    } finally {
      setBusyGameId(undefined);
    }
  };

  return {
    edit,
    busyGameId,
    // The line as Edit read it: a list read again meanwhile (another administrator's line) must not vouch for it.
    start: (row: SpreadRow) =>
      setEdit({ gameId: row.gameId, text: lineForInput(row.pointSpread), madeFrom: row.lineSetAt ?? '' }),
    type: (text: string) => setEdit((current) => current && { ...current, text, error: undefined }),
    cancel: () => setEdit(undefined),
    notify: (text: string) => toast.notify('success', text),
    save: async (row: SpreadRow) => {
      if (!edit || affiliateId === undefined) return;
      const input = readSpreadInput(edit.text);
      if (!input.ok) {
        setEdit({ ...edit, error: input.error });
        return;
      }
      await run(row.gameId, contracts.setSpread, () =>
        setting.trigger({
          affiliateId,
          gameId: row.gameId,
          spread: input.spread,
          lineSetAt: edit.madeFrom ?? row.lineSetAt ?? '',
        }),
      );
    },
    reset: async (row: SpreadRow) => {
      const { handicapId, lineSetAt } = row;
      if (handicapId !== null && lineSetAt !== null)
        await run(row.gameId, contracts.useAffiliateSign, () => resetting.trigger({ handicapId, lineSetAt }));
    },
  };
}
