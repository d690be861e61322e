import { useEffect, useId, useRef } from 'react';
import type { SpreadRow } from '#domain/contracts/spreads.ts';
import { formatTime } from '@/lib/format';
import { Button } from '@/ui/button';
import { Table, type TableColumn } from '@/ui/table';
import { TextField } from '@/ui/text-field';
import { formatLine, isNoSpread } from '../spread-value';

export interface SpreadEdit {
  gameId: number;
  text: string;
  /**
   * The manual line the edit started from (its row's lineSetAt as Edit read it, '' for none); null once a refusal
   * said another line came since: the next Save is made from the line the list now shows.
   */
  madeFrom: string | null;
  error?: string | undefined;
}

export interface SpreadDayProps {
  heading: string;
  /** The sport's zone, the kickoffs' (docs/rules.md, Formats). */
  zone: string;
  rows: SpreadRow[];
  /** Whether the user may set and reset lines (else the page only shows them). */
  mayChange: boolean;
  editing: SpreadEdit | undefined;
  /** The game whose change is under way. */
  busyGameId: number | undefined;
  onEdit: (row: SpreadRow) => void;
  onType: (text: string) => void;
  onSave: (row: SpreadRow) => void;
  onCancel: () => void;
  onReset: (row: SpreadRow) => void;
  onHistory: (row: SpreadRow) => void;
}

export const gameName = (row: SpreadRow) => `${row.awayTeamName} @ ${row.homeTeamName}`;

const isManual = (row: SpreadRow) => !row.useAffiliateSpread && row.handicapId !== null;

/** One day's games of the week with their lines; one game's line is edited at a time. */
export function SpreadDay(props: SpreadDayProps) {
  const { heading, zone, rows, mayChange, editing, busyGameId, onEdit, onType, onSave, onCancel, onReset, onHistory } =
    props;
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  // An edit closed (saved or cancelled) took its form, and the focus in it, away: focus goes to its game's Edit.
  const lastEdited = useRef<number>(undefined);
  useEffect(() => {
    if (editing) lastEdited.current = editing.gameId;
    else if (lastEdited.current !== undefined && busyGameId === undefined) {
      if (!document.activeElement || document.activeElement === document.body)
        section.current?.querySelector<HTMLElement>(`[data-edit-game="${lastEdited.current}"]`)?.focus();
      lastEdited.current = undefined;
    }
  }, [editing, busyGameId]);

  const lineCell = (row: SpreadRow) => {
    if (editing?.gameId === row.gameId) {
      return (
        <form
          className="spread-edit"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSave(row);
          }}
        >
          <TextField
            label={`Home line of ${gameName(row)}`}
            className="spread-edit__field"
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            value={editing.text}
            error={editing.error}
            onChange={(event) => onType(event.target.value)}
          />
          <span className="spread-edit__actions">
            <Button type="submit" isLoading={busyGameId === row.gameId}>
              Save
            </Button>
            <Button type="button" variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          </span>
        </form>
      );
    }
    return (
      <span className="spread-line">
        <span className={isNoSpread(row.pointSpread) ? 'muted' : 'spread-line__value'}>
          {formatLine(row.pointSpread)}
        </span>
        {isManual(row) && (
          <>
            <span className="spread-tag">Manual</span>
            <span className="spread-line__affiliate">Affiliate: {formatLine(row.affiliateSpread)}</span>
          </>
        )}
      </span>
    );
  };

  const columns: TableColumn<SpreadRow>[] = [
    {
      key: 'kickoff',
      header: 'Kickoff',
      render: (row) => <time dateTime={row.beginning}>{formatTime(row.beginning, zone)}</time>,
    },
    { key: 'game', header: 'Game', render: (row) => gameName(row) },
    { key: 'line', header: 'Home line', render: lineCell },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      render: (row) => {
        const hidden = <span className="visually-hidden"> {gameName(row)}</span>;
        return (
          <span className="ui-table__actions">
            {mayChange && row.editable && editing?.gameId !== row.gameId && (
              <Button
                variant="ghost"
                data-edit-game={row.gameId}
                disabled={editing !== undefined || busyGameId !== undefined}
                onClick={() => onEdit(row)}
              >
                Edit{hidden}
              </Button>
            )}
            {mayChange && row.editable && isManual(row) && editing?.gameId !== row.gameId && (
              <Button
                variant="ghost"
                disabled={editing !== undefined || busyGameId !== undefined}
                isLoading={busyGameId === row.gameId}
                onClick={() => onReset(row)}
              >
                Reset{hidden}
              </Button>
            )}
            <Button variant="ghost" onClick={() => onHistory(row)}>
              History{hidden}
            </Button>
          </span>
        );
      },
    },
  ];

  return (
    <section className="spread-day" aria-labelledby={headingId} ref={section}>
      <h2 className="spread-day__heading" id={headingId}>
        {heading}
      </h2>
      <Table
        caption={`Games of ${heading}`}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.gameId}
        rowClassName={(row) => (isManual(row) ? 'spread-row--manual' : undefined)}
      />
    </section>
  );
}
