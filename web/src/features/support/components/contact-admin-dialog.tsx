import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { contactAdminMessage, supportIssues } from '#domain/contracts/support.ts';
import { messageLimits } from '#domain/tenancy/admin-messages.ts';
import { ApiError } from '@/lib/api-client';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { Select } from '@/ui/select';
import { TextArea } from '@/ui/text-area';
import { useToast } from '@/ui/toast';
import { useContactAdmin } from '../api/contact-admin';

const issues = supportIssues.map((label) => ({ value: label, label }));

export interface ContactAdminDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Writes to the pool's administrators (docs/rules.md, Contact Admin). A message that could not be sent stays in the
 * form with the reason above it, so nothing typed is lost.
 */
export function ContactAdminDialog({ open, onClose }: ContactAdminDialogProps) {
  const form = useForm({ resolver: zodResolver(contactAdminMessage), defaultValues: { message: '' } });
  const { errors, isSubmitted } = form.formState;
  const toast = useToast();
  const sending = useContactAdmin();
  const [failure, setFailure] = useState<string>();
  const length = form.watch('message').length;

  const close = () => {
    if (sending.isMutating) return;
    form.reset();
    setFailure(undefined);
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const answer = await sending.trigger(values, { throwOnError: true });
      toast.notify('success', answer.message);
      form.reset();
      onClose();
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.status === 0
          ? 'the server could not be reached. Check your connection'
          : error instanceof Error
            ? error.message
            : 'An error occurred!',
      );
    }
  });

  return (
    <Modal
      open={open}
      onClose={close}
      title="Contact Admin"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={sending.isMutating}>
            Cancel
          </Button>
          <Button type="submit" form="contact-admin-form" isLoading={sending.isMutating}>
            Send
          </Button>
        </>
      }
    >
      <form id="contact-admin-form" className="form" onSubmit={(event) => void submit(event)} noValidate>
        {failure && (
          <Alert status="error">
            <p>Your message was not sent: {failure}</p>
            <p>It is still here: send it again when you are ready.</p>
          </Alert>
        )}
        <p className="muted">Your message goes to your pool’s administrators, with your name and e-mail address.</p>
        <Select
          label="Issue"
          options={issues}
          value={form.watch('issue')}
          onChange={(value) => form.setValue('issue', value, { shouldValidate: isSubmitted })}
          error={errors.issue?.message}
        />
        <TextArea
          label={`Message (${length.toLocaleString('en-US')} of ${messageLimits.text.toLocaleString('en-US')} characters)`}
          error={errors.message?.message}
          {...form.register('message')}
        />
      </form>
    </Modal>
  );
}
