// The modal dialogs open, in the order they opened: the last is on top, and the browser makes everything outside it
// inert, notices included. The notices (toast.tsx) are shown inside it, where a user can read and dismiss them.
import { useSyncExternalStore } from 'react';

let openDialogs: readonly HTMLDialogElement[] = [];
const listeners = new Set<() => void>();
const changed = (next: readonly HTMLDialogElement[]) => {
  openDialogs = next;
  for (const listener of listeners) listener();
};

/** Records a dialog just shown as modal; the function returned records it closed. */
export function enterTopLayer(dialog: HTMLDialogElement): () => void {
  changed([...openDialogs.filter((open) => open !== dialog), dialog]);
  return () => changed(openDialogs.filter((open) => open !== dialog));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The modal dialog on top, or undefined when none is open. */
export const useTopDialog = (): HTMLDialogElement | undefined =>
  useSyncExternalStore(
    subscribe,
    () => openDialogs.at(-1),
    () => undefined,
  );
