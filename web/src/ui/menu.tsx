import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useOutsidePress } from './use-outside-press';
import './menu.css';

export interface MenuItem {
  key: string;
  label: string;
  icon?: ReactNode;
  /** A route to open; otherwise onSelect runs. */
  to?: string;
  onSelect?: () => void;
  /** Draws a line above the item, setting it apart (e.g. Log Out). */
  separated?: boolean;
}

export interface DropdownMenuProps {
  /** Names the menu for screen readers. */
  label: string;
  /** The content of the button opening the menu; it also gives the button its name. */
  trigger: ReactNode;
  triggerClassName?: string;
  items: readonly MenuItem[];
  align?: 'start' | 'end';
}

/** The menu button pattern: arrows, Home/End move through the items, Escape closes and returns focus. */
export function DropdownMenu({ label, trigger, triggerClassName, items, align = 'end' }: DropdownMenuProps) {
  const id = useId();
  const [openAt, setOpenAt] = useState<number | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  const open = openAt !== null;

  const close = useCallback((returnFocus: boolean) => {
    setOpenAt(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  const closeOnOutsidePress = useCallback(() => close(false), [close]);
  const outsideRefs = useMemo(() => [rootRef], []);
  useOutsidePress(outsideRefs, closeOnOutsidePress, open);

  useEffect(() => {
    if (openAt !== null) itemRefs.current[openAt]?.focus();
  }, [openAt]);

  const focusItem = (index: number) => {
    const count = items.length;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };
  const focusedIndex = () => itemRefs.current.findIndex((element) => element === document.activeElement);

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpenAt(event.key === 'ArrowUp' ? items.length - 1 : 0);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const current = focusedIndex();
    const moves: Record<string, () => void> = {
      ArrowDown: () => focusItem(current + 1),
      ArrowUp: () => focusItem(current - 1),
      Home: () => focusItem(0),
      End: () => focusItem(items.length - 1),
      Escape: () => close(true),
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      event.stopPropagation();
      move();
    } else if (event.key === 'Tab') {
      close(false);
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      // Typing a letter jumps to the next item starting with it.
      const letter = event.key.toLowerCase();
      const order = items.map((_, offset) => (current + 1 + offset) % items.length);
      const match = order.find((index) => items[index]?.label.toLowerCase().startsWith(letter));
      if (match !== undefined) focusItem(match);
    }
  };

  return (
    <div ref={rootRef} className="ui-menu">
      <button
        ref={buttonRef}
        type="button"
        id={`${id}-button`}
        className={triggerClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => (open ? close(false) : setOpenAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {trigger}
      </button>
      {open && (
        <ul
          id={`${id}-menu`}
          role="menu"
          aria-label={label}
          className={`ui-menu__list ui-menu__list--${align}`}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => {
            const content = (
              <>
                {item.icon}
                <span>{item.label}</span>
              </>
            );
            const ref = (element: HTMLElement | null) => {
              itemRefs.current[index] = element;
            };
            return (
              <li key={item.key} role="none" className={item.separated ? 'ui-menu__separated' : undefined}>
                {item.to ? (
                  <Link
                    ref={ref}
                    role="menuitem"
                    tabIndex={-1}
                    className="ui-menu__item"
                    to={item.to}
                    onClick={() => close(true)}
                  >
                    {content}
                  </Link>
                ) : (
                  <button
                    ref={ref}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className="ui-menu__item"
                    onClick={() => {
                      close(true);
                      item.onSelect?.();
                    }}
                  >
                    {content}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
