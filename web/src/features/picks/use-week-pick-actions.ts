import { useState } from 'react';
import { useToast } from '@/ui/toast';
import type { BetRow, SlipRef } from './api/get-bets';
import { useDeleteBet } from './api/delete-bet';
import { useSetBets } from './api/set-bets';
import { useSetBonusBets } from './api/set-bonus-bets';
import { lineFor, regularBetsWith } from './pick-rules';
import type { PicksMode } from './picks-filters';

export interface WeekPickActions {
  /** The game whose pick panel is open, if any. */
  pickingGameId: number | undefined;
  openPick: (gameId: number) => void;
  closePick: () => void;
  /**
   * Places or changes the pick on `row`: in bonus mode as the week's bonus bet, else as the whole
   * list of regular bets with this one placed or replaced. Closes the panel once saved.
   */
  place: (row: BetRow, slipRows: readonly BetRow[], pickedTeamId: number, points: number) => Promise<void>;
  cancel: (row: BetRow) => Promise<void>;
  /** The bet being cancelled, so its card can show it. */
  cancellingBetId: string | undefined;
  saving: boolean;
}

/** What a player does to one week's slip, each with its success or failure toast. */
export function useWeekPickActions(slipRef: SlipRef, mode: PicksMode): WeekPickActions {
  const toast = useToast();
  const setBets = useSetBets();
  const setBonusBets = useSetBonusBets();
  const deleteBet = useDeleteBet();
  const [pickingGameId, setPickingGameId] = useState<number>();
  const [cancellingBetId, setCancellingBetId] = useState<string>();

  const place = async (row: BetRow, slipRows: readonly BetRow[], pickedTeamId: number, points: number) => {
    const bet = { gameId: row.gameId, teamId: pickedTeamId, points, pointSpread: lineFor(row, pickedTeamId) };
    try {
      if (mode === 'bonus') await setBonusBets.trigger({ ...slipRef, bet }, { throwOnError: true });
      else await setBets.trigger({ ...slipRef, bets: regularBetsWith(slipRows, bet) }, { throwOnError: true });
      setPickingGameId(undefined);
      toast.notify('success', 'Changes Saved.');
    } catch (error) {
      toast.notifyError(error);
    }
  };

  const cancel = async (row: BetRow) => {
    if (row.id === null) return;
    setCancellingBetId(row.id);
    try {
      await deleteBet.trigger({ ...slipRef, betId: row.id }, { throwOnError: true });
      toast.notify('success', 'Bet cancelled.');
    } catch (error) {
      toast.notifyError(error);
    } finally {
      setCancellingBetId(undefined);
    }
  };

  return {
    pickingGameId,
    openPick: setPickingGameId,
    closePick: () => setPickingGameId(undefined),
    place,
    cancel,
    cancellingBetId,
    saving: setBets.isMutating || setBonusBets.isMutating,
  };
}
