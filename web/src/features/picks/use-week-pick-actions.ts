import { useCallback, useState } from 'react';
import { errorText, useToast } from '@/ui/toast';
import type { BetList, BetRow, SlipRef } from './api/get-bets';
import { useDeleteBet } from './api/delete-bet';
import { useSetBets } from './api/set-bets';
import { useSetBonusBets } from './api/set-bonus-bets';
import { lineFor, regularBetsWith } from './pick-rules';
import type { PicksMode } from './picks-filters';

export interface WeekPickActions {
  /** The game whose pick panel is open, if any. */
  pickingGameId: number | undefined;
  /**
   * Why the server refused the last Place Bet on the open panel's game: shown in the panel, or as a notice by the
   * board when the slip read again no longer offers the panel (the game has started).
   */
  failure: string | undefined;
  /** The refusal was shown as a notice. */
  dismissFailure: () => void;
  openPick: (gameId: number) => void;
  closePick: () => void;
  /**
   * Places or changes the pick on `row`: in bonus mode as the week's bonus bet, else as the whole list of regular bets
   * of `slip` (the week's, unfiltered) with this one placed or replaced. Closes the panel once saved.
   */
  place: (row: BetRow, slip: BetList, pickedTeamId: number, points: number) => Promise<void>;
  /** Cancel Bet asks first (a mis-tap on a phone must not lose a pick before kickoff): the pick it asks about. */
  cancelling: BetRow | undefined;
  askCancel: (row: BetRow) => void;
  keepPick: () => void;
  /** Removes the pick asked about; a failure is the caller's to show (the confirm dialog does). */
  cancelPick: () => Promise<void>;
  saving: boolean;
}

/** What a player does to one week's slip: a placed pick says so in a toast, a cancel asks first (the board's dialog). */
export function useWeekPickActions(slipRef: SlipRef, mode: PicksMode): WeekPickActions {
  const toast = useToast();
  const setBets = useSetBets();
  const setBonusBets = useSetBonusBets();
  const deleteBet = useDeleteBet();
  const [pickingGameId, setPickingGameId] = useState<number>();
  const [failure, setFailure] = useState<{ gameId: number; text: string }>();
  const pick = (gameId: number | undefined) => {
    setFailure(undefined);
    setPickingGameId(gameId);
  };
  const [cancelling, setCancelling] = useState<BetRow>();
  // Stable, so the board's notice of it is shown once.
  const dismissFailure = useCallback(() => setFailure(undefined), []);

  const place = async (row: BetRow, slip: BetList, pickedTeamId: number, points: number) => {
    const bet = { gameId: row.gameId, teamId: pickedTeamId, points, pointSpread: lineFor(row, pickedTeamId) };
    setFailure(undefined);
    try {
      if (mode === 'bonus')
        await setBonusBets.trigger({ ...slipRef, bet, slipVersion: slip.slipVersion }, { throwOnError: true });
      else
        await setBets.trigger(
          { ...slipRef, bets: regularBetsWith(slip.data, bet), slipVersion: slip.slipVersion },
          { throwOnError: true },
        );
      pick(undefined);
      toast.notify('success', 'Changes Saved.');
    } catch (error) {
      setFailure({ gameId: row.gameId, text: errorText(error) });
    }
  };

  // Stable, so the memoised cards do not render again for a new function.
  const askCancel = useCallback((row: BetRow) => {
    if (row.id !== null) setCancelling(row);
  }, []);

  const cancelPick = async () => {
    if (cancelling?.id) await deleteBet.trigger({ ...slipRef, betId: cancelling.id }, { throwOnError: true });
  };

  return {
    pickingGameId,
    failure: failure?.gameId === pickingGameId ? failure?.text : undefined,
    dismissFailure,
    openPick: pick,
    closePick: () => pick(undefined),
    place,
    cancelling,
    askCancel,
    keepPick: () => setCancelling(undefined),
    cancelPick,
    saving: setBets.isMutating || setBonusBets.isMutating,
  };
}
