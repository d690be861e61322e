import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements Tab can reach inside a container, in order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (element) => !element.closest('[inert]') && element.getClientRects().length > 0,
  );
}

/** Keeps Tab and Shift+Tab cycling inside the container. */
export function trapTab(event: KeyboardEvent | ReactKeyboardEvent, container: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const elements = focusableIn(container);
  const first = elements[0];
  const last = elements.at(-1);
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !container.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The same action of the next row or list item after the opener's (else the one before): what stays when the
 * opener's row goes (a delete from it). None when the row was the only one.
 */
export function nearbyAction(opener: HTMLElement | null): HTMLElement | undefined {
  const row = opener?.closest('tr, li');
  if (!row || !opener) return undefined;
  const index = [...row.querySelectorAll('button')].indexOf(opener as HTMLButtonElement);
  const near = row.nextElementSibling ?? row.previousElementSibling;
  return near?.querySelectorAll('button')[index];
}
