import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/ui/button';
import { Select, type SelectOption } from '@/ui/select';
import { TextField } from '@/ui/text-field';
import { useAnchoredPosition } from '@/ui/use-anchored-position';
import { useOutsidePress } from '@/ui/use-outside-press';
import { focusableIn } from '@/ui/focusable';

/** The list's orders, by the labels the server also accepts. */
export const userOrders: readonly SelectOption<string>[] = [
  { value: 'id', label: 'ID' },
  { value: 'firstName', label: 'First Name' },
  { value: 'middleName', label: 'Middle Name' },
  { value: 'lastName', label: 'Last Name' },
  { value: 'phoneNumber', label: 'Phone Number' },
  { value: 'emailAddress', label: 'Email' },
];

/** 'All' in the client select: no client filter. */
const allClients = 0;

export interface UsersFilterProps {
  userId: string;
  onUserIdChange: (value: string) => void;
  orderBy: string;
  onOrderByChange: (value: string) => void;
  /** The clients to choose from; undefined hides the Client filter (the caller may not list clients). */
  clients: readonly { id: number; name: string }[] | undefined;
  clientId: number | undefined;
  onClientIdChange: (value: number | undefined) => void;
}

/** The Filter button and its panel: Escape or a press outside closes it, and focus returns to the button. */
export function UsersFilter(props: UsersFilterProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  // The Button takes no ref: the span around it anchors the panel and gets focus back.
  const anchorRef = useRef<HTMLSpanElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) anchorRef.current?.querySelector('button')?.focus();
  }, []);
  const closeOnOutsidePress = useCallback(() => close(false), [close]);
  const outsideRefs = useMemo(() => [rootRef], []);
  useOutsidePress(outsideRefs, closeOnOutsidePress, open);
  const panelStyle = useAnchoredPosition(anchorRef, open, { width: 320, align: 'end', minSpaceBelow: 0 });

  useEffect(() => {
    const panel = panelRef.current;
    if (open && panel) (focusableIn(panel)[0] ?? panel).focus();
  }, [open]);

  const clientOptions = useMemo(
    () => [
      { value: allClients, label: 'All' },
      ...(props.clients ?? []).map((client) => ({ value: client.id, label: client.name })),
    ],
    [props.clients],
  );

  return (
    <div ref={rootRef} className="users-filter">
      <span ref={anchorRef} className="users-filter__anchor">
        <Button
          variant="secondary"
          aria-expanded={open}
          aria-controls={open ? `${id}-panel` : undefined}
          onClick={() => (open ? close(false) : setOpen(true))}
        >
          Filter
        </Button>
      </span>
      {open && (
        <div
          ref={panelRef}
          id={`${id}-panel`}
          role="dialog"
          aria-label="Filter users"
          tabIndex={-1}
          className="users-filter__panel"
          style={panelStyle}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close(true);
            }
          }}
        >
          <TextField
            label="User ID"
            inputMode="numeric"
            autoComplete="off"
            value={props.userId}
            onChange={(event) => props.onUserIdChange(event.target.value.replace(/\D/g, ''))}
          />
          <Select
            label="Order By"
            options={userOrders}
            value={props.orderBy}
            onChange={props.onOrderByChange}
            searchable={false}
          />
          {props.clients && (
            <Select
              label="Client"
              options={clientOptions}
              value={props.clientId ?? allClients}
              onChange={(value) => props.onClientIdChange(value === allClients ? undefined : value)}
            />
          )}
        </div>
      )}
    </div>
  );
}
