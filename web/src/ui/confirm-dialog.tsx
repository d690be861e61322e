import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { isChangedMeanwhile } from '@/lib/api-client';
import { Alert } from './alert';
import { Button } from './button';
import { Modal } from './modal';
import { errorText, useToast } from './toast';

export interface ConfirmDialogProps<Result = unknown> {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting; 'Cancel' unless set (say 'Keep Pick' where the action is a cancel). */
  keepLabel?: string;
  /**
   * The action; its failure is shown in the dialog with the server's text, and the dialog stays open, unless another
   * administrator changed or removed the row meanwhile (isChangedMeanwhile): then, as for a form's edit, the reason is
   * a notice and the dialog closes on the list the refusal read again.
   */
  onConfirm: () => Promise<Result>;
  /** The success notice (docs/rules.md, Notices), shown once the action is done and the dialog closed. */
  doneNotice: string | ((result: Result) => string);
  onClose: () => void;
  /** Where focus goes once the action is done, given the button that opened the dialog (which it may remove). */
  returnFocusTo?: (opener: HTMLElement | null) => HTMLElement | null | undefined;
}

/** Asks before an action that cannot be taken back from the page, such as a delete, then runs it. */
export function ConfirmDialog<Result>({
  open,
  title,
  children,
  confirmLabel,
  keepLabel = 'Cancel',
  onConfirm,
  doneNotice,
  onClose,
  returnFocusTo,
}: ConfirmDialogProps<Result>) {
  const toast = useToast();
  const [running, setRunning] = useState(false);
  // Shown under the question until the next try, where a notice would fade after 5 s.
  const [failure, setFailure] = useState<string>();
  const done = useRef(false);
  // The opener, and where focus goes once the action is done, found before it runs: the action answers once the list
  // is read again (use-contract-mutation.ts), and its opener's row may have left the page by then, its neighbours with
  // it to a search from the opener.
  const opener = useRef<HTMLElement | null>(null);
  const doneFocus = useRef<HTMLElement | null | undefined>(undefined);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  const close = () => {
    setFailure(undefined);
    onClose();
  };
  // Closed without acting (Cancel, Escape): focus goes back to the opener, whatever an earlier confirm did.
  const keep = () => {
    done.current = false;
    close();
  };
  const confirm = async () => {
    setRunning(true);
    setFailure(undefined);
    doneFocus.current = returnFocusTo?.(opener.current);
    try {
      const result = await onConfirm();
      done.current = true;
      toast.notify('success', typeof doneNotice === 'string' ? doneNotice : doneNotice(result));
      close();
    } catch (error) {
      if (!isChangedMeanwhile(error)) return setFailure(errorText(error));
      // A row gone (404) leaves the page with its opener, as after a delete; one changed (409) stays.
      done.current = error.status === 404;
      toast.notifyError(error);
      close();
    } finally {
      setRunning(false);
    }
  };
  return (
    <Modal
      open={open}
      onClose={running ? () => undefined : keep}
      title={title}
      size="sm"
      // Done, or closed without acting after its opener left the page (its row read again): focus goes where it stays.
      focusOnClose={(closed) => {
        if (done.current && doneFocus.current?.isConnected) return doneFocus.current;
        return done.current || !closed?.isConnected ? returnFocusTo?.(closed) : undefined;
      }}
      footer={
        <>
          <Button variant="secondary" onClick={keep} disabled={running}>
            {keepLabel}
          </Button>
          <Button onClick={() => void confirm()} isLoading={running}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {failure && <Alert status="error">{failure}</Alert>}
    </Modal>
  );
}
