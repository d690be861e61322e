import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useToast } from '@/ui/toast';
import { useDeleteRole } from '@/features/roles/api/delete-role';
import type { RoleListRow } from '@/features/roles/api/get-role-list';

export interface DeleteRoleDialogProps {
  role: RoleListRow;
  onClose: () => void;
}

/** Asks before deleting: a role nobody holds is archived; the server says so when somebody still holds it. */
export function DeleteRoleDialog({ role, onClose }: DeleteRoleDialogProps) {
  const toast = useToast();
  const { trigger, isMutating } = useDeleteRole();

  const confirm = async () => {
    try {
      await trigger(role.id, { throwOnError: true });
      toast.notify('success', 'Role has been deleted');
    } catch (error) {
      toast.notifyError(error);
    }
    onClose();
  };

  return (
    <ConfirmDialog
      open
      title="Delete role"
      confirmLabel="Delete"
      isLoading={isMutating}
      onClose={onClose}
      onConfirm={() => void confirm()}
    >
      <p>
        Delete the role <strong>{role.name}</strong> ({role.clientName})? Only a role nobody holds can be deleted.
      </p>
    </ConfirmDialog>
  );
}
