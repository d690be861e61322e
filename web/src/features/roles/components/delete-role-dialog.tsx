import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useDeleteRole } from '@/features/roles/api/delete-role';
import type { RoleListRow } from '@/features/roles/api/get-role-list';

export interface DeleteRoleDialogProps {
  role: RoleListRow;
  onClose: () => void;
}

/** Asks before deleting: a role nobody holds is archived; the server says so when somebody still holds it. */
export function DeleteRoleDialog({ role, onClose }: DeleteRoleDialogProps) {
  const { trigger } = useDeleteRole();

  return (
    <ConfirmDialog
      open
      title="Delete role"
      confirmLabel="Delete"
      onClose={onClose}
      onConfirm={() => trigger(role.id, { throwOnError: true })}
      doneNotice="Role has been deleted"
    >
      <p>
        Delete the role <strong>{role.name}</strong> ({role.clientName})? Only a role nobody holds can be deleted.
      </p>
    </ConfirmDialog>
  );
}
