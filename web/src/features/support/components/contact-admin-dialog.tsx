import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { contactAdminMessage, supportIssues } from '#domain/contracts/support.ts';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { Select } from '@/ui/select';
import { TextArea } from '@/ui/text-area';
import { useToast } from '@/ui/toast';

const issues = supportIssues.map((label) => ({ value: label, label }));

export interface ContactAdminDialogProps {
  open: boolean;
  onClose: () => void;
}

export function ContactAdminDialog({ open, onClose }: ContactAdminDialogProps) {
  const form = useForm({ resolver: zodResolver(contactAdminMessage), defaultValues: { message: '' } });
  const { errors, isSubmitted } = form.formState;
  const toast = useToast();

  const close = () => {
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit(() => {
    // The spec leaves what sending does open and the API has no call for it yet; say so plainly
    // rather than pretend the message went anywhere.
    toast.notify('warn', 'Your message was not sent: messaging the administrator is not available yet.');
    close();
  });

  return (
    <Modal
      open={open}
      onClose={close}
      title="Contact Admin"
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="contact-admin-form">
            Send
          </Button>
        </>
      }
    >
      <form id="contact-admin-form" className="form" onSubmit={(event) => void submit(event)} noValidate>
        <Select
          label="Issue"
          options={issues}
          value={form.watch('issue')}
          onChange={(value) => form.setValue('issue', value, { shouldValidate: isSubmitted })}
          error={errors.issue?.message}
        />
        <TextArea label="Message" error={errors.message?.message} {...form.register('message')} />
      </form>
    </Modal>
  );
}
