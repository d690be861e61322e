import { useEffect, useId, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { IconButton } from './button';
import { CloseIcon } from './icons';
import { lockScroll } from './scroll-lock';
import { trapTab } from './focusable';
import { enterTopLayer } from './top-layer';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Buttons at the bottom, usually the dialog's actions. */
  footer?: ReactNode;
  size?: 'sm' | 'md';
  /** 'drawer' slides in from the left edge (the phone menu). */
  placement?: 'center' | 'drawer';
  /**
   * Where focus goes on closing, given what had it before the dialog opened (the opener); none: back to the opener.
   * A dialog whose action removes the opener (a delete from its row) names what stays.
   */
  focusOnClose?: (opener: HTMLElement | null) => HTMLElement | null | undefined;
}

/**
 * A modal dialog on the native <dialog>: the browser makes the rest of the page inert. On top of
 * that it closes on Escape and on a press outside, locks page scroll, keeps Tab inside, shows the
 * notices raised while it is on top (top-layer.ts) and gives focus back to whatever had it before.
 */
export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null;
}

function OpenModal({ onClose, title, children, footer, size = 'md', placement = 'center', focusOnClose }: ModalProps) {
  const focusAfter = useRef(focusOnClose);
  focusAfter.current = focusOnClose;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const noticePlace = useRef<HTMLDivElement>(null);
  const pressedOutside = useRef(false);
  const titleId = useId();
  useKeptRoom(noticePlace);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // The page itself (what had focus left the page as the dialog opened) is no opener.
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    dialog.showModal();
    const leaveTopLayer = enterTopLayer(noticePlace.current ?? dialog);
    // On the element, not through React: a notice shown in the dialog (toast.tsx) is React's child of the page, so
    // its keys would pass the dialog by, and Tab would leave it from there.
    const keepTab = (event: KeyboardEvent) => trapTab(event, dialog);
    dialog.addEventListener('keydown', keepTab);
    // Closed by the browser itself (a second Escape), it is no longer on top.
    dialog.addEventListener('close', leaveTopLayer);
    const unlock = lockScroll();
    return () => {
      unlock();
      dialog.removeEventListener('keydown', keepTab);
      dialog.removeEventListener('close', leaveTopLayer);
      leaveTopLayer();
      if (dialog.open) dialog.close();
      (focusAfter.current?.(opener) ?? opener)?.focus();
    };
  }, []);

  // The dialog element itself is only hit outside its panel, which fills it.
  const isOutside = (event: MouseEvent) => event.target === event.currentTarget;

  return (
    <dialog
      ref={dialogRef}
      className={`ui-modal ui-modal--${placement} ui-modal--${size}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        // React passes the event on to a dialog this one was opened from (a form over a list): Escape closes one.
        event.stopPropagation();
        onClose();
      }}
      onMouseDown={(event) => {
        pressedOutside.current = isOutside(event);
      }}
      onClick={(event) => {
        if (pressedOutside.current && isOutside(event)) onClose();
        pressedOutside.current = false;
      }}
    >
      <div className="ui-modal__panel">
        <header className="ui-modal__header">
          <h2 className="ui-modal__title" id={titleId}>
            {title}
          </h2>
          <IconButton label="Close" icon={<CloseIcon />} onClick={onClose} />
        </header>
        <div className="ui-modal__notices" ref={noticePlace} />
        <div className="ui-modal__body">{children}</div>
        {footer && <footer className="ui-modal__footer">{footer}</footer>}
      </div>
    </dialog>
  );
}

/**
 * The notices' place keeps the room its notices took while the dialog is open: a notice leaving (its time up, or
 * dismissed) would move the controls below it, and the dialog with them, under a pointer on its way to them (a press
 * meant for the footer then lands outside the dialog and closes it).
 */
function useKeptRoom(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const place = ref.current;
    if (!place) return;
    // Its height is at least its min-height, so the room only grows (the exact height: a rounded one could grow it
    // inside its own observer).
    const observer = new ResizeObserver(() => (place.style.minHeight = `${place.getBoundingClientRect().height}px`));
    observer.observe(place);
    return () => observer.disconnect();
  }, [ref]);
}
