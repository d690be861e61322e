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

/** A button's action: the first word it shows ('Delete' of 'Delete Widget 2'). */
const actionOf = (button: Element) => button.textContent?.trim().split(/\s/)[0];

/**
 * The same action of the nearest row or list item after the opener's that has one (else before it): what stays when
 * the opener's row goes (a delete from it). None when no other row offers it.
 */
export function nearbyAction(opener: HTMLElement | null): HTMLElement | undefined {
  const row = opener?.closest('tr, li');
  if (!row || !opener) return undefined;
  const action = actionOf(opener);
  const sameIn = (near: Element | null) =>
    near && [...near.querySelectorAll<HTMLElement>('button')].find((button) => actionOf(button) === action);
  for (const step of ['nextElementSibling', 'previousElementSibling'] as const)
    for (let near = row[step]; near; near = near[step]) {
      const found = sameIn(near);
      if (found) return found;
    }
  return undefined;
}
