// The modal dialogs open, in the order they opened, each by the place in it where notices go: the last is on top, and
// the browser makes everything outside it inert, notices included. The notices (toast.tsx) are shown in its place,
// under its title, where a user can read and dismiss them and they cover none of its controls.
import { useSyncExternalStore } from 'react';

let openDialogs: readonly HTMLElement[] = [];
const listeners = new Set<() => void>();
const changed = (next: readonly HTMLElement[]) => {
  openDialogs = next;
  for (const listener of listeners) listener();
};

/** Records a dialog just shown as modal by its notices' place; the function returned records it closed. */
export function enterTopLayer(noticePlace: HTMLElement): () => void {
  changed([...openDialogs.filter((open) => open !== noticePlace), noticePlace]);
  return () => changed(openDialogs.filter((open) => open !== noticePlace));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The notices' place in the modal dialog on top, or undefined when none is open. */
export const useTopNoticePlace = (): HTMLElement | undefined =>
  useSyncExternalStore(
    subscribe,
    () => openDialogs.at(-1),
    () => undefined,
  );
