import { useState } from 'react';
import { isChangedMeanwhile } from '@/lib/api-client';
import { errorText, useToast } from '@/ui/toast';

/**
 * A form dialog's save. Done: each notice `save` answers is shown and the dialog closes. Refused: the reason is
 * `failure`, for the dialog to show under its fields until the next try (a notice fades after 5 s), and the dialog
 * stays, so nothing typed is lost; unless it was an edit whose row another administrator changed or removed
 * meanwhile (isChangedMeanwhile): then the reason is a notice and the dialog closes, to be opened again on the list
 * the refusal read again.
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
