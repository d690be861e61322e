import { useId, type FormEvent, type ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Modal } from './modal';

export interface FormDialogProps {
  title: string;
  /** The form's fields. */
  children: ReactNode;
  submitLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  /** The submitted change is under way: the submit button spins and Cancel waits. */
  isSaving?: boolean;
  /** The form cannot be sent yet (e.g. a check on a field is still running). */
  submitDisabled?: boolean;
  /** Why the server refused the last submit, shown under the fields (useDialogSave). */
  failure?: string | undefined;
}

/** A dialog around one form, with Cancel and the form's submit button at the bottom. */
export function FormDialog({
  title,
  children,
  submitLabel,
  onSubmit,
  onClose,
  isSaving = false,
  submitDisabled = false,
  failure,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Modal
      open
      onClose={isSaving ? () => undefined : onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} isLoading={isSaving} disabled={submitDisabled}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={onSubmit} noValidate>
        {children}
      </form>
      {failure && <Alert status="error">{failure}</Alert>}
    </Modal>
  );
}
