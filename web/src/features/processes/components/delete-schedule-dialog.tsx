import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useDeleteSchedule } from '@/features/processes/api/delete-schedule';
import type { Process, ProcessSchedule } from '@/features/processes/api/get-processes';
import { scheduleSummary } from '@/features/processes/schedule-text';

export interface DeleteScheduleDialogProps {
  process: Process;
  schedule: ProcessSchedule;
  onClose: () => void;
}

/** Asks before deleting a schedule: the process no longer runs at its time. */
export function DeleteScheduleDialog({ process, schedule, onClose }: DeleteScheduleDialogProps) {
  const { trigger } = useDeleteSchedule();
  return (
    <ConfirmDialog
      open
      title="Delete schedule"
      confirmLabel="Delete"
      onClose={onClose}
      onConfirm={() => trigger(schedule.id, { throwOnError: true })}
      doneNotice={`Schedule ${schedule.id} has been deleted`}
    >
      <p>
        Delete schedule {schedule.id} of {process.name}, {scheduleSummary(schedule)}? {process.name} no longer runs at
        that time.
      </p>
    </ConfirmDialog>
  );
}
