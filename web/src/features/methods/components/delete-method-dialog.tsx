import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useToast } from '@/ui/toast';
import { useDeleteMethod } from '@/features/methods/api/delete-method';
import type { IntegrationMethod } from '@/features/methods/api/get-method-list';

export interface DeleteMethodDialogProps {
  method: IntegrationMethod;
  onClose: () => void;
}

/** Asks before deleting a method: without one, the client's new logins are no longer checked. */
export function DeleteMethodDialog({ method, onClose }: DeleteMethodDialogProps) {
  const toast = useToast();
  const { trigger, isMutating } = useDeleteMethod();

  const confirm = async () => {
    try {
      await trigger(method.id, { throwOnError: true });
      toast.notify('success', 'Method deleted');
    } catch (error) {
      toast.notifyError(error);
    }
    onClose();
  };

  return (
    <ConfirmDialog
      open
      title="Delete method"
      confirmLabel="Delete"
      isLoading={isMutating}
      onClose={onClose}
      onConfirm={() => void confirm()}
    >
      <p>
        Delete the {method.methodType} method to <span className="methods__url">{method.url}</span>? Its header value is
        deleted with it. Without a method, new logins are no longer checked with the client&apos;s system.
      </p>
    </ConfirmDialog>
  );
}
