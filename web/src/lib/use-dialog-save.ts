import { useState } from 'react';
import { isChangedMeanwhile } from '@/lib/api-client';
import { errorText, useToast } from '@/ui/toast';

/**
 * A form dialog's save. Done: each notice `save` answers is shown and the dialog closes. Refused: the reason is
 * `failure`, for the dialog to show inside itself (a notice would sit under an open dialog, covered on a phone and
 * hidden from screen readers), and the dialog stays, so nothing typed is lost; unless it was an edit whose row
 * another administrator changed or removed meanwhile (isChangedMeanwhile): then the reason is a notice and the
 * dialog closes, to be opened again on the list the refusal read again.
 */
export function useDialogSave(onClose: () => void) {
  const toast = useToast();
  const [failure, setFailure] = useState<string>();
  const save = async (run: () => Promise<string | readonly string[]>, { editing }: { editing: boolean }) => {
    setFailure(undefined);
    try {
      for (const notice of [await run()].flat()) toast.notify('success', notice);
      onClose();
    } catch (error) {
      if (!(editing && isChangedMeanwhile(error))) return setFailure(errorText(error));
      toast.notifyError(error);
      onClose();
    }
  };
  return { save, failure };
}
