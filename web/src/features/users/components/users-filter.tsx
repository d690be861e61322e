import { UserStatus } from '#domain/auth/user.ts';
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

/** 'All' in the role and status selects: no filter. */
const all = 0;

const statusOptions: readonly SelectOption<number>[] = [
  { value: all, label: 'All' },
  { value: UserStatus.Active, label: 'Active' },
  { value: UserStatus.NotActive, label: 'Not active' },
  { value: UserStatus.ConfirmationRequired, label: 'Confirmation required' },
];

export interface UsersFilterProps {
  userId: string;
  onUserIdChange: (value: string) => void;
  orderBy: string;
  onOrderByChange: (value: string) => void;
  /** The clients to choose from; undefined hides the Client filter (the caller may not list clients). */
  clients: readonly { id: number; name: string }[] | undefined;
  /** The client listed: the caller's own until another is chosen. */
  clientId: number | undefined;
  onClientIdChange: (value: number) => void;
  /** The listed client's roles; undefined while they load or when the caller may not list roles. */
  roles: readonly { id: number; name: string }[] | undefined;
  roleId: number | undefined;
  onRoleIdChange: (value: number | undefined) => void;
  active: UserStatus | undefined;
  onActiveChange: (value: UserStatus | undefined) => void;
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

  // The list is of one client at a time (the caller's own until another is chosen): there is no 'All' of clients.
  const clientOptions = useMemo(
    () => (props.clients ?? []).map((client) => ({ value: client.id, label: client.name })),
    [props.clients],
  );
  const roleOptions = useMemo(
    () => [{ value: all, label: 'All' }, ...(props.roles ?? []).map((role) => ({ value: role.id, label: role.name }))],
    [props.roles],
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
            <Select label="Client" options={clientOptions} value={props.clientId} onChange={props.onClientIdChange} />
          )}
          {props.roles && (
            <Select
              label="Role"
              options={roleOptions}
              value={props.roleId ?? all}
              onChange={(value) => props.onRoleIdChange(value === all ? undefined : value)}
            />
          )}
          <Select
            label="Active"
            options={statusOptions}
            value={props.active ?? all}
            onChange={(value) => props.onActiveChange(value === all ? undefined : (value as UserStatus))}
            searchable={false}
          />
        </div>
      )}
    </div>
  );
}
