import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { contactAdminMessage, supportIssues } from '#domain/contracts/support.ts';
import { messageLimits } from '#domain/tenancy/admin-messages.ts';
import { ApiError } from '@/lib/api-client';
import { useSessionId } from '@/lib/session';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Modal } from '@/ui/modal';
import { Select } from '@/ui/select';
import { TextArea } from '@/ui/text-area';
import { useToast } from '@/ui/toast';
import { useContactAdmin } from '../api/contact-admin';

const issues = supportIssues.map((label) => ({ value: label, label }));

type Draft = z.input<typeof contactAdminMessage>;
/** What was typed when the dialog was dismissed unsent (a tap beside it, Escape, a back gesture), by session. */
const drafts = new Map<string, Draft>();

export interface ContactAdminDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Writes to the pool's administrators (docs/rules.md, Contact Admin). A message that could not be sent stays in the
 * form with the reason above it, and one dismissed unsent opens again as it was, so nothing typed is lost; Cancel
 * discards it.
 */
export function ContactAdminDialog({ open, onClose }: ContactAdminDialogProps) {
  const session = useSessionId() ?? '';
  const form = useForm<Draft>({
    resolver: zodResolver(contactAdminMessage),
    defaultValues: drafts.get(session) ?? { message: '' },
  });
  const { errors, isSubmitted } = form.formState;
  const toast = useToast();
  const sending = useContactAdmin();
  const [failure, setFailure] = useState<string>();
  const length = form.watch('message').length;

  const dismiss = () => {
    if (sending.isMutating) return;
    drafts.set(session, form.getValues());
    onClose();
  };
  const cancel = () => {
    if (sending.isMutating) return;
    drafts.delete(session);
    onClose();
  };

  const submit = form.handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      const answer = await sending.trigger(values, { throwOnError: true });
      toast.notify('success', answer.message);
      drafts.delete(session);
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
      onClose={dismiss}
      title="Contact Admin"
      footer={
        <>
          <Button variant="secondary" onClick={cancel} disabled={sending.isMutating}>
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
