import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { IconButton } from './button';
import { useAnchoredPosition } from './use-anchored-position';
import { useOutsidePress } from './use-outside-press';
import { focusableIn } from './focusable';
import './popover.css';

export interface PopoverProps {
  /** Names both the button and the panel. */
  label: string;
  icon: ReactNode;
  badge?: number;
  /** What the badge counts, e.g. 'unread'. */
  badgeLabel?: string;
  /** The panel's content; `close` hides it (e.g. after following a link). */
  children: (close: () => void) => ReactNode;
  align?: 'start' | 'end';
}

/** A non-modal panel under an icon button: Escape or a press outside closes it, focus returns to the button. */
export function Popover({ label, icon, badge, badgeLabel, children, align = 'end' }: PopoverProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = useCallback((returnFocus = true) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  const closeOnOutsidePress = useCallback(() => close(false), [close]);
  const outsideRefs = useMemo(() => [rootRef], []);
  useOutsidePress(outsideRefs, closeOnOutsidePress, open);
  const panelStyle = useAnchoredPosition(buttonRef, open, { width: 360, align, minSpaceBelow: 0 });

  useEffect(() => {
    const panel = panelRef.current;
    if (open && panel) (focusableIn(panel)[0] ?? panel).focus();
  }, [open]);

  return (
    <div ref={rootRef} className="ui-popover">
      <IconButton
        ref={buttonRef}
        label={label}
        icon={icon}
        badge={badge}
        badgeLabel={badgeLabel}
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={() => (open ? close(false) : setOpen(true))}
      />
      {open && (
        <div
          ref={panelRef}
          id={`${id}-panel`}
          role="dialog"
          aria-label={label}
          tabIndex={-1}
          className="ui-popover__panel"
          style={panelStyle}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
          onBlur={(event) => {
            // Tabbing past the panel's last control closes it, as leaving a menu does.
            if (event.relatedTarget && !rootRef.current?.contains(event.relatedTarget as Node)) close(false);
          }}
        >
          {children(() => close(false))}
        </div>
      )}
    </div>
  );
}
