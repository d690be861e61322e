import { isChangedMeanwhile } from '@/lib/api-client';
import { useToast } from '@/ui/toast';

/**
 * A form dialog's save. Done: each notice `save` answers is shown and the dialog closes. Refused: the reason is shown
 * and the dialog stays, so nothing typed is lost, unless it was an edit whose row another administrator changed or
 * removed meanwhile (isChangedMeanwhile): then it closes, to be opened again on the list the refusal read again.
 */
export function useDialogSave(onClose: () => void) {
  const toast = useToast();
  return async (save: () => Promise<string | readonly string[]>, { editing }: { editing: boolean }) => {
    try {
      for (const notice of [await save()].flat()) toast.notify('success', notice);
      onClose();
    } catch (failure) {
      toast.notifyError(failure);
      if (editing && isChangedMeanwhile(failure)) onClose();
    }
  };
}
