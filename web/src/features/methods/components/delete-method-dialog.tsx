import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useDeleteMethod } from '@/features/methods/api/delete-method';
import type { IntegrationMethod } from '@/features/methods/api/get-method-list';

export interface DeleteMethodDialogProps {
  method: IntegrationMethod;
  onClose: () => void;
}

/** Asks before deleting a method: without one, the client's new logins are no longer checked. */
export function DeleteMethodDialog({ method, onClose }: DeleteMethodDialogProps) {
  const { trigger } = useDeleteMethod();

  return (
    <ConfirmDialog
      open
      title="Delete method"
      confirmLabel="Delete"
      onClose={onClose}
      onConfirm={() => trigger(method.id, { throwOnError: true })}
      doneNotice="Method deleted"
    >
      <p>
        Delete the {method.methodType} method to <span className="methods__url">{method.url}</span>? Its header value is
        deleted with it. Without a method, new logins are no longer checked with the client&apos;s system.
      </p>
    </ConfirmDialog>
  );
}
